//! The request id (`conventions.request_id_header`, `X-Request-Id`): the one a client or a
//! proxy sent, when it is a sensible token, or a new one; answered in the same header,
//! written to the access log, and readable by handlers (`RequestContext::request_id`).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use http::{HeaderMap, HeaderName, HeaderValue};

/// A request's id, as a request extension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(pub HeaderValue);

impl RequestId {
    /// The id's text.
    pub fn as_str(&self) -> &str {
        self.0.to_str().unwrap_or_default()
    }
}

/// The id `header` carries, when it is 1 to 128 visible ASCII characters without spaces
/// (nothing that could forge a log line), else a new one beginning with `prefix` (the
/// spec's `request_id_prefix`, `req_`; the generator checked it is visible ASCII).
pub(crate) fn of(headers: &HeaderMap, header: &HeaderName, prefix: &str) -> RequestId {
    let sent = headers.get(header).filter(|value| {
        let bytes = value.as_bytes();
        (1..=128).contains(&bytes.len()) && bytes.iter().all(|b| b.is_ascii_graphic())
    });
    RequestId(sent.cloned().unwrap_or_else(|| fresh(prefix)))
}

/// A new id: a random prefix drawn once per process, then a counter, so that ids are
/// unique across the instances of a service without a system call per request.
fn fresh(prefix_of_spec: &str) -> HeaderValue {
    let (prefix, count) = next();
    HeaderValue::from_str(&format!("{prefix_of_spec}{prefix:016x}{count:010x}"))
        .unwrap_or(HeaderValue::from_static("0"))
}

/// A new error id (`{error_id}` in an error body): the same random prefix and counter,
/// written as a UUID (version 4 and RFC 9562's variant bits set, as a random one has).
pub(crate) fn error_id() -> String {
    let (prefix, count) = next();
    let bits = (u128::from(prefix) << 64 | u128::from(count)) & !(0xf << 76) & !(0b11 << 62);
    let bits = bits | (0x4 << 76) | (0b10 << 62);
    let hex = format!("{bits:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// The process's random prefix and the next value of its counter.
fn next() -> (u64, u64) {
    static PREFIX: OnceLock<u64> = OnceLock::new();
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let prefix = PREFIX.get_or_init(|| {
        let mut bytes = [0u8; 8];
        // Without randomness the process id and the clock still tell instances apart.
        if getrandom::fill(&mut bytes).is_err() {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            bytes[..4].copy_from_slice(&std::process::id().to_le_bytes());
            bytes[4..].copy_from_slice(&nanos.to_le_bytes());
        }
        u64::from_le_bytes(bytes)
    });
    (*prefix, COUNTER.fetch_add(1, Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sensible_id_is_kept_and_anything_else_replaced() {
        let name = HeaderName::from_static("x-request-id");
        let mut headers = HeaderMap::new();
        headers.insert(&name, HeaderValue::from_static("abc-123"));
        assert_eq!(of(&headers, &name, "req_").as_str(), "abc-123");
        headers.insert(&name, HeaderValue::from_static("two words"));
        let replaced = of(&headers, &name, "");
        assert_eq!(replaced.as_str().len(), 26, "{}", replaced.as_str());
        let next = of(&HeaderMap::new(), &name, "");
        assert_ne!(replaced, next, "each new id is another");
        let prefixed = of(&HeaderMap::new(), &name, "req_");
        assert!(
            prefixed.as_str().starts_with("req_"),
            "{}",
            prefixed.as_str()
        );
        assert_eq!(prefixed.as_str().len(), 30);
    }

    #[test]
    fn error_ids_are_distinct_version_4_uuids() {
        let (a, b) = (error_id(), error_id());
        assert_ne!(a, b);
        for id in [&a, &b] {
            let parsed = restspec_client::formats::Uuid::parse_str(id).expect("a UUID");
            assert_eq!(parsed.get_version_num(), 4, "{id}");
            // RFC 9562's variant: the 17th hex digit is 8, 9, a or b.
            assert!(
                matches!(id.as_bytes()[19], b'8' | b'9' | b'a' | b'b'),
                "{id}"
            );
            assert_eq!(id.len(), 36);
        }
    }
}
