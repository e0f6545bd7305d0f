//! `/repos/{owner}/{repo}`: repositories named by two segments, resolved once (owner and
//! name together) before the quota check; `alice/tools`, `alice/notes` and `bob/tools`.

use std::sync::PoisonError;
use std::sync::atomic::Ordering;

use restspec_runtime::{Caller, RequestContext, ResolvedRecord};

use super::CommonStyle;
use crate::build_script::common_style::headers::GetRepoHeadersHeaders;
use crate::build_script::common_style::types::{Repo, RepoHeaders};
use crate::build_script::common_style::{Error, ReposHandlers, ReposResource};

/// The repositories, as `(owner, name, topics)`.
const REPOS: [(&str, &str, &[&str]); 3] = [
    ("alice", "tools", &["http", "rust"]),
    ("alice", "notes", &[]),
    ("bob", "tools", &["shell"]),
];

fn find(owner: &str, repo: &str) -> Option<Repo> {
    REPOS
        .iter()
        .find(|(o, r, _)| *o == owner && *r == repo)
        .map(|(o, r, topics)| Repo {
            full_name: format!("{o}/{r}"),
            topics: topics.iter().map(|t| (*t).to_owned()).collect(),
        })
}

impl CommonStyle {
    /// Every `(owner, repo)` the resolver was asked for, in order.
    pub fn resolved_repos(&self) -> Vec<(String, String)> {
        self.resolved_repos
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// How often a repository handler looked its repository up again, where the resolver
    /// had not handed it on.
    pub fn repo_lookups_in_handlers(&self) -> usize {
        self.repo_lookups_in_handlers.load(Ordering::Relaxed)
    }

    /// The repository the path names: the one the resolver found, else looked up again.
    fn repo(&self, ctx: &RequestContext<'_>, owner: &str, repo: &str) -> Option<Repo> {
        if let Some(found) = ctx.found::<Repo>() {
            return Some(found.clone());
        }
        self.repo_lookups_in_handlers
            .fetch_add(1, Ordering::Relaxed);
        find(owner, repo)
    }
}

#[allow(refining_impl_trait)]
impl ReposHandlers for CommonStyle {
    async fn resolve_repos(
        &self,
        _: &Caller,
        owner: &str,
        repo: &str,
    ) -> Result<Option<ReposResource>, Error> {
        self.resolved_repos
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((owner.to_owned(), repo.to_owned()));
        Ok(find(owner, repo).map(|r| ReposResource {
            repo_full_name: r.full_name.clone(),
            found: ResolvedRecord::new(r),
        }))
    }

    async fn get_repo(
        &self,
        ctx: RequestContext<'_>,
        owner: &str,
        repo: &str,
    ) -> Result<Repo, Error> {
        self.repo(&ctx, owner, repo)
            .ok_or_else(|| Error::NotFound(format!("no {owner}/{repo}").into()))
    }

    async fn list_repo_topics(
        &self,
        ctx: RequestContext<'_>,
        owner: &str,
        repo: &str,
    ) -> Result<Vec<String>, Error> {
        Ok(self
            .repo(&ctx, owner, repo)
            .map(|r| r.topics)
            .unwrap_or_default())
    }

    async fn get_repo_headers(
        &self,
        ctx: RequestContext<'_>,
        owner: &str,
        repo: &str,
        headers: GetRepoHeadersHeaders,
    ) -> Result<RepoHeaders, Error> {
        self.repo(&ctx, owner, repo)
            .ok_or_else(|| Error::not_found_for("repo"))?;
        Ok(RepoHeaders {
            api_version: headers.x_git_hub_api_version,
            requested_by: headers.x_requested_by,
            limit: headers.x_page_limit,
            labels: headers.x_labels,
            min_score: headers.x_min_score,
            dry_run: headers.x_dry_run,
        })
    }
}
