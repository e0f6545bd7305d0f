//! How request bodies and query options are read.

use bytes::Bytes;
use http::{HeaderMap, header};
use serde::de::DeserializeOwned;

use crate::error::{ApiError, Condition};

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
/// the body valid JSON; a body that does not fit `T` is `invalid_input`, and so is an
/// array where `T` expects a record (see [`strict_json`](crate::strict_json)). Unknown
/// fields are ignored (the generated types do not deny them).
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
    crate::strict_json::from_slice(input).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => {
            ApiError::condition(Condition::InvalidInput).with_message(format!("Invalid input: {e}"))
        }
        _ => ApiError::condition(Condition::MalformedJson)
            .with_message(format!("Invalid application/json in request: {e}")),
    })
}
