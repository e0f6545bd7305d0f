//! Who sees and owns a group: the caller's view of groups, loading a group as that
//! caller, and the checks that guard changes.

use super::*;

/// Who is looking at groups: the groups the caller belongs to, and whether it administers
/// the server.
#[derive(Debug, Clone)]
pub(crate) struct Viewer {
    admin: bool,
    anonymous: bool,
    pub(crate) caller: Caller,
    groups: Vec<String>,
}

impl Viewer {
    /// The caller's view: its groups (`Anonymous Users` only, for anonymous callers).
    pub(crate) fn of(svc: &ReviewService, caller: &Caller) -> Result<Viewer, Error> {
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
    pub(crate) fn owns(&self, group: &Group) -> bool {
        group.internal
            && (self.admin
                || group
                    .owner_id
                    .as_ref()
                    .is_some_and(|owner| self.groups.contains(owner)))
    }

    /// True when the caller may see the group.
    pub(crate) fn can_see(&self, group: &Group) -> bool {
        group.visible_to_all || self.admin || self.groups.contains(&group.id) || self.owns(group)
    }
}

/// The group a path names, visible to the caller (404 otherwise), and the caller's view.
pub(crate) fn load(
    svc: &ReviewService,
    caller: &Caller,
    group_id: &str,
) -> Result<(Group, Viewer), Error> {
    let viewer = Viewer::of(svc, caller)?;
    let group = svc
        .storage
        .find_group(group_id)?
        .filter(|g| viewer.can_see(g))
        .ok_or_else(|| Error::NotFound(format!("Not found: {group_id}").into()))?;
    Ok((group, viewer))
}

/// The group a path names, for a change: internal (405) and owned by the caller (403).
pub(crate) fn load_owned(
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
pub(crate) fn require_internal(group: &Group) -> Result<(), Error> {
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
pub(crate) fn require_owner(viewer: &Viewer, group: &Group) -> Result<(), Error> {
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
pub(crate) fn find_named_group(
    svc: &ReviewService,
    viewer: &Viewer,
    id: &str,
) -> Result<Group, Error> {
    svc.storage
        .find_group(id)?
        .filter(|g| viewer.can_see(g))
        .ok_or_else(|| Error::UnprocessableEntity(format!("Group Not Found: {id}").into()))
}
