//! What the caller may do with a change and its revision now, as `ActionInfo` maps keyed
//! by the view each action is sent to, the way the real service's UI asks before it draws
//! buttons. Only the owner and administrators act on a change (as the state handlers
//! check); everyone else gets an empty map. What is offered follows the state: an open
//! change can be abandoned, moved in or out of work in progress, made private or public,
//! given a topic or hashtags, and submitted; an abandoned one restored or deleted; a
//! merged one nothing.

use std::collections::BTreeMap;

use super::*;
use crate::api::ChangesActionsHandlers;
use crate::storage::ChangeStatus;

#[allow(refining_impl_trait)]
impl ChangesActionsHandlers for ReviewService {
    async fn list_change_actions(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<BTreeMap<String, types::ActionInfo>, Error> {
        let change = load(self, &ctx, change_id)?;
        Ok(change_actions(&change, ctx.caller))
    }

    async fn list_revision_actions(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
    ) -> Result<BTreeMap<String, types::ActionInfo>, Error> {
        let change = load_revision(self, &ctx, change_id, revision_id)?;
        Ok(revision_actions(&change, ctx.caller))
    }
}

/// The change's actions for `caller`.
pub(crate) fn change_actions(
    change: &Change,
    caller: &Caller,
) -> BTreeMap<String, types::ActionInfo> {
    let mut actions = BTreeMap::new();
    if !may_act(change, caller) {
        return actions;
    }
    let mut offer = |view: &str, method: &str, label: &str, title: &str| {
        actions.insert(view.to_owned(), action(method, label, title));
    };
    match change.status {
        ChangeStatus::New => {
            offer("abandon", "POST", "Abandon", "Abandon the change");
            if change.work_in_progress {
                offer(
                    "ready",
                    "POST",
                    "Start Review",
                    "Set the change ready for review",
                );
            } else {
                offer(
                    "wip",
                    "POST",
                    "Work In Progress",
                    "Set the change to work in progress",
                );
            }
            if change.is_private {
                offer(
                    "private.delete",
                    "DELETE",
                    "Unmark Private",
                    "Unmark the change private",
                );
            } else {
                offer("private", "POST", "Mark Private", "Mark the change private");
            }
            offer("topic", "PUT", "Edit Topic", "Set or delete the topic");
            offer(
                "hashtags",
                "POST",
                "Edit Hashtags",
                "Add or remove hashtags",
            );
        }
        ChangeStatus::Abandoned => {
            offer("restore", "POST", "Restore", "Restore the change");
            offer("/", "DELETE", "Delete", "Delete the change");
        }
        ChangeStatus::Merged => {}
    }
    actions
}

/// The revision's actions for `caller`: `submit` while the change is open.
pub(crate) fn revision_actions(
    change: &Change,
    caller: &Caller,
) -> BTreeMap<String, types::ActionInfo> {
    let mut actions = BTreeMap::new();
    if may_act(change, caller) && change.status == ChangeStatus::New {
        actions.insert(
            "submit".to_owned(),
            action("POST", "Submit", "Merge the change into its branch"),
        );
    }
    actions
}

/// The owner and administrators may act on a change.
fn may_act(change: &Change, caller: &Caller) -> bool {
    caller_id(caller) == Some(change.owner) || is_admin(caller)
}

fn action(method: &str, label: &str, title: &str) -> types::ActionInfo {
    types::ActionInfo {
        method: Some(method.to_owned()),
        label: Some(label.to_owned()),
        title: Some(title.to_owned()),
        enabled: Some(true),
    }
}
