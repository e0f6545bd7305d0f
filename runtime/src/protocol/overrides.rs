//! The query parameters the runtime itself reads (protocol 4.2), and the method and content
//! type overrides (`$m`, `$ct`) that let a browser send a mutation as a simple
//! `text/plain` POST without a CORS preflight.
//!
//! The rules follow the real service (protocol 10.6) except where it answers 500:
//! here every malformed override is 400.

use http::{HeaderValue, Method, header};

use crate::error::{ApiError, Condition};
use crate::message::query::QueryParams;
use crate::spec::Conventions;

fn malformed(message: impl Into<std::borrow::Cow<'static, str>>) -> ApiError {
    ApiError::condition(Condition::MalformedRequest).with_message(message)
}

/// Applies `$m` and `$ct` to the request. Answers whether an override was applied (CORS
/// then answers with the reduced header set).
///
/// - `$m` must name one of the spec's override methods;
/// - the request must come from an allowed origin (overrides exist for cross-origin use);
/// - the real method must be POST;
/// - when `$m` is POST, PUT or PATCH (methods with a body) the real content type must be `text/plain` and `$ct` must
///   give the real one;
/// - `$ct` alone is malformed.
pub fn apply(
    method: &mut Method,
    headers: &mut http::HeaderMap,
    params: &QueryParams<'_>,
    conventions: &Conventions,
    origin_allowed: bool,
) -> Result<bool, ApiError> {
    let m_name = conventions.method_override_parameter.unwrap_or("$m");
    let ct_name = conventions.content_type_override_parameter.unwrap_or("$ct");
    let Some(asked) = &params.method else {
        if params.content_type.is_some() {
            return Err(malformed(format!("{ct_name} requires {m_name}")));
        }
        return Ok(false);
    };
    let new_method = conventions
        .method_override_methods
        .iter()
        .find(|m| m.as_str() == asked.as_ref())
        .ok_or_else(|| malformed(format!("invalid {m_name}")))?
        .clone();
    if !origin_allowed {
        return Err(malformed("origin not allowed"));
    }
    if *method != Method::POST {
        return Err(malformed("POST required"));
    }
    if new_method == Method::POST || new_method == Method::PUT || new_method == Method::PATCH {
        let is_text = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|ct| ct.trim_start().starts_with("text/plain"));
        if !is_text {
            return Err(malformed("invalid Content-Type"));
        }
        let content_type = params.content_type.as_deref().unwrap_or_default();
        if content_type.is_empty() {
            return Err(malformed(format!("{ct_name} required")));
        }
    }
    if let Some(ct) = params.content_type.as_deref().filter(|ct| !ct.is_empty()) {
        let value =
            HeaderValue::from_str(ct).map_err(|_| malformed(format!("invalid {ct_name}")))?;
        headers.insert(header::CONTENT_TYPE, value);
    }
    *method = new_method;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::ConventionKeys;

    const CONVENTIONS: Conventions = Conventions {
        keys: ConventionKeys {
            content_type_override_parameter: Some("$ct"),
            access_token_parameter: Some("access_token"),
            security_headers: true,
            ..ConventionKeys::NONE
        },
        pretty_by_default: true,
        pretty_parameter: Some("pp"),
        method_override_parameter: Some("$m"),
        method_override_methods: &[Method::PUT, Method::POST, Method::DELETE],
        ..Conventions::NONE
    };

    fn request(method: Method, content_type: &str) -> http::request::Parts {
        http::Request::builder()
            .method(method)
            .header(header::CONTENT_TYPE, content_type)
            .body(())
            .unwrap()
            .into_parts()
            .0
    }

    fn outcome(
        method: Method,
        content_type: &str,
        query: &str,
        origin_allowed: bool,
    ) -> Result<(Method, String), String> {
        let params = QueryParams::read(Some(query), &CONVENTIONS).map_err(|e| e.to_string())?;
        let mut request = request(method, content_type);
        apply(
            &mut request.method,
            &mut request.headers,
            &params,
            &CONVENTIONS,
            origin_allowed,
        )
        .map_err(|e| e.to_string())?;
        let ct = request.headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .to_owned();
        Ok((request.method.clone(), ct))
    }

    #[test]
    fn a_text_plain_post_becomes_the_named_method_and_type() {
        assert_eq!(
            outcome(
                Method::POST,
                "text/plain",
                "$m=PUT&$ct=application/json%3B%20charset%3DUTF-8",
                true
            ),
            Ok((Method::PUT, "application/json; charset=UTF-8".into()))
        );
        assert_eq!(
            outcome(Method::POST, "text/plain", "$m=DELETE", true),
            Ok((Method::DELETE, "text/plain".into()))
        );
        assert_eq!(
            outcome(Method::POST, "application/json", "", true),
            Ok((Method::POST, "application/json".into()))
        );
    }

    #[test]
    fn malformed_overrides_are_400_never_500() {
        let cases = [
            (
                Method::POST,
                "text/plain",
                "$m=PUT&$m=PUT",
                true,
                "malformed_request: duplicate $m",
            ),
            (
                Method::POST,
                "text/plain",
                "$m=PUT&$ct=a&$ct=b",
                true,
                "malformed_request: duplicate $ct",
            ),
            (
                Method::POST,
                "text/plain",
                "access_token=a&access_token=b",
                true,
                "malformed_request: duplicate access_token",
            ),
            (
                Method::POST,
                "text/plain",
                "$m=PATCH",
                true,
                "malformed_request: invalid $m",
            ),
            (
                Method::POST,
                "text/plain",
                "$ct=application/json",
                true,
                "malformed_request: $ct requires $m",
            ),
            (
                Method::POST,
                "text/plain",
                "$m=PUT&$ct=application/json",
                false,
                "malformed_request: origin not allowed",
            ),
            (
                Method::GET,
                "text/plain",
                "$m=PUT&$ct=application/json",
                true,
                "malformed_request: POST required",
            ),
            (
                Method::POST,
                "application/json",
                "$m=PUT&$ct=application/json",
                true,
                "malformed_request: invalid Content-Type",
            ),
            (
                Method::POST,
                "text/plain",
                "$m=PUT",
                true,
                "malformed_request: $ct required",
            ),
        ];
        for (method, ct, query, allowed, expected) in cases {
            assert_eq!(
                outcome(method, ct, query, allowed),
                Err(expected.to_owned()),
                "{query}"
            );
        }
    }
}
