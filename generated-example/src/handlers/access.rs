//! The `access` handlers: the access rights of several projects at once
//! (`GET /access/?project=...`).

use std::collections::BTreeMap;

use restspec_runtime::RequestContext;

use super::ReviewService;
use super::projects::{access_info, load_project};
use crate::api::{AccessHandlers, Error, options, types};

#[allow(refining_impl_trait)]
impl AccessHandlers for ReviewService {
    /// A map keyed by project name (as asked) of the named projects' access rights; a
    /// project the caller cannot see is 404, as in the real service.
    async fn list_access(
        &self,
        ctx: RequestContext<'_>,
        options: options::ListAccessOptions,
    ) -> Result<BTreeMap<String, types::ProjectAccessInfo>, Error> {
        let mut answer = BTreeMap::new();
        for name in options.projects {
            let project = load_project(self, ctx.caller, &name)?;
            let info = access_info(self, ctx.caller, &project)?;
            answer.insert(name, info);
        }
        Ok(answer)
    }
}
