//! Calls of paginated endpoints, in the style the spec's `pagination` names: choosing a
//! page, and walking every page (following `Link: <...>; rel="next"`, the `offset` style's
//! marker on the last item, or the `cursor` style's next cursor).

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::call::Call;
use super::error::{ClientError, StatusTable};
use crate::pagination::Pagination;

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
            self.set_query(c.cursor_parameter, cursor.to_owned());
        }
        self
    }

    /// Every item of every page: sends the call, then asks for the next page until an
    /// answer says none follows (at most `max_pages` requests).
    pub async fn all(mut self, max_pages: usize) -> Result<Vec<I>, ClientError<E>>
    where
        I: DeserializeOwned,
        E: StatusTable,
    {
        match self.conventions().pagination {
            Some(Pagination::Offset(o)) => {
                let asked = self
                    .query_value(o.limit_parameter)
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(u64::from(o.default_limit));
                let mut offset: u64 = self
                    .query_value(o.offset_parameter)
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0);
                let mut items = Vec::new();
                for _ in 0..max_pages {
                    let page = self.retyped::<Vec<Value>>().send().await?.body;
                    let more = match o.more_field {
                        Some(field) => {
                            page.last().and_then(|l| l.get(field)) == Some(&Value::Bool(true))
                        }
                        None => page.len() as u64 >= asked && !page.is_empty(),
                    };
                    offset += page.len() as u64;
                    for item in page {
                        items.push(serde_json::from_value(item).map_err(|err| {
                            ClientError::Decode {
                                status: 200,
                                reason: err.to_string(),
                            }
                        })?);
                    }
                    if !more {
                        break;
                    }
                    self.set_query(o.offset_parameter, offset.to_string());
                }
                Ok(items)
            }
            Some(Pagination::Cursor(c)) => {
                let mut items = Vec::new();
                for _ in 0..max_pages {
                    let answer = self.clone_request().send().await?;
                    items.extend(answer.body);
                    match answer.next_cursor {
                        Some(cursor) => self.set_query(c.cursor_parameter, cursor),
                        None => break,
                    }
                }
                Ok(items)
            }
            _ => {
                let mut items = Vec::new();
                for _ in 0..max_pages {
                    let answer = self.clone_request().send().await?;
                    items.extend(answer.body);
                    let next = answer
                        .headers
                        .get_all(http::header::LINK)
                        .iter()
                        .filter_map(|v| v.to_str().ok())
                        .find_map(next_link);
                    match next {
                        Some(url) => self.follow(url),
                        None => break,
                    }
                }
                Ok(items)
            }
        }
    }
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
