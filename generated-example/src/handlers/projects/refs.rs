//! The branches of a project, and what tags share with them (filters, revisions).
//!
//! `refs/meta/config` is shown to administrators only (the real service shows it to those
//! who may read the project configuration). The branch `HEAD` points to cannot be deleted
//! (409, as the spec says; the real service's bare repositories would allow it), nor can a
//! branch with open changes.

use restspec_runtime::{Caller, RequestContext};

use super::{is_valid_ref_name, load_project, require_owner, require_writable};
use crate::api::ProjectsRefsHandlers;
use crate::api::{Error, options, types};
use crate::handlers::ReviewService;
use crate::handlers::common::{is_admin, page};
use crate::storage::{
    Branch, ChangeQuery, ChangeStatus, META_CONFIG_REF, PrivateFilter, Project, ProjectState,
    full_ref, short_branch,
};

/// The symbolic ref every project has.
const HEAD: &str = "HEAD";

fn can_delete(caller: &Caller, project: &Project, name: &str) -> Option<bool> {
    let deletable = is_admin(caller)
        && project.state == ProjectState::Active
        && name != META_CONFIG_REF
        && name != project.head;
    deletable.then_some(true)
}

fn branch_info(caller: &Caller, project: &Project, branch: &Branch) -> types::BranchInfo {
    types::BranchInfo {
        ref_: branch.name.clone(),
        revision: branch.revision.clone(),
        can_delete: can_delete(caller, project, &branch.name),
        web_links: None,
    }
}

/// `HEAD` as a branch: its revision is the short name of its target; only when the
/// target exists (an empty project has no `HEAD` to list, as in git).
fn head_info(project: &Project, refs: &[Branch]) -> Option<types::BranchInfo> {
    refs.iter()
        .any(|b| b.name == project.head)
        .then(|| types::BranchInfo {
            ref_: HEAD.to_owned(),
            revision: short_branch(&project.head).to_owned(),
            can_delete: None,
            web_links: None,
        })
}

/// The project's refs the caller may see: `refs/meta/config` for administrators only.
fn visible_refs(
    svc: &ReviewService,
    caller: &Caller,
    project: &Project,
) -> Result<Vec<Branch>, Error> {
    let admin = is_admin(caller);
    Ok(svc
        .storage
        .branches(&project.name)?
        .into_iter()
        .filter(|b| admin || b.name != META_CONFIG_REF)
        .collect())
}

/// The `m`/`r` filter of ref lists: a case-insensitive substring (`r` too: the service has
/// no regular expression engine); both at once is 400.
pub(crate) fn ref_filter(
    substring: &Option<String>,
    regex: &Option<String>,
) -> Result<Option<String>, Error> {
    match (substring, regex) {
        (Some(_), Some(_)) => Err(Error::BadRequest("specify exactly one of m/r".into())),
        (Some(text), None) | (None, Some(text)) => Ok(Some(text.to_lowercase())),
        (None, None) => Ok(None),
    }
}

pub(crate) fn matches(filter: &Option<String>, name: &str) -> bool {
    filter
        .as_deref()
        .is_none_or(|f| name.to_lowercase().contains(f))
}

/// Resolves a revision of an input (default `HEAD`): a commit SHA-1 of the project, a
/// branch or a tag; anything else is 422.
pub(crate) fn resolve_revision(
    svc: &ReviewService,
    project: &Project,
    revision: Option<&str>,
) -> Result<String, Error> {
    let text = revision
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .unwrap_or(HEAD);
    let invalid = || Error::UnprocessableEntity(format!("invalid revision \"{text}\"").into());
    if text == HEAD {
        return svc
            .storage
            .branch(&project.name, &project.head)?
            .map(|b| b.revision)
            .ok_or_else(invalid);
    }
    if text.len() == 40 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        let sha = text.to_ascii_lowercase();
        if svc.storage.commit(&project.name, &sha)?.is_some() {
            return Ok(sha);
        }
    }
    if let Some(branch) = svc.storage.branch(&project.name, text)? {
        return Ok(branch.revision);
    }
    if let Some(tag) = svc.storage.tag(&project.name, text)? {
        return Ok(tag.object.unwrap_or(tag.revision));
    }
    Err(invalid())
}

#[allow(refining_impl_trait)]
impl ProjectsRefsHandlers for ReviewService {
    /// `HEAD` first, then `refs/meta/config` (administrators), then the branches by name.
    async fn list_branches(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        options: options::ListBranchesOptions,
    ) -> Result<Vec<types::BranchInfo>, Error> {
        let caller = ctx.caller;
        let project = load_project(self, caller, project_name)?;
        let filter = ref_filter(&options.substring, &options.regex)?;
        let refs = visible_refs(self, caller, &project)?;
        let mut all = Vec::with_capacity(refs.len() + 1);
        all.extend(head_info(&project, &refs));
        all.extend(
            refs.iter()
                .filter(|b| b.name == META_CONFIG_REF)
                .map(|b| branch_info(caller, &project, b)),
        );
        all.extend(
            refs.iter()
                .filter(|b| b.name != META_CONFIG_REF)
                .map(|b| branch_info(caller, &project, b)),
        );
        let matching = all.into_iter().filter(|b| matches(&filter, &b.ref_));
        Ok(page(
            matching,
            options.skip.or(options.start),
            options.limit,
        ))
    }

    async fn get_branch(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        branch_id: &str,
    ) -> Result<types::BranchInfo, Error> {
        let caller = ctx.caller;
        let project = load_project(self, caller, project_name)?;
        let refs = visible_refs(self, caller, &project)?;
        if branch_id == HEAD {
            return head_info(&project, &refs).ok_or_else(|| Error::not_found_for(branch_id));
        }
        let name = full_ref(branch_id);
        refs.iter()
            .find(|b| b.name == name)
            .map(|b| branch_info(caller, &project, b))
            .ok_or_else(|| Error::not_found_for(branch_id))
    }

    /// 201 with the branch; an existing branch is 409, a revision that cannot be resolved 422.
    async fn create_branch(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        branch_id: &str,
        body: types::BranchInput,
    ) -> Result<types::BranchInfo, Error> {
        let caller = ctx.caller;
        let project = load_project(self, caller, project_name)?;
        let name = new_branch_name(branch_id, body.ref_.as_deref())?;
        require_owner(caller, &format!("create on {name}"))?;
        require_writable(&project)?;
        if self.storage.branch(&project.name, &name)?.is_some() {
            return Err(Error::Conflict(
                format!("branch \"{name}\" already exists").into(),
            ));
        }
        let revision = resolve_revision(self, &project, body.revision.as_deref())?;
        let branch = self
            .storage
            .create_branch(&project.name, &name, &revision)?;
        Ok(branch_info(caller, &project, &branch))
    }

    async fn delete_branch(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        branch_id: &str,
    ) -> Result<(), Error> {
        let caller = ctx.caller;
        let project = load_project(self, caller, project_name)?;
        let refs = visible_refs(self, caller, &project)?;
        let is_head = branch_id == HEAD;
        let name = full_ref(branch_id);
        if !is_head && !refs.iter().any(|b| b.name == name) {
            return Err(Error::not_found_for(branch_id));
        }
        require_owner(caller, &format!("delete on {name}"))?;
        require_writable(&project)?;
        if is_head {
            return Err(Error::Conflict("not allowed to delete HEAD".into()));
        }
        if name == project.head {
            return Err(Error::Conflict(
                format!("not allowed to delete branch {name}: HEAD points to it").into(),
            ));
        }
        let open = ChangeQuery {
            status: Some(ChangeStatus::New),
            project: Some(project.name.clone()),
            branch: Some(name.clone()),
            private: PrivateFilter::Include,
            limit: Some(1),
            ..ChangeQuery::default()
        };
        if !self.storage.query_changes(&open)?.items.is_empty() {
            return Err(Error::Conflict(
                format!("branch {name} has open changes").into(),
            ));
        }
        if self.storage.delete_branch(&project.name, &name)? {
            Ok(())
        } else {
            Err(Error::not_found_for(branch_id))
        }
    }
}

/// The branch name of the URL as a full ref; the input's `ref` must name the same.
fn new_branch_name(branch_id: &str, input_ref: Option<&str>) -> Result<String, Error> {
    let name = full_ref(branch_id.trim_start_matches('/'));
    if let Some(input) = input_ref.filter(|r| !r.is_empty())
        && full_ref(input.trim_start_matches('/')) != name
    {
        return Err(Error::BadRequest("ref must match URL".into()));
    }
    if branch_id == HEAD || !is_valid_ref_name(&name) {
        return Err(Error::BadRequest(
            format!("invalid branch name \"{name}\"").into(),
        ));
    }
    for reserved in ["refs/for/", "refs/changes/", "refs/tags/"] {
        if name.starts_with(reserved) {
            return Err(Error::BadRequest(
                format!("not allowed to create branches under \"{reserved}\"").into(),
            ));
        }
    }
    Ok(name)
}
