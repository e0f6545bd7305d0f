//! An in-memory implementation of `fixtures/offset_lists` (lists paged by offset, the last
//! item marked when more follow), and a loopback server to run it.

use restspec_runtime::{OffsetRequest, Page, RequestContext, Settings};

use crate::build_script::offset_lists::options::QueryChangesOptions;
use crate::build_script::offset_lists::types::{ChangeInfo, ChangeInput, ReviewInput};
use crate::build_script::offset_lists::{ChangesHandlers, Error, router};

/// Changes 1 to `count`, whose subjects say whether their number is even.
#[derive(Debug, Clone)]
pub struct OffsetLists {
    count: i64,
}

impl OffsetLists {
    /// A service holding changes 1 to `count`.
    pub fn new(count: i64) -> Self {
        OffsetLists { count }
    }

    /// Serves the service on a loopback port until the test's runtime ends; answers its
    /// base URL.
    pub async fn serve(self) -> std::io::Result<String> {
        let app = router(self, Settings::default());
        restspec_runtime::example_tests::serve_on_loopback(app).await
    }
}

#[allow(refining_impl_trait)]
impl ChangesHandlers for OffsetLists {
    async fn query_changes(
        &self,
        _: RequestContext<'_>,
        page: OffsetRequest,
        options: QueryChangesOptions,
    ) -> Result<Page<ChangeInfo>, Error> {
        let newest_first: Vec<ChangeInfo> = (1..=self.count)
            .rev()
            .map(|number| ChangeInfo {
                number,
                subject: format!("{} change", if number % 2 == 0 { "even" } else { "odd" }),
                more_changes: None,
            })
            .filter(|c| {
                options
                    .query
                    .as_ref()
                    .is_none_or(|q| c.subject.contains(q.as_str()))
            })
            .collect();
        Ok(page.slice(&newest_first))
    }

    async fn create_change(
        &self,
        _: RequestContext<'_>,
        body: ChangeInput,
    ) -> Result<ChangeInfo, Error> {
        Ok(ChangeInfo {
            number: self.count + 1,
            subject: body.subject.unwrap_or_else(|| "untitled".to_owned()),
            more_changes: None,
        })
    }

    async fn review_changes(
        &self,
        _: RequestContext<'_>,
        body: Option<ReviewInput>,
    ) -> Result<String, Error> {
        Ok(body.map_or_else(|| "reviewed without a message".to_owned(), |b| b.message))
    }

    async fn reopen_changes(
        &self,
        _: RequestContext<'_>,
        body: Option<ReviewInput>,
    ) -> Result<String, Error> {
        Ok(body.map_or_else(|| "reopened without a message".to_owned(), |b| b.message))
    }

    async fn comment_changes(
        &self,
        _: RequestContext<'_>,
        body: ReviewInput,
    ) -> Result<String, Error> {
        Ok(body.message)
    }
}
