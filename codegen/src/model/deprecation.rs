//! When an endpoint was deprecated, where the spec says (`deprecated: 2026-06-30`).

/// The day an endpoint was deprecated: the service sends it as `Deprecation: @<seconds>`
/// (RFC 9745) on every answer of the endpoint, and OpenAPI lists that header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deprecation {
    /// As the spec writes it, `2026-06-30`.
    pub date: String,
    /// Its first second, in seconds since the Unix epoch (UTC).
    pub unix_seconds: i64,
}

impl Deprecation {
    /// The header's value, a structured-field date: `@1782777600`.
    pub fn header_value(&self) -> String {
        format!("@{}", self.unix_seconds)
    }
}
