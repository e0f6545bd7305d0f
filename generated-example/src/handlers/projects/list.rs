//! Project lists: `GET /projects/` with its options, and the children of a project.
//!
//! `r` is matched as a case-insensitive substring, like `m`: the service has no regular
//! expression engine (`regex` is not one of its dependencies).

use std::collections::{BTreeMap, BTreeSet};

use restspec_runtime::RequestContext;

use super::{can_see, invalid_option, load_project, non_empty, project_info, state_info};
use crate::api::ProjectsListHandlers;
use crate::api::{Error, options, types};
use crate::handlers::ReviewService;
use crate::handlers::common::{encode_id, is_admin, page};
use crate::storage::{META_CONFIG_REF, Project, ProjectQuery, ProjectState, full_ref};

/// `type` of the project list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ProjectType {
    All,
    Code,
    Permissions,
}

impl ProjectType {
    fn parse(text: Option<&str>) -> Result<Self, Error> {
        match text.map(str::to_ascii_uppercase).as_deref() {
            None | Some("ALL") => Ok(ProjectType::All),
            Some("CODE") => Ok(ProjectType::Code),
            Some("PERMISSIONS") => Ok(ProjectType::Permissions),
            Some(_) => Err(invalid_option(text.unwrap_or_default(), "--type")),
        }
    }

    /// Permission-only projects are those whose `HEAD` is `refs/meta/config`.
    fn matches(self, project: &Project) -> bool {
        match self {
            ProjectType::All => true,
            ProjectType::Code => project.head != META_CONFIG_REF,
            ProjectType::Permissions => project.head == META_CONFIG_REF,
        }
    }
}

/// The state filter of the project list: `s` or `state` (the same value if both).
fn state_filter(options: &options::ListProjectsOptions) -> Result<Option<ProjectState>, Error> {
    let parse = |text: &str| {
        text.to_ascii_uppercase()
            .parse::<ProjectState>()
            .map_err(|_| invalid_option(text, "--state"))
    };
    match (options.state.as_deref(), options.state_name.as_deref()) {
        (None, None) => Ok(None),
        (Some(one), None) | (None, Some(one)) => parse(one).map(Some),
        (Some(short), Some(long)) => {
            let (short, long) = (parse(short)?, parse(long)?);
            if short == long {
                Ok(Some(short))
            } else {
                Err(Error::BadRequest(
                    "conflicting values for \"s\" and \"state\"".into(),
                ))
            }
        }
    }
}

#[allow(refining_impl_trait)]
impl ProjectsListHandlers for ReviewService {
    /// `r` is matched as a case-insensitive substring, like `m`: the service has no regular
    /// expression engine.
    async fn list_projects(
        &self,
        ctx: RequestContext<'_>,
        options: options::ListProjectsOptions,
    ) -> Result<BTreeMap<String, types::ProjectInfo>, Error> {
        let caller = ctx.caller;
        let matchers = [&options.prefix, &options.substring, &options.regex];
        if matchers.iter().filter(|m| m.is_some()).count() > 1 {
            return Err(Error::BadRequest("specify exactly one of p/m/r".into()));
        }
        let state = state_filter(&options)?;
        let all = options.all.unwrap_or(false);
        if all && state.is_some() {
            return Err(Error::BadRequest(
                "'all' and 'state' may not be used together".into(),
            ));
        }
        let kind = ProjectType::parse(options.project_type.as_deref())?;
        let show_hidden = is_admin(caller) && (all || state == Some(ProjectState::Hidden));
        let query = ProjectQuery {
            prefix: non_empty(&options.prefix),
            text: non_empty(&options.substring).or_else(|| non_empty(&options.regex)),
            state,
            exclude_hidden: !show_hidden,
            ..ProjectQuery::default()
        };
        let wanted: Vec<&String> = options.branches.iter().filter(|b| !b.is_empty()).collect();

        let mut selected = Vec::new();
        for project in self.storage.list_projects(&query)?.items {
            if !can_see(caller, &project) || !kind.matches(&project) {
                continue;
            }
            let branches = if wanted.is_empty() {
                None
            } else {
                // Like the real service: only projects that have one of the branches, with
                // their revisions keyed as asked.
                let refs = self.storage.branches(&project.name)?;
                let found: BTreeMap<String, String> = wanted
                    .iter()
                    .filter_map(|b| {
                        let full = full_ref(b);
                        refs.iter()
                            .find(|r| r.name == full)
                            .map(|r| ((*b).clone(), r.revision.clone()))
                    })
                    .collect();
                if found.is_empty() {
                    continue;
                }
                Some(found)
            };
            selected.push((project, branches));
        }

        let tree = options.tree.unwrap_or(false);
        let descriptions = options.descriptions.unwrap_or(false);
        Ok(page(selected, options.skip, options.limit)
            .into_iter()
            .map(|(project, branches)| {
                let info = types::ProjectInfo {
                    id: encode_id(&project.name),
                    name: None,
                    parent: if tree { project.parent.clone() } else { None },
                    description: if descriptions {
                        project.description.clone()
                    } else {
                        None
                    },
                    state: Some(state_info(project.state)),
                    branches,
                    web_links: None,
                };
                (project.name, info)
            })
            .collect())
    }

    /// The direct children (with `recursive`, every descendant), sorted by name.
    async fn list_child_projects(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        options: options::ListChildProjectsOptions,
    ) -> Result<Vec<types::ProjectInfo>, Error> {
        let caller = ctx.caller;
        let project = load_project(self, caller, project_name)?;
        let recursive = options.recursive.unwrap_or(false);
        let mut found: BTreeMap<String, types::ProjectInfo> = BTreeMap::new();
        let mut visited = BTreeSet::from([project.name.clone()]);
        let mut pending = vec![project.name];
        while let Some(parent) = pending.pop() {
            let query = ProjectQuery {
                parent: Some(parent),
                ..ProjectQuery::default()
            };
            for child in self.storage.list_projects(&query)?.items {
                if !can_see(caller, &child) {
                    continue;
                }
                if recursive && visited.insert(child.name.clone()) {
                    pending.push(child.name.clone());
                }
                found.insert(child.name.clone(), project_info(&child));
            }
        }
        Ok(found.into_values().collect())
    }

    /// The child if its parent is this project (with `recursive`, any ancestor); else 404.
    async fn get_child_project(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        child_project_name: &str,
        options: options::GetChildProjectOptions,
    ) -> Result<types::ProjectInfo, Error> {
        let caller = ctx.caller;
        let project = load_project(self, caller, project_name)?;
        let child = load_project(self, caller, child_project_name)?;
        let recursive = options.recursive.unwrap_or(false);
        let mut ancestor = child.parent.clone();
        let mut seen = BTreeSet::new();
        while let Some(current) = ancestor {
            if current == project.name {
                return Ok(project_info(&child));
            }
            if !recursive || !seen.insert(current.clone()) {
                break;
            }
            ancestor = self.storage.project(&current)?.and_then(|p| p.parent);
        }
        Err(Error::not_found_for(child_project_name))
    }
}
