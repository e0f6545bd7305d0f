//! The `pagination` keys, each style's own folded into a change of style.

use super::entry::{Entry, Rule, one, text, word};
use crate::model::{CursorConventions, OffsetConventions, PageConventions, Pagination};

/// The `pagination` keys. Each style's record is taken apart whole, so that a field added
/// to one is not compiled until its key is compared here too; the keys only one style reads
/// are folded into a change of `pagination.style`.
pub(super) fn entries(p: &Pagination) -> Vec<Entry> {
    let (default_size, max_size) = p.sizes();
    let mut out = vec![
        word("pagination.style", p.style(), Rule::Paging),
        text("pagination.default_per_page", default_size, Rule::Paging),
        text("pagination.max_per_page", max_size, Rule::Paging),
    ];
    match p {
        Pagination::Pages(pages) => out.extend(pages_entries(pages)),
        Pagination::Offset(offset) => out.extend(offset_entries(offset)),
        Pagination::Cursor(cursor) => out.extend(cursor_entries(cursor)),
    }
    out
}

/// A name only the style reads, folded into a change of style.
fn own(key: &'static str, value: &String) -> Entry {
    text(key, value, Rule::Paging).within("pagination.style")
}

/// The same, when the spec may leave it out.
fn own_optional(key: &'static str, value: &Option<String>) -> Entry {
    one(key, value, Rule::Paging).within("pagination.style")
}

fn pages_entries(pages: &PageConventions) -> [Entry; 10] {
    let PageConventions {
        page_parameter,
        per_page_parameter,
        // Compared as `pagination.default_per_page` and `max_per_page`, every style's.
        default_per_page: _,
        max_per_page: _,
        link_header,
        link_on_single_page,
        total_header,
        total_pages_header,
        page_header,
        per_page_header,
        next_page_header,
        prev_page_header,
    } = pages;
    [
        own("pagination.page_parameter", page_parameter),
        own("pagination.per_page_parameter", per_page_parameter),
        text("pagination.link_header", link_header, Rule::Paging).within("pagination.style"),
        text(
            "pagination.link_on_single_page",
            link_on_single_page,
            Rule::Paging,
        )
        .within("pagination.style"),
        own_optional("pagination.headers.total", total_header),
        own_optional("pagination.headers.total_pages", total_pages_header),
        own_optional("pagination.headers.page", page_header),
        own_optional("pagination.headers.per_page", per_page_header),
        own_optional("pagination.headers.next_page", next_page_header),
        own_optional("pagination.headers.prev_page", prev_page_header),
    ]
}

fn offset_entries(offset: &OffsetConventions) -> [Entry; 3] {
    let OffsetConventions {
        offset_parameter,
        limit_parameter,
        default_limit: _,
        max_limit: _,
        more_field,
    } = offset;
    [
        own("pagination.offset_parameter", offset_parameter),
        own("pagination.limit_parameter", limit_parameter),
        own_optional("pagination.more_field", more_field),
    ]
}

fn cursor_entries(cursor: &CursorConventions) -> [Entry; 9] {
    let CursorConventions {
        cursor_parameter,
        limit_parameter,
        default_limit: _,
        max_limit: _,
        items_field,
        has_more_field,
        next_cursor_field,
        cursor_from,
        before_parameter,
        url_field,
        constant_fields,
    } = cursor;
    let constants: Vec<String> = constant_fields
        .iter()
        .map(|(name, value)| format!("{name}: {value}"))
        .collect();
    [
        own("pagination.cursor_parameter", cursor_parameter),
        own("pagination.limit_parameter", limit_parameter),
        own("pagination.items_field", items_field),
        own_optional("pagination.has_more_field", has_more_field),
        own_optional("pagination.next_cursor_field", next_cursor_field),
        own_optional("pagination.cursor_from", cursor_from),
        own_optional("pagination.before_parameter", before_parameter),
        own_optional("pagination.url_field", url_field),
        own("pagination.constant_fields", &constants.join(", ")),
    ]
}
