//! The shape of a hostile case and the helpers that write one.

/// What a case must be answered.
#[derive(Debug, Clone)]
pub(super) enum Expect {
    /// This status (the first answer's, when several follow).
    Status(u16),
    /// These statuses, in order (pipelining).
    Statuses(Vec<u16>),
    /// This status, or the connection closed without an answer (either is a refusal).
    StatusOrClosed(u16),
}

/// One hostile request.
#[derive(Debug, Clone)]
pub(super) struct Case {
    pub(super) name: String,
    pub(super) raw: Vec<u8>,
    pub(super) expect: Expect,
    /// Text that must not appear in the answer's head (an injected header, a CORS grant).
    pub(super) absent_from_head: Option<&'static str>,
    /// Text the answer must contain.
    pub(super) body_contains: Option<&'static str>,
}

/// A request: method, target, extra header lines, body (with its `Content-Length`).
pub(super) fn request(method: &str, target: &str, headers: &[String], body: &[u8]) -> Vec<u8> {
    let mut raw = format!("{method} {target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n");
    for header in headers {
        raw.push_str(header);
        raw.push_str("\r\n");
    }
    if !body.is_empty() || matches!(method, "POST" | "PUT") {
        raw.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    raw.push_str("\r\n");
    let mut raw = raw.into_bytes();
    raw.extend_from_slice(body);
    raw
}

pub(super) fn case(name: impl Into<String>, raw: Vec<u8>, expect: Expect) -> Case {
    Case {
        name: name.into(),
        raw,
        expect,
        absent_from_head: None,
        body_contains: None,
    }
}

pub(super) fn h(name: &str, value: &str) -> String {
    format!("{name}: {value}")
}

pub(super) const JSON: &str = "Content-Type: application/json";
