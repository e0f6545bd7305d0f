//! The conventions of other APIs' answers and requests, validated: pagination, rate-limit
//! headers, cross-origin use, idempotency keys.

pub use restspec_conventions::{EarlyRefusals, ResetFormat};

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

/// A request header the answer carries back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EchoHeader {
    /// The header's name, as the spec spells it.
    pub header: String,
    /// What is answered when a request sends none.
    pub default: Option<String>,
}

/// How paginated endpoints page their lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pagination {
    /// The page size when a request names none.
    pub default_per_page: u16,
    /// The largest page size.
    pub max_per_page: u16,
    /// How a page is asked for and answered.
    pub style: PageStyle,
}

/// The three ways real APIs page a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageStyle {
    /// `?page=2&per_page=20`, with `Link` and count headers.
    Pages {
        /// The page parameter (`page`).
        page_parameter: String,
        /// The page size parameter (`per_page`).
        per_page_parameter: String,
        /// Answers carry `Link`.
        link_header: bool,
        /// A list that fits one page carries `Link` too.
        link_on_single_page: bool,
        /// The count headers: total, total pages, page, per page, next, previous.
        headers: PageHeaders,
    },
    /// `?offset=40&limit=20`, the last item marked when more follow.
    Offset {
        /// The parameter naming how many items to skip (`offset`).
        offset_parameter: String,
        /// The page size parameter (`limit`).
        limit_parameter: String,
        /// The last item's field marking that more follow, by its JSON name.
        more_field: Option<String>,
    },
    /// `?cursor=...&limit=20`, the items inside an object with the next page's cursor.
    Cursor(CursorStyle),
}

/// Cursor pagination: what the request names and what the answer's object holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CursorStyle {
    /// The parameter naming where the page starts (`cursor`).
    pub cursor_parameter: String,
    /// The page size parameter (`limit`).
    pub limit_parameter: String,
    /// The answer's field holding the items (`items`).
    pub items_field: String,
    /// The answer's field saying whether more follow.
    pub has_more_field: Option<String>,
    /// The answer's field holding the next page's cursor.
    pub next_cursor_field: Option<String>,
    /// The item field whose value on the last item is the next cursor.
    pub cursor_from: Option<String>,
    /// The parameter asking for the page before a cursor (`ending_before`).
    pub before_parameter: Option<String>,
    /// The answer's field holding the list's own path (`url`).
    pub url_field: Option<String>,
    /// Fields every page carries with the same text (`object: list`), in spec order.
    pub constant_fields: Vec<(String, String)>,
}

impl Pagination {
    /// The two query parameters the runtime reads: where the page starts and its size.
    pub fn parameters(&self) -> [&str; 2] {
        match &self.style {
            PageStyle::Pages {
                page_parameter,
                per_page_parameter,
                ..
            } => [page_parameter, per_page_parameter],
            PageStyle::Offset {
                offset_parameter,
                limit_parameter,
                ..
            } => [offset_parameter, limit_parameter],
            PageStyle::Cursor(c) => [&c.cursor_parameter, &c.limit_parameter],
        }
    }

    /// Every query parameter a paginated endpoint reads besides its options: the two of
    /// [`parameters`](Self::parameters), and the `cursor` style's `before_parameter`.
    pub fn all_parameters(&self) -> impl Iterator<Item = &str> {
        let before = match &self.style {
            PageStyle::Cursor(c) => c.before_parameter.as_deref(),
            _ => None,
        };
        self.parameters().into_iter().chain(before)
    }

    /// Whether answers carry a `Link` header.
    pub fn link_header(&self) -> bool {
        matches!(
            self.style,
            PageStyle::Pages {
                link_header: true,
                ..
            }
        )
    }

    /// The count headers, in the `pages` style.
    pub fn headers(&self) -> Option<&PageHeaders> {
        match &self.style {
            PageStyle::Pages { headers, .. } => Some(headers),
            _ => None,
        }
    }
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

/// `application/json`, as a request body's media type.
pub const JSON_MEDIA: &str = "application/json";
/// `application/x-www-form-urlencoded`, a form's media type.
pub const FORM_MEDIA: &str = "application/x-www-form-urlencoded";

/// The media types `request_bodies` words (`json`, `json_or_form`, `form_or_json`, `form`)
/// read a request body in, in the order they name them (the typed client sends the first).
pub fn request_media_types(words: &str) -> &'static [&'static str] {
    match words {
        "json" => &[JSON_MEDIA],
        "json_or_form" => &[JSON_MEDIA, FORM_MEDIA],
        "form_or_json" => &[FORM_MEDIA, JSON_MEDIA],
        _ => &[FORM_MEDIA],
    }
}
