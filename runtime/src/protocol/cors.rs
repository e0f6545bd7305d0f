//! Cross-origin requests (protocol 4.4, 10.18).
//!
//! Written by hand rather than with `tower_http::cors` because the real service's
//! behaviour differs from that layer's: a refused preflight is a 400 with a plaintext
//! reason, a disallowed origin on an ordinary request is served without CORS headers,
//! and `$m`/`$ct` requests get a reduced header set.

use http::header::{self, HeaderName};
use http::{HeaderMap, HeaderValue, Method, StatusCode};
use regex::Regex;

use crate::error::{ApiError, Condition};
use crate::message::body::{Response, response};
use crate::spec::Conventions;

pub use restspec_client::conventions::CorsConventions;

/// The origins allowed to use the service cross-origin: the `site.allowOriginRegex`
/// setting. Several patterns are joined with `|`; an origin must match one in full.
#[derive(Debug, Clone, Default)]
pub struct AllowedOrigins {
    pattern: Option<Regex>,
}

impl AllowedOrigins {
    /// No cross-origin use (the setting unset).
    pub fn none() -> Self {
        Self::default()
    }

    /// Origins fully matching one of `patterns`; none when `patterns` is empty.
    pub fn from_patterns<S: AsRef<str>>(patterns: &[S]) -> Result<Self, regex::Error> {
        if patterns.is_empty() {
            return Ok(Self::none());
        }
        let joined = patterns
            .iter()
            .map(|p| format!("(?:{})", p.as_ref()))
            .collect::<Vec<_>>()
            .join("|");
        Ok(AllowedOrigins {
            pattern: Some(Regex::new(&format!("^(?:{joined})$"))?),
        })
    }

    /// True when the setting is configured at all.
    pub fn is_configured(&self) -> bool {
        self.pattern.is_some()
    }

    /// True when `origin` may use the service cross-origin.
    pub fn allows(&self, origin: &str) -> bool {
        self.pattern.as_ref().is_some_and(|p| p.is_match(origin))
    }
}

/// Request headers a cross-origin request may send: the usual three plus the service's
/// XSRF header and the spec's own (a token header).
fn allowed_headers(conventions: &Conventions) -> String {
    let mut list = vec!["authorization".to_owned(), "content-type".to_owned()];
    if let Some(xsrf) = conventions.xsrf_header {
        list.push(xsrf.to_ascii_lowercase());
    }
    list.push("x-requested-with".to_owned());
    list.extend(
        conventions
            .cors
            .allow_headers
            .iter()
            .map(|h| (*h).to_owned()),
    );
    list.join(", ")
}

/// True when `origin` may call cross-origin: the settings allow it, or the spec allows any.
pub fn origin_allowed(allowed: &AllowedOrigins, conventions: &Conventions, origin: &str) -> bool {
    conventions.cors.any_origin || allowed.allows(origin)
}

/// True for a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`.
pub fn is_preflight(method: &Method, headers: &HeaderMap) -> bool {
    let present = |name: HeaderName| headers.get(name).is_some_and(|v| !v.is_empty());
    method == Method::OPTIONS
        && present(header::ORIGIN)
        && present(header::ACCESS_CONTROL_REQUEST_METHOD)
}

fn not_cacheable(headers: &mut HeaderMap) {
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-cache, no-store, max-age=0, must-revalidate"),
    );
    headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::EXPIRES,
        HeaderValue::from_static("Mon, 01 Jan 1990 00:00:00 GMT"),
    );
}

/// Answers a preflight: 200 with the CORS header set, or 400 saying what is refused.
pub fn preflight(
    headers: &HeaderMap,
    allowed: &AllowedOrigins,
    conventions: &Conventions,
) -> Result<Response, ApiError> {
    let refuse =
        |message: String| ApiError::condition(Condition::MalformedRequest).with_message(message);
    let origin = headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if !origin_allowed(allowed, conventions, origin) {
        return Err(refuse("CORS not allowed".to_owned()));
    }
    let method = headers
        .get(header::ACCESS_CONTROL_REQUEST_METHOD)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if !conventions
        .cors
        .preflight_methods
        .iter()
        .any(|m| m.as_str() == method)
    {
        return Err(refuse(format!("{method} not allowed in CORS")));
    }
    let permitted = allowed_headers(conventions);
    let permitted: Vec<&str> = permitted.split(", ").collect();
    for value in headers.get_all(header::ACCESS_CONTROL_REQUEST_HEADERS) {
        // A byte that is not visible ASCII names no header on the list: refused, like any
        // header not on it (never read as an empty list).
        let Ok(value) = value.to_str() else {
            return Err(refuse(
                "Access-Control-Request-Headers with a non-ASCII byte not allowed in CORS"
                    .to_owned(),
            ));
        };
        for requested in value.split(',') {
            let requested = requested.trim();
            if !requested.is_empty()
                && !permitted.contains(&requested.to_ascii_lowercase().as_str())
            {
                return Err(refuse(format!("{requested} not allowed in CORS")));
            }
        }
    }
    let mut answer = response(
        StatusCode::OK,
        Some(HeaderValue::from_static("text/plain")),
        bytes::Bytes::new(),
    );
    if let Some(origin) = headers.get(header::ORIGIN) {
        decorate(answer.headers_mut(), origin, Decoration::Full, conventions);
    }
    Ok(answer)
}

/// Which CORS headers a response gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoration {
    /// The full set (preflights and ordinary cross-origin requests).
    Full,
    /// `$m`/`$ct` requests: origin and credentials only.
    Override,
}

/// Adds the CORS headers for an allowed `origin`.
pub fn decorate(
    headers: &mut HeaderMap,
    origin: &HeaderValue,
    decoration: Decoration,
    conventions: &Conventions,
) {
    let cors = &conventions.cors;
    if cors.any_origin {
        // Any origin, without credentials: browsers refuse `*` with credentials.
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        );
    } else {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_CREDENTIALS,
            HeaderValue::from_static("true"),
        );
    }
    if let Some(expose) = cors.expose_headers {
        headers.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static(expose),
        );
    }
    if decoration == Decoration::Full {
        headers.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static("600"),
        );
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static(cors.methods),
        );
        if let Ok(value) = HeaderValue::from_str(&allowed_headers(conventions)) {
            headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, value);
        }
    }
}

/// The `Vary` a response gets when cross-origin use is configured: preflights vary by the
/// three request headers, other requests by `Origin`.
pub fn vary(headers: &mut HeaderMap, preflight: bool) {
    let value = if preflight {
        "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"
    } else {
        "Origin"
    };
    headers.append(header::VARY, HeaderValue::from_static(value));
}

/// Preflight responses are never cached by intermediaries.
pub fn preflight_headers(headers: &mut HeaderMap) {
    not_cacheable(headers);
    vary(headers, true);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::ConventionKeys;

    #[test]
    fn origins_match_in_full_across_joined_patterns() {
        let allowed =
            AllowedOrigins::from_patterns(&["https://a\\.example", "https://.*\\.b\\.example"])
                .unwrap();
        assert!(allowed.allows("https://a.example"));
        assert!(allowed.allows("https://x.b.example"));
        assert!(!allowed.allows("https://a.example.evil"));
        assert!(!allowed.allows("http://a.example"));
        assert!(!AllowedOrigins::none().allows("https://a.example"));
        assert!(AllowedOrigins::from_patterns(&["("]).is_err());
    }

    const XSRF: Conventions = Conventions {
        keys: ConventionKeys {
            xsrf_header: Some("X-Service-Auth"),
            ..ConventionKeys::NONE
        },
        ..Conventions::NONE
    };

    #[test]
    fn preflights_are_refused_with_a_reason() {
        let allowed = AllowedOrigins::from_patterns(&["https://a\\.example"]).unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(header::ORIGIN, "https://a.example".parse().unwrap());
        headers.insert(
            header::ACCESS_CONTROL_REQUEST_METHOD,
            "PATCH".parse().unwrap(),
        );
        let refused = preflight(&headers, &allowed, &XSRF).unwrap_err();
        assert_eq!(refused.message(), Some("PATCH not allowed in CORS"));
        headers.insert(
            header::ACCESS_CONTROL_REQUEST_METHOD,
            "PUT".parse().unwrap(),
        );
        headers.insert(
            header::ACCESS_CONTROL_REQUEST_HEADERS,
            "Content-Type, X-Service-Trace".parse().unwrap(),
        );
        let refused = preflight(&headers, &allowed, &XSRF).unwrap_err();
        assert_eq!(
            refused.message(),
            Some("X-Service-Trace not allowed in CORS")
        );
        headers.insert(
            header::ACCESS_CONTROL_REQUEST_HEADERS,
            "content-type, x-service-auth".parse().unwrap(),
        );
        headers.insert(
            header::ACCESS_CONTROL_REQUEST_HEADERS,
            HeaderValue::from_bytes(b"content-type, x-evil\xff").unwrap(),
        );
        let refused = preflight(&headers, &allowed, &XSRF).unwrap_err();
        assert_eq!(
            refused.message(),
            Some("Access-Control-Request-Headers with a non-ASCII byte not allowed in CORS")
        );
        headers.insert(
            header::ACCESS_CONTROL_REQUEST_HEADERS,
            "content-type, x-service-auth".parse().unwrap(),
        );
        let ok = preflight(&headers, &allowed, &XSRF).unwrap();
        assert_eq!(
            ok.headers()[header::ACCESS_CONTROL_ALLOW_ORIGIN],
            "https://a.example"
        );
        assert_eq!(
            ok.headers()[header::ACCESS_CONTROL_ALLOW_HEADERS],
            "authorization, content-type, x-service-auth, x-requested-with"
        );
    }
}
