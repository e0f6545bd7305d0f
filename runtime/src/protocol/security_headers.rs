//! Browser-hardening headers on every response (protocol 10), when the spec's
//! `security_headers` convention is on.
//!
//! The answers are JSON or plain text meant for programs, never pages: a browser that
//! opens one directly must not sniff it into HTML, run or frame it, or leak the URL
//! (which may carry an `access_token`) to another site. These are the four headers the
//! real service sends on every REST response. A handler's `Custom` reply that sets one of
//! them keeps its own value, and so does the docs page, which is a page and sends
//! [`DOCS_PAGE_POLICY`].

use http::HeaderMap;
use http::header::{
    CONTENT_SECURITY_POLICY, HeaderName, HeaderValue, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};

/// The headers and their values, built at compile time.
const HEADERS: [(HeaderName, HeaderValue); 4] = [
    (X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
    (
        CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; sandbox"),
    ),
    (REFERRER_POLICY, HeaderValue::from_static("no-referrer")),
    (X_FRAME_OPTIONS, HeaderValue::from_static("deny")),
];

/// The docs page's Content-Security-Policy (`docs_path`), instead of `default-src 'none';
/// sandbox`: its own scripts and stylesheet only (no inline script: its start-up is a file
/// too), the inline styles and `data:` images Swagger UI uses, requests ("Try it out") to
/// its own origin only, and never in a frame.
#[cfg(feature = "docs-page")]
pub(crate) const DOCS_PAGE_POLICY: HeaderValue = HeaderValue::from_static(
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'",
);

/// Adds each header the response does not set already.
pub(crate) fn apply(headers: &mut HeaderMap) {
    for (name, value) in HEADERS {
        // A lookup and an insert cost less than http's entry API (measured per answer).
        if !headers.contains_key(&name) {
            headers.insert(name, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_the_four_headers_and_keeps_a_value_already_set() {
        let mut headers = HeaderMap::new();
        headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("sameorigin"));
        apply(&mut headers);
        assert_eq!(headers[X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(
            headers[CONTENT_SECURITY_POLICY],
            "default-src 'none'; sandbox"
        );
        assert_eq!(headers[REFERRER_POLICY], "no-referrer");
        assert_eq!(headers[X_FRAME_OPTIONS], "sameorigin");
        assert_eq!(headers.len(), 4);
    }
}
