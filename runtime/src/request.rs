//! What the convention layer learns about a request before routing, and how request
//! bodies are read.

use bytes::Bytes;
use http::{HeaderMap, header};
use serde::de::DeserializeOwned;

use crate::context::Caller;
use crate::error::{ApiError, Condition};

/// Facts about a request established once, before routing, and read by every endpoint.
#[derive(Debug, Clone)]
pub struct RequestInfo {
    /// The calling user.
    pub caller: Caller,
    /// The request used the authenticated form (`/a/`).
    pub authenticated_form: bool,
    /// Pretty JSON was asked for (or is the default).
    pub pretty: bool,
    /// The trace id, when tracing is on.
    pub trace_id: Option<String>,
    /// The XSRF token the caller's cookie session expects in the XSRF header.
    pub xsrf_token: Option<String>,
}

impl Default for RequestInfo {
    fn default() -> Self {
        RequestInfo {
            caller: Caller::anonymous(),
            authenticated_form: false,
            pretty: true,
            trace_id: None,
            xsrf_token: None,
        }
    }
}

/// The decoded pairs of a query string, in order (`+` is a space, `key` alone has value "").
pub fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    query
        .map(|q| {
            form_urlencoded::parse(q.as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect()
        })
        .unwrap_or_default()
}

/// An input type for endpoints without a request body: it accepts anything and is ignored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoBody;

impl<'de> serde::Deserialize<'de> for NoBody {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(deserializer).map(|_| NoBody)
    }
}

/// The options type of endpoints without query options: it accepts anything (unknown
/// options are refused before it is read).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoOptions;

impl<'de> serde::Deserialize<'de> for NoOptions {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(deserializer).map(|_| NoOptions)
    }
}

/// Reads a boolean option the way the real service does: `true`, `t`, `yes`, `y`, `on`,
/// `1` or no value at all are on; `false`, `f`, `no`, `n`, `off`, `0` are off (any case).
pub fn parse_flag(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "" | "true" | "t" | "yes" | "y" | "on" | "1" => Some(true),
        "false" | "f" | "no" | "n" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// `deserialize_with` for boolean query options (see [`parse_flag`]).
pub fn deserialize_flag<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<bool>, D::Error> {
    let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
    parse_flag(&text).map(Some).ok_or_else(|| {
        serde::de::Error::custom(format!(
            "`{text}` is not a boolean (true/false, yes/no, on/off, 1/0)"
        ))
    })
}

/// Reads the query options of an endpoint: an option the endpoint does not declare (other
/// than the runtime's own parameters) is refused, as the real service refuses unknown
/// options; values that do not fit are refused too.
pub fn parse_options<O: DeserializeOwned>(
    query: Option<&str>,
    declared: &[&str],
    reserved: &[Option<&str>],
) -> Result<O, ApiError> {
    let query = query.unwrap_or_default();
    for (key, _) in query_pairs(Some(query)) {
        if !declared.contains(&key.as_str()) && !reserved.contains(&Some(key.as_str())) {
            return Err(ApiError::condition(Condition::MalformedRequest)
                .with_message(format!("\"{key}\" is not a valid option")));
        }
    }
    serde_html_form::from_str(query).map_err(|e| {
        ApiError::condition(Condition::MalformedRequest)
            .with_message(format!("invalid option: {e}"))
    })
}

/// True when the content type names `application/json` as one of its tokens
/// (`application/json; charset=UTF-8` counts; matching is case-sensitive, as the real
/// service does).
pub fn is_json(content_type: &str) -> bool {
    content_type
        .split([' ', ',', ';'])
        .any(|token| token == "application/json")
}

/// Reads a JSON request body into `T`.
///
/// A body that is empty and has no content type is empty input (`{}`): clients send
/// `abandon`, `submit` and the like that way. Otherwise the content type must be JSON and
/// the body valid JSON; a body that does not fit `T` is `invalid_input`. Unknown fields
/// are ignored (the generated types do not deny them).
pub fn parse_json<T: DeserializeOwned>(
    headers: &HeaderMap,
    content_type_override: Option<&str>,
    body: &Bytes,
) -> Result<T, ApiError> {
    let content_type = content_type_override.or_else(|| {
        headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
    });
    let empty = body.iter().all(u8::is_ascii_whitespace);
    let input: &[u8] = match content_type {
        None if empty => b"{}",
        Some(ct) if is_json(ct) => {
            if empty {
                return Err(ApiError::condition(Condition::MalformedJson)
                    .with_message("Expected JSON object"));
            }
            body
        }
        _ => {
            return Err(ApiError::condition(Condition::WrongContentType)
                .with_message("Expected Content-Type: application/json"));
        }
    };
    serde_json::from_slice(input).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => {
            ApiError::condition(Condition::InvalidInput).with_message(format!("Invalid input: {e}"))
        }
        _ => ApiError::condition(Condition::MalformedJson)
            .with_message(format!("Invalid application/json in request: {e}")),
    })
}
