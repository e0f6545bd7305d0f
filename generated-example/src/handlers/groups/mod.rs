//! The `groups` handlers: internal groups with their name, description, options, owner,
//! members and subgroups, and the system groups `Anonymous Users` and `Registered Users`.
//!
//! A group is visible to the caller when it is visible to all, when the caller belongs to
//! it or owns it, or to administrators; invisible groups are 404. Changing a group needs
//! its owner (a member of the owner group) or an administrator (403). The system groups are
//! not internal: their members, subgroups, owner, name, description and options cannot be
//! changed or listed (405), which is checked before permissions, as the real service does.

mod list;
mod members;
mod properties;
mod subgroups;
mod visibility;

use members::*;
use properties::*;
use subgroups::*;
pub(crate) use visibility::Viewer;
use visibility::*;

use std::collections::BTreeSet;

use super::common::*;
use super::*;
use crate::storage::{ANONYMOUS_USERS_ID, Account, Group, GroupQuery, NewGroup};

// ---- helpers ----------------------------------------------------------------------------

/// A group as `GroupInfo`: system groups carry only id, name and options; internal groups
/// also their URL, description, number, owner and creation time, and their direct members
/// and subgroups when asked.
pub(crate) fn group_info(
    svc: &ReviewService,
    viewer: &Viewer,
    group: &Group,
    members: bool,
    includes: bool,
) -> Result<types::GroupInfo, Error> {
    let mut info = types::GroupInfo {
        id: encode_id(&group.id),
        name: Some(group.name.clone()),
        url: None,
        options: options_info(group),
        description: None,
        group_id: None,
        owner: None,
        owner_id: None,
        created_on: None,
        more_groups: None,
        members: None,
        includes: None,
    };
    if !group.internal {
        return Ok(info);
    }
    info.url = Some(format!("#/admin/groups/uuid-{}", encode_id(&group.id)));
    info.description = group.description.clone().filter(|d| !d.is_empty());
    info.group_id = group.number;
    if let Some(owner_id) = &group.owner_id {
        info.owner_id = Some(encode_id(owner_id));
        info.owner = svc.storage.group(owner_id)?.map(|owner| owner.name);
    }
    info.created_on = Some(group.created_on);
    if members {
        info.members = Some(member_infos(svc, viewer, &group.id, false)?);
    }
    if includes {
        info.includes = Some(subgroup_infos(svc, viewer, group)?);
    }
    Ok(info)
}

#[allow(refining_impl_trait)]
impl GroupsHandlers for ReviewService {
    async fn resolve_groups(&self, caller: &Caller, group_id: &str) -> Result<bool, Error> {
        let Some(group) = self.storage.find_group(group_id)? else {
            return Ok(false);
        };
        Ok(Viewer::of(self, caller)?.can_see(&group))
    }

    async fn get_group(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        let (group, viewer) = load(self, ctx.caller, group_id)?;
        group_info(self, &viewer, &group, false, false)
    }

    async fn create_group(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupInput,
    ) -> Result<types::GroupInfo, Error> {
        let name = group_id.trim();
        check_group_name(name)?;
        if body.name.as_deref().is_some_and(|n| n.trim() != name) {
            return Err(Error::BadRequest("name must match URL".into()));
        }
        if ctx.resource.is_some() || self.storage.group_by_name(name)?.is_some() {
            return Err(Error::Conflict(
                format!("group '{name}' already exists").into(),
            ));
        }
        let viewer = Viewer::of(self, ctx.caller)?;
        let owner = match body
            .owner_id
            .as_deref()
            .or(body.owner.as_deref())
            .map(str::trim)
        {
            Some(owner) if !owner.is_empty() => {
                let group = find_named_group(self, &viewer, owner)?;
                if !group.internal {
                    return Err(Error::UnprocessableEntity(
                        format!("{owner} is not an internal group").into(),
                    ));
                }
                Some(group.id)
            }
            _ => None,
        };
        let mut members = Vec::new();
        if owner.is_none() {
            // A group that owns itself starts with its creator, who can then manage it.
            members.push(require_caller(ctx.caller)?);
        }
        for id in body.members.iter().flatten() {
            let account = find_named_account(self, id)?;
            if !members.contains(&account.id) {
                members.push(account.id);
            }
        }
        let group = self.storage.create_group(&NewGroup {
            name: name.to_owned(),
            description: body.description.filter(|d| !d.is_empty()),
            owner_id: owner,
            visible_to_all: body.visible_to_all.unwrap_or(false),
            members,
        })?;
        group_info(self, &viewer, &group, false, false)
    }

    async fn delete_group(&self, ctx: RequestContext<'_>, group_id: &str) -> Result<(), Error> {
        let (group, _) = load_owned(self, ctx.caller, group_id)?;
        self.storage.delete_group(&group.id)?;
        Ok(())
    }

    async fn get_group_detail(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        let (group, viewer) = load(self, ctx.caller, group_id)?;
        group_info(self, &viewer, &group, true, true)
    }
}

/// A group name must be given and must not hold control characters: a name is echoed in
/// headers (`Location`), logs and other clients' screens.
pub(crate) fn check_group_name(name: &str) -> Result<(), Error> {
    if name.is_empty() {
        return Err(Error::BadRequest("name is required".into()));
    }
    if name.chars().any(char::is_control) {
        return Err(Error::BadRequest(
            "group name must not contain control characters".into(),
        ));
    }
    Ok(())
}
