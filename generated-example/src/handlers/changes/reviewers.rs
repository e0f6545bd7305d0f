//! Reviewers and messages of a change.

use super::render::{Renderer, reviewer_state};
use super::*;
use crate::api::ChangesReviewersHandlers;
use crate::storage::{Group, ReviewerState};

/// Groups with more members than this need `confirmed` (the real service's default).
const GROUP_CONFIRM_LIMIT: usize = 10;
/// Groups with more members than this cannot be added at all.
const GROUP_MAX_MEMBERS: usize = 20;

#[allow(refining_impl_trait)]
impl ChangesReviewersHandlers for ReviewService {
    /// The messages of the change, oldest first, with detailed authors.
    async fn list_change_messages(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<Vec<types::ChangeMessageInfo>, Error> {
        let change = load(self, &ctx, change_id)?;
        let mut render = Renderer::new(self, ctx.caller);
        self.storage
            .change_messages(change.number)?
            .iter()
            .map(|m| render.message_info(m, true))
            .collect()
    }

    /// One message of the change.
    async fn get_change_message(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        change_message_id: &str,
    ) -> Result<types::ChangeMessageInfo, Error> {
        let change = load(self, &ctx, change_id)?;
        let message = self
            .storage
            .change_message(change.number, change_message_id)?
            .ok_or_else(|| Error::not_found_for(change_message_id))?;
        Renderer::new(self, ctx.caller).message_info(&message, true)
    }

    /// The reviewers and CCs of the change, by account id, with their (no) votes.
    async fn list_reviewers(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<Vec<types::ReviewerInfo>, Error> {
        let change = load(self, &ctx, change_id)?;
        let mut render = Renderer::new(self, ctx.caller);
        self.storage
            .reviewers(change.number)?
            .iter()
            .map(|r| render.reviewer_info(r.account_id))
            .collect()
    }

    /// One reviewer or CC; 404 when the account does not exist or is none.
    async fn get_reviewer(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        account_id: &str,
    ) -> Result<types::ReviewerInfo, Error> {
        let change = load(self, &ctx, change_id)?;
        let reviewer = find_reviewer(self, &change, account_id)?;
        Renderer::new(self, ctx.caller).reviewer_info(reviewer)
    }

    /// Adds an account, or the active members of a group, as reviewers (or CCs with
    /// `state: CC`). Anyone who sees the change may. An account is looked for first (id,
    /// username, email, `self`), then a group the caller can see (by id, number or name);
    /// neither is 422 `Account 'x' not found`. A group that cannot be added answers the
    /// reason in `error` (with `confirm` when `confirmed` would let it through), as
    /// `AddReviewerResult` provides for.
    async fn add_reviewer(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::ReviewerInput,
    ) -> Result<types::AddReviewerResult, Error> {
        let change = load(self, &ctx, change_id)?;
        require_caller(ctx.caller)?;
        let who = body.reviewer.trim();
        if who.is_empty() {
            return Err(Error::BadRequest("reviewer must be non-empty".into()));
        }
        let state = reviewer_state(body.state)?;
        let mut result = types::AddReviewerResult {
            input: body.reviewer.clone(),
            reviewers: None,
            ccs: None,
            error: None,
            confirm: None,
        };

        let accounts = match find_account(self, ctx.caller, who)?.filter(|a| a.active) {
            Some(account) => vec![account.id],
            None => {
                let group = find_visible_group(self, ctx.caller, who)?
                    .ok_or_else(|| account_not_found(who))?;
                match group_members(self, &group, body.confirmed.unwrap_or(false))? {
                    Ok(members) => members,
                    Err((error, confirm)) => {
                        result.error = Some(error);
                        result.confirm = confirm.then_some(true);
                        return Ok(result);
                    }
                }
            }
        };

        let mut render = Renderer::new(self, ctx.caller);
        let mut added = Vec::new();
        for account in accounts {
            if self.storage.add_reviewer(change.number, account, state)? {
                added.push(render.reviewer_info(account)?);
            }
        }
        match state {
            ReviewerState::Reviewer => result.reviewers = Some(added),
            ReviewerState::Cc => result.ccs = Some(added),
        }
        Ok(result)
    }

    /// Removes a reviewer or CC with a message naming them. The owner, administrators and
    /// the reviewer themselves may.
    async fn delete_reviewer(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        account_id: &str,
    ) -> Result<(), Error> {
        let change = load(self, &ctx, change_id)?;
        let reviewer = find_reviewer(self, &change, account_id)?;
        let me = require_caller(ctx.caller)?;
        if me != reviewer {
            require_owner(&change, ctx.caller, "remove reviewer not permitted")?;
        }
        let state = self
            .storage
            .reviewers(change.number)?
            .into_iter()
            .find(|r| r.account_id == reviewer)
            .map_or(ReviewerState::Reviewer, |r| r.state);
        if !self.storage.remove_reviewer(change.number, reviewer)? {
            return Err(Error::not_found_for(account_id));
        }
        let name = Renderer::new(self, ctx.caller)
            .account(reviewer)?
            .map(|a| {
                a.name
                    .clone()
                    .or_else(|| a.display_name.clone())
                    .unwrap_or_else(|| a.username.clone())
            })
            .unwrap_or_else(|| reviewer.to_string());
        let role = match state {
            ReviewerState::Reviewer => "reviewer",
            ReviewerState::Cc => "cc",
        };
        add_message(
            self,
            change.number,
            &message(
                me,
                &format!("Removed {role} {name}."),
                None,
                tags::DELETE_REVIEWER,
            ),
        );
        Ok(())
    }
}

/// The account id of a reviewer or CC of the change named in the path (`self` is
/// already the caller's id); 404 when there is no such account or it is none.
fn find_reviewer(svc: &ReviewService, change: &Change, account_id: &str) -> Result<i64, Error> {
    let account = svc
        .storage
        .find_account(account_id)?
        .ok_or_else(|| Error::not_found_for(account_id))?;
    svc.storage
        .reviewers(change.number)?
        .iter()
        .any(|r| r.account_id == account.id)
        .then_some(account.id)
        .ok_or_else(|| Error::not_found_for(account_id))
}

/// A group the caller can see: administrators see all, others the groups visible to all
/// and those they belong to.
fn find_visible_group(
    svc: &ReviewService,
    caller: &Caller,
    name: &str,
) -> Result<Option<Group>, Error> {
    let Some(group) = svc.storage.find_group(name)? else {
        return Ok(None);
    };
    if is_admin(caller) || group.visible_to_all {
        return Ok(Some(group));
    }
    let mine = match caller_id(caller) {
        Some(id) => svc.storage.account_groups(id)?,
        None => Vec::new(),
    };
    Ok(mine.contains(&group.id).then_some(group))
}

/// The active members of a group to add as reviewers, or why they cannot be added (and
/// whether confirming would help), in the real service's words.
fn group_members(
    svc: &ReviewService,
    group: &Group,
    confirmed: bool,
) -> Result<Result<Vec<i64>, (String, bool)>, Error> {
    let name = &group.name;
    if !group.internal {
        return Ok(Err((
            format!("The group {name} cannot be added as reviewer."),
            false,
        )));
    }
    let mut members = Vec::new();
    for id in svc.storage.group_members(&group.id)? {
        if svc.storage.account(id)?.is_some_and(|a| a.active) {
            members.push(id);
        }
    }
    if members.is_empty() {
        return Ok(Err((
            format!("The group {name} does not have any members to add as reviewers."),
            false,
        )));
    }
    if members.len() > GROUP_MAX_MEMBERS {
        return Ok(Err((
            format!("The group {name} has too many members to add them all as reviewers."),
            false,
        )));
    }
    if members.len() > GROUP_CONFIRM_LIMIT && !confirmed {
        return Ok(Err((
            format!(
                "The group {name} has {} members. Do you want to add them all as reviewers?",
                members.len()
            ),
            true,
        )));
    }
    Ok(Ok(members))
}
