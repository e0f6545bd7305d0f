//! The `pages` style (`?page=2&per_page=20`): the runtime reads the page a request asks
//! for, the handler answers that page and how many items there are in all, and the runtime
//! writes the `Link` header (`rel="next"`, `prev`, `first`, `last`, built from the
//! request's own URL so every filter is kept) and the count headers the spec names
//! (`X-Total`, `X-Total-Pages`, `X-Page`, `X-Per-Page`, `X-Next-Page`, `X-Prev-Page`).

use std::fmt::Write as _;

use super::PageConventions;
use super::{Page, positive};
use crate::error::ApiError;
use http::{HeaderMap, HeaderName, HeaderValue};

/// The page a request asks for: `page` counts from 1, `per_page` is within the service's
/// bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    /// The page, from 1.
    pub page: u64,
    /// Items per page, from 1 to the service's maximum.
    pub per_page: u64,
}

impl PageRequest {
    /// Reads the page parameters from a query string: absent means page 1 and the default
    /// size, a size above the maximum is the maximum, anything that is not a whole number
    /// from 1 is a 400 naming the parameter.
    pub fn read(query: Option<&str>, conventions: &PageConventions) -> Result<Self, ApiError> {
        let mut request = PageRequest {
            page: 1,
            per_page: u64::from(conventions.default_per_page),
        };
        for (key, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            if key == conventions.page_parameter {
                request.page = positive(&key, &value)?;
            } else if key == conventions.per_page_parameter {
                request.per_page = positive(&key, &value)?.min(u64::from(conventions.max_per_page));
            }
        }
        Ok(request)
    }

    /// The index of this page's first item in the whole list.
    pub fn offset(&self) -> u64 {
        (self.page - 1).saturating_mul(self.per_page)
    }

    /// This page of a whole list held in memory: the items from [`offset`](Self::offset),
    /// at most `per_page` of them, with the list's length as the total.
    pub fn slice<T: Clone>(&self, all: &[T]) -> Page<T> {
        Page::slice(all, self.offset(), self.per_page)
    }
}

/// The pagination headers of `page`, the answer to `request` made at `url` (the public
/// URL and path the client used, without the query) with `query`.
pub fn headers<T>(
    conventions: &PageConventions,
    page: &Page<T>,
    request: &PageRequest,
    url: &str,
    query: Option<&str>,
) -> HeaderMap {
    let mut headers = HeaderMap::new();
    let next = page
        .has_next(request.offset(), request.per_page)
        .then(|| request.page + 1);
    let prev = (request.page > 1).then(|| request.page - 1);
    let pages = page
        .total
        .map(|total| total.div_ceil(request.per_page).max(1));
    let mut put = |name: &Option<&'static str>, value: Option<u64>| {
        // Only paginated answers parse these names; an invalid one (the generator refuses
        // them) is left out rather than panicking.
        if let Some(Ok(name)) = name.map(|n| HeaderName::from_bytes(n.as_bytes())) {
            let value = value.map_or(HeaderValue::from_static(""), HeaderValue::from);
            headers.insert(name, value);
        }
    };
    put(&conventions.page_header, Some(request.page));
    put(&conventions.per_page_header, Some(request.per_page));
    put(&conventions.next_page_header, next);
    put(&conventions.prev_page_header, prev);
    if page.total.is_some() {
        put(&conventions.total_header, page.total);
        put(&conventions.total_pages_header, pages);
    }
    let one_page = next.is_none() && prev.is_none();
    if conventions.link_header && (conventions.link_on_single_page || !one_page) {
        let rest = other_parameters(query, conventions);
        let mut link = String::new();
        let targets = [
            (prev, "prev"),
            (next, "next"),
            (Some(1), "first"),
            (pages, "last"),
        ];
        for (target, rel) in targets {
            let Some(target) = target else { continue };
            if !link.is_empty() {
                link.push_str(", ");
            }
            let _ = write!(
                link,
                "<{url}?{rest}{}={target}&{}={}>; rel=\"{rel}\"",
                conventions.page_parameter, conventions.per_page_parameter, request.per_page
            );
        }
        if let Ok(value) = HeaderValue::try_from(link) {
            headers.insert(http::header::LINK, value);
        }
    }
    headers
}

/// The query's parameters other than the page parameters, as sent, each followed by `&`.
fn other_parameters(query: Option<&str>, conventions: &PageConventions) -> String {
    let mut rest = String::new();
    for pair in query.unwrap_or_default().split('&') {
        let key = pair.split('=').next().unwrap_or_default();
        if pair.is_empty()
            || key == conventions.page_parameter
            || key == conventions.per_page_parameter
        {
            continue;
        }
        rest.push_str(pair);
        rest.push('&');
    }
    rest
}

#[cfg(test)]
mod tests {
    use super::*;

    const GITLAB_STYLE: PageConventions = PageConventions {
        total_header: Some("x-total"),
        total_pages_header: Some("x-total-pages"),
        page_header: Some("x-page"),
        per_page_header: Some("x-per-page"),
        next_page_header: Some("x-next-page"),
        prev_page_header: Some("x-prev-page"),
        ..PageConventions::USUAL
    };

    fn read(query: &str) -> Result<PageRequest, String> {
        PageRequest::read(Some(query), &GITLAB_STYLE).map_err(|e| e.to_string())
    }

    #[test]
    fn the_page_is_read_with_defaults_and_bounds() {
        assert_eq!(
            read(""),
            Ok(PageRequest {
                page: 1,
                per_page: 20
            })
        );
        assert_eq!(
            read("state=all&page=3&per_page=500"),
            Ok(PageRequest {
                page: 3,
                per_page: 100
            })
        );
        let refused = read("per_page=abc").expect_err("not a number");
        assert!(refused.contains("per_page"), "{refused}");
        assert!(read("page=0").is_err());
    }

    #[test]
    fn a_middle_page_links_every_way_and_keeps_the_filters() {
        let request = PageRequest {
            page: 2,
            per_page: 2,
        };
        let page = request.slice(&[1, 2, 3, 4, 5]);
        assert_eq!(page.items, [3, 4]);
        let headers = headers(
            &GITLAB_STYLE,
            &page,
            &request,
            "http://h/api/v4/projects/1/issues",
            Some("state=opened&page=2&per_page=2&labels=a%2Cb"),
        );
        let get = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        assert_eq!(get("x-total"), Some("5"));
        assert_eq!(get("x-total-pages"), Some("3"));
        assert_eq!(get("x-next-page"), Some("3"));
        assert_eq!(get("x-prev-page"), Some("1"));
        let u = "http://h/api/v4/projects/1/issues?state=opened&labels=a%2Cb&";
        assert_eq!(
            get("link").map(str::to_owned),
            Some(format!(
                "<{u}page=1&per_page=2>; rel=\"prev\", <{u}page=3&per_page=2>; rel=\"next\", \
                 <{u}page=1&per_page=2>; rel=\"first\", <{u}page=3&per_page=2>; rel=\"last\""
            ))
        );
    }

    #[test]
    fn the_last_page_has_no_next_and_an_unknown_total_no_last() {
        let request = PageRequest {
            page: 3,
            per_page: 2,
        };
        let last = headers(
            &GITLAB_STYLE,
            &request.slice(&[1, 2, 3, 4, 5]),
            &request,
            "u",
            None,
        );
        assert_eq!(
            last.get("x-next-page").map(|v| v.as_bytes()),
            Some(&b""[..])
        );
        let link = last
            .get("link")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        assert!(!link.contains("rel=\"next\""), "{link}");
        let unknown = Page::without_total(vec![1, 2], true);
        let headers = headers(&GITLAB_STYLE, &unknown, &request, "u", None);
        assert!(headers.get("x-total").is_none());
        let link = headers
            .get("link")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        assert!(link.contains("page=4&per_page=2>; rel=\"next\""), "{link}");
        assert!(!link.contains("rel=\"last\""), "{link}");
    }

    #[test]
    fn a_list_that_fits_one_page_links_only_where_the_api_does() {
        let request = PageRequest {
            page: 1,
            per_page: 10,
        };
        let page = request.slice(&[1, 2, 3]);
        let link = |conventions: &PageConventions| {
            headers(conventions, &page, &request, "u", None)
                .get("link")
                .map(|v| v.as_bytes().to_vec())
        };
        assert_eq!(
            link(&GITLAB_STYLE).as_deref(),
            Some(
                &b"<u?page=1&per_page=10>; rel=\"first\", <u?page=1&per_page=10>; rel=\"last\""[..]
            )
        );
        let github = PageConventions {
            link_on_single_page: false,
            ..GITLAB_STYLE
        };
        assert_eq!(link(&github), None, "everything fits one page");
        let second = PageRequest {
            page: 2,
            per_page: 2,
        };
        let paged = headers(&github, &second.slice(&[1, 2, 3]), &second, "u", None);
        assert!(paged.get("link").is_some(), "more than one page");
    }
}
