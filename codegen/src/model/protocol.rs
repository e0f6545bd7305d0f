//! The conventions of other APIs' answers and requests, validated: pagination, rate-limit
//! headers, cross-origin use, idempotency keys.

pub use restspec_conventions::{EarlyRefusals, PageStyle, ResetFormat};

/// Idempotency keys, as the spec spells the header.
pub type Idempotency = restspec_conventions::IdempotencyConventions<String>;

/// Cross-origin use as the spec describes it (the methods come from its endpoints).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cors {
    /// Response headers exposed, as the spec spells them (pagination and rate-limit
    /// headers added).
    pub expose_headers: Vec<String>,
    /// Request headers allowed besides the usual ones and the credential headers.
    pub allow_headers: Vec<String>,
    /// `Access-Control-Allow-Origin: *`.
    pub any_origin: bool,
}

/// The headers of a caller's quota budget, as the spec spells them.
pub type RateLimitHeaders = restspec_conventions::RateLimitHeaders<String>;

/// A request header the answer carries back, its name as the spec spells it.
pub type EchoHeader = restspec_conventions::EchoHeader<String>;

/// How paginated endpoints page their lists, names as the spec spells them.
pub type Pagination = restspec_conventions::Pagination<String, Vec<(String, String)>>;
/// The `pages` style.
pub type PageConventions = restspec_conventions::PageConventions<String>;
/// The `offset` style.
pub type OffsetConventions = restspec_conventions::OffsetConventions<String>;
/// The `cursor` style, its constant fields in spec order.
pub type CursorConventions = restspec_conventions::CursorConventions<String, Vec<(String, String)>>;
