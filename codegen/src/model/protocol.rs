//! The conventions of other APIs' answers and requests, validated: pagination, rate-limit
//! headers, cross-origin use, idempotency keys.

/// Idempotency keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Idempotency {
    /// The header carrying the key.
    pub header: String,
    /// How long a key is remembered.
    pub expire_after_seconds: u64,
}

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
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RateLimitHeaders {
    /// The budget when full.
    pub limit: Option<String>,
    /// What is left.
    pub remaining: Option<String>,
    /// When it is full again.
    pub reset: Option<String>,
    /// `reset` is a Unix time in seconds (else seconds from now).
    pub reset_unix: bool,
    /// The policy name of the IETF structured fields, when written.
    pub ietf_policy: Option<String>,
}

/// Page/per-page pagination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pagination {
    /// The page parameter (`page`).
    pub page_parameter: String,
    /// The page size parameter (`per_page`).
    pub per_page_parameter: String,
    /// The page size when a request names none.
    pub default_per_page: u16,
    /// The largest page size.
    pub max_per_page: u16,
    /// Answers carry `Link`.
    pub link_header: bool,
    /// The count headers: total, total pages, page, per page, next, previous.
    pub headers: PageHeaders,
}

/// The count headers of paginated answers as the spec spells them, `None` for not sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PageHeaders {
    /// Items in all.
    pub total: Option<String>,
    /// Pages in all.
    pub total_pages: Option<String>,
    /// The page answered.
    pub page: Option<String>,
    /// The page size used.
    pub per_page: Option<String>,
    /// The next page.
    pub next_page: Option<String>,
    /// The previous page.
    pub prev_page: Option<String>,
}

impl PageHeaders {
    /// The six, in the order the runtime's `PageConventions` lists them: total, total
    /// pages, page, per page, next, previous.
    pub fn in_order(&self) -> [&Option<String>; 6] {
        [
            &self.total,
            &self.total_pages,
            &self.page,
            &self.per_page,
            &self.next_page,
            &self.prev_page,
        ]
    }
}
