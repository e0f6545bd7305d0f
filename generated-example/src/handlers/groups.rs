//! The `groups` handlers: internal groups with their name, description, options, owner,
//! members and subgroups, and the system groups `Anonymous Users` and `Registered Users`.
//!
//! A group is visible to the caller when it is visible to all, when the caller belongs to
//! it or owns it, or to administrators; invisible groups are 404. Changing a group needs
//! its owner (a member of the owner group) or an administrator (403). The system groups are
//! not internal: their members, subgroups, owner, name, description and options cannot be
//! changed or listed (405), which is checked before permissions, as the real service does.

use std::collections::BTreeSet;

use super::accounts::visible_account_info;
use super::common::*;
use super::*;
use crate::storage::{ANONYMOUS_USERS_ID, Account, Group, GroupQuery, NewGroup};

/// Suggestions answer this many groups unless `n` says otherwise.
const SUGGEST_LIMIT: usize = 10;

/// Who is looking at groups: the groups the caller belongs to, and whether it administers
/// the server.
#[derive(Debug, Clone)]
pub(super) struct Viewer {
    admin: bool,
    anonymous: bool,
    caller: Caller,
    groups: Vec<String>,
}

impl Viewer {
    /// The caller's view: its groups (`Anonymous Users` only, for anonymous callers).
    pub(super) fn of(svc: &ReviewService, caller: &Caller) -> Result<Viewer, Error> {
        let groups = match caller_id(caller) {
            Some(id) => svc.storage.account_groups(id)?,
            None => vec![ANONYMOUS_USERS_ID.to_owned()],
        };
        Ok(Viewer {
            admin: is_admin(caller),
            anonymous: caller.is_anonymous(),
            caller: caller.clone(),
            groups,
        })
    }

    /// True when the caller owns the group: an internal group whose owner group the caller
    /// belongs to; administrators own every internal group.
    pub(super) fn owns(&self, group: &Group) -> bool {
        group.internal
            && (self.admin
                || group
                    .owner_id
                    .as_ref()
                    .is_some_and(|owner| self.groups.contains(owner)))
    }

    /// True when the caller may see the group.
    pub(super) fn can_see(&self, group: &Group) -> bool {
        group.visible_to_all || self.admin || self.groups.contains(&group.id) || self.owns(group)
    }
}

pub(super) async fn resolve_groups(
    svc: &ReviewService,
    caller: &Caller,
    group_id: &str,
) -> Result<bool, Error> {
    let Some(group) = svc.storage.find_group(group_id)? else {
        return Ok(false);
    };
    Ok(Viewer::of(svc, caller)?.can_see(&group))
}

pub(super) async fn list_groups(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    options: options::ListGroupsOptions,
) -> Result<BTreeMap<String, types::GroupInfo>, Error> {
    let mut members = false;
    let mut includes = false;
    for option in &options.options {
        match option.to_ascii_uppercase().as_str() {
            "MEMBERS" => members = true,
            "INCLUDES" => includes = true,
            _ => {
                return Err(Error::BadRequest(
                    format!("\"{option}\" is not a valid value for \"-o\"").into(),
                ));
            }
        }
    }
    let matcher = options
        .regex
        .as_deref()
        .map(|r| {
            pattern::Pattern::new(r)
                .map_err(|e| Error::BadRequest(format!("invalid regex '{r}': {e}").into()))
        })
        .transpose()?;
    let viewer = Viewer::of(svc, ctx.caller)?;

    let mut groups: Vec<Group> = if options.groups.is_empty() {
        svc.storage.list_groups(&GroupQuery::default())?.items
    } else {
        let mut named: Vec<Group> = Vec::new();
        for id in &options.groups {
            let group = svc
                .storage
                .find_group(id)?
                .filter(|g| viewer.can_see(g))
                .ok_or_else(|| Error::BadRequest(format!("Group Not Found: {id}").into()))?;
            if !named.iter().any(|g| g.id == group.id) {
                named.push(group);
            }
        }
        named.sort_by(|a, b| a.name.cmp(&b.name));
        named
    };
    groups.retain(|g| viewer.can_see(g));
    if options.owned == Some(true) {
        groups.retain(|g| viewer.owns(g));
    }
    if options.visible_to_all == Some(true) {
        groups.retain(|g| g.visible_to_all);
    }
    if let Some(user) = &options.user {
        let account = svc
            .storage
            .find_account(user)?
            .ok_or_else(|| Error::BadRequest(format!("Account '{user}' not found").into()))?;
        let of_user = svc.storage.account_groups(account.id)?;
        groups.retain(|g| of_user.contains(&g.id));
    }
    if let Some(text) = &options.substring {
        let text = text.to_lowercase();
        groups.retain(|g| g.name.to_lowercase().contains(&text));
    }
    if let Some(matcher) = &matcher {
        groups.retain(|g| matcher.matches(&g.name));
    }
    if let Some(prefix) = &options.suggest {
        let prefix = prefix.to_lowercase();
        groups.retain(|g| g.name.to_lowercase().starts_with(&prefix));
    }
    if !options.projects.is_empty() {
        for project in &options.projects {
            if svc.storage.project(project)?.is_none() {
                return Err(Error::BadRequest(
                    format!("Project Not Found: {project}").into(),
                ));
            }
        }
        // The storage keeps no access rights, so no group has rights on a project.
        groups.clear();
    }

    let default_limit = options.suggest.as_ref().map(|_| SUGGEST_LIMIT);
    let limit = options
        .limit
        .and_then(|n| usize::try_from(n).ok())
        .filter(|n| *n > 0)
        .or(default_limit);
    let skip = options
        .skip
        .and_then(|s| usize::try_from(s).ok())
        .unwrap_or(0);
    let more = limit.is_some_and(|limit| groups.len() > skip.saturating_add(limit));
    let shown: Vec<&Group> = groups
        .iter()
        .skip(skip)
        .take(limit.unwrap_or(usize::MAX))
        .collect();

    let mut answer = BTreeMap::new();
    for (index, group) in shown.iter().enumerate() {
        let mut info = group_info(svc, &viewer, group, members, includes)?;
        info.name = None;
        if more && index + 1 == shown.len() {
            info.more_groups = Some(true);
        }
        answer.insert(group.name.clone(), info);
    }
    Ok(answer)
}

pub(super) async fn get_group(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
) -> Result<types::GroupInfo, Error> {
    let (group, viewer) = load(svc, ctx.caller, &group_id)?;
    group_info(svc, &viewer, &group, false, false)
}

pub(super) async fn create_group(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    body: types::GroupInput,
) -> Result<types::GroupInfo, Error> {
    let name = group_id.trim();
    if name.is_empty() {
        return Err(Error::BadRequest("name is required".into()));
    }
    if body.name.as_deref().is_some_and(|n| n.trim() != name) {
        return Err(Error::BadRequest("name must match URL".into()));
    }
    if ctx.resource.is_some() || svc.storage.group_by_name(name)?.is_some() {
        return Err(Error::Conflict(
            format!("group '{name}' already exists").into(),
        ));
    }
    let viewer = Viewer::of(svc, ctx.caller)?;
    let owner = match body
        .owner_id
        .as_deref()
        .or(body.owner.as_deref())
        .map(str::trim)
    {
        Some(owner) if !owner.is_empty() => {
            let group = find_named_group(svc, &viewer, owner)?;
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
        let account = find_named_account(svc, id)?;
        if !members.contains(&account.id) {
            members.push(account.id);
        }
    }
    let group = svc.storage.create_group(&NewGroup {
        name: name.to_owned(),
        description: body.description.filter(|d| !d.is_empty()),
        owner_id: owner,
        visible_to_all: body.visible_to_all.unwrap_or(false),
        members,
    })?;
    group_info(svc, &viewer, &group, false, false)
}

pub(super) async fn delete_group(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
) -> Result<(), Error> {
    let (group, _) = load_owned(svc, ctx.caller, &group_id)?;
    svc.storage.delete_group(&group.id)?;
    Ok(())
}

pub(super) async fn get_group_detail(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
) -> Result<types::GroupInfo, Error> {
    let (group, viewer) = load(svc, ctx.caller, &group_id)?;
    group_info(svc, &viewer, &group, true, true)
}

pub(super) async fn get_group_name(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
) -> Result<String, Error> {
    Ok(load(svc, ctx.caller, &group_id)?.0.name)
}

pub(super) async fn rename_group(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    body: types::GroupNameInput,
) -> Result<String, Error> {
    let (group, _) = load_owned(svc, ctx.caller, &group_id)?;
    let name = body.name.trim();
    if name.is_empty() {
        return Err(Error::BadRequest("name is required".into()));
    }
    Ok(svc.storage.rename_group(&group.id, name)?.name)
}

pub(super) async fn get_group_description(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
) -> Result<String, Error> {
    let (group, _) = load(svc, ctx.caller, &group_id)?;
    // System groups have no description (as in their `GroupInfo`).
    Ok(if group.internal {
        group.description.unwrap_or_default()
    } else {
        String::new()
    })
}

pub(super) async fn set_group_description(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    body: types::GroupDescriptionInput,
) -> Result<String, Error> {
    let (group, _) = load_owned(svc, ctx.caller, &group_id)?;
    let description = body.description.filter(|d| !d.is_empty());
    let group = svc
        .storage
        .set_group_description(&group.id, description.as_deref())?;
    Ok(group.description.unwrap_or_default())
}

pub(super) async fn delete_group_description(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
) -> Result<(), Error> {
    let (group, _) = load_owned(svc, ctx.caller, &group_id)?;
    svc.storage.set_group_description(&group.id, None)?;
    Ok(())
}

pub(super) async fn get_group_options(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
) -> Result<types::GroupOptionsInfo, Error> {
    Ok(options_info(&load(svc, ctx.caller, &group_id)?.0))
}

pub(super) async fn set_group_options(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    body: types::GroupOptionsInput,
) -> Result<types::GroupOptionsInfo, Error> {
    let (group, _) = load_owned(svc, ctx.caller, &group_id)?;
    let group = svc
        .storage
        .set_group_visible_to_all(&group.id, body.visible_to_all.unwrap_or(false))?;
    Ok(options_info(&group))
}

pub(super) async fn get_group_owner(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
) -> Result<types::GroupInfo, Error> {
    let (group, viewer) = load(svc, ctx.caller, &group_id)?;
    require_internal(&group)?;
    let owner = group
        .owner_id
        .as_deref()
        .map(|id| svc.storage.group(id))
        .transpose()?
        .flatten()
        .ok_or_else(|| {
            Error::NotFound(format!("owner of group '{}' not found", group.name).into())
        })?;
    group_info(svc, &viewer, &owner, false, false)
}

pub(super) async fn set_group_owner(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    body: types::GroupOwnerInput,
) -> Result<types::GroupInfo, Error> {
    let (group, viewer) = load_owned(svc, ctx.caller, &group_id)?;
    let owner = body.owner.trim();
    if owner.is_empty() {
        return Err(Error::BadRequest("owner is required".into()));
    }
    let owner = find_named_group(svc, &viewer, owner)?;
    svc.storage.set_group_owner(&group.id, &owner.id)?;
    group_info(svc, &viewer, &owner, false, false)
}

pub(super) async fn list_group_members(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    options: options::ListGroupMembersOptions,
) -> Result<Vec<types::AccountInfo>, Error> {
    let (group, viewer) = load(svc, ctx.caller, &group_id)?;
    require_internal(&group)?;
    member_infos(svc, &viewer, &group.id, options.recursive == Some(true))
}

pub(super) async fn get_group_member(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    account_id: String,
) -> Result<types::AccountInfo, Error> {
    let (group, viewer) = load(svc, ctx.caller, &group_id)?;
    require_internal(&group)?;
    let account = member(svc, &group, &account_id)?;
    Ok(visible_account_info(&viewer.caller, &account))
}

pub(super) async fn add_group_member(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    account_id: String,
) -> Result<types::AccountInfo, Error> {
    let (group, viewer) = load_owned(svc, ctx.caller, &group_id)?;
    let account = find_named_account(svc, &account_id)?;
    svc.storage.add_group_member(&group.id, account.id)?;
    Ok(visible_account_info(&viewer.caller, &account))
}

pub(super) async fn add_group_members(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    body: types::MembersInput,
) -> Result<Vec<types::AccountInfo>, Error> {
    let (group, viewer) = load_owned(svc, ctx.caller, &group_id)?;
    let accounts = named_accounts(svc, body)?;
    for account in &accounts {
        svc.storage.add_group_member(&group.id, account.id)?;
    }
    Ok(accounts
        .iter()
        .map(|a| visible_account_info(&viewer.caller, a))
        .collect())
}

pub(super) async fn remove_group_member(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    account_id: String,
) -> Result<(), Error> {
    let (group, viewer) = load(svc, ctx.caller, &group_id)?;
    require_internal(&group)?;
    let account = member(svc, &group, &account_id)?;
    require_owner(&viewer, &group)?;
    svc.storage.remove_group_member(&group.id, account.id)?;
    Ok(())
}

pub(super) async fn remove_group_members(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    body: types::MembersInput,
) -> Result<(), Error> {
    let (group, _) = load_owned(svc, ctx.caller, &group_id)?;
    for account in named_accounts(svc, body)? {
        svc.storage.remove_group_member(&group.id, account.id)?;
    }
    Ok(())
}

pub(super) async fn list_subgroups(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
) -> Result<Vec<types::GroupInfo>, Error> {
    let (group, viewer) = load(svc, ctx.caller, &group_id)?;
    require_internal(&group)?;
    subgroup_infos(svc, &viewer, &group)
}

pub(super) async fn get_subgroup(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    subgroup_id: String,
) -> Result<types::GroupInfo, Error> {
    let (group, viewer) = load(svc, ctx.caller, &group_id)?;
    require_internal(&group)?;
    let subgroup = included(svc, &viewer, &group, &subgroup_id)?;
    group_info(svc, &viewer, &subgroup, false, false)
}

pub(super) async fn add_subgroup(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    subgroup_id: String,
) -> Result<types::GroupInfo, Error> {
    let (group, viewer) = load_owned(svc, ctx.caller, &group_id)?;
    let subgroup = find_named_group(svc, &viewer, &subgroup_id)?;
    svc.storage.add_subgroup(&group.id, &subgroup.id)?;
    group_info(svc, &viewer, &subgroup, false, false)
}

pub(super) async fn add_subgroups(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    body: types::GroupsInput,
) -> Result<Vec<types::GroupInfo>, Error> {
    let (group, viewer) = load_owned(svc, ctx.caller, &group_id)?;
    let subgroups = named_groups(svc, &viewer, body)?;
    for subgroup in &subgroups {
        svc.storage.add_subgroup(&group.id, &subgroup.id)?;
    }
    subgroups
        .iter()
        .map(|g| group_info(svc, &viewer, g, false, false))
        .collect()
}

pub(super) async fn remove_subgroup(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    subgroup_id: String,
) -> Result<(), Error> {
    let (group, viewer) = load(svc, ctx.caller, &group_id)?;
    require_internal(&group)?;
    let subgroup = included(svc, &viewer, &group, &subgroup_id)?;
    require_owner(&viewer, &group)?;
    svc.storage.remove_subgroup(&group.id, &subgroup.id)?;
    Ok(())
}

pub(super) async fn remove_subgroups(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: String,
    body: types::GroupsInput,
) -> Result<(), Error> {
    let (group, viewer) = load_owned(svc, ctx.caller, &group_id)?;
    for subgroup in named_groups(svc, &viewer, body)? {
        svc.storage.remove_subgroup(&group.id, &subgroup.id)?;
    }
    Ok(())
}

// ---- helpers ----------------------------------------------------------------------------

/// A group as `GroupInfo`: system groups carry only id, name and options; internal groups
/// also their URL, description, number, owner and creation time, and their direct members
/// and subgroups when asked.
pub(super) fn group_info(
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

/// `GroupOptionsInfo` of a group.
fn options_info(group: &Group) -> types::GroupOptionsInfo {
    types::GroupOptionsInfo {
        visible_to_all: group.visible_to_all.then_some(true),
    }
}

/// The group a path names, visible to the caller (404 otherwise), and the caller's view.
fn load(svc: &ReviewService, caller: &Caller, group_id: &str) -> Result<(Group, Viewer), Error> {
    let viewer = Viewer::of(svc, caller)?;
    let group = svc
        .storage
        .find_group(group_id)?
        .filter(|g| viewer.can_see(g))
        .ok_or_else(|| Error::NotFound(format!("Not found: {group_id}").into()))?;
    Ok((group, viewer))
}

/// The group a path names, for a change: internal (405) and owned by the caller (403).
fn load_owned(
    svc: &ReviewService,
    caller: &Caller,
    group_id: &str,
) -> Result<(Group, Viewer), Error> {
    let (group, viewer) = load(svc, caller, group_id)?;
    require_internal(&group)?;
    require_owner(&viewer, &group)?;
    Ok((group, viewer))
}

/// 405 for the system groups.
fn require_internal(group: &Group) -> Result<(), Error> {
    if group.internal {
        Ok(())
    } else {
        Err(Error::MethodNotAllowed(
            format!(
                "group '{}' is a system group, not an internal group",
                group.name
            )
            .into(),
        ))
    }
}

/// 403 unless the caller owns the group.
fn require_owner(viewer: &Viewer, group: &Group) -> Result<(), Error> {
    if viewer.owns(group) {
        Ok(())
    } else if viewer.anonymous {
        Err(Error::Forbidden("Authentication required".into()))
    } else {
        Err(Error::Forbidden(
            format!("not permitted: not an owner of group '{}'", group.name).into(),
        ))
    }
}

/// A group named in a request body or as a new subgroup, visible to the caller; 422
/// otherwise.
fn find_named_group(svc: &ReviewService, viewer: &Viewer, id: &str) -> Result<Group, Error> {
    svc.storage
        .find_group(id)?
        .filter(|g| viewer.can_see(g))
        .ok_or_else(|| Error::UnprocessableEntity(format!("Group Not Found: {id}").into()))
}

/// An active account named in a request body or as a new member; 422 otherwise.
fn find_named_account(svc: &ReviewService, id: &str) -> Result<Account, Error> {
    let account = svc
        .storage
        .find_account(id)?
        .ok_or_else(|| Error::UnprocessableEntity(format!("Account '{id}' not found").into()))?;
    if !account.active {
        return Err(Error::UnprocessableEntity(
            format!("Account Inactive: {id}").into(),
        ));
    }
    Ok(account)
}

/// The accounts of a `MembersInput`, each once, in input order; 422 for one not found.
fn named_accounts(svc: &ReviewService, body: types::MembersInput) -> Result<Vec<Account>, Error> {
    let mut accounts: Vec<Account> = Vec::new();
    for id in body
        .one_member
        .into_iter()
        .chain(body.members.into_iter().flatten())
    {
        let account = find_named_account(svc, &id)?;
        if !accounts.iter().any(|a| a.id == account.id) {
            accounts.push(account);
        }
    }
    Ok(accounts)
}

/// The groups of a `GroupsInput`, each once, in input order; 422 for one not found.
fn named_groups(
    svc: &ReviewService,
    viewer: &Viewer,
    body: types::GroupsInput,
) -> Result<Vec<Group>, Error> {
    let mut groups: Vec<Group> = Vec::new();
    for id in body
        .one_group
        .into_iter()
        .chain(body.groups.into_iter().flatten())
    {
        let group = find_named_group(svc, viewer, &id)?;
        if !groups.iter().any(|g| g.id == group.id) {
            groups.push(group);
        }
    }
    Ok(groups)
}

/// The direct member an account id of the path names; 404 when it is none.
fn member(svc: &ReviewService, group: &Group, account_id: &str) -> Result<Account, Error> {
    let members = svc.storage.group_members(&group.id)?;
    svc.storage
        .find_account(account_id)?
        .filter(|a| members.contains(&a.id))
        .ok_or_else(|| Error::NotFound(format!("Not found: {account_id}").into()))
}

/// The directly included group a subgroup id of the path names; 404 when it is none.
fn included(
    svc: &ReviewService,
    viewer: &Viewer,
    group: &Group,
    subgroup_id: &str,
) -> Result<Group, Error> {
    let subgroups = svc.storage.subgroups(&group.id)?;
    svc.storage
        .find_group(subgroup_id)?
        .filter(|g| subgroups.contains(&g.id) && (viewer.owns(group) || viewer.can_see(g)))
        .ok_or_else(|| Error::NotFound(format!("Not found: {subgroup_id}").into()))
}

/// The members of an internal group (with `recursive`, also those of its internal
/// subgroups, however deep), sorted by name, then email, then id.
fn member_infos(
    svc: &ReviewService,
    viewer: &Viewer,
    group_id: &str,
    recursive: bool,
) -> Result<Vec<types::AccountInfo>, Error> {
    let mut ids = BTreeSet::new();
    let mut seen = BTreeSet::from([group_id.to_owned()]);
    let mut pending = vec![group_id.to_owned()];
    while let Some(id) = pending.pop() {
        ids.extend(svc.storage.group_members(&id)?);
        if !recursive {
            break;
        }
        for sub in svc.storage.subgroups(&id)? {
            let internal = svc.storage.group(&sub)?.is_some_and(|g| g.internal);
            if internal && seen.insert(sub.clone()) {
                pending.push(sub);
            }
        }
    }
    let mut infos = Vec::new();
    for id in ids {
        if let Some(account) = svc.storage.account(id)? {
            infos.push(visible_account_info(&viewer.caller, &account));
        }
    }
    infos.sort_by(|a, b| (&a.name, &a.email, a.account_id).cmp(&(&b.name, &b.email, b.account_id)));
    Ok(infos)
}

/// The directly included groups the caller may see (all of them for the owner), by name.
fn subgroup_infos(
    svc: &ReviewService,
    viewer: &Viewer,
    group: &Group,
) -> Result<Vec<types::GroupInfo>, Error> {
    let owner = viewer.owns(group);
    let mut infos = Vec::new();
    for id in svc.storage.subgroups(&group.id)? {
        if let Some(sub) = svc
            .storage
            .group(&id)?
            .filter(|g| owner || viewer.can_see(g))
        {
            infos.push(group_info(svc, viewer, &sub, false, false)?);
        }
    }
    Ok(infos)
}

/// The regular expressions of the `r` option, matched against the whole name as the real
/// service does (`test.*` finds names starting with `test`). The `regex` crate matches in
/// time linear in the name, and the compiled size is limited, so no pattern can hold up
/// the server.
mod pattern {
    /// A compiled `r` option.
    #[derive(Debug, Clone)]
    pub(super) struct Pattern(regex::Regex);

    /// The largest compiled pattern accepted, in bytes.
    const SIZE_LIMIT: usize = 1 << 20;

    impl Pattern {
        /// Compiles `source`, anchored at both ends.
        pub(super) fn new(source: &str) -> Result<Pattern, String> {
            regex::RegexBuilder::new(&format!("^(?:{source})$"))
                .size_limit(SIZE_LIMIT)
                .build()
                .map(Pattern)
                .map_err(|e| e.to_string())
        }

        /// True when the whole of `text` matches.
        pub(super) fn matches(&self, text: &str) -> bool {
            self.0.is_match(text)
        }
    }

    #[cfg(test)]
    mod tests {
        use super::Pattern;

        fn matches(pattern: &str, text: &str) -> bool {
            Pattern::new(pattern).expect("valid pattern").matches(text)
        }

        #[test]
        fn whole_names_match() {
            assert!(matches("test.*", "testers"));
            assert!(!matches("test", "testers"));
            assert!(matches(".*ers", "testers"));
            assert!(matches("^(dev|ops)-[a-z]+\\d{1,2}$", "ops-team42"));
            assert!(!matches("(dev|ops)-[a-z]+\\d{1,2}", "qa-team42"));
            assert!(matches("[^ ]+ Users", "Registered Users"));
            assert!(matches("a{2,}b?", "aaa"));
            assert!(matches("(a*)*b", "aaab"));
            assert!(!matches("(a*)*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac"));
            assert!(matches("x[-a]y", "x-y"));
        }

        #[test]
        fn malformed_patterns_are_refused() {
            for bad in ["(a", "a)", "[a", "*a", "a{3,1}", "\\"] {
                assert!(Pattern::new(bad).is_err(), "{bad}");
            }
        }
    }
}

#[allow(refining_impl_trait)]
impl GroupsHandlers for ReviewService {
    async fn resolve_groups(&self, caller: &Caller, group_id: &str) -> Result<bool, Error> {
        resolve_groups(self, caller, group_id).await
    }

    async fn list_groups(
        &self,
        ctx: RequestContext<'_>,
        options: options::ListGroupsOptions,
    ) -> Result<BTreeMap<String, types::GroupInfo>, Error> {
        list_groups(self, ctx, options).await
    }

    async fn get_group(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        get_group(self, ctx, group_id.to_owned()).await
    }

    async fn create_group(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupInput,
    ) -> Result<types::GroupInfo, Error> {
        create_group(self, ctx, group_id.to_owned(), body).await
    }

    async fn delete_group(&self, ctx: RequestContext<'_>, group_id: &str) -> Result<(), Error> {
        delete_group(self, ctx, group_id.to_owned()).await
    }

    async fn get_group_detail(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        get_group_detail(self, ctx, group_id.to_owned()).await
    }

    async fn get_group_name(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<String, Error> {
        get_group_name(self, ctx, group_id.to_owned()).await
    }

    async fn rename_group(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupNameInput,
    ) -> Result<String, Error> {
        rename_group(self, ctx, group_id.to_owned(), body).await
    }

    async fn get_group_description(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<String, Error> {
        get_group_description(self, ctx, group_id.to_owned()).await
    }

    async fn set_group_description(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupDescriptionInput,
    ) -> Result<String, Error> {
        set_group_description(self, ctx, group_id.to_owned(), body).await
    }

    async fn delete_group_description(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<(), Error> {
        delete_group_description(self, ctx, group_id.to_owned()).await
    }

    async fn get_group_options(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupOptionsInfo, Error> {
        get_group_options(self, ctx, group_id.to_owned()).await
    }

    async fn set_group_options(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupOptionsInput,
    ) -> Result<types::GroupOptionsInfo, Error> {
        set_group_options(self, ctx, group_id.to_owned(), body).await
    }

    async fn get_group_owner(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        get_group_owner(self, ctx, group_id.to_owned()).await
    }

    async fn set_group_owner(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupOwnerInput,
    ) -> Result<types::GroupInfo, Error> {
        set_group_owner(self, ctx, group_id.to_owned(), body).await
    }

    async fn list_group_members(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        options: options::ListGroupMembersOptions,
    ) -> Result<Vec<types::AccountInfo>, Error> {
        list_group_members(self, ctx, group_id.to_owned(), options).await
    }

    async fn get_group_member(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        account_id: &str,
    ) -> Result<types::AccountInfo, Error> {
        get_group_member(self, ctx, group_id.to_owned(), account_id.to_owned()).await
    }

    async fn add_group_member(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        account_id: &str,
    ) -> Result<types::AccountInfo, Error> {
        add_group_member(self, ctx, group_id.to_owned(), account_id.to_owned()).await
    }

    async fn add_group_members(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::MembersInput,
    ) -> Result<Vec<types::AccountInfo>, Error> {
        add_group_members(self, ctx, group_id.to_owned(), body).await
    }

    async fn remove_group_member(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        account_id: &str,
    ) -> Result<(), Error> {
        remove_group_member(self, ctx, group_id.to_owned(), account_id.to_owned()).await
    }

    async fn remove_group_members(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::MembersInput,
    ) -> Result<(), Error> {
        remove_group_members(self, ctx, group_id.to_owned(), body).await
    }

    async fn list_subgroups(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<Vec<types::GroupInfo>, Error> {
        list_subgroups(self, ctx, group_id.to_owned()).await
    }

    async fn get_subgroup(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        subgroup_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        get_subgroup(self, ctx, group_id.to_owned(), subgroup_id.to_owned()).await
    }

    async fn add_subgroup(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        subgroup_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        add_subgroup(self, ctx, group_id.to_owned(), subgroup_id.to_owned()).await
    }

    async fn add_subgroups(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupsInput,
    ) -> Result<Vec<types::GroupInfo>, Error> {
        add_subgroups(self, ctx, group_id.to_owned(), body).await
    }

    async fn remove_subgroup(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        subgroup_id: &str,
    ) -> Result<(), Error> {
        remove_subgroup(self, ctx, group_id.to_owned(), subgroup_id.to_owned()).await
    }

    async fn remove_subgroups(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupsInput,
    ) -> Result<(), Error> {
        remove_subgroups(self, ctx, group_id.to_owned(), body).await
    }
}
