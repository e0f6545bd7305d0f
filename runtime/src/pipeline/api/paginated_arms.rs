//! How a paginated endpoint's arm reads the page a request asks for and writes the page
//! its handler answers, in the style the spec's `pagination` names.

use serde::Serialize;

use super::{Answer, Call};
use crate::error::ApiError;
use crate::pagination::{
    CursorConventions, CursorPage, CursorRequest, OffsetConventions, OffsetRequest, Page,
    PageConventions, PageRequest, Pagination,
};

impl Call<'_> {
    /// The page a `pages`-style request asks for (400 when the page parameters are not
    /// whole numbers from 1).
    pub fn page_request(&self) -> Result<PageRequest, ApiError> {
        match self.pagination()? {
            Pagination::Pages(conventions) => {
                PageRequest::read(self.parts.uri.query(), conventions)
            }
            _ => Err(wrong_style("pages")),
        }
    }

    /// Writes a `pages`-style answer: the page's items as the JSON list, and the
    /// pagination headers (`Link` and the counts the spec names) built from the request's
    /// own URL.
    pub fn reply_page<T: Serialize + Send>(
        &self,
        result: Result<Page<T>, impl Into<ApiError>>,
        request: &PageRequest,
    ) -> Answer {
        let page = result.map_err(|e| self.declared(e.into()))?;
        let conventions = self.page_conventions()?;
        let url = format!(
            "{}{}",
            crate::message::context::public_url(self.public_url_rule(), self.parts),
            self.parts.uri.path()
        );
        let headers =
            crate::pagination::headers(conventions, &page, request, &url, self.parts.uri.query());
        let mut response = self.reply::<Page<T>>(Ok::<_, ApiError>(page))?;
        response.headers_mut().extend(headers);
        Ok(response)
    }

    /// The items an `offset`-style request asks for (400 when the parameters are not
    /// whole numbers).
    pub fn offset_request(&self) -> Result<OffsetRequest, ApiError> {
        OffsetRequest::read(self.parts.uri.query(), self.offset_conventions()?)
    }

    /// Writes an `offset`-style answer: the page's items as the JSON list, the last one
    /// marked by `mark` (which sets the spec's `more_field`) when more follow.
    pub fn reply_offset_page<T: Serialize + Send>(
        &self,
        result: Result<Page<T>, impl Into<ApiError>>,
        request: &OffsetRequest,
        mark: Option<fn(&mut T)>,
    ) -> Answer {
        let mut page = result.map_err(|e| self.declared(e.into()))?;
        if let Some(mark) = mark {
            request.mark_last(&mut page, mark);
        }
        self.reply::<Page<T>>(Ok::<_, ApiError>(page))
    }

    /// Where a `cursor`-style request starts (or, paging backwards, ends) and its size
    /// (400 when the size is not a whole number from 1, or both ends are named).
    pub fn cursor_request(&self) -> Result<CursorRequest, ApiError> {
        CursorRequest::read(self.parts.uri.query(), self.cursor_conventions()?)
    }

    /// Writes a `cursor`-style answer: the object holding the items, whether more follow
    /// and the next cursor, under the spec's names, with its constant fields and the
    /// request's path as the list's `url` where the spec names them.
    pub fn reply_cursor_page<T: Serialize + Send + Sync>(
        &self,
        result: Result<CursorPage<T>, impl Into<ApiError>>,
    ) -> Answer {
        let page = result.map_err(|e| self.declared(e.into()))?;
        let conventions = self.cursor_conventions()?;
        self.reply::<()>(Ok::<_, ApiError>(crate::message::reply::Json(
            page.envelope(conventions, self.parts.uri.path()),
        )))
    }

    fn pagination(&self) -> Result<&'static Pagination, ApiError> {
        self.service
            .conventions
            .pagination
            .as_ref()
            .ok_or_else(|| ApiError::internal("the service declares no pagination"))
    }

    fn page_conventions(&self) -> Result<&'static PageConventions, ApiError> {
        match self.pagination()? {
            Pagination::Pages(conventions) => Ok(conventions),
            _ => Err(wrong_style("pages")),
        }
    }

    fn offset_conventions(&self) -> Result<&'static OffsetConventions, ApiError> {
        match self.pagination()? {
            Pagination::Offset(conventions) => Ok(conventions),
            _ => Err(wrong_style("offset")),
        }
    }

    fn cursor_conventions(&self) -> Result<&'static CursorConventions, ApiError> {
        match self.pagination()? {
            Pagination::Cursor(conventions) => Ok(conventions),
            _ => Err(wrong_style("cursor")),
        }
    }
}

/// What generated code that does not match its own spec's style gets (never, unless the
/// conventions value was edited by hand).
fn wrong_style(style: &str) -> ApiError {
    ApiError::internal(format!(
        "the service's pagination is not in the `{style}` style"
    ))
}
