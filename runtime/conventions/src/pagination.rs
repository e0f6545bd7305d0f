//! How a service pages its lists (`conventions.pagination`), in the three styles: the
//! parameters a request names and what an answer holds or carries.

spec_words! {
    /// The three ways real APIs page a list (`pagination.style`).
    pub enum PageStyle {
        /// `?page=2&per_page=20`, with `Link` and count headers (the default).
        Pages = "pages",
        /// `?offset=40&limit=20`, the last item marked when more follow.
        Offset = "offset",
        /// `?cursor=...&limit=20`, the items inside an object with the next page's cursor.
        Cursor = "cursor",
    }
}

/// The constant fields of a cursor page as generated constants hold them.
pub type StaticFields = &'static [(&'static str, &'static str)];

/// How a service pages its lists (`conventions.pagination` in the spec). `F` holds the
/// cursor style's constant fields (a slice in generated constants, a `Vec` in the
/// generator).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pagination<S = &'static str, F = StaticFields> {
    /// `?page=2&per_page=20`.
    Pages(PageConventions<S>),
    /// `?offset=40&limit=20`.
    Offset(OffsetConventions<S>),
    /// `?cursor=...&limit=20`.
    Cursor(CursorConventions<S, F>),
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

impl<S: AsRef<str>, F> Pagination<S, F> {
    /// Which of the three styles.
    pub fn style(&self) -> PageStyle {
        match self {
            Pagination::Pages(_) => PageStyle::Pages,
            Pagination::Offset(_) => PageStyle::Offset,
            Pagination::Cursor(_) => PageStyle::Cursor,
        }
    }

    /// The page size when a request names none, and the largest.
    pub fn sizes(&self) -> (u32, u32) {
        match self {
            Pagination::Pages(p) => (p.default_per_page, p.max_per_page),
            Pagination::Offset(o) => (o.default_limit, o.max_limit),
            Pagination::Cursor(c) => (c.default_limit, c.max_limit),
        }
    }

    /// Where a page starts and its size, as [`parameters`](Pagination::parameters) for
    /// any text.
    pub fn start_and_size(&self) -> [&str; 2] {
        match self {
            Pagination::Pages(p) => [p.page_parameter.as_ref(), p.per_page_parameter.as_ref()],
            Pagination::Offset(o) => [o.offset_parameter.as_ref(), o.limit_parameter.as_ref()],
            Pagination::Cursor(c) => [c.cursor_parameter.as_ref(), c.limit_parameter.as_ref()],
        }
    }

    /// Every query parameter a paginated endpoint reads besides its options: where a page
    /// starts, its size, and the `cursor` style's `before_parameter`.
    pub fn all_parameters(&self) -> impl Iterator<Item = &str> {
        let before = match self {
            Pagination::Cursor(c) => c.before_parameter.as_ref().map(AsRef::as_ref),
            _ => None,
        };
        self.start_and_size().into_iter().chain(before)
    }

    /// Whether answers carry a `Link` header (the `pages` style, unless turned off).
    pub fn has_link_header(&self) -> bool {
        matches!(self, Pagination::Pages(p) if p.link_header)
    }

    /// The count headers of the `pages` style.
    pub fn count_headers(&self) -> Option<[&Option<S>; 6]> {
        match self {
            Pagination::Pages(p) => Some(p.count_headers()),
            _ => None,
        }
    }
}

/// The `pages` style of `conventions.pagination`, header names as the spec spells them
/// (generated constants write them lower case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageConventions<S = &'static str> {
    /// The query parameter naming the page, counted from 1 (`page`).
    pub page_parameter: S,
    /// The query parameter naming the page size (`per_page`).
    pub per_page_parameter: S,
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
    pub total_header: Option<S>,
    /// Header carrying the number of pages (`X-Total-Pages`), when the total is known.
    pub total_pages_header: Option<S>,
    /// Header carrying the page answered (`X-Page`).
    pub page_header: Option<S>,
    /// Header carrying the page size used (`X-Per-Page`).
    pub per_page_header: Option<S>,
    /// Header carrying the next page's number (`X-Next-Page`), empty on the last page.
    pub next_page_header: Option<S>,
    /// Header carrying the previous page's number (`X-Prev-Page`), empty on the first.
    pub prev_page_header: Option<S>,
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

impl<S> PageConventions<S> {
    /// The six count headers in the order the spec's `pagination.headers` lists them:
    /// total, total pages, page, per page, next, previous.
    pub fn count_headers(&self) -> [&Option<S>; 6] {
        [
            &self.total_header,
            &self.total_pages_header,
            &self.page_header,
            &self.per_page_header,
            &self.next_page_header,
            &self.prev_page_header,
        ]
    }
}

/// The `offset` style of `conventions.pagination`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OffsetConventions<S = &'static str> {
    /// The query parameter naming how many items to skip (`offset`).
    pub offset_parameter: S,
    /// The query parameter naming the page size (`limit`).
    pub limit_parameter: S,
    /// The page size when the request names none.
    pub default_limit: u32,
    /// The largest page size; larger requests get this many.
    pub max_limit: u32,
    /// The item field marking the last item of a page that more items follow, by its
    /// JSON name; without it, a page shorter than asked is the last.
    pub more_field: Option<S>,
}

/// The `cursor` style of `conventions.pagination`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CursorConventions<S = &'static str, F = StaticFields> {
    /// The query parameter naming where the page starts (`cursor`, `starting_after`).
    pub cursor_parameter: S,
    /// The query parameter naming the page size (`limit`).
    pub limit_parameter: S,
    /// The page size when the request names none.
    pub default_limit: u32,
    /// The largest page size; larger requests get this many.
    pub max_limit: u32,
    /// The answer's field holding the items (`items`, `data`).
    pub items_field: S,
    /// The answer's field saying whether more items follow (`has_more`).
    pub has_more_field: Option<S>,
    /// The answer's field holding the next page's cursor, `null` on the last page
    /// (`next_page`).
    pub next_cursor_field: Option<S>,
    /// The item field whose value on the last item is the next page's cursor, for APIs
    /// that send no cursor field (`id`).
    pub cursor_from: Option<S>,
    /// The query parameter asking for the page that ends just before a cursor
    /// (`ending_before`), when lists can be paged backwards.
    pub before_parameter: Option<S>,
    /// The answer's field holding the list's own path (`url`: `/v1/customers`).
    pub url_field: Option<S>,
    /// Fields every page carries with the same text value (`object: list`), in order.
    pub constant_fields: F,
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

#[cfg(feature = "tokens")]
mod tokens {
    //! The pagination styles written as constants, the fields their `USUAL` has left out.

    use proc_macro2::{Literal, TokenStream};
    use quote::{ToTokens, quote};

    use super::{CursorConventions, OffsetConventions, PageConventions, Pagination};
    use crate::tokens::{Record, optional_header, optional_text, text};

    fn number(value: u32) -> TokenStream {
        Literal::u32_unsuffixed(value).into_token_stream()
    }

    fn flag(value: bool) -> TokenStream {
        quote! { #value }
    }

    impl<S: AsRef<str>, F: AsRef<[(S, S)]>> ToTokens for Pagination<S, F> {
        /// `rt::Pagination::Pages(rt::PageConventions { .. })` (or `Offset`, `Cursor`).
        fn to_tokens(&self, tokens: &mut TokenStream) {
            tokens.extend(match self {
                Pagination::Pages(p) => quote! { rt::Pagination::Pages(#p) },
                Pagination::Offset(o) => quote! { rt::Pagination::Offset(#o) },
                Pagination::Cursor(c) => quote! { rt::Pagination::Cursor(#c) },
            });
        }
    }

    impl<S: AsRef<str>> ToTokens for PageConventions<S> {
        fn to_tokens(&self, tokens: &mut TokenStream) {
            let usual = PageConventions::USUAL;
            let mut record = Record::new("PageConventions", Some("USUAL"));
            record.field(
                "page_parameter",
                text(&self.page_parameter),
                text(&usual.page_parameter),
            );
            record.field(
                "per_page_parameter",
                text(&self.per_page_parameter),
                text(&usual.per_page_parameter),
            );
            record.field(
                "default_per_page",
                number(self.default_per_page),
                number(usual.default_per_page),
            );
            record.field(
                "max_per_page",
                number(self.max_per_page),
                number(usual.max_per_page),
            );
            record.field(
                "link_header",
                flag(self.link_header),
                flag(usual.link_header),
            );
            record.field(
                "link_on_single_page",
                flag(self.link_on_single_page),
                flag(usual.link_on_single_page),
            );
            let names = [
                "total_header",
                "total_pages_header",
                "page_header",
                "per_page_header",
                "next_page_header",
                "prev_page_header",
            ];
            let (values, bases) = (self.count_headers(), usual.count_headers());
            for ((name, value), base) in names.into_iter().zip(values).zip(bases) {
                record.field(name, optional_header(value), optional_header(base));
            }
            tokens.extend(record.finish());
        }
    }

    impl<S: AsRef<str>> ToTokens for OffsetConventions<S> {
        fn to_tokens(&self, tokens: &mut TokenStream) {
            let mut record = Record::new("OffsetConventions", None);
            let offset = text(&self.offset_parameter);
            record.field("offset_parameter", offset.clone(), offset);
            let limit = text(&self.limit_parameter);
            record.field("limit_parameter", limit.clone(), limit);
            let default = number(self.default_limit);
            record.field("default_limit", default.clone(), default);
            let max = number(self.max_limit);
            record.field("max_limit", max.clone(), max);
            let more = optional_text(&self.more_field);
            record.field("more_field", more.clone(), more);
            tokens.extend(record.finish());
        }
    }

    impl<S: AsRef<str>, F: AsRef<[(S, S)]>> ToTokens for CursorConventions<S, F> {
        fn to_tokens(&self, tokens: &mut TokenStream) {
            let usual = CursorConventions::USUAL;
            let mut record = Record::new("CursorConventions", Some("USUAL"));
            for (name, value, base) in [
                (
                    "cursor_parameter",
                    &self.cursor_parameter,
                    usual.cursor_parameter,
                ),
                (
                    "limit_parameter",
                    &self.limit_parameter,
                    usual.limit_parameter,
                ),
            ] {
                record.field(name, text(value), text(&base));
            }
            record.field(
                "default_limit",
                number(self.default_limit),
                number(usual.default_limit),
            );
            record.field("max_limit", number(self.max_limit), number(usual.max_limit));
            record.field(
                "items_field",
                text(&self.items_field),
                text(&usual.items_field),
            );
            for (name, value, base) in [
                ("has_more_field", &self.has_more_field, usual.has_more_field),
                (
                    "next_cursor_field",
                    &self.next_cursor_field,
                    usual.next_cursor_field,
                ),
                ("cursor_from", &self.cursor_from, usual.cursor_from),
                (
                    "before_parameter",
                    &self.before_parameter,
                    usual.before_parameter,
                ),
                ("url_field", &self.url_field, usual.url_field),
            ] {
                record.field(name, optional_text(value), optional_text(&base));
            }
            let fields = self.constant_fields.as_ref().iter().map(|(name, value)| {
                let (name, value) = (name.as_ref(), value.as_ref());
                quote! { (#name, #value) }
            });
            record.field(
                "constant_fields",
                quote! { &[#(#fields),*] },
                quote! { &[] },
            );
            tokens.extend(record.finish());
        }
    }
}
