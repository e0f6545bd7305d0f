//! JSON output (protocol 4.3): the magic prefix line, pretty or compact, UTF-8.

use std::sync::atomic::{AtomicUsize, Ordering};

use http::{HeaderValue, StatusCode};
use serde::Serialize;

use crate::message::body::Response;
use crate::spec::Conventions;

pub use restspec_client::conventions::JSON_CONTENT_TYPE;

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
/// and a final newline, written into one buffer of `capacity` bytes (a good guess avoids
/// every reallocation: see [`SizeHint`]).
pub fn body<T: Serialize + ?Sized>(
    conventions: &Conventions,
    value: &T,
    pretty: bool,
    capacity: usize,
) -> Result<Vec<u8>, serde_json::Error> {
    let mut out = Vec::with_capacity(capacity);
    if let Some(prefix) = conventions.json_prefix {
        out.extend_from_slice(prefix.as_bytes());
        out.push(b'\n');
    }
    if pretty {
        serde_json::to_writer_pretty(&mut out, value)?;
    } else {
        serde_json::to_writer(&mut out, value)?;
    }
    out.push(b'\n');
    Ok(out)
}

/// The size of an endpoint's last JSON body, pretty and compact apart, so that the next
/// one is written into a buffer of the right size at once.
#[derive(Debug, Default)]
pub struct SizeHint {
    compact: AtomicUsize,
    pretty: AtomicUsize,
}

impl SizeHint {
    /// No answer seen yet.
    pub const fn new() -> Self {
        SizeHint {
            compact: AtomicUsize::new(0),
            pretty: AtomicUsize::new(0),
        }
    }

    /// Smallest buffer worth starting with.
    const MIN: usize = 128;

    /// Largest buffer reserved in advance, so one huge answer does not make every later
    /// one reserve as much.
    const MAX: usize = 1 << 20;

    fn slot(&self, pretty: bool) -> &AtomicUsize {
        if pretty { &self.pretty } else { &self.compact }
    }

    /// The buffer size to start the next body with: the last size plus an eighth.
    pub fn capacity(&self, pretty: bool) -> usize {
        let last = self.slot(pretty).load(Ordering::Relaxed);
        (last + last / 8).clamp(Self::MIN, Self::MAX)
    }

    /// Records the size of a body just written.
    pub fn record(&self, pretty: bool, len: usize) {
        self.slot(pretty).store(len, Ordering::Relaxed);
    }
}

/// A complete JSON response, with the service's JSON content type.
pub fn response(conventions: &Conventions, status: StatusCode, body: bytes::Bytes) -> Response {
    crate::message::body::response(status, Some(content_type(conventions)), body)
}

/// The service's JSON `Content-Type` (`conventions.json_content_type`, else
/// [`JSON_CONTENT_TYPE`]). The usual value is built at compile time; another is checked
/// once per answer (`from_static` validates).
pub fn content_type(conventions: &Conventions) -> HeaderValue {
    const USUAL: HeaderValue = HeaderValue::from_static(JSON_CONTENT_TYPE);
    match conventions.json_content_type {
        None => USUAL,
        Some(spelled) => HeaderValue::from_static(spelled),
    }
}
