//! How a service pages its lists (`conventions.pagination`), in the three styles: the
//! parameters a request names and what an answer holds or carries.

/// How a service pages its lists (`conventions.pagination` in the spec).
#[derive(Debug, Clone, Copy)]
pub enum Pagination {
    /// `?page=2&per_page=20`.
    Pages(PageConventions),
    /// `?offset=40&limit=20`.
    Offset(OffsetConventions),
    /// `?cursor=...&limit=20`.
    Cursor(CursorConventions),
}

impl Pagination {
    /// The two query parameters a paginated endpoint reads besides its options: where the
    /// page starts, and its size.
    pub fn parameters(&self) -> [&'static str; 2] {
        match self {
            Pagination::Pages(p) => [p.page_parameter, p.per_page_parameter],
            Pagination::Offset(o) => [o.offset_parameter, o.limit_parameter],
            Pagination::Cursor(c) => [c.cursor_parameter, c.limit_parameter],
        }
    }

    /// The query parameter asking for the page before a cursor, in the `cursor` style
    /// when the spec names one (`ending_before`).
    pub fn before_parameter(&self) -> Option<&'static str> {
        match self {
            Pagination::Cursor(c) => c.before_parameter,
            _ => None,
        }
    }
}

/// The `pages` style of `conventions.pagination`.
#[derive(Debug, Clone, Copy)]
pub struct PageConventions {
    /// The query parameter naming the page, counted from 1 (`page`).
    pub page_parameter: &'static str,
    /// The query parameter naming the page size (`per_page`).
    pub per_page_parameter: &'static str,
    /// The page size when the request names none.
    pub default_per_page: u32,
    /// The largest page size; larger requests get this many.
    pub max_per_page: u32,
    /// Whether answers carry a `Link` header with `next`, `prev`, `first` and `last`.
    pub link_header: bool,
    /// Whether a list that fits one page (no `next`, no `prev`) still carries `Link`
    /// (`first`, and `last` when the total is known); GitHub sends none.
    pub link_on_single_page: bool,
    /// Header carrying the number of items in all (`X-Total`), when the handler knows it.
    pub total_header: Option<&'static str>,
    /// Header carrying the number of pages (`X-Total-Pages`), when the total is known.
    pub total_pages_header: Option<&'static str>,
    /// Header carrying the page answered (`X-Page`).
    pub page_header: Option<&'static str>,
    /// Header carrying the page size used (`X-Per-Page`).
    pub per_page_header: Option<&'static str>,
    /// Header carrying the next page's number (`X-Next-Page`), empty on the last page.
    pub next_page_header: Option<&'static str>,
    /// Header carrying the previous page's number (`X-Prev-Page`), empty on the first.
    pub prev_page_header: Option<&'static str>,
}

impl PageConventions {
    /// `?page=&per_page=`, 20 of at most 100 a page, `Link` on every answer, no count
    /// headers. Generated code writes what its spec says and takes the rest from here
    /// (`..PageConventions::USUAL`), so a field added later changes no generated code.
    pub const USUAL: PageConventions = PageConventions {
        page_parameter: "page",
        per_page_parameter: "per_page",
        default_per_page: 20,
        max_per_page: 100,
        link_header: true,
        link_on_single_page: true,
        total_header: None,
        total_pages_header: None,
        page_header: None,
        per_page_header: None,
        next_page_header: None,
        prev_page_header: None,
    };
}

/// The `offset` style of `conventions.pagination`.
#[derive(Debug, Clone, Copy)]
pub struct OffsetConventions {
    /// The query parameter naming how many items to skip (`offset`).
    pub offset_parameter: &'static str,
    /// The query parameter naming the page size (`limit`).
    pub limit_parameter: &'static str,
    /// The page size when the request names none.
    pub default_limit: u32,
    /// The largest page size; larger requests get this many.
    pub max_limit: u32,
    /// The item field marking the last item of a page that more items follow, by its
    /// JSON name; without it, a page shorter than asked is the last.
    pub more_field: Option<&'static str>,
}

/// The `cursor` style of `conventions.pagination`.
#[derive(Debug, Clone, Copy)]
pub struct CursorConventions {
    /// The query parameter naming where the page starts (`cursor`, `starting_after`).
    pub cursor_parameter: &'static str,
    /// The query parameter naming the page size (`limit`).
    pub limit_parameter: &'static str,
    /// The page size when the request names none.
    pub default_limit: u32,
    /// The largest page size; larger requests get this many.
    pub max_limit: u32,
    /// The answer's field holding the items (`items`, `data`).
    pub items_field: &'static str,
    /// The answer's field saying whether more items follow (`has_more`).
    pub has_more_field: Option<&'static str>,
    /// The answer's field holding the next page's cursor, `null` on the last page
    /// (`next_page`).
    pub next_cursor_field: Option<&'static str>,
    /// The item field whose value on the last item is the next page's cursor, for APIs
    /// that send no cursor field (`id`).
    pub cursor_from: Option<&'static str>,
    /// The query parameter asking for the page that ends just before a cursor
    /// (`ending_before`), when lists can be paged backwards.
    pub before_parameter: Option<&'static str>,
    /// The answer's field holding the list's own path (`url`: `/v1/customers`).
    pub url_field: Option<&'static str>,
    /// Fields every page carries with the same text value (`object: list`), in order.
    pub constant_fields: &'static [(&'static str, &'static str)],
}

impl CursorConventions {
    /// `?cursor=&limit=`, 20 of at most 100 a page, the items in `items` beside
    /// `next_page`, no backward paging, no other field. Generated code takes what its spec
    /// leaves out from here (`..CursorConventions::USUAL`).
    pub const USUAL: CursorConventions = CursorConventions {
        cursor_parameter: "cursor",
        limit_parameter: "limit",
        default_limit: 20,
        max_limit: 100,
        items_field: "items",
        has_more_field: None,
        next_cursor_field: Some("next_page"),
        cursor_from: None,
        before_parameter: None,
        url_field: None,
        constant_fields: &[],
    };
}
