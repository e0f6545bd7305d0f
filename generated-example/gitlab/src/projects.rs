//! Projects: the business rules of the `projects` family's own endpoints (who may see and
//! change a project, how paths are made, what an update touches). Its issues, labels and
//! merge requests are sections of their own (`issues.rs`, `labels.rs`,
//! `merge_requests.rs`). The protocol (tokens, errors, pages, links, rate limits) is the
//! runtime's.

use std::collections::BTreeMap;

use restspec_runtime::{Caller, Page, PageRequest, RequestContext, Rfc3339Timestamp};

use crate::Gitlab;
use crate::api::options::ListProjectsOptions;
use crate::api::types::{Message, Project, ProjectChanges, ProjectCreate, Visibility};
use crate::api::{Error, ProjectsHandlers};
use crate::rules::{Needs, invalid, path_of};
use crate::store::{ProjectRecord, caller_id};
use crate::views::Views;

#[allow(refining_impl_trait)]
impl ProjectsHandlers for Gitlab {
    async fn resolve_projects(&self, caller: &Caller, id: &str) -> Result<bool, Error> {
        let data = self.store.lock();
        // A project the caller may not see is as missing as one that does not exist.
        match data.project(caller, id) {
            Some(_) => Ok(true),
            None => Err(Error::not_found_for("Project")),
        }
    }

    async fn list_projects(
        &self,
        ctx: RequestContext<'_>,
        page: PageRequest,
        options: ListProjectsOptions,
    ) -> Result<Page<Project>, Error> {
        let data = self.store.lock();
        let base = ctx.public_url();
        let views = Views {
            data: &data,
            base: &base,
        };
        let me = caller_id(ctx.caller);
        let search = options.search.map(|s| s.to_lowercase());
        let found: Vec<Project> = data
            .projects
            .values()
            .rev()
            .filter(|p| data.may_see(ctx.caller, p))
            .filter(|p| options.owned != Some(true) || Some(p.owner) == me)
            .filter(|p| options.visibility.is_none_or(|v| p.visibility == v))
            .filter(|p| {
                search
                    .as_ref()
                    .is_none_or(|s| p.name.to_lowercase().contains(s) || p.path.contains(s))
            })
            .map(|p| views.project(p))
            .collect();
        Ok(page.slice(&found))
    }

    async fn create_project(
        &self,
        ctx: RequestContext<'_>,
        body: ProjectCreate,
    ) -> Result<Project, Error> {
        let owner =
            caller_id(ctx.caller).ok_or_else(|| Error::Unauthorized("Unauthorized".into()))?;
        let name = body.name.trim().to_owned();
        if name.is_empty() {
            return Err(invalid("name", "can't be blank"));
        }
        let path = body.path.unwrap_or_else(|| path_of(&name));
        let mut data = self.store.lock();
        if data
            .projects
            .values()
            .any(|p| p.owner == owner && (p.path == path || p.name == name))
        {
            return Err(invalid("name", "has already been taken"));
        }
        let id = data.next_id();
        let now = Rfc3339Timestamp::now();
        let record = ProjectRecord {
            id,
            name,
            path,
            owner,
            description: body.description.value().cloned(),
            default_branch: None,
            visibility: body.visibility.unwrap_or(Visibility::Private),
            created_at: now,
            updated_at: now,
            issues: BTreeMap::new(),
            next_iid: 1,
            labels: BTreeMap::new(),
            merge_requests: Vec::new(),
        };
        let base = ctx.public_url();
        let project = Views {
            data: &data,
            base: &base,
        }
        .project(&record);
        data.projects.insert(id, record);
        Ok(project)
    }

    async fn get_project(&self, ctx: RequestContext<'_>, id: &str) -> Result<Project, Error> {
        self.read(&ctx, id, |views, project| Ok(views.project(project)))
    }

    async fn update_project(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        body: ProjectChanges,
    ) -> Result<Project, Error> {
        let change = |project: &mut ProjectRecord, _: i64, _: Option<i64>| {
            if let Some(name) = body.name {
                project.name = name;
            }
            body.description.apply(&mut project.description);
            body.default_branch.apply(&mut project.default_branch);
            if let Some(visibility) = body.visibility {
                project.visibility = visibility;
            }
            Ok(())
        };
        self.write(&ctx, id, Needs::Maintainer, change, |views, project, ()| {
            views.project(project)
        })
    }

    async fn delete_project(&self, ctx: RequestContext<'_>, id: &str) -> Result<Message, Error> {
        let mut data = self.store.lock();
        let project = data
            .project(ctx.caller, id)
            .ok_or_else(|| Error::not_found_for("Project"))?;
        if !data.may_change(ctx.caller, project) {
            return Err(Error::Forbidden("Forbidden".into()));
        }
        let id = project.id;
        data.projects.remove(&id);
        Ok(Message {
            message: "202 Accepted".to_owned(),
        })
    }
}
