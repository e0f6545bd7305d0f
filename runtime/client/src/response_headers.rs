//! Typed response headers: what an endpoint's success answers carry besides the body
//! (`ETag`, `X-Rate-Limit-Remaining`), as the spec's `response_headers` declares them.
//!
//! Each endpoint with response headers has a generated struct implementing
//! [`ResponseHeaders`]: the service writes one with its answer, the typed client reads one
//! from an answer's headers. Values are written as header parameters are: text as it is,
//! numbers and switches as JSON writes them, a list's items joined with commas.

use http::{HeaderMap, HeaderName, HeaderValue};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::form::wire_text;

/// A generated struct of an endpoint's response headers.
pub trait ResponseHeaders: Sized {
    /// Writes each header that has a value into `out`. A value a header cannot carry (a
    /// line break in text) is left out, never a panic.
    fn write(&self, out: &mut HeaderMap);

    /// Reads them from an answer's headers: a required one missing, or a value not of its
    /// type, is an error naming the header.
    fn read(headers: &HeaderMap) -> Result<Self, String>;
}

/// Writes `value` as header `name`, when it has one (`None` and `null` write nothing).
pub fn write<V: Serialize + ?Sized>(out: &mut HeaderMap, name: &'static str, value: &V) {
    let Some(text) = wire_text(value) else {
        return;
    };
    put(out, name, text);
}

/// Writes a list as one header, its items joined with commas; an empty list writes
/// nothing.
pub fn write_list<V: Serialize>(out: &mut HeaderMap, name: &'static str, values: &[V]) {
    let texts: Vec<String> = values.iter().filter_map(wire_text).collect();
    if !texts.is_empty() {
        put(out, name, texts.join(","));
    }
}

/// Header `name`'s value read as a `V`, `None` when the answer lacks it.
pub fn read<V: DeserializeOwned>(headers: &HeaderMap, name: &str) -> Result<Option<V>, String> {
    let Some(value) = headers.get(name) else {
        return Ok(None);
    };
    let text = value
        .to_str()
        .map_err(|_| format!("header `{name}` is not text"))?;
    crate::form::read_text(text)
        .map(Some)
        .map_err(|why| format!("header `{name}`: {why}"))
}

/// Header `name` read as a comma-separated list of `V` (every value of a repeated header).
pub fn read_list<V: DeserializeOwned>(headers: &HeaderMap, name: &str) -> Result<Vec<V>, String> {
    let texts = headers
        .get_all(name)
        .iter()
        .map(|value| value.to_str())
        .collect::<Result<Vec<&str>, _>>()
        .map_err(|_| format!("header `{name}` is not text"))?;
    crate::form::read_comma_pieces(texts).map_err(|why| format!("header `{name}`: {why}"))
}

/// A required header's value, or the error naming it.
pub fn required<V>(value: Option<V>, name: &str) -> Result<V, String> {
    value.ok_or_else(|| format!("header `{name}` is missing"))
}

/// Appends `name: text`. The generator admits only header names; a text a header cannot
/// carry (a line break) is left out rather than sent broken.
fn put(out: &mut HeaderMap, name: &'static str, text: String) {
    if let (Ok(name), Ok(value)) = (
        HeaderName::from_bytes(name.as_bytes()),
        HeaderValue::try_from(text),
    ) {
        out.append(name, value);
    }
}
