//! The spec's records for the protocol conventions: pretty printing, sessions, method
//! override, tracing, and those of other APIs' answers and requests (pagination, rate-limit
//! headers, cross-origin use, idempotency keys).

use crate::read::decode::{Named, Spanned, spec_record};

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
        /// What was used of the budget, the limit minus what is left
        /// (`X-RateLimit-Used`, which Octokit reads).
        opt used: Spanned<String>,
        /// The budget's category (`X-RateLimit-Resource: core`): an endpoint's
        /// `rate_limit_resource`, else its family's, else `default_resource`; an endpoint
        /// with none of them sends no such header.
        opt resource: Spanned<String>,
        /// The category of endpoints and families that name no `rate_limit_resource`
        /// (`core`). Needs `resource`.
        opt default_resource: Spanned<String>,
        /// What refusals of a routed request answered before the quota check (a 401 for
        /// credentials the service does not accept, a 404 for a resource that does not
        /// exist, a 403 for a missing capability) tell: `none` (the default: no header,
        /// the budget untouched), `shown` (the budget's headers, read without spending) or
        /// `charged` (the request costs a token as an admitted one does, as GitHub counts
        /// them; a caller with nothing left gets the quota's 429 instead). A request no
        /// endpoint serves is answered without headers.
        opt early_refusals: Spanned<String>,
    }
}

spec_record! {
    /// A request header the answer carries back (`echo_headers`), such as the API version
    /// a client pins (`Stripe-Version`): the request's value when it is 1 to 256 visible
    /// characters, else `default`. Handlers read the same value with
    /// `RequestContext::echoed("Stripe-Version")`.
    pub struct EchoHeader = "an echoed header" {
        /// The header's name (`Stripe-Version`).
        req header: Spanned<String>,
        /// What is answered (and what handlers read) when a request sends none: the current
        /// version (`2024-06-20`). Leave out to answer nothing then.
        opt default: Spanned<String>,
    }
}

spec_record! {
    /// How lists are paged, in one of three styles. `pages` (the default,
    /// `?page=2&per_page=20`): the runtime reads the page, the handler answers it with the
    /// total, the runtime writes `Link` and the count headers. `offset`
    /// (`?offset=40&limit=20`): the last item of a page carries `more_field` when more
    /// follow. `cursor` (`?cursor=...&limit=20`): the answer is an object holding the items,
    /// whether more follow and the cursor of the next page.
    pub struct Pagination = "`pagination`" {
        /// `pages` (the default), `offset` or `cursor`.
        opt style: Spanned<String>,
        /// Query parameter naming the page, counted from 1 (default `page`; `pages`).
        opt page_parameter: Spanned<String>,
        /// Query parameter naming the page size (default `per_page`; `pages`).
        opt per_page_parameter: Spanned<String>,
        /// Page size when a request names none (default 20; every style).
        opt default_per_page: Spanned<u16>,
        /// Largest page size; a request for more gets this many (default 100; every style).
        opt max_per_page: Spanned<u16>,
        /// Whether answers carry `Link` with `prev`, `next`, `first` and `last` (default
        /// `true`; `pages`).
        opt link_header: Spanned<bool>,
        /// Whether a list that fits one page still carries `Link` (`first` and `last`)
        /// (default `true`; `pages`). `false` as GitHub: `Link` only when there are pages
        /// to go to.
        opt link_on_single_page: Spanned<bool>,
        /// Headers carrying the counts, by what they carry; leave one out to send none
        /// (`pages`).
        opt headers: PageHeaders,
        /// Query parameter naming how many items to skip (default `offset`; `offset`).
        opt offset_parameter: Spanned<String>,
        /// Query parameter naming the page size (default `limit`; `offset` and `cursor`).
        opt limit_parameter: Spanned<String>,
        /// The field set to `true` on a page's last item when more items follow
        /// (`_more_changes`; `offset`). The list's item type declares it, an optional
        /// boolean. Without it, a page shorter than asked is the last.
        opt more_field: Spanned<String>,
        /// Query parameter naming where the page starts (default `cursor`; `cursor`).
        opt cursor_parameter: Spanned<String>,
        /// The answer's field holding the page's items (default `items`; `cursor`).
        opt items_field: Spanned<String>,
        /// The answer's field saying whether more items follow (`has_more`; `cursor`).
        opt has_more_field: Spanned<String>,
        /// The answer's field holding the next page's cursor, `null` on the last page
        /// (`next_page`; `cursor`).
        opt next_cursor_field: Spanned<String>,
        /// The item field whose value on a page's last item is the next page's cursor
        /// (`id`, as in `?starting_after=<id>`), for APIs that send no cursor field
        /// (`cursor`).
        opt cursor_from: Spanned<String>,
        /// Query parameter asking for the page that ends just before a cursor, to page
        /// backwards (`ending_before`; `cursor`). Its answer holds the items just before
        /// that one, in the list's order, and says whether more precede them; a request
        /// naming both it and `cursor_parameter` is a 400. Without it lists page forwards
        /// only.
        opt before_parameter: Spanned<String>,
        /// The answer's field holding the list's own path, as requested (`url`:
        /// `"/v1/customers"`; `cursor`).
        opt url_field: Spanned<String>,
        /// Fields every page carries with the same text, by name (`object: list`;
        /// `cursor`), written before the items.
        opt constant_fields: Named<Spanned<String>>,
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

spec_record! {
    /// The pretty-printing rule.
    pub struct PrettyPrinting = "`pretty_printing`" {
        /// `pretty` or `compact`: what a request that asks for nothing gets.
        req default: Spanned<String>,
        /// Query parameter choosing: `0` compact, `1` pretty (`pp`).
        opt parameter: Spanned<String>,
        /// A media type in `Accept` that asks for compact output (`application/json`).
        opt compact_when_accept: Spanned<String>,
    }
}

spec_record! {
    /// Cookie sessions: where they are made and ended and what the cookies are called.
    pub struct Sessions = "`sessions`" {
        /// Name of the session cookie (HttpOnly).
        req cookie: Spanned<String>,
        /// Name of the cookie carrying the XSRF token scripts echo in the XSRF header.
        req xsrf_cookie: Spanned<String>,
        /// Path of the login endpoint (`POST` with HTTP basic credentials).
        req login_path: Spanned<String>,
        /// Path of the logout endpoint (`POST`).
        req logout_path: Spanned<String>,
    }
}

spec_record! {
    /// The method override rule.
    pub struct MethodOverride = "`method_override`" {
        /// The query parameter (`$m`).
        req parameter: Spanned<String>,
        /// Methods it may name (`PUT`, `POST`, `PATCH`, `DELETE`).
        req methods: Vec<Spanned<String>>,
    }
}

spec_record! {
    /// The tracing switches.
    pub struct Trace = "`trace`" {
        /// Query parameter, with or without an id (`trace`).
        opt parameter: Spanned<String>,
        /// Request and response header carrying the id (`X-Service-Trace`).
        opt header: Spanned<String>,
    }
}
