//! The spec's records for the conventions of other APIs' answers and requests:
//! pagination, rate-limit headers, cross-origin use, idempotency keys.

use crate::spec::decode::{Spanned, spec_record};

spec_record! {
    /// Idempotency keys (`conventions.idempotency`).
    pub struct Idempotency = "`idempotency`" {
        /// The request header carrying the key (`Idempotency-Key`).
        req header: Spanned<String>,
        /// How long a key is remembered, in seconds (default a day, 86400).
        opt expire_after_seconds: u64,
    }
}

spec_record! {
    /// Cross-origin use (`conventions.cors`).
    pub struct Cors = "`cors`" {
        /// Response headers a browser script may read (`Access-Control-Expose-Headers`),
        /// besides the pagination and rate-limit headers the spec names, which are exposed
        /// always.
        opt expose_headers: Vec<Spanned<String>>,
        /// Request headers allowed besides `Authorization`, `Content-Type` and the token
        /// headers the spec's credentials name.
        opt allow_headers: Vec<Spanned<String>>,
        /// Every origin may call, without credentials (`Access-Control-Allow-Origin: *`).
        opt any_origin: bool,
    }
}

spec_record! {
    /// The headers of a caller's quota budget (`RateLimit-Limit`, `X-RateLimit-Remaining`,
    /// ...); leave one out to send none.
    pub struct RateLimitHeaders = "`rate_limit_headers`" {
        /// The budget when full.
        opt limit: Spanned<String>,
        /// What is left after this request.
        opt remaining: Spanned<String>,
        /// When the budget is full again.
        opt reset: Spanned<String>,
        /// How `reset` is written: `seconds` from now (the default) or `unix_seconds`.
        opt reset_format: Spanned<String>,
        /// Also the IETF structured fields under this policy name (`burst`):
        /// `RateLimit: "burst";r=<remaining>;t=<seconds>` and `RateLimit-Policy:
        /// "burst";q=<limit>`.
        opt ietf_policy: Spanned<String>,
    }
}

spec_record! {
    /// Page/per-page pagination (`?page=2&per_page=20`): the runtime reads the page, the
    /// handler answers it with the total, the runtime writes `Link` and the count headers.
    pub struct Pagination = "`pagination`" {
        /// Query parameter naming the page, counted from 1 (default `page`).
        opt page_parameter: Spanned<String>,
        /// Query parameter naming the page size (default `per_page`).
        opt per_page_parameter: Spanned<String>,
        /// Page size when a request names none (default 20).
        opt default_per_page: Spanned<u16>,
        /// Largest page size; a request for more gets this many (default 100).
        opt max_per_page: Spanned<u16>,
        /// Whether answers carry `Link` with `prev`, `next`, `first` and `last` (default
        /// `true`).
        opt link_header: bool,
        /// Headers carrying the counts, by what they carry; leave one out to send none.
        opt headers: PageHeaders,
    }
}

spec_record! {
    /// The count headers of paginated answers (`X-Total`, `X-Total-Pages`, ...).
    pub struct PageHeaders = "`pagination.headers`" {
        /// The number of items in all, when the handler knows it (`X-Total`).
        opt total: Spanned<String>,
        /// The number of pages, when the total is known (`X-Total-Pages`).
        opt total_pages: Spanned<String>,
        /// The page answered (`X-Page`).
        opt page: Spanned<String>,
        /// The page size used (`X-Per-Page`).
        opt per_page: Spanned<String>,
        /// The next page's number, empty on the last page (`X-Next-Page`).
        opt next_page: Spanned<String>,
        /// The previous page's number, empty on the first (`X-Prev-Page`).
        opt prev_page: Spanned<String>,
    }
}
