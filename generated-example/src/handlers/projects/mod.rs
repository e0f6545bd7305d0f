//! The `projects` handlers: projects (here), their settings ([`settings`]), lists of projects
//! ([`list`]), their branches ([`refs`]), tags ([`tags`]) and commits ([`commits`]), and
//! their access rights ([`access`]).
//!
//! Permissions are kept simple: anyone who may see a project may read it; every change of
//! an existing project (description, parent, `HEAD`, branches, tags) is for
//! administrators (`administrateServer`) only, as the real service's default rights give
//! those to the Administrators group; creating a project needs `createProject` (checked by
//! the runtime). `HIDDEN` projects are visible to administrators only, and only
//! `ACTIVE` projects can be changed (409 otherwise).

mod access;
mod commits;
mod list;
mod refs;
mod settings;
mod tags;

use restspec_runtime::{Caller, RequestContext, ResolvedRecord};

use super::ReviewService;
use super::common::{encode_id, is_admin, require_caller};
use crate::api::{Error, ProjectsHandlers, ProjectsResource, types};
use crate::storage::{ALL_PROJECTS, META_CONFIG_REF, NewProject, Project, ProjectState};

pub(crate) use access::{access_info, groups_with_rights};

/// The submit types `ProjectInput.submit_type` accepts.
const SUBMIT_TYPES: &[&str] = &[
    "INHERIT",
    "MERGE_IF_NECESSARY",
    "FAST_FORWARD_ONLY",
    "REBASE_IF_NECESSARY",
    "REBASE_ALWAYS",
    "MERGE_ALWAYS",
    "CHERRY_PICK",
];

/// The project a name in a URL or an input means: like the real service, a trailing `/`
/// and `.git` are dropped (`foo.git` is `foo`).
fn project_key(name: &str) -> &str {
    let name = name.strip_suffix('/').unwrap_or(name);
    name.strip_suffix(".git").unwrap_or(name)
}

/// True when the caller may see the project: `HIDDEN` ones only administrators.
pub(crate) fn can_see(caller: &Caller, project: &Project) -> bool {
    project.state != ProjectState::Hidden || is_admin(caller)
}

/// The project named in a URL (or in `?project=`), if the caller may see it; else 404.
pub(crate) fn load_project(
    svc: &ReviewService,
    caller: &Caller,
    name: &str,
) -> Result<Project, Error> {
    svc.storage
        .project(project_key(name))?
        .filter(|p| can_see(caller, p))
        .ok_or_else(|| Error::not_found_for(name))
}

/// 403 unless the caller may change projects (administrators; see the module docs).
pub(crate) fn require_owner(caller: &Caller, what: &str) -> Result<(), Error> {
    if is_admin(caller) {
        Ok(())
    } else {
        Err(Error::Forbidden(format!("not permitted: {what}").into()))
    }
}

/// 409 unless the project's state permits writes (`ACTIVE`).
pub(crate) fn require_writable(project: &Project) -> Result<(), Error> {
    match project.state {
        ProjectState::Active => Ok(()),
        state => Err(Error::Conflict(
            format!("project state {state} does not permit write").into(),
        )),
    }
}

fn state_info(state: ProjectState) -> types::ProjectState {
    match state {
        ProjectState::Active => types::ProjectState::Active,
        ProjectState::ReadOnly => types::ProjectState::ReadOnly,
        ProjectState::Hidden => types::ProjectState::Hidden,
    }
}

/// A project as `GET /projects/{name}` shows it.
pub(crate) fn project_info(project: &Project) -> types::ProjectInfo {
    types::ProjectInfo {
        id: encode_id(&project.name),
        name: Some(project.name.clone()),
        parent: project.parent.clone(),
        description: project.description.clone(),
        state: Some(state_info(project.state)),
        branches: None,
        web_links: None,
    }
}

/// True for a ref name git accepts (`git check-ref-format`, without the `@{` subtleties of
/// reflogs beyond refusing them).
pub(crate) fn is_valid_ref_name(name: &str) -> bool {
    !name.is_empty()
        && name != "@"
        && !name.ends_with('.')
        && !name.ends_with(".lock")
        && !name.contains("..")
        && !name.contains("@{")
        && !name
            .chars()
            .any(|c| c.is_control() || " ~^:?*[\\".contains(c))
        && name
            .split('/')
            .all(|part| !part.is_empty() && !part.starts_with('.'))
}

/// 400 for names the real service refuses as repository names.
fn validate_project_name(name: &str) -> Result<(), Error> {
    const FORBIDDEN: &[&str] = &[
        "\\", "//", "/../", "/./", ".git/", "?", "%", "*", ":", "<", ">", "|", "$", "/+", "~",
    ];
    let unreasonable = name.is_empty()
        || name.starts_with('/')
        || name.ends_with('/')
        || name.starts_with("../")
        || name.starts_with("./")
        || name == "."
        || name == ".."
        || name.ends_with("/..")
        || name.chars().any(char::is_control)
        || FORBIDDEN.iter().any(|f| name.contains(f));
    if unreasonable {
        Err(Error::BadRequest(
            format!("invalid project name: {name}").into(),
        ))
    } else {
        Ok(())
    }
}

/// An initial branch of `ProjectInput.branches` as a full ref (`refs/heads/` added like the
/// real service does); 400 for names git refuses.
fn initial_branch(branch: &str) -> Result<String, Error> {
    let branch = branch.trim_start_matches('/');
    let full = if branch.starts_with("refs/heads/") {
        branch.to_owned()
    } else {
        format!("refs/heads/{branch}")
    };
    if is_valid_ref_name(&full) {
        Ok(full)
    } else {
        Err(Error::BadRequest(
            format!("invalid branch name \"{full}\"").into(),
        ))
    }
}

/// 400 for an option or input value that is not one of the accepted ones.
fn invalid_option(value: &str, option: &str) -> Error {
    Error::BadRequest(format!("\"{value}\" is not a valid value for \"{option}\"").into())
}

fn non_empty(text: &Option<String>) -> Option<String> {
    text.clone().filter(|t| !t.is_empty())
}

#[allow(refining_impl_trait)]
impl ProjectsHandlers for ReviewService {
    async fn resolve_projects(
        &self,
        caller: &Caller,
        project_name: &str,
    ) -> Result<Option<ProjectsResource>, Error> {
        Ok(self
            .storage
            .project(project_key(project_name))?
            .filter(|p| can_see(caller, p))
            .map(|p| ProjectsResource {
                project_name_key: p.name,
                found: ResolvedRecord::nothing(),
            }))
    }

    async fn get_project(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
    ) -> Result<types::ProjectInfo, Error> {
        Ok(project_info(&load_project(self, ctx.caller, project_name)?))
    }

    /// `owners` must name existing groups (422) but are not recorded: the service keeps no
    /// per-project rights. `permissions_only` makes `refs/meta/config` the `HEAD`.
    async fn create_project(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        body: types::ProjectInput,
    ) -> Result<types::ProjectInfo, Error> {
        let caller = ctx.caller;
        let creator = require_caller(caller)?;
        let name = project_key(project_name).to_owned();
        if let Some(input_name) = body.name.as_deref()
            && !input_name.is_empty()
            && project_key(input_name) != name
        {
            return Err(Error::BadRequest("name must match URL".into()));
        }
        validate_project_name(&name)?;

        let parent = body
            .parent
            .as_deref()
            .map(project_key)
            .filter(|p| !p.is_empty())
            .map(str::to_owned);
        if let Some(parent) = &parent
            && !self
                .storage
                .project(parent)?
                .is_some_and(|p| can_see(caller, &p))
        {
            return Err(Error::UnprocessableEntity(
                format!("Parent project '{parent}' not found").into(),
            ));
        }
        for owner in body.owners.iter().flatten() {
            if self.storage.find_group(owner)?.is_none() {
                return Err(Error::UnprocessableEntity(
                    format!("Group Not Found: {owner}").into(),
                ));
            }
        }
        if let Some(submit_type) = body.submit_type.as_deref()
            && !SUBMIT_TYPES.contains(&submit_type)
        {
            return Err(invalid_option(submit_type, "submit_type"));
        }

        let permissions_only = body.permissions_only.unwrap_or(false);
        let mut branches: Vec<String> = Vec::new();
        for branch in body.branches.iter().flatten() {
            let full = initial_branch(branch)?;
            if !branches.contains(&full) {
                branches.push(full);
            }
        }
        if permissions_only {
            branches = vec![META_CONFIG_REF.to_owned()];
        }
        let new = NewProject {
            name,
            parent,
            description: non_empty(&body.description),
            state: ProjectState::Active,
            create_empty_commit: body.create_empty_commit.unwrap_or(false) && !permissions_only,
            branches,
            creator: Some(creator),
        };
        Ok(project_info(&self.storage.create_project(&new)?))
    }
}
