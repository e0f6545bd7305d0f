//! A project's settings: description, parent and `HEAD`.

use super::*;
use crate::api::ProjectsSettingsHandlers;

#[allow(refining_impl_trait)]
impl ProjectsSettingsHandlers for ReviewService {
    async fn get_project_description(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
    ) -> Result<String, Error> {
        Ok(load_project(self, ctx.caller, project_name)?
            .description
            .unwrap_or_default())
    }

    /// Answers the new description; an empty one deletes it and answers `""` (the real
    /// service answers 204 then, but the spec gives this endpoint one success status).
    async fn set_project_description(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        body: types::ProjectDescriptionInput,
    ) -> Result<String, Error> {
        let project = load_project(self, ctx.caller, project_name)?;
        require_owner(ctx.caller, "write config")?;
        require_writable(&project)?;
        let text = non_empty(&body.description);
        let updated = self
            .storage
            .set_project_description(&project.name, text.as_deref())?;
        Ok(updated.description.unwrap_or_default())
    }

    async fn delete_project_description(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
    ) -> Result<(), Error> {
        let project = load_project(self, ctx.caller, project_name)?;
        require_owner(ctx.caller, "write config")?;
        require_writable(&project)?;
        self.storage.set_project_description(&project.name, None)?;
        Ok(())
    }

    async fn get_project_parent(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
    ) -> Result<String, Error> {
        Ok(load_project(self, ctx.caller, project_name)?
            .parent
            .unwrap_or_default())
    }

    /// An empty parent means `All-Projects`; an unknown one is 422, a cycle (the project
    /// itself, or one of its descendants) and any parent for `All-Projects` 409.
    async fn set_project_parent(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        body: types::ProjectParentInput,
    ) -> Result<String, Error> {
        let caller = ctx.caller;
        let project = load_project(self, caller, project_name)?;
        require_owner(caller, "administrate server")?;
        require_writable(&project)?;
        let parent = match project_key(&body.parent) {
            "" => ALL_PROJECTS,
            name => name,
        };
        if !self
            .storage
            .project(parent)?
            .is_some_and(|p| can_see(caller, &p))
        {
            return Err(Error::UnprocessableEntity(
                format!("Parent project '{parent}' not found").into(),
            ));
        }
        let updated = self.storage.set_project_parent(&project.name, parent)?;
        Ok(updated.parent.unwrap_or_default())
    }

    async fn get_head(&self, ctx: RequestContext<'_>, project_name: &str) -> Result<String, Error> {
        Ok(load_project(self, ctx.caller, project_name)?.head)
    }

    /// An unknown branch is 422 (`Ref Not Found`), as in the real service and the spec.
    async fn set_head(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        body: types::HeadInput,
    ) -> Result<String, Error> {
        let project = load_project(self, ctx.caller, project_name)?;
        require_owner(ctx.caller, "set HEAD")?;
        require_writable(&project)?;
        let target = body.ref_.trim();
        if target.is_empty() {
            return Err(Error::BadRequest("ref required".into()));
        }
        let full = crate::storage::full_ref(target);
        if self.storage.branch(&project.name, &full)?.is_none() {
            return Err(Error::UnprocessableEntity(
                format!("Ref Not Found: {full}").into(),
            ));
        }
        Ok(self.storage.set_project_head(&project.name, &full)?.head)
    }
}
