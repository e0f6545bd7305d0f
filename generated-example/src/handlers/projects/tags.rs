//! The tags of a project: lightweight, or annotated when made with a message.

use restspec_runtime::{Caller, RequestContext};

use super::commits::git_person;
use super::refs::{matches, ref_filter, resolve_revision};
use super::{is_valid_ref_name, load_project, require_owner, require_writable};
use crate::api::ProjectsTagsHandlers;
use crate::api::{Error, options, types};
use crate::handlers::ReviewService;
use crate::handlers::common::{is_admin, page, require_caller};
use crate::storage::{NewTag, Project, ProjectState, Tag, full_tag_ref};

fn tag_info(
    svc: &ReviewService,
    caller: &Caller,
    project: &Project,
    tag: Tag,
) -> Result<types::TagInfo, Error> {
    let tagger = match &tag.message {
        Some(_) => Some(git_person(svc, tag.tagger, tag.created)?),
        None => None,
    };
    Ok(types::TagInfo {
        ref_: tag.name,
        revision: tag.revision,
        object: tag.object,
        message: tag.message,
        tagger,
        created: Some(tag.created),
        can_delete: (is_admin(caller) && project.state == ProjectState::Active).then_some(true),
        web_links: None,
    })
}

/// The project and one of its tags, each 404 when it is not there (or not visible).
fn load_tag(
    svc: &ReviewService,
    caller: &Caller,
    project_name: &str,
    tag_id: &str,
) -> Result<(Project, Tag), Error> {
    let project = load_project(svc, caller, project_name)?;
    let tag = svc
        .storage
        .tag(&project.name, tag_id)?
        .ok_or_else(|| Error::not_found_for(tag_id))?;
    Ok((project, tag))
}

#[allow(refining_impl_trait)]
impl ProjectsTagsHandlers for ReviewService {
    async fn list_tags(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        options: options::ListTagsOptions,
    ) -> Result<Vec<types::TagInfo>, Error> {
        let caller = ctx.caller;
        let project = load_project(self, caller, project_name)?;
        let filter = ref_filter(&options.substring, &options.regex)?;
        let tags = self
            .storage
            .tags(&project.name)?
            .into_iter()
            .filter(|t| matches(&filter, &t.name));
        page(tags, options.skip.or(options.start), options.limit)
            .into_iter()
            .map(|tag| tag_info(self, caller, &project, tag))
            .collect()
    }

    async fn get_tag(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        tag_id: &str,
    ) -> Result<types::TagInfo, Error> {
        let caller = ctx.caller;
        let (project, tag) = load_tag(self, caller, project_name, tag_id)?;
        tag_info(self, caller, &project, tag)
    }

    /// 201 with the tag, annotated when the input has a message; an existing tag is 409, a
    /// revision that cannot be resolved 422.
    async fn create_tag(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        tag_id: &str,
        body: types::TagInput,
    ) -> Result<types::TagInfo, Error> {
        let caller = ctx.caller;
        let tagger = require_caller(caller)?;
        let project = load_project(self, caller, project_name)?;
        let name = new_tag_name(tag_id, body.ref_.as_deref())?;
        require_owner(caller, &format!("create on {name}"))?;
        require_writable(&project)?;
        if self.storage.tag(&project.name, &name)?.is_some() {
            return Err(Error::Conflict(
                format!("tag \"{name}\" already exists").into(),
            ));
        }
        let revision = resolve_revision(self, &project, body.revision.as_deref())?;
        let new = NewTag {
            name,
            revision,
            message: body.message.filter(|m| !m.is_empty()),
            tagger: Some(tagger),
        };
        let tag = self.storage.create_tag(&project.name, &new)?;
        tag_info(self, caller, &project, tag)
    }

    async fn delete_tag(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        tag_id: &str,
    ) -> Result<(), Error> {
        let caller = ctx.caller;
        let (project, tag) = load_tag(self, caller, project_name, tag_id)?;
        require_owner(caller, &format!("delete on {}", tag.name))?;
        require_writable(&project)?;
        if self.storage.delete_tag(&project.name, &tag.name)? {
            Ok(())
        } else {
            Err(Error::not_found_for(tag_id))
        }
    }
}

/// The tag name of the URL as a full ref under `refs/tags/`; the input's `ref` must name
/// the same.
fn new_tag_name(tag_id: &str, input_ref: Option<&str>) -> Result<String, Error> {
    let name = full_tag_ref(tag_id.trim_start_matches('/'));
    if let Some(input) = input_ref.filter(|r| !r.is_empty())
        && full_tag_ref(input.trim_start_matches('/')) != name
    {
        return Err(Error::BadRequest("ref must match URL".into()));
    }
    if !name.starts_with("refs/tags/") || !is_valid_ref_name(&name) {
        return Err(Error::BadRequest(
            format!("invalid tag name \"{name}\"").into(),
        ));
    }
    Ok(name)
}
