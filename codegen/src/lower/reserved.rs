//! The headers and cookies the runtime reads itself, which no parameter of the spec's
//! may name, and why a name cannot be a header the spec declares.

use super::context::Context;
use crate::names;

/// The request headers the runtime reads itself, in lower case: HTTP's own, and those the
/// conventions name (credentials, XSRF, trace, impersonation, request ids, create-only,
/// idempotency keys).
pub(super) fn reserved_headers(c: &crate::model::Conventions) -> Vec<String> {
    let fixed = names::HTTP_HEADERS;
    let credentials = c
        .credentials
        .iter()
        .flat_map(crate::model::Credential::keys);
    let credentials = credentials.filter_map(|k| match k {
        crate::model::Credential::Header(name) => Some(name),
        _ => None,
    });
    let named = [&c.create_only_header, &c.xsrf_header, &c.request_id_header]
        .into_iter()
        .flatten()
        .chain(c.trace.as_ref().and_then(|t| t.header.as_ref()))
        .chain(c.run_as.as_ref().map(|r| &r.header))
        .chain(c.idempotency.as_ref().map(|i| &i.header))
        .chain(credentials);
    fixed
        .iter()
        .map(|h| (*h).to_owned())
        .chain(named.map(|h| h.to_ascii_lowercase()))
        .collect()
}

/// The cookies the runtime reads itself: the sessions' and the credentials'.
pub(super) fn reserved_cookies(c: &crate::model::Conventions) -> Vec<String> {
    let sessions = c.sessions.iter().flat_map(|s| [&s.cookie, &s.xsrf_cookie]);
    let credentials = (c
        .credentials
        .iter()
        .flat_map(crate::model::Credential::keys))
    .filter_map(|k| match k {
        crate::model::Credential::Cookie(name) => Some(name),
        _ => None,
    });
    sessions.chain(credentials).cloned().collect()
}

/// Why `name` cannot be a header the spec declares, with a hint: not a header name; on a
/// request (`request`), one the runtime reads itself; on an answer, one the framing writes.
pub(super) fn refused_header(
    name: &str,
    request: bool,
    cx: &Context<'_>,
) -> Option<(String, &'static str)> {
    if !names::is_header_name(name) {
        Some((
            format!("`{name}` is not a header name"),
            "header names are letters, digits and `-`, such as `X-Api-Version`",
        ))
    } else if request && cx.reserved_headers.contains(&name.to_ascii_lowercase()) {
        Some((
            format!("`{name}` is a header the runtime reads itself"),
            "remove it: HTTP or the conventions in service.yaml give it its meaning \
             (credentials, content type, trace, ...)",
        ))
    } else if !request && names::is_framing_header(name) {
        Some((
            format!("`{name}` is HTTP's, written with the answer's framing or its connection"),
            "remove it: the runtime and the connection give it",
        ))
    } else {
        None
    }
}

/// Why `name` cannot be a cookie parameter, with a hint: not a cookie name, or one the
/// runtime reads itself.
///
/// ```yaml
/// cookies:
///   session id: { type: string }   # not a cookie name
///   session: { type: string }      # the sessions' cookie
/// ```
pub(super) fn refused_cookie(name: &str, cx: &Context<'_>) -> Option<(String, &'static str)> {
    if !names::is_header_name(name) {
        Some((
            format!("`{name}` is not a cookie name"),
            "a cookie's name is letters, digits and `!#$%&'*+-.^_`|~`, such as `theme`",
        ))
    } else if cx.reserved_cookies.iter().any(|c| c == name) {
        Some((
            format!("`{name}` is a cookie the runtime reads itself"),
            "remove it: the conventions' sessions or credentials read this cookie",
        ))
    } else {
        None
    }
}
