//! Calls of paginated endpoints, in the style the spec's `pagination` names: choosing a
//! page, and walking every page (following `Link: <...>; rel="next"`, the `offset` style's
//! marker on the last item, or the `cursor` style's next cursor).

use futures_util::{Stream, StreamExt, stream};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::call::Call;
use super::error::{ClientError, StatusTable};
use crate::conventions::Pagination;

impl<I, E> Call<Vec<I>, E> {
    /// Marks the call as a paginated endpoint's, which generated clients do: in the
    /// `cursor` style the items then come out of the answer's object.
    #[doc(hidden)]
    pub fn paginated(mut self) -> Self {
        self.paginated = true;
        self
    }

    /// Asks for page `page` (from 1) of `per_page` items, in the parameters the spec's
    /// `pagination` names: `?page=&per_page=`, or the same items as `?offset=&limit=`. In
    /// the `cursor` style pages are reached by [`after`](Self::after), and this sets the
    /// size only. A spec without pagination sends nothing.
    pub fn page(mut self, page: u64, per_page: u64) -> Self {
        match self.conventions().pagination {
            Some(Pagination::Pages(p)) => {
                self.set_query(p.page_parameter, page.to_string());
                self.set_query(p.per_page_parameter, per_page.to_string());
            }
            Some(Pagination::Offset(o)) => {
                let offset = page.saturating_sub(1).saturating_mul(per_page);
                self.set_query(o.offset_parameter, offset.to_string());
                self.set_query(o.limit_parameter, per_page.to_string());
            }
            Some(Pagination::Cursor(c)) => self.set_query(c.limit_parameter, per_page.to_string()),
            None => {}
        }
        self
    }

    /// Asks for the page after `cursor` (an answer's [`next_cursor`](super::Answer::next_cursor)),
    /// in the `cursor` style; other styles send nothing.
    pub fn after(mut self, cursor: &str) -> Self {
        if let Some(Pagination::Cursor(c)) = self.conventions().pagination {
            if let Some(before) = c.before_parameter {
                self.remove_query(before);
            }
            self.set_query(c.cursor_parameter, cursor.to_owned());
        }
        self
    }

    /// Asks for the page that ends just before `cursor`, in the `cursor` style where the
    /// spec names a `before_parameter` (`ending_before`); other services get nothing sent.
    /// The answer's [`next_cursor`](super::Answer::next_cursor) is then the page before
    /// that one, and [`pages`](Self::pages) and [`all`](Self::all) walk backwards, each
    /// page's items in the list's order.
    pub fn before(mut self, cursor: &str) -> Self {
        if let Some(Pagination::Cursor(c)) = self.conventions().pagination
            && let Some(before) = c.before_parameter
        {
            self.remove_query(c.cursor_parameter);
            self.set_query(before, cursor.to_owned());
        }
        self
    }

    /// Every page, one at a time as they arrive: sends the call, then asks for the next
    /// page until an answer says none follows (at most `max_pages` requests). The stream
    /// ends after the first error, which it yields.
    pub fn pages(
        self,
        max_pages: usize,
    ) -> impl Stream<Item = Result<Vec<I>, ClientError<E>>> + Send
    where
        I: DeserializeOwned + Send,
        E: StatusTable + Send,
    {
        stream::unfold((Some(self), max_pages), |(call, left)| async move {
            let mut call = call.filter(|_| left > 0)?;
            match call.one_page().await {
                Ok((items, next)) => {
                    let call = next.map(|next| {
                        call.advance(next);
                        call
                    });
                    Some((Ok(items), (call, left - 1)))
                }
                Err(error) => Some((Err(error), (None, 0))),
            }
        })
    }

    /// Every item of every page: [`pages`](Self::pages) gathered into one list.
    pub async fn all(self, max_pages: usize) -> Result<Vec<I>, ClientError<E>>
    where
        I: DeserializeOwned + Send,
        E: StatusTable + Send,
    {
        let mut pages = std::pin::pin!(self.pages(max_pages));
        let mut items = Vec::new();
        while let Some(page) = pages.next().await {
            items.extend(page?);
        }
        Ok(items)
    }

    /// Sends the call for one page: its items, and how the next page is asked for, when
    /// one follows (the `Link` header's `rel="next"`, the `offset` style's marker, the
    /// `cursor` style's next cursor).
    async fn one_page(&self) -> Result<(Vec<I>, Option<Next>), ClientError<E>>
    where
        I: DeserializeOwned,
        E: StatusTable,
    {
        match self.conventions().pagination {
            Some(Pagination::Offset(o)) => {
                let number = |name| self.query_value(name).and_then(|v| v.parse::<u64>().ok());
                let asked = number(o.limit_parameter).unwrap_or(u64::from(o.default_limit));
                let offset = number(o.offset_parameter).unwrap_or(0);
                let page = self.retyped::<Vec<Value>>().send().await?.body;
                let more = match o.more_field {
                    Some(field) => {
                        page.last().and_then(|l| l.get(field)) == Some(&Value::Bool(true))
                    }
                    None => !page.is_empty() && page.len() as u64 >= asked,
                };
                let next = offset + page.len() as u64;
                let items = page
                    .into_iter()
                    .map(serde_json::from_value)
                    .collect::<Result<Vec<I>, _>>()
                    .map_err(|err| ClientError::Decode {
                        status: 200,
                        reason: err.to_string(),
                    })?;
                let next = more.then(|| Next::Query(o.offset_parameter, next.to_string()));
                Ok((items, next))
            }
            Some(Pagination::Cursor(c)) => {
                let answer = self.clone_request().send().await?;
                let parameter = c
                    .before_parameter
                    .filter(|b| self.query_value(b).is_some())
                    .unwrap_or(c.cursor_parameter);
                let next = answer
                    .next_cursor
                    .map(|cursor| Next::Query(parameter, cursor));
                Ok((answer.body, next))
            }
            _ => {
                let answer = self.clone_request().send().await?;
                let next = answer
                    .headers
                    .get_all(http::header::LINK)
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .find_map(next_link)
                    .map(|url| Next::Link(url.to_owned()));
                Ok((answer.body, next))
            }
        }
    }

    /// Points the call at the next page.
    fn advance(&mut self, next: Next) {
        match next {
            Next::Link(url) => self.follow(&url),
            Next::Query(name, value) => self.set_query(name, value),
        }
    }
}

/// How the next page is asked for.
enum Next {
    /// The link the service answered with.
    Link(String),
    /// The call again with this query parameter set.
    Query(&'static str, String),
}

/// The target of `rel="next"` in a `Link` header value.
pub(crate) fn next_link(header: &str) -> Option<&str> {
    let mut rest = header;
    while let Some(start) = rest.find('<') {
        let after = &rest[start + 1..];
        let end = after.find('>')?;
        let target = &after[..end];
        let params = &after[end + 1..];
        let params = &params[..params.find('<').unwrap_or(params.len())];
        let is_next = params.split(';').any(|param| {
            let param = param.trim().trim_end_matches(',').trim();
            param
                .strip_prefix("rel=")
                .is_some_and(|rel| rel.trim_matches('"').split(' ').any(|r| r == "next"))
        });
        if is_next {
            return Some(target);
        }
        rest = &after[end + 1..];
    }
    None
}

#[cfg(test)]
mod tests {
    use super::next_link;

    #[test]
    fn the_next_link_is_found_among_others() {
        let header = "<http://h/x?page=1&per_page=2>; rel=\"prev\", \
                      <http://h/x?page=3&per_page=2>; rel=\"next\", \
                      <http://h/x?page=1&per_page=2>; rel=\"first\"";
        assert_eq!(next_link(header), Some("http://h/x?page=3&per_page=2"));
        assert_eq!(next_link("<http://h/x?page=1>; rel=\"first\""), None);
        assert_eq!(
            next_link("<http://h/x?a=1,2>; rel=next"),
            Some("http://h/x?a=1,2")
        );
        assert_eq!(next_link("garbage"), None);
    }
}
