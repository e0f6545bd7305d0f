//! A group's properties: name, description, options and owner.

use super::*;
use crate::api::GroupsPropertiesHandlers;

#[allow(refining_impl_trait)]
impl GroupsPropertiesHandlers for ReviewService {
    async fn get_group_name(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<String, Error> {
        Ok(load(self, ctx.caller, group_id)?.0.name)
    }

    async fn rename_group(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupNameInput,
    ) -> Result<String, Error> {
        let (group, _) = load_owned(self, ctx.caller, group_id)?;
        let name = body.name.trim();
        super::check_group_name(name)?;
        Ok(self.storage.rename_group(&group.id, name)?.name)
    }

    async fn get_group_description(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<String, Error> {
        let (group, _) = load(self, ctx.caller, group_id)?;
        // System groups have no description (as in their `GroupInfo`).
        Ok(if group.internal {
            group.description.unwrap_or_default()
        } else {
            String::new()
        })
    }

    async fn set_group_description(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupDescriptionInput,
    ) -> Result<String, Error> {
        let (group, _) = load_owned(self, ctx.caller, group_id)?;
        let description = body.description.filter(|d| !d.is_empty());
        let group = self
            .storage
            .set_group_description(&group.id, description.as_deref())?;
        Ok(group.description.unwrap_or_default())
    }

    async fn delete_group_description(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<(), Error> {
        let (group, _) = load_owned(self, ctx.caller, group_id)?;
        self.storage.set_group_description(&group.id, None)?;
        Ok(())
    }

    async fn get_group_options(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupOptionsInfo, Error> {
        Ok(options_info(&load(self, ctx.caller, group_id)?.0))
    }

    async fn set_group_options(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupOptionsInput,
    ) -> Result<types::GroupOptionsInfo, Error> {
        let (group, _) = load_owned(self, ctx.caller, group_id)?;
        let group = self
            .storage
            .set_group_visible_to_all(&group.id, body.visible_to_all.unwrap_or(false))?;
        Ok(options_info(&group))
    }

    async fn get_group_owner(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        let (group, viewer) = load(self, ctx.caller, group_id)?;
        require_internal(&group)?;
        let owner = group
            .owner_id
            .as_deref()
            .map(|id| self.storage.group(id))
            .transpose()?
            .flatten()
            .ok_or_else(|| {
                Error::NotFound(format!("owner of group '{}' not found", group.name).into())
            })?;
        group_info(self, &viewer, &owner, false, false)
    }

    async fn set_group_owner(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupOwnerInput,
    ) -> Result<types::GroupInfo, Error> {
        let (group, viewer) = load_owned(self, ctx.caller, group_id)?;
        let owner = body.owner.trim();
        if owner.is_empty() {
            return Err(Error::BadRequest("owner is required".into()));
        }
        let owner = find_named_group(self, &viewer, owner)?;
        self.storage.set_group_owner(&group.id, &owner.id)?;
        group_info(self, &viewer, &owner, false, false)
    }
}

/// `GroupOptionsInfo` of a group.
pub(crate) fn options_info(group: &Group) -> types::GroupOptionsInfo {
    types::GroupOptionsInfo {
        visible_to_all: group.visible_to_all.then_some(true),
    }
}
