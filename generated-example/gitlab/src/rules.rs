//! What every endpoint of the `projects` family shares: finding a project, an issue or a
//! label from its path, who may change them, and the small rules of names and colours.

use restspec_runtime::{Caller, RequestContext, Rfc3339Timestamp};

use crate::Gitlab;
use crate::api::Error;
use crate::api::types::{LabelChanges, Labels, ValidationErrors};
use crate::store::{IssueRecord, ProjectRecord, caller_id};
use crate::views::Views;

/// What a change needs of the caller.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Needs {
    /// Anyone signed in who sees the project (opening issues, commenting).
    Contributor,
    /// The owner or an admin.
    Maintainer,
}

/// A refused field, as GitLab words it: `{"message": {"title": ["can't be blank"]}}`.
pub(crate) fn invalid(field: &str, problem: &str) -> Error {
    let message = std::collections::BTreeMap::from([(field.to_owned(), vec![problem.to_owned()])]);
    Error::Invalid(ValidationErrors { message })
}

/// Label names given as a list or as one comma-separated string.
pub(crate) fn label_names(labels: Labels) -> Vec<String> {
    let names = match labels {
        Labels::List(names) => names,
        Labels::String(text) => text.split(',').map(str::to_owned).collect(),
    };
    names
        .into_iter()
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .collect()
}

/// `My Project` is at `my-project`.
pub(crate) fn path_of(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
}

pub(crate) fn is_color(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

impl Gitlab {
    /// Reads the project `id` names, as `caller` may see it (404 otherwise).
    pub(crate) fn read<T>(
        &self,
        ctx: &RequestContext<'_>,
        id: &str,
        read: impl FnOnce(&Views<'_>, &ProjectRecord) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let data = self.store.lock();
        let base = ctx.public_url();
        let project = data
            .project(ctx.caller, id)
            .ok_or_else(|| Error::not_found_for("Project"))?;
        read(
            &Views {
                data: &data,
                base: &base,
            },
            project,
        )
    }

    /// Changes the project `id` names with `change` (given a fresh id, should it make
    /// something), then answers `view` of the result.
    pub(crate) fn write<K, T>(
        &self,
        ctx: &RequestContext<'_>,
        id: &str,
        needs: Needs,
        change: impl FnOnce(&mut ProjectRecord, i64, Option<i64>) -> Result<K, Error>,
        view: impl FnOnce(&Views<'_>, &ProjectRecord, K) -> T,
    ) -> Result<T, Error> {
        let mut data = self.store.lock();
        let caller: &Caller = ctx.caller;
        let project = data
            .project(caller, id)
            .ok_or_else(|| Error::not_found_for("Project"))?;
        let allowed = match needs {
            Needs::Contributor => caller_id(caller).is_some(),
            Needs::Maintainer => data.may_change(caller, project),
        };
        if !allowed {
            return Err(Error::Forbidden("Forbidden".into()));
        }
        let project_id = project.id;
        let fresh = data.next_id();
        let project = data
            .projects
            .get_mut(&project_id)
            .ok_or_else(|| Error::not_found_for("Project"))?;
        let made = change(project, fresh, caller_id(caller))?;
        project.updated_at = Rfc3339Timestamp::now();
        let base = ctx.public_url();
        let project = data
            .projects
            .get(&project_id)
            .ok_or_else(|| Error::not_found_for("Project"))?;
        Ok(view(
            &Views {
                data: &data,
                base: &base,
            },
            project,
            made,
        ))
    }
}

pub(crate) fn issue(project: &ProjectRecord, iid: i64) -> Result<&IssueRecord, Error> {
    project
        .issues
        .get(&iid)
        .ok_or_else(|| Error::not_found_for("Issue"))
}

pub(crate) fn issue_mut(project: &mut ProjectRecord, iid: i64) -> Result<&mut IssueRecord, Error> {
    project
        .issues
        .get_mut(&iid)
        .ok_or_else(|| Error::not_found_for("Issue"))
}

/// The label a path names: its number, or its name.
pub(crate) fn label_id(project: &ProjectRecord, id_or_name: &str) -> Result<i64, Error> {
    let found = match id_or_name.parse::<i64>() {
        Ok(id) => project.labels.get(&id),
        Err(_) => project.labels.values().find(|l| l.name == id_or_name),
    };
    found
        .map(|l| l.id)
        .ok_or_else(|| Error::not_found_for("Label"))
}

pub(crate) fn change_label(
    project: &mut ProjectRecord,
    id: i64,
    body: LabelChanges,
) -> Result<i64, Error> {
    if let Some(name) = &body.new_name
        && project
            .labels
            .values()
            .any(|l| l.name == *name && l.id != id)
    {
        return Err(Error::Conflict("Label already exists".into()));
    }
    if body.color.as_deref().is_some_and(|c| !is_color(c)) {
        return Err(invalid("color", "is invalid"));
    }
    let label = project
        .labels
        .get_mut(&id)
        .ok_or_else(|| Error::not_found_for("Label"))?;
    let old_name = label.name.clone();
    if let Some(name) = body.new_name {
        label.name = name;
    }
    if let Some(color) = body.color {
        label.color = color;
    }
    body.description.apply(&mut label.description);
    body.priority.apply(&mut label.priority);
    let new_name = label.name.clone();
    for issue in project.issues.values_mut() {
        for name in &mut issue.labels {
            if *name == old_name {
                name.clone_from(&new_name);
            }
        }
    }
    Ok(id)
}
