//! The `changes` handlers: changes under review, their state, topic, hashtags, privacy,
//! reviewers, messages and their one revision.
//!
//! Every endpoint below `/changes/{change-id}` finds its change through the resolver
//! ([`resolve_changes`]), which hides private changes from everyone but their owner and
//! administrators; the handlers then read the change again by the number the resolver
//! recorded. Only the owner and administrators may modify a change (anyone who sees it may
//! add reviewers, and reviewers may remove themselves).
//!
//! - `create`: the resolver, creating and reading changes;
//! - `query`: `GET /changes/?q=...`;
//! - `state`: abandon, restore, submit, delete, work in progress, privacy, topic, hashtags;
//! - `reviewers`: reviewers and messages;
//! - `actions`: what the caller may do with the change and its revision now;
//! - `revisions`: patch set 1 as `current`, `1` or its commit, its commit and files;
//! - `render`: `ChangeInfo` and the other output records.

mod actions;
mod create;
mod fields;
mod query;
mod render;
mod reviewers;
mod revisions;
mod state;

use super::common::*;
use super::*;
use crate::storage::{Account, Change, NewMessage};

pub(crate) use create::{create_change, get_change, get_change_detail, resolve_changes};
pub(crate) use query::query_changes;
pub(crate) use reviewers::{
    add_reviewer, delete_reviewer, get_change_message, get_reviewer, list_change_messages,
    list_reviewers,
};
use revisions::load_revision;
pub(crate) use revisions::{get_revision_commit, get_revision_detail, list_revision_files};
pub(crate) use state::{
    abandon_change, delete_change, delete_topic, get_hashtags, get_topic, mark_private,
    restore_change, set_hashtags, set_ready_for_review, set_topic, set_work_in_progress,
    submit_change, unmark_private,
};

/// The metadata name under which the resolver records the change's number.
const CHANGE_ID_KEY: &str = "Change.Id";

/// True when `caller` may see `change`: private changes only to their owner and
/// administrators.
fn visible(change: &Change, caller: &Caller) -> bool {
    !change.is_private || caller_id(caller) == Some(change.owner) || is_admin(caller)
}

/// The change the request's path names. The resolver has found it (and checked that the
/// caller may see it); it is read again here by the number it recorded, so a change
/// deleted in between is 404 rather than a stale answer.
fn load(svc: &ReviewService, ctx: &RequestContext<'_>, id: &str) -> Result<Change, Error> {
    let number = ctx
        .resource
        .as_ref()
        .and_then(|r| r.get(CHANGE_ID_KEY))
        .and_then(|n| n.parse::<i64>().ok());
    let change = match number {
        Some(number) => svc.storage.change(number)?,
        None => svc
            .storage
            .find_change(id)?
            .filter(|c| visible(c, ctx.caller)),
    };
    change.ok_or_else(|| not_found(id))
}

/// The caller's account id when the caller owns `change` or is an administrator; 403
/// with `denied` otherwise.
fn require_owner(change: &Change, caller: &Caller, denied: &'static str) -> Result<i64, Error> {
    let me = require_caller(caller)?;
    if me == change.owner || is_admin(caller) {
        Ok(me)
    } else {
        Err(Error::Forbidden(denied.into()))
    }
}

/// A change message written by `author`: `summary`, then the caller's own text (if any)
/// after a blank line, as the real service writes them (`Abandoned\n\nNo longer needed`).
fn message(author: i64, summary: &str, text: Option<&str>, tag: &str) -> NewMessage {
    let mut message = summary.to_owned();
    if let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) {
        message.push_str("\n\n");
        message.push_str(text);
    }
    NewMessage {
        author: Some(author),
        message,
        tag: Some(tag.to_owned()),
    }
}

/// An account named in a request body: `self` (or `me`) for the caller, else a numeric
/// id, username or email.
fn find_account(svc: &ReviewService, caller: &Caller, who: &str) -> Result<Option<Account>, Error> {
    let who = who.trim();
    if who == "self" || who == "me" {
        return match caller_id(caller) {
            Some(id) => Ok(svc.storage.account(id)?),
            None => Ok(None),
        };
    }
    Ok(svc.storage.find_account(who)?)
}

/// 422 for an account named in a request body that cannot be found, in the real
/// service's words.
fn account_not_found(who: &str) -> Error {
    Error::UnprocessableEntity(format!("Account '{who}' not found").into())
}

/// Adds a message that accompanies an operation already done. The operation stands
/// even when the message cannot be written, so a failure is logged, not answered.
fn add_message(svc: &ReviewService, number: i64, message: &NewMessage) {
    if let Err(err) = svc.storage.add_change_message(number, message) {
        tracing::warn!(change = number, %err, "cannot add the change message");
    }
}

/// The tags of the messages the service writes, as the real service tags them.
mod tags {
    pub(crate) const NEW_PATCH_SET: &str = "autogenerated:gerrit:newPatchSet";
    pub(crate) const ABANDON: &str = "autogenerated:gerrit:abandon";
    pub(crate) const RESTORE: &str = "autogenerated:gerrit:restore";
    pub(crate) const MERGED: &str = "autogenerated:gerrit:merged";
    pub(crate) const SET_WIP: &str = "autogenerated:gerrit:setWorkInProgress";
    pub(crate) const SET_READY: &str = "autogenerated:gerrit:setReadyForReview";
    pub(crate) const SET_PRIVATE: &str = "autogenerated:gerrit:setPrivate";
    pub(crate) const UNSET_PRIVATE: &str = "autogenerated:gerrit:unsetPrivate";
    pub(crate) const SET_TOPIC: &str = "autogenerated:gerrit:setTopic";
    pub(crate) const SET_HASHTAGS: &str = "autogenerated:gerrit:setHashtag";
    pub(crate) const DELETE_REVIEWER: &str = "autogenerated:gerrit:deleteReviewer";
}

#[allow(refining_impl_trait)]
impl ChangesHandlers for ReviewService {
    async fn list_change_actions(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<BTreeMap<String, types::ActionInfo>, Error> {
        let change = load(self, &ctx, change_id)?;
        Ok(actions::change_actions(&change, ctx.caller))
    }

    async fn list_revision_actions(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
    ) -> Result<BTreeMap<String, types::ActionInfo>, Error> {
        let change = load_revision(self, &ctx, change_id, revision_id)?;
        Ok(actions::revision_actions(&change, ctx.caller))
    }

    async fn resolve_changes(
        &self,
        caller: &Caller,
        change_id: &str,
    ) -> Result<Option<ChangesResource>, Error> {
        resolve_changes(self, caller, change_id).await
    }

    async fn create_change(
        &self,
        ctx: RequestContext<'_>,
        body: types::ChangeInput,
    ) -> Result<types::ChangeInfo, Error> {
        create_change(self, ctx, body).await
    }

    async fn query_changes(
        &self,
        ctx: RequestContext<'_>,
        options: options::QueryChangesOptions,
    ) -> Result<Vec<types::ChangeInfo>, Error> {
        query_changes(self, ctx, options).await
    }

    async fn get_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        options: options::GetChangeOptions,
    ) -> Result<types::ChangeInfo, Error> {
        get_change(self, ctx, change_id, options).await
    }

    async fn get_change_detail(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        options: options::GetChangeDetailOptions,
    ) -> Result<types::ChangeInfo, Error> {
        get_change_detail(self, ctx, change_id, options).await
    }

    async fn get_topic(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<String, Error> {
        get_topic(self, ctx, change_id).await
    }

    async fn set_topic(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::TopicInput,
    ) -> Result<String, Error> {
        set_topic(self, ctx, change_id, body).await
    }

    async fn delete_topic(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<(), Error> {
        delete_topic(self, ctx, change_id).await
    }

    async fn abandon_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::AbandonInput,
    ) -> Result<types::ChangeInfo, Error> {
        abandon_change(self, ctx, change_id, body).await
    }

    async fn restore_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::RestoreInput,
    ) -> Result<types::ChangeInfo, Error> {
        restore_change(self, ctx, change_id, body).await
    }

    async fn submit_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::SubmitInput,
    ) -> Result<types::ChangeInfo, Error> {
        submit_change(self, ctx, change_id, body).await
    }

    async fn delete_change(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<(), Error> {
        delete_change(self, ctx, change_id).await
    }

    async fn set_work_in_progress(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::WorkInProgressInput,
    ) -> Result<(), Error> {
        set_work_in_progress(self, ctx, change_id, body).await
    }

    async fn set_ready_for_review(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::WorkInProgressInput,
    ) -> Result<(), Error> {
        set_ready_for_review(self, ctx, change_id, body).await
    }

    async fn mark_private(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::PrivateInput,
    ) -> Result<(), Error> {
        mark_private(self, ctx, change_id, body).await
    }

    async fn unmark_private(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<(), Error> {
        unmark_private(self, ctx, change_id).await
    }

    async fn get_hashtags(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<Vec<String>, Error> {
        get_hashtags(self, ctx, change_id).await
    }

    async fn set_hashtags(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::HashtagsInput,
    ) -> Result<Vec<String>, Error> {
        set_hashtags(self, ctx, change_id, body).await
    }

    async fn list_change_messages(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<Vec<types::ChangeMessageInfo>, Error> {
        list_change_messages(self, ctx, change_id).await
    }

    async fn get_change_message(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        change_message_id: &str,
    ) -> Result<types::ChangeMessageInfo, Error> {
        get_change_message(
            self,
            ctx,
            change_id.to_owned(),
            change_message_id.to_owned(),
        )
        .await
    }

    async fn list_reviewers(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<Vec<types::ReviewerInfo>, Error> {
        list_reviewers(self, ctx, change_id).await
    }

    async fn get_reviewer(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        account_id: &str,
    ) -> Result<types::ReviewerInfo, Error> {
        get_reviewer(self, ctx, change_id, account_id).await
    }

    async fn add_reviewer(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::ReviewerInput,
    ) -> Result<types::AddReviewerResult, Error> {
        add_reviewer(self, ctx, change_id, body).await
    }

    async fn delete_reviewer(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        account_id: &str,
    ) -> Result<(), Error> {
        delete_reviewer(self, ctx, change_id, account_id).await
    }

    async fn get_revision_detail(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
    ) -> Result<types::ChangeInfo, Error> {
        get_revision_detail(self, ctx, change_id, revision_id).await
    }

    async fn get_revision_commit(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
        options: options::GetRevisionCommitOptions,
    ) -> Result<types::CommitInfo, Error> {
        get_revision_commit(
            self,
            ctx,
            change_id.to_owned(),
            revision_id.to_owned(),
            options,
        )
        .await
    }

    async fn list_revision_files(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
        options: options::ListRevisionFilesOptions,
    ) -> Result<BTreeMap<String, types::FileInfo>, Error> {
        list_revision_files(
            self,
            ctx,
            change_id.to_owned(),
            revision_id.to_owned(),
            options,
        )
        .await
    }
}
