//! What the owner (or an administrator) changes about a change: its state, work in
//! progress, privacy, topic and hashtags; and deleting it.

use std::collections::BTreeSet;

use super::create::clean_topic;
use super::render::{Fields, Renderer};
use super::*;
use crate::api::ChangesStateHandlers;
use crate::storage::{ChangeStatus, Transition};

/// Moves the change between states with the message the real service writes, and
/// answers the change.
async fn transition(
    svc: &ReviewService,
    ctx: &RequestContext<'_>,
    change_id: &str,
    transition: Transition,
    text: Option<&str>,
) -> Result<types::ChangeInfo, Error> {
    let change = load(svc, ctx, change_id)?;
    let (denied, summary, tag) = match transition {
        Transition::Abandon => ("abandon not permitted", "Abandoned", tags::ABANDON),
        Transition::Restore => ("restore not permitted", "Restored", tags::RESTORE),
        Transition::Submit => (
            "submit not permitted",
            "Change has been successfully merged",
            tags::MERGED,
        ),
    };
    let me = require_owner(&change, ctx.caller, denied)?;
    let note = message(me, summary, text, tag);
    let change = svc
        .storage
        .transition_change(change.number, transition, me, Some(&note))?;
    Renderer::new(svc, ctx.caller).change_info(&change, Fields::default())
}

#[allow(refining_impl_trait)]
impl ChangesStateHandlers for ReviewService {
    /// `NEW` → `ABANDONED`; 409 `change is merged` / `change is abandoned` otherwise.
    async fn abandon_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::AbandonInput,
    ) -> Result<types::ChangeInfo, Error> {
        transition(
            self,
            &ctx,
            change_id,
            Transition::Abandon,
            body.message.as_deref(),
        )
        .await
    }

    /// `ABANDONED` → `NEW`; 409 `change is new` / `change is merged` otherwise.
    async fn restore_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::RestoreInput,
    ) -> Result<types::ChangeInfo, Error> {
        transition(
            self,
            &ctx,
            change_id,
            Transition::Restore,
            body.message.as_deref(),
        )
        .await
    }

    /// `NEW` → `MERGED`: the branch moves to the change's commit, and a private change
    /// becomes public, as in the real service. 409 for a change in another state or one
    /// that is work in progress. `on_behalf_of` is for administrators only (403), and an
    /// account it names that cannot be found is 422.
    async fn submit_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::SubmitInput,
    ) -> Result<types::ChangeInfo, Error> {
        let change = load(self, &ctx, change_id)?;
        let me = require_owner(&change, ctx.caller, "submit not permitted")?;
        let submitter = match body.on_behalf_of.as_deref() {
            None => me,
            Some(who) => {
                if !is_admin(ctx.caller) {
                    return Err(Error::Forbidden(
                        "submit on behalf of other users not permitted".into(),
                    ));
                }
                find_account(self, ctx.caller, who)?
                    .map(|a| a.id)
                    .ok_or_else(|| account_not_found(who))?
            }
        };
        if change.status == ChangeStatus::New && change.work_in_progress {
            return Err(Error::Conflict(
                format!("Change {} is work in progress", change.number).into(),
            ));
        }
        let note = message(
            submitter,
            "Change has been successfully merged",
            None,
            tags::MERGED,
        );
        let mut change = self.storage.transition_change(
            change.number,
            Transition::Submit,
            submitter,
            Some(&note),
        )?;
        if change.is_private {
            change = self
                .storage
                .set_change_private(change.number, false, None)?;
        }
        Renderer::new(self, ctx.caller).change_info(&change, Fields::default())
    }

    /// Deletes a change that is not merged (409 `change is merged`), with its messages,
    /// reviewers and hashtags.
    async fn delete_change(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<(), Error> {
        let change = load(self, &ctx, change_id)?;
        require_owner(&change, ctx.caller, "delete not permitted")?;
        self.storage.delete_change(change.number)?;
        Ok(())
    }

    /// Marks a `NEW` change as work in progress (409 when closed or already so).
    async fn set_work_in_progress(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::WorkInProgressInput,
    ) -> Result<(), Error> {
        set_work_in_progress_flag(self, &ctx, change_id, body, true)
    }

    /// Marks a work-in-progress `NEW` change as ready for review (409 when closed or not
    /// work in progress).
    async fn set_ready_for_review(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::WorkInProgressInput,
    ) -> Result<(), Error> {
        set_work_in_progress_flag(self, &ctx, change_id, body, false)
    }

    /// Makes an open change private; one that is private already stays so. A closed change
    /// cannot be made private (409 `cannot set merged change to private`).
    async fn mark_private(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::PrivateInput,
    ) -> Result<(), Error> {
        let change = load(self, &ctx, change_id)?;
        let me = require_owner(&change, ctx.caller, "not allowed to mark private")?;
        if change.status != ChangeStatus::New {
            return Err(Error::Conflict(
                format!(
                    "cannot set {} change to private",
                    change.status.as_str().to_ascii_lowercase()
                )
                .into(),
            ));
        }
        if change.is_private {
            return Ok(());
        }
        let note = message(
            me,
            "Set private",
            body.message.as_deref(),
            tags::SET_PRIVATE,
        );
        self.storage
            .set_change_private(change.number, true, Some(&note))?;
        Ok(())
    }

    /// Makes a private change public again; 409 `change is not private` otherwise.
    async fn unmark_private(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<(), Error> {
        let change = load(self, &ctx, change_id)?;
        let me = require_owner(&change, ctx.caller, "not allowed to unmark private")?;
        if !change.is_private {
            return Err(Error::Conflict("change is not private".into()));
        }
        let note = message(me, "Unset private", None, tags::UNSET_PRIVATE);
        self.storage
            .set_change_private(change.number, false, Some(&note))?;
        Ok(())
    }

    /// The topic, `""` when the change has none.
    async fn get_topic(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<String, Error> {
        Ok(load(self, &ctx, change_id)?
            .topic
            .clone()
            .unwrap_or_default())
    }

    /// Sets the topic (trimmed; empty or missing removes it) and answers it (`""` when
    /// removed: the real service answers 204 then, which this endpoint's 200 cannot say).
    async fn set_topic(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::TopicInput,
    ) -> Result<String, Error> {
        let topic = clean_topic(body.topic.as_deref())?;
        let change = load(self, &ctx, change_id)?;
        change_topic(self, &ctx, &change, topic)
    }

    /// Removes the topic.
    async fn delete_topic(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<(), Error> {
        let change = load(self, &ctx, change_id)?;
        change_topic(self, &ctx, &change, None)?;
        Ok(())
    }

    /// The hashtags, sorted.
    async fn get_hashtags(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<Vec<String>, Error> {
        Ok(load(self, &ctx, change_id)?.hashtags.clone())
    }

    /// Adds, then removes hashtags (each without leading `#` and blanks; empty ones are
    /// ignored, commas are 400) and answers the hashtags. A message names what changed.
    async fn set_hashtags(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::HashtagsInput,
    ) -> Result<Vec<String>, Error> {
        let add = clean_hashtags(body.add.as_deref())?;
        let remove = clean_hashtags(body.remove.as_deref())?;
        let change = load(self, &ctx, change_id)?;
        let me = require_owner(&change, ctx.caller, "edit hashtags not permitted")?;
        let before: BTreeSet<String> = change.hashtags.iter().cloned().collect();
        let add: Vec<String> = add.into_iter().collect();
        let remove: Vec<String> = remove.into_iter().collect();
        let after = self.storage.set_hashtags(change.number, &add, &remove)?;
        let after_set: BTreeSet<&String> = after.iter().collect();
        let added: Vec<&str> = after
            .iter()
            .filter(|h| !before.contains(*h))
            .map(String::as_str)
            .collect();
        let removed: Vec<&str> = before
            .iter()
            .filter(|h| !after_set.contains(h))
            .map(String::as_str)
            .collect();
        let mut lines = Vec::new();
        for (action, list) in [("added", &added), ("removed", &removed)] {
            if !list.is_empty() {
                let plural = if list.len() > 1 { "s" } else { "" };
                lines.push(format!("Hashtag{plural} {action}: {}", list.join(", ")));
            }
        }
        if !lines.is_empty() {
            add_message(
                self,
                change.number,
                &message(me, &lines.join("\n"), None, tags::SET_HASHTAGS),
            );
        }
        Ok(after)
    }
}

/// The one transition behind both endpoints: they differ only in the flag's target
/// value and the words of their refusals and change message.
fn set_work_in_progress_flag(
    svc: &ReviewService,
    ctx: &RequestContext<'_>,
    change_id: &str,
    body: types::WorkInProgressInput,
    work_in_progress: bool,
) -> Result<(), Error> {
    let (refusal, already, summary, tag) = if work_in_progress {
        (
            "not allowed to set work in progress",
            "change is already work in progress",
            "Set Work In Progress",
            tags::SET_WIP,
        )
    } else {
        (
            "not allowed to set ready for review",
            "change is not work in progress",
            "Set Ready For Review",
            tags::SET_READY,
        )
    };
    let change = load(svc, ctx, change_id)?;
    let me = require_owner(&change, ctx.caller, refusal)?;
    require_open(&change)?;
    if change.work_in_progress == work_in_progress {
        return Err(Error::Conflict(already.into()));
    }
    let note = message(me, summary, body.message.as_deref(), tag);
    svc.storage
        .set_change_work_in_progress(change.number, work_in_progress, Some(&note))?;
    Ok(())
}

/// Sets or removes the topic with the message the real service writes; nothing happens
/// when it does not change.
fn change_topic(
    svc: &ReviewService,
    ctx: &RequestContext<'_>,
    change: &Change,
    topic: Option<String>,
) -> Result<String, Error> {
    let me = require_owner(change, ctx.caller, "edit topic name not permitted")?;
    if change.topic == topic {
        return Ok(topic.unwrap_or_default());
    }
    let summary = match (change.topic.as_deref(), topic.as_deref()) {
        (None, Some(new)) => format!("Topic set to {new}"),
        (Some(old), None) => format!("Topic {old} removed"),
        (Some(old), Some(new)) => format!("Topic changed from {old} to {new}"),
        (None, None) => return Ok(String::new()),
    };
    let changed = svc
        .storage
        .set_change_topic(change.number, topic.as_deref())?;
    add_message(
        svc,
        change.number,
        &message(me, &summary, None, tags::SET_TOPIC),
    );
    Ok(changed.topic.unwrap_or_default())
}

/// 409 unless the change is `NEW`.
fn require_open(change: &Change) -> Result<(), Error> {
    if change.status == ChangeStatus::New {
        Ok(())
    } else {
        Err(Error::Conflict(
            format!("change is {}", change.status.as_str().to_ascii_lowercase()).into(),
        ))
    }
}

/// Hashtags of the input as the real service cleans them up.
fn clean_hashtags(list: Option<&[String]>) -> Result<BTreeSet<String>, Error> {
    let mut out = BTreeSet::new();
    for hashtag in list.unwrap_or_default() {
        let cleaned = hashtag
            .trim_start_matches(|c: char| c == '#' || c.is_whitespace())
            .trim();
        if cleaned.contains(',') {
            return Err(Error::BadRequest("hashtags may not contain commas".into()));
        }
        if !cleaned.is_empty() {
            out.insert(cleaned.to_owned());
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashtags_lose_leading_marks_and_refuse_commas() {
        let list = vec!["#a".to_owned(), "  b ".to_owned(), "#".to_owned()];
        let cleaned: Vec<String> = clean_hashtags(Some(&list)).unwrap().into_iter().collect();
        assert_eq!(cleaned, ["a", "b"]);
        let bad = vec!["a,b".to_owned()];
        assert_eq!(clean_hashtags(Some(&bad)).unwrap_err().code(), 400);
    }
}
