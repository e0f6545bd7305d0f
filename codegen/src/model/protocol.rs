//! The conventions of other APIs' answers and requests, validated: pagination, rate-limit
//! headers, cross-origin use, idempotency keys.

pub use restspec_conventions::{EarlyRefusals, PageStyle, ResetFormat};

/// Idempotency keys, as the spec spells the header.
pub type Idempotency = restspec_conventions::IdempotencyConventions<String>;

/// Cross-origin use as the spec describes it (the methods come from its endpoints).
pub type Cors = restspec_conventions::Cors<String>;

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
