//! Lowering how lists are paged (`conventions.pagination`), and an endpoint's
//! `paginated: true`.

use super::access::header_name;
use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::{
    CursorConventions, Method, OffsetConventions, PageConventions, PageStyle, Pagination,
    SpecWords, TypeRef,
};
use crate::read::decode::Spanned;
use crate::read::raw;

/// `pagination`: a known style with only its own keys, parameter names that are
/// distinct, page sizes from 1 with the default within the maximum, header names that are
/// header names.
///
/// ```yaml
/// pagination:
///   style: offset
///   page_parameter: p          # a key of `style: pages`
///   default_per_page: 200
///   max_per_page: 100          # the default is above the maximum
/// ```
pub(super) fn lower_pagination(raw: &raw::Pagination, diags: &mut Diagnostics) -> Pagination {
    let style_name = raw.style.as_ref().map_or("pages", |s| s.value.as_str());
    if let Some(given) = raw
        .style
        .as_ref()
        .filter(|s| PageStyle::from_word(&s.value).is_none())
    {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                format!("unknown pagination style `{style_name}`"),
            )
            .hint(suggest(style_name, PageStyle::words())),
        );
    }
    for (key, location) in &raw.keys {
        let Some((_, owners)) = STYLE_KEYS.iter().find(|(k, _)| k == key) else {
            continue;
        };
        if !owners.contains(&style_name) {
            let owner = owners[0];
            diags.push(
                Diagnostic::new(
                    location.clone(),
                    format!("`{key}` belongs to `style: {owner}`"),
                )
                .hint(format!(
                    "remove `{key}`, or write `style: {owner}` if the API pages that way"
                )),
            );
        }
    }
    // The page sizes are set last, once their own checks are made.
    let mut pagination = match PageStyle::from_word(style_name).unwrap_or_default() {
        PageStyle::Offset => Pagination::Offset(OffsetConventions {
            offset_parameter: name(&raw.offset_parameter, "offset"),
            limit_parameter: name(&raw.limit_parameter, "limit"),
            default_limit: 0,
            max_limit: 0,
            more_field: raw.more_field.as_ref().map(|f| f.value.clone()),
        }),
        PageStyle::Cursor => Pagination::Cursor(lower_cursor(raw, diags)),
        PageStyle::Pages => Pagination::Pages(lower_pages(raw, diags)),
    };
    let [start, size] = pagination.start_and_size();
    if start == size {
        let location = [&raw.per_page_parameter, &raw.limit_parameter]
            .into_iter()
            .flatten()
            .next()
            .map_or_else(|| raw.location.clone(), |p| p.location.clone());
        diags.push(
            Diagnostic::new(
                location,
                format!("where a page starts and its size are both `{start}`"),
            )
            .hint("name them apart, such as `page` and `per_page`"),
        );
    }
    if let Some(before) = raw
        .before_parameter
        .as_ref()
        .filter(|b| b.value == start || b.value == size)
    {
        diags.push(
            Diagnostic::new(
                before.location.clone(),
                format!(
                    "`before_parameter` is `{}`, which already names where a page starts or its size",
                    before.value
                ),
            )
            .hint("name it apart, such as `ending_before`"),
        );
    }
    let (default_size, max_size) = lower_sizes(raw, diags);
    let (default_size, max_size) = (u32::from(default_size), u32::from(max_size));
    match &mut pagination {
        Pagination::Pages(p) => (p.default_per_page, p.max_per_page) = (default_size, max_size),
        Pagination::Offset(o) => (o.default_limit, o.max_limit) = (default_size, max_size),
        Pagination::Cursor(c) => (c.default_limit, c.max_limit) = (default_size, max_size),
    }
    pagination
}

/// A parameter's name as written, or its default.
fn name(given: &Option<Spanned<String>>, default: &str) -> String {
    given
        .as_ref()
        .map_or_else(|| default.to_owned(), |p| p.value.clone())
}

/// The keys only one style reads (`limit_parameter` is read by `offset` and `cursor`).
const STYLE_KEYS: [(&str, &[&str]); 16] = [
    ("page_parameter", &["pages"]),
    ("per_page_parameter", &["pages"]),
    ("link_header", &["pages"]),
    ("link_on_single_page", &["pages"]),
    ("headers", &["pages"]),
    ("offset_parameter", &["offset"]),
    ("more_field", &["offset"]),
    ("limit_parameter", &["offset", "cursor"]),
    ("cursor_parameter", &["cursor"]),
    ("items_field", &["cursor"]),
    ("has_more_field", &["cursor"]),
    ("next_cursor_field", &["cursor"]),
    ("cursor_from", &["cursor"]),
    ("before_parameter", &["cursor"]),
    ("url_field", &["cursor"]),
    ("constant_fields", &["cursor"]),
];

/// `style: cursor`: the answer's fields named apart (the items, `has_more_field`,
/// `next_cursor_field`, `url_field` and the constant fields), and a way to the next page's
/// cursor.
///
/// ```yaml
/// pagination:
///   style: cursor
///   items_field: data
///   has_more_field: data       # the items' field too
///   constant_fields: { url: list }
///   url_field: url             # a constant field's name too
///                              # and neither `next_cursor_field` nor `cursor_from`
/// ```
fn lower_cursor(raw: &raw::Pagination, diags: &mut Diagnostics) -> CursorConventions {
    let optional = |s: &Option<Spanned<String>>| s.as_ref().map(|s| s.value.clone());
    let style = CursorConventions {
        cursor_parameter: name(&raw.cursor_parameter, "cursor"),
        limit_parameter: name(&raw.limit_parameter, "limit"),
        default_limit: 0,
        max_limit: 0,
        items_field: name(&raw.items_field, "items"),
        has_more_field: optional(&raw.has_more_field),
        next_cursor_field: optional(&raw.next_cursor_field),
        cursor_from: optional(&raw.cursor_from),
        before_parameter: optional(&raw.before_parameter),
        url_field: optional(&raw.url_field),
        constant_fields: raw
            .constant_fields
            .iter()
            .flatten()
            .map(|(key, value)| (key.name.clone(), value.value.clone()))
            .collect(),
    };
    let mut seen = vec![style.items_field.as_str()];
    let constants = raw
        .constant_fields
        .iter()
        .flatten()
        .map(|(key, _)| (key.name.as_str(), &key.location));
    let named = [&raw.has_more_field, &raw.next_cursor_field, &raw.url_field]
        .into_iter()
        .flatten()
        .map(|f| (f.value.as_str(), &f.location));
    for (field, location) in named.chain(constants) {
        if seen.contains(&field) {
            diags.push(
                Diagnostic::new(
                    location.clone(),
                    format!("the answer's field `{field}` is named twice"),
                )
                .hint(
                    "give the items, `has_more_field`, `next_cursor_field`, `url_field` and \
                     each of `constant_fields` names of their own",
                ),
            );
        }
        seen.push(field);
    }
    if style.next_cursor_field.is_none() && style.cursor_from.is_none() {
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                "a cursor page needs a way to the next page",
            )
            .hint(
                "write `next_cursor_field: next_page` when the answer holds the next cursor, \
                 or `cursor_from: id` when the next page starts after the last item's `id`",
            ),
        );
    }
    style
}

/// `default_per_page` and `max_per_page`: from 1, the default within the maximum.
fn lower_sizes(raw: &raw::Pagination, diags: &mut Diagnostics) -> (u16, u16) {
    let mut size = |given: &Option<Spanned<u16>>, default: u16| {
        if let Some(zero) = given.as_ref().filter(|s| s.value == 0) {
            diags.push(
                Diagnostic::new(zero.location.clone(), "a page of 0 items")
                    .hint("page sizes count from 1"),
            );
        }
        given.as_ref().map_or(default, |s| s.value.max(1))
    };
    let default_per_page = size(&raw.default_per_page, 20);
    let max_per_page = size(&raw.max_per_page, 100);
    if default_per_page > max_per_page {
        let location = raw
            .default_per_page
            .as_ref()
            .map_or_else(|| raw.location.clone(), |s| s.location.clone());
        diags.push(
            Diagnostic::new(
                location,
                format!(
                    "the default page size {default_per_page} is above the largest, {max_per_page}"
                ),
            )
            .hint("lower `default_per_page` or raise `max_per_page`"),
        );
    }
    (default_per_page, max_per_page)
}

/// `style: pages`, with its count headers (`headers`), each a header name.
fn lower_pages(raw: &raw::Pagination, diags: &mut Diagnostics) -> PageConventions {
    let mut header = |given: Option<&Spanned<String>>| header_name(given?, "X-Total", diags);
    let h = raw.headers.as_ref();
    PageConventions {
        page_parameter: name(&raw.page_parameter, "page"),
        per_page_parameter: name(&raw.per_page_parameter, "per_page"),
        default_per_page: 0,
        max_per_page: 0,
        link_header: raw.link_header.as_ref().is_none_or(|l| l.value),
        link_on_single_page: raw.link_on_single_page.as_ref().is_none_or(|l| l.value),
        total_header: header(h.and_then(|h| h.total.as_ref())),
        total_pages_header: header(h.and_then(|h| h.total_pages.as_ref())),
        page_header: header(h.and_then(|h| h.page.as_ref())),
        per_page_header: header(h.and_then(|h| h.per_page.as_ref())),
        next_page_header: header(h.and_then(|h| h.next_page.as_ref())),
        prev_page_header: header(h.and_then(|h| h.prev_page.as_ref())),
    }
}

/// `paginated: true`: the service declares `pagination`, and the endpoint is a `GET`
/// answering a `list<T>` (`response` says whether one is written, and what it became).
///
/// ```yaml
/// list_issues:
///   method: GET
///   response: Issue        # a page needs a list: write `list<Issue>`
///   paginated: true
/// ```
pub(super) fn lower_paginated(
    raw: Option<&Spanned<bool>>,
    method: Option<Method>,
    response: (bool, Option<&TypeRef>),
    declared: bool,
    diags: &mut Diagnostics,
) -> bool {
    let Some(raw) = raw.filter(|p| p.value) else {
        return false;
    };
    let answers_list = match response {
        (_, Some(TypeRef::List(_))) => true,
        // Written but not lowered: its own error says why.
        (true, None) => true,
        _ => false,
    };
    let problem = if !declared {
        Some((
            "`paginated` needs the service's `pagination` convention",
            "declare `pagination:` under `conventions` in the service file (the defaults are `page` and `per_page`)",
        ))
    } else if method.is_some_and(|m| m != Method::Get) {
        Some((
            "only a `GET` is paginated",
            "remove `paginated`, or make the endpoint a `GET`",
        ))
    } else if !answers_list {
        Some((
            "a paginated endpoint answers a list",
            "write its `response` as `list<Item>`",
        ))
    } else {
        None
    };
    if let Some((message, hint)) = problem {
        diags.push(Diagnostic::new(raw.location.clone(), message).hint(hint));
        return false;
    }
    true
}
