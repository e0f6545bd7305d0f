//! The access rights of a project (`ProjectAccessInfo`).
//!
//! The service keeps no per-project rights: `All-Projects` and `All-Users` show the real
//! service's default rights (a subset), every other project inherits them and has no
//! rights of its own. What the caller may do follows the service's simple model:
//! administrators own every project.

use std::collections::BTreeMap;

use restspec_runtime::{Caller, RequestContext};

use super::{load_project, project_info};
use crate::api::ProjectsAccessHandlers;
use crate::api::{Error, types};
use crate::handlers::ReviewService;
use crate::handlers::common::is_admin;
use crate::storage::{
    ADMINISTRATORS_NAME, ALL_PROJECTS, ALL_USERS, ANONYMOUS_USERS_ID, ANONYMOUS_USERS_NAME,
    META_CONFIG_REF, Project, REGISTERED_USERS_ID, REGISTERED_USERS_NAME,
};

/// A group the default rights name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Administrators,
    Anonymous,
    Registered,
}

/// One permission of the default rights: section, permission (`label-…` for labels),
/// exclusive, and the groups it is granted to with their vote range for labels.
type Grant = (
    &'static str,
    &'static str,
    bool,
    &'static [(Who, Option<(i64, i64)>)],
);

const ADMINS: &[(Who, Option<(i64, i64)>)] = &[(Who::Administrators, None)];
const REGISTERED: &[(Who, Option<(i64, i64)>)] = &[(Who::Registered, None)];

/// The default rights of `All-Projects`.
const ALL_PROJECTS_RIGHTS: &[Grant] = &[
    ("GLOBAL_CAPABILITIES", "administrateServer", false, ADMINS),
    (
        "refs/*",
        "read",
        false,
        &[(Who::Administrators, None), (Who::Anonymous, None)],
    ),
    ("refs/for/*", "addPatchSet", false, REGISTERED),
    ("refs/for/refs/*", "push", false, REGISTERED),
    ("refs/for/refs/*", "pushMerge", false, REGISTERED),
    ("refs/heads/*", "create", false, ADMINS),
    ("refs/heads/*", "forgeAuthor", false, REGISTERED),
    ("refs/heads/*", "forgeCommitter", false, ADMINS),
    (
        "refs/heads/*",
        "label-Code-Review",
        false,
        &[
            (Who::Administrators, Some((-2, 2))),
            (Who::Registered, Some((-1, 1))),
        ],
    ),
    ("refs/heads/*", "push", false, ADMINS),
    ("refs/heads/*", "submit", false, ADMINS),
    ("refs/meta/config", "read", true, ADMINS),
    ("refs/tags/*", "create", false, ADMINS),
    ("refs/tags/*", "createTag", false, ADMINS),
    ("refs/tags/*", "createSignedTag", false, ADMINS),
];

/// The default rights of `All-Users`.
const ALL_USERS_RIGHTS: &[Grant] = &[
    ("refs/users/${shardeduserid}", "read", true, REGISTERED),
    ("refs/users/${shardeduserid}", "push", true, REGISTERED),
    (
        "refs/users/${shardeduserid}",
        "label-Code-Review",
        false,
        &[(Who::Registered, Some((-2, 2)))],
    ),
    ("refs/users/${shardeduserid}", "submit", true, REGISTERED),
    ("refs/users/default", "read", true, REGISTERED),
    ("refs/users/default", "push", true, ADMINS),
];

/// The UUID and the `AccessGroupInfo` of a group of the default rights; `None` when the
/// Administrators group no longer exists.
fn group(svc: &ReviewService, who: Who) -> Result<Option<(String, types::AccessGroupInfo)>, Error> {
    let system = |id: &str, name: &str| {
        let info = types::AccessGroupInfo {
            name: Some(name.to_owned()),
            url: None,
        };
        Some((id.to_owned(), info))
    };
    Ok(match who {
        Who::Anonymous => system(ANONYMOUS_USERS_ID, ANONYMOUS_USERS_NAME),
        Who::Registered => system(REGISTERED_USERS_ID, REGISTERED_USERS_NAME),
        Who::Administrators => {
            let admins = match svc.storage.group_by_name(ADMINISTRATORS_NAME)? {
                Some(group) => Some(group),
                None => svc.storage.group_by_number(1)?,
            };
            admins.map(|g| {
                let url = format!("#/admin/groups/uuid-{}", g.id);
                (
                    g.id,
                    types::AccessGroupInfo {
                        name: Some(g.name),
                        url: Some(url),
                    },
                )
            })
        }
    })
}

type Rights = (
    BTreeMap<String, types::AccessSectionInfo>,
    BTreeMap<String, types::AccessGroupInfo>,
);

/// The project's own rights by section, and the groups they name by UUID.
/// The ids of the groups the project's own access rights name (what the groups list's
/// `p` option asks for).
pub(crate) fn groups_with_rights(
    svc: &ReviewService,
    project: &Project,
) -> Result<Vec<String>, Error> {
    Ok(local_rights(svc, project)?.1.into_keys().collect())
}

fn local_rights(svc: &ReviewService, project: &Project) -> Result<Rights, Error> {
    let grants: &[Grant] = match project.name.as_str() {
        ALL_PROJECTS => ALL_PROJECTS_RIGHTS,
        ALL_USERS => ALL_USERS_RIGHTS,
        _ => &[],
    };
    let mut groups_by_who = Vec::new();
    for who in [Who::Administrators, Who::Anonymous, Who::Registered] {
        if let Some(found) = group(svc, who)? {
            groups_by_who.push((who, found));
        }
    }
    let mut local: BTreeMap<String, types::AccessSectionInfo> = BTreeMap::new();
    let mut groups = BTreeMap::new();
    for (section, permission, exclusive, rules) in grants {
        for (who, range) in rules.iter() {
            let Some((_, (uuid, info))) = groups_by_who.iter().find(|(w, _)| w == who) else {
                continue;
            };
            let entry = local
                .entry((*section).to_owned())
                .or_default()
                .permissions
                .entry((*permission).to_owned())
                .or_insert_with(|| types::PermissionInfo {
                    label: permission.strip_prefix("label-").map(str::to_owned),
                    exclusive: exclusive.then_some(true),
                    rules: BTreeMap::new(),
                });
            entry.rules.insert(
                uuid.clone(),
                types::PermissionRuleInfo {
                    action: types::PermissionAction::Allow,
                    force: None,
                    min: range.map(|(min, _)| min),
                    max: range.map(|(_, max)| max),
                },
            );
            groups.insert(uuid.clone(), info.clone());
        }
    }
    Ok((local, groups))
}

/// The access rights of a project the caller may see.
pub(crate) fn access_info(
    svc: &ReviewService,
    caller: &Caller,
    project: &Project,
) -> Result<types::ProjectAccessInfo, Error> {
    let owner = is_admin(caller);
    let revision = svc
        .storage
        .branch(&project.name, META_CONFIG_REF)?
        .map(|b| b.revision)
        .unwrap_or_default();
    let inherits_from = match &project.parent {
        Some(parent) => svc.storage.project(parent)?.map(|p| project_info(&p)),
        None => None,
    };
    let (local, groups) = local_rights(svc, project)?;
    let yes = owner.then_some(true);
    Ok(types::ProjectAccessInfo {
        revision,
        inherits_from,
        local,
        is_owner: yes,
        owner_of: if owner {
            vec!["refs/*".to_owned()]
        } else {
            Vec::new()
        },
        can_upload: yes,
        can_add: yes,
        can_add_tags: yes,
        config_visible: yes,
        groups,
        config_web_links: None,
    })
}

#[allow(refining_impl_trait)]
impl ProjectsAccessHandlers for ReviewService {
    async fn get_project_access(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
    ) -> Result<types::ProjectAccessInfo, Error> {
        let project = load_project(self, ctx.caller, project_name)?;
        access_info(self, ctx.caller, &project)
    }
}
