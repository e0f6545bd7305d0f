//! The groups included in a group: listing, adding and removing, one or several at a time.

use super::*;
use crate::api::GroupsSubgroupsHandlers;

#[allow(refining_impl_trait)]
impl GroupsSubgroupsHandlers for ReviewService {
    async fn list_subgroups(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<Vec<types::GroupInfo>, Error> {
        let (group, viewer) = load(self, ctx.caller, group_id)?;
        require_internal(&group)?;
        subgroup_infos(self, &viewer, &group)
    }

    async fn get_subgroup(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        subgroup_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        let (group, viewer) = load(self, ctx.caller, group_id)?;
        require_internal(&group)?;
        let subgroup = included(self, &viewer, &group, subgroup_id)?;
        group_info(self, &viewer, &subgroup, false, false)
    }

    async fn add_subgroup(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        subgroup_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        let (group, viewer) = load_owned(self, ctx.caller, group_id)?;
        let subgroup = find_named_group(self, &viewer, subgroup_id)?;
        self.storage.add_subgroup(&group.id, &subgroup.id)?;
        group_info(self, &viewer, &subgroup, false, false)
    }

    async fn add_subgroups(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupsInput,
    ) -> Result<Vec<types::GroupInfo>, Error> {
        let (group, viewer) = load_owned(self, ctx.caller, group_id)?;
        let subgroups = named_groups(self, &viewer, body)?;
        for subgroup in &subgroups {
            self.storage.add_subgroup(&group.id, &subgroup.id)?;
        }
        subgroups
            .iter()
            .map(|g| group_info(self, &viewer, g, false, false))
            .collect()
    }

    async fn remove_subgroup(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        subgroup_id: &str,
    ) -> Result<(), Error> {
        let (group, viewer) = load(self, ctx.caller, group_id)?;
        require_internal(&group)?;
        let subgroup = included(self, &viewer, &group, subgroup_id)?;
        require_owner(&viewer, &group)?;
        self.storage.remove_subgroup(&group.id, &subgroup.id)?;
        Ok(())
    }

    async fn remove_subgroups(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupsInput,
    ) -> Result<(), Error> {
        let (group, viewer) = load_owned(self, ctx.caller, group_id)?;
        for subgroup in named_groups(self, &viewer, body)? {
            self.storage.remove_subgroup(&group.id, &subgroup.id)?;
        }
        Ok(())
    }
}

/// The groups of a `GroupsInput`, each once, in input order; 422 for one not found.
pub(crate) fn named_groups(
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

/// The directly included group a subgroup id of the path names; 404 when it is none.
pub(crate) fn included(
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

/// The directly included groups the caller may see (all of them for the owner), by name.
pub(crate) fn subgroup_infos(
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
