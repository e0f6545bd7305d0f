//! A group's properties: name, description, options and owner.

use super::*;

pub(crate) async fn get_group_name(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: &str,
) -> Result<String, Error> {
    Ok(load(svc, ctx.caller, group_id)?.0.name)
}

pub(crate) async fn rename_group(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: &str,
    body: types::GroupNameInput,
) -> Result<String, Error> {
    let (group, _) = load_owned(svc, ctx.caller, group_id)?;
    let name = body.name.trim();
    super::check_group_name(name)?;
    Ok(svc.storage.rename_group(&group.id, name)?.name)
}

pub(crate) async fn get_group_description(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: &str,
) -> Result<String, Error> {
    let (group, _) = load(svc, ctx.caller, group_id)?;
    // System groups have no description (as in their `GroupInfo`).
    Ok(if group.internal {
        group.description.unwrap_or_default()
    } else {
        String::new()
    })
}

pub(crate) async fn set_group_description(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: &str,
    body: types::GroupDescriptionInput,
) -> Result<String, Error> {
    let (group, _) = load_owned(svc, ctx.caller, group_id)?;
    let description = body.description.filter(|d| !d.is_empty());
    let group = svc
        .storage
        .set_group_description(&group.id, description.as_deref())?;
    Ok(group.description.unwrap_or_default())
}

pub(crate) async fn delete_group_description(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: &str,
) -> Result<(), Error> {
    let (group, _) = load_owned(svc, ctx.caller, group_id)?;
    svc.storage.set_group_description(&group.id, None)?;
    Ok(())
}

pub(crate) async fn get_group_options(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: &str,
) -> Result<types::GroupOptionsInfo, Error> {
    Ok(options_info(&load(svc, ctx.caller, group_id)?.0))
}

pub(crate) async fn set_group_options(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: &str,
    body: types::GroupOptionsInput,
) -> Result<types::GroupOptionsInfo, Error> {
    let (group, _) = load_owned(svc, ctx.caller, group_id)?;
    let group = svc
        .storage
        .set_group_visible_to_all(&group.id, body.visible_to_all.unwrap_or(false))?;
    Ok(options_info(&group))
}

pub(crate) async fn get_group_owner(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: &str,
) -> Result<types::GroupInfo, Error> {
    let (group, viewer) = load(svc, ctx.caller, group_id)?;
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

pub(crate) async fn set_group_owner(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    group_id: &str,
    body: types::GroupOwnerInput,
) -> Result<types::GroupInfo, Error> {
    let (group, viewer) = load_owned(svc, ctx.caller, group_id)?;
    let owner = body.owner.trim();
    if owner.is_empty() {
        return Err(Error::BadRequest("owner is required".into()));
    }
    let owner = find_named_group(svc, &viewer, owner)?;
    svc.storage.set_group_owner(&group.id, &owner.id)?;
    group_info(svc, &viewer, &owner, false, false)
}

/// `GroupOptionsInfo` of a group.
pub(crate) fn options_info(group: &Group) -> types::GroupOptionsInfo {
    types::GroupOptionsInfo {
        visible_to_all: group.visible_to_all.then_some(true),
    }
}
