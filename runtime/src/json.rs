//! JSON output (seed 4.3): the magic prefix line, pretty or compact, UTF-8.

use axum::response::{IntoResponse, Response};
use bytes::{BufMut, BytesMut};
use http::{HeaderValue, StatusCode, header};
use serde::Serialize;

use crate::spec::Conventions;

/// The content type of every JSON response.
pub const JSON_CONTENT_TYPE: &str = "application/json; charset=UTF-8";

/// Decides pretty (`true`) or compact output for one request.
///
/// Order: the pretty parameter (`pp=0` compact, `pp=1` pretty) wins; otherwise an `Accept`
/// header naming the compact media type (`application/json`) asks for compact; otherwise
/// the service's default.
pub fn wants_pretty(
    conventions: &Conventions,
    pretty_param: Option<&str>,
    accept: Option<&HeaderValue>,
) -> bool {
    match pretty_param {
        Some("0" | "false") => return false,
        Some("1" | "true") => return true,
        _ => {}
    }
    if let (Some(media), Some(accept)) = (
        conventions.compact_when_accept,
        accept.and_then(|a| a.to_str().ok()),
    ) && accept.split(',').any(|part| {
        part.split(';')
            .next()
            .is_some_and(|m| m.trim().eq_ignore_ascii_case(media))
    }) {
        return false;
    }
    conventions.pretty_by_default
}

/// Serialises `value` as a JSON body: prefix line (when the service has one), the JSON,
/// and a final newline.
pub fn body<T: Serialize + ?Sized>(
    conventions: &Conventions,
    value: &T,
    pretty: bool,
) -> Result<bytes::Bytes, serde_json::Error> {
    let mut out = BytesMut::with_capacity(256).writer();
    if let Some(prefix) = conventions.json_prefix {
        std::io::Write::write_all(&mut out, prefix.as_bytes()).map_err(serde_json::Error::io)?;
        std::io::Write::write_all(&mut out, b"\n").map_err(serde_json::Error::io)?;
    }
    if pretty {
        serde_json::to_writer_pretty(&mut out, value)?;
    } else {
        serde_json::to_writer(&mut out, value)?;
    }
    std::io::Write::write_all(&mut out, b"\n").map_err(serde_json::Error::io)?;
    Ok(out.into_inner().freeze())
}

/// A complete JSON response.
pub fn response(status: StatusCode, body: bytes::Bytes) -> Response {
    let mut response = (status, body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(JSON_CONTENT_TYPE),
    );
    response
}
