//! The page's HTML, written for the service that serves it, and the answers for the page,
//! its redirect and its files.

use bytes::Bytes;
use http::header::{self, HeaderValue};
use http::{HeaderMap, StatusCode};

use super::assets::{self, Stored};
use crate::message::body::{Response, response};
use crate::message::compression::accepts_gzip;
use crate::protocol::security_headers::DOCS_PAGE_POLICY;
use crate::spec::ServiceSpec;

/// The files are named by their content: cacheable for good.
const IMMUTABLE: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");
/// The page names the current files, so a browser asks again each time (it is small).
const REVALIDATE: HeaderValue = HeaderValue::from_static("no-cache");

/// The page for `service`, served at `docs` (no trailing slash): its files by relative URL,
/// and the OpenAPI document's URL relative to it, so that a base path or a proxy's prefix
/// in front of the service changes nothing.
pub(super) fn page(service: &ServiceSpec, docs: &str) -> Response {
    let conventions = &service.conventions;
    let depth = docs.split('/').filter(|s| !s.is_empty()).count();
    let openapi = conventions.openapi_path.unwrap_or("/openapi.json");
    let openapi_url = format!("{}{}", "../".repeat(depth), openapi.trim_start_matches('/'));
    let names = assets::served_names();
    let html = format!(
        "<!doctype html>\n\
         <html lang=\"en\">\n\
         <head>\n\
         <meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}: API documentation</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"{css}\">\n\
         </head>\n\
         <body>\n\
         <div id=\"swagger-ui\" data-openapi=\"{openapi}\" data-json-prefix=\"{prefix}\"></div>\n\
         <script src=\"{bundle}\"></script>\n\
         <script src=\"{init}\"></script>\n\
         </body>\n\
         </html>\n",
        title = escape(service.title),
        css = escape(&names[assets::STYLESHEET]),
        openapi = escape(&openapi_url),
        prefix = escape(conventions.json_prefix.unwrap_or_default()),
        bundle = escape(&names[assets::BUNDLE]),
        init = escape(&names[assets::INIT]),
    );
    let mut answer = response(
        StatusCode::OK,
        Some(HeaderValue::from_static("text/html; charset=utf-8")),
        Bytes::from(html),
    );
    let headers = answer.headers_mut();
    headers.insert(header::CACHE_CONTROL, REVALIDATE);
    headers.insert(header::CONTENT_SECURITY_POLICY, DOCS_PAGE_POLICY);
    answer
}

/// `/docs` without its slash: sent to `docs/`, relative to where it was asked, so that the
/// page's relative URLs resolve beneath it.
pub(super) fn redirect(request_path: &str) -> Response {
    let last = request_path.rsplit('/').next().unwrap_or_default();
    let mut answer = response(StatusCode::PERMANENT_REDIRECT, None, Bytes::new());
    if let Ok(location) = HeaderValue::from_str(&format!("{last}/")) {
        answer.headers_mut().insert(header::LOCATION, location);
    }
    answer
}

/// The file served as `name`: gzipped as stored to a client that accepts gzip, inflated
/// for one that does not; `None` for a name the page does not use.
pub(super) fn asset(name: &str, request: &HeaderMap) -> Option<Response> {
    let (index, asset) = assets::find(name)?;
    let gzip = asset.stored == Stored::Gzip;
    let body = match (gzip, accepts_gzip(request)) {
        (true, true) | (false, _) => Bytes::from_static(asset.bytes),
        (true, false) => assets::inflated(index),
    };
    let mut answer = response(
        StatusCode::OK,
        Some(HeaderValue::from_static(asset.content_type)),
        body,
    );
    let headers = answer.headers_mut();
    headers.insert(header::CACHE_CONTROL, IMMUTABLE);
    headers.insert(header::CONTENT_SECURITY_POLICY, DOCS_PAGE_POLICY);
    if gzip && accepts_gzip(request) {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    // The way out says it varies by `Accept-Encoding` when it could gzip the file itself
    // (feature `gzip`, inflated bytes); else it is said here.
    if gzip && (accepts_gzip(request) || !cfg!(feature = "gzip")) {
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    Some(answer)
}

/// `text` safe inside HTML text and double-quoted attributes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_html_reads_as_markup() {
        assert_eq!(escape(")]}'"), ")]}&#39;");
        assert_eq!(
            escape("<a href=\"x\">&"),
            "&lt;a href=&quot;x&quot;&gt;&amp;"
        );
    }

    #[test]
    fn the_redirect_is_relative_to_the_path_asked() {
        let answer = redirect("/api/docs");
        assert_eq!(answer.status(), StatusCode::PERMANENT_REDIRECT);
        assert_eq!(answer.headers()[header::LOCATION], "docs/");
    }
}
