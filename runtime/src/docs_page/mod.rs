//! The docs page (the `docs_path` convention): an interactive page for the service's own
//! OpenAPI document (the one at `openapi_path`), rendered by Swagger UI, whose "Try it out"
//! sends real requests to the service from the browser.
//!
//! `GET docs_path` answers the page (`/docs/`; `/docs` is redirected there, so that the
//! page's relative URLs resolve beneath it); `GET` one segment beneath answers the page's
//! script and stylesheet under names that carry their content hash, cacheable for a year.
//! Everything else beneath is 404. The renderer is embedded by the `docs-page` feature;
//! without it the page's paths answer 404 saying so.
//!
//! Why Swagger UI: it sends "Try it out" requests with the browser's `fetch` from the page
//! itself, lets a script see and rewrite each answer (the JSON prefix line is stripped
//! there), and ships as one self-contained bundle on npm that needs no CDN or build step.

#[cfg(feature = "docs-page")]
mod assets;
#[cfg(feature = "docs-page")]
mod page;

use http::HeaderMap;

use crate::error::ApiError;
use crate::message::body::Response;
use crate::spec::ServiceSpec;

/// What `GET` on `path` (normalised: base path and authenticated prefix stripped, no
/// trailing slash) is when the service serves the docs page at `docs_path`: `None` when
/// the path is not the page's. `request_path` is the path as sent (to tell `/docs/` from
/// `/docs`); `headers` the request's (for `Accept-Encoding`).
pub(crate) fn answer(
    service: &ServiceSpec,
    docs_path: &str,
    path: &str,
    request_path: &str,
    headers: &HeaderMap,
) -> Option<Result<Response, ApiError>> {
    let docs = docs_path.trim_end_matches('/');
    let page = if docs.is_empty() { "/" } else { docs };
    let target = if path == page {
        Target::Page
    } else {
        let name = path.strip_prefix(docs)?.strip_prefix('/')?;
        if name.is_empty() || name.contains('/') {
            return None;
        }
        Target::Asset(name)
    };
    Some(page_or_asset(service, docs, target, request_path, headers))
}

/// Which of the page's paths a request names.
#[cfg_attr(not(feature = "docs-page"), allow(dead_code))]
enum Target<'p> {
    /// The page itself.
    Page,
    /// A file one segment beneath it, by its served name.
    Asset(&'p str),
}

#[cfg(feature = "docs-page")]
fn page_or_asset(
    service: &ServiceSpec,
    docs: &str,
    target: Target<'_>,
    request_path: &str,
    headers: &HeaderMap,
) -> Result<Response, ApiError> {
    match target {
        Target::Page if !request_path.ends_with('/') => Ok(page::redirect(request_path)),
        Target::Page => Ok(page::page(service, docs)),
        Target::Asset(name) => page::asset(name, headers).ok_or_else(|| {
            ApiError::condition(crate::error::Condition::NotFound)
                .with_message("Not found: the docs page has no such file")
        }),
    }
}

#[cfg(not(feature = "docs-page"))]
fn page_or_asset(
    _service: &ServiceSpec,
    _docs: &str,
    _target: Target<'_>,
    _request_path: &str,
    _headers: &HeaderMap,
) -> Result<Response, ApiError> {
    Err(
        ApiError::condition(crate::error::Condition::NotFound).with_message(
            "Not found: the docs page needs restspec-runtime's `docs-page` feature, which this \
         service was built without",
        ),
    )
}
