//! Calls of paginated endpoints: choosing a page, and walking every page by following the
//! `Link: <...>; rel="next"` the service answers with.

use serde::de::DeserializeOwned;

use super::call::Call;
use super::error::{ClientError, StatusTable};

impl<I, E> Call<Vec<I>, E> {
    /// Asks for page `page` (from 1) of `per_page` items, in the parameters the spec's
    /// `pagination` names. A spec without pagination sends nothing.
    pub fn page(mut self, page: u64, per_page: u64) -> Self {
        if let Some(p) = self.conventions().pagination {
            self.set_query(p.page_parameter, page.to_string());
            self.set_query(p.per_page_parameter, per_page.to_string());
        }
        self
    }

    /// Every item of every page: sends the call, then follows each answer's
    /// `rel="next"` link until an answer has none (at most `max_pages` requests).
    pub async fn all(mut self, max_pages: usize) -> Result<Vec<I>, ClientError<E>>
    where
        I: DeserializeOwned,
        E: StatusTable,
    {
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
