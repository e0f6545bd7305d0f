//! The commits of a project (made up by the service: it keeps no repositories).

use restspec_runtime::{Caller, RequestContext, Timestamp};

use super::load_project;
use crate::api::ProjectsCommitsHandlers;
use crate::api::{Error, types};
use crate::handlers::ReviewService;
use crate::handlers::common::{caller_id, is_admin, person};
use crate::storage::{ChangeQuery, ChangeStatus, Commit, META_CONFIG_REF, PrivateFilter, Project};

/// A person of a commit or tag: the account, or the service itself for `None`.
pub(crate) fn git_person(
    svc: &ReviewService,
    account: Option<i64>,
    date: Timestamp,
) -> Result<types::GitPersonInfo, Error> {
    let account = match account {
        Some(id) => svc.storage.account(id)?,
        None => None,
    };
    Ok(person(account.as_ref(), date))
}

/// False for the configuration commit (non-administrators) and for the commit of a
/// private change the caller may not see (until it is merged).
fn commit_visible(
    svc: &ReviewService,
    caller: &Caller,
    project: &Project,
    commit: &Commit,
) -> Result<bool, Error> {
    if is_admin(caller) {
        return Ok(true);
    }
    if svc
        .storage
        .branch(&project.name, META_CONFIG_REF)?
        .is_some_and(|b| b.revision == commit.sha)
    {
        return Ok(false);
    }
    let query = ChangeQuery {
        project: Some(project.name.clone()),
        private: PrivateFilter::Include,
        ..ChangeQuery::default()
    };
    let Some(change) = svc
        .storage
        .query_changes(&query)?
        .items
        .into_iter()
        .find(|c| c.current_revision == commit.sha)
    else {
        return Ok(true);
    };
    if !change.is_private || change.status == ChangeStatus::Merged {
        return Ok(true);
    }
    let Some(me) = caller_id(caller) else {
        return Ok(false);
    };
    Ok(change.owner == me
        || svc
            .storage
            .reviewers(change.number)?
            .iter()
            .any(|r| r.account_id == me))
}

#[allow(refining_impl_trait)]
impl ProjectsCommitsHandlers for ReviewService {
    /// A commit of the project the caller may see; anything else is 404.
    async fn get_project_commit(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        commit_id: &str,
    ) -> Result<types::CommitInfo, Error> {
        let caller = ctx.caller;
        let project = load_project(self, caller, project_name)?;
        let sha = commit_id.to_ascii_lowercase();
        let commit = self
            .storage
            .commit(&project.name, &sha)?
            .ok_or_else(|| Error::not_found_for(commit_id))?;
        if !commit_visible(self, caller, &project, &commit)? {
            return Err(Error::not_found_for(commit_id));
        }
        let parents = match &commit.parent {
            Some(parent) => {
                let subject = self
                    .storage
                    .commit(&project.name, parent)?
                    .map(|p| p.subject)
                    .unwrap_or_default();
                vec![types::CommitInfo {
                    commit: Some(parent.clone()),
                    subject,
                    ..types::CommitInfo::default()
                }]
            }
            None => Vec::new(),
        };
        let person = git_person(self, commit.author, commit.created)?;
        Ok(types::CommitInfo {
            commit: Some(commit.sha),
            parents: Some(parents),
            author: Some(person.clone()),
            committer: Some(person),
            subject: commit.subject,
            message: Some(commit.message),
            web_links: None,
        })
    }
}
