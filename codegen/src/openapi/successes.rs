//! The body of an endpoint's success answers, as OpenAPI states it: its `response` type
//! (a page of it, or `null` too, where the endpoint says so) under JSON, or under the
//! media type it is written in as text (`response_media`).

use serde_json::{Map, Value, json};

use super::schemas::schema;
use crate::model::{Endpoint, Service};

/// The `content` of `endpoint`'s success answers, when they have a body.
pub(super) fn content(service: &Service, endpoint: &Endpoint) -> Option<Value> {
    let c = &service.conventions;
    let ty = endpoint.response.as_ref()?;
    let mut media = Map::new();
    if let Some(text) = &endpoint.response_media {
        media.insert("schema".into(), schema(ty, c.timestamp_format));
        return Some(json!({ text.as_str(): Value::Object(media) }));
    }
    let mut body = schema(ty, c.timestamp_format);
    if let Some(p) = c.pagination.as_ref().filter(|_| endpoint.paginated) {
        body = super::headers::page_body(p, body);
    }
    if endpoint.response_nullable {
        body = super::schemas::or_null(body);
    }
    media.insert("schema".into(), body);
    if let Some(prefix) = &c.json_prefix {
        media.insert("x-json-prefix".into(), json!(prefix));
    }
    Some(json!({ "application/json": Value::Object(media) }))
}

/// The reason phrase of a success status.
pub(super) fn reason(code: u16) -> &'static str {
    match code {
        200 => "OK",
        201 => "Created",
        202 => "Accepted",
        204 => "No Content",
        301 => "Moved Permanently",
        302 => "Found",
        303 => "See Other",
        304 => "Not Modified",
        307 => "Temporary Redirect",
        308 => "Permanent Redirect",
        300..=399 => "Redirection",
        _ => "Success",
    }
}
