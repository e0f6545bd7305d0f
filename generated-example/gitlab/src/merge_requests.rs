//! A project's merge requests, read only: the `merge_requests` section of the `projects`
//! family.

use restspec_runtime::{Page, PageRequest, RequestContext};

use crate::Gitlab;
use crate::api::options::ListMergeRequestsOptions;
use crate::api::types::{MergeRequest, MergeRequestState, MergeRequestStateFilter};
use crate::api::{Error, ProjectsMergeRequestsHandlers};

#[allow(refining_impl_trait)]
impl ProjectsMergeRequestsHandlers for Gitlab {
    async fn list_merge_requests(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        page: PageRequest,
        options: ListMergeRequestsOptions,
    ) -> Result<Page<MergeRequest>, Error> {
        let wanted = |state: MergeRequestState| match options.state {
            None | Some(MergeRequestStateFilter::All) => true,
            Some(MergeRequestStateFilter::Opened) => state == MergeRequestState::Opened,
            Some(MergeRequestStateFilter::Closed) => state == MergeRequestState::Closed,
            Some(MergeRequestStateFilter::Locked) => state == MergeRequestState::Locked,
            Some(MergeRequestStateFilter::Merged) => state == MergeRequestState::Merged,
        };
        self.read(&ctx, id, |views, project| {
            let found: Vec<MergeRequest> = project
                .merge_requests
                .iter()
                .filter(|mr| wanted(mr.state))
                .map(|mr| views.merge_request(project, mr))
                .collect();
            Ok(page.slice(&found))
        })
    }

    async fn get_merge_request(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        merge_request_iid: i64,
    ) -> Result<MergeRequest, Error> {
        let iid = merge_request_iid;
        self.read(&ctx, id, |views, project| {
            project
                .merge_requests
                .iter()
                .find(|mr| mr.iid == iid)
                .map(|mr| views.merge_request(project, mr))
                .ok_or_else(|| Error::not_found_for("Merge Request"))
        })
    }
}
