//! Lowering how lists are paged (`conventions.pagination`), what unknown query parameters
//! get (`conventions.unknown_options`), and an endpoint's `paginated: true`.

use super::access::header_name;
use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::{Method, PageHeaders, Pagination, TypeRef};
use crate::spec::decode::Spanned;
use crate::spec::raw;

/// `pagination`: parameter names that are distinct, page sizes from 1 with the default
/// within the maximum, header names that are header names.
///
/// ```yaml
/// pagination:
///   default_per_page: 200
///   max_per_page: 100          # the default is above the maximum
///   headers: { total: "X Total" }   # not a header name
/// ```
pub(super) fn lower_pagination(raw: &raw::Pagination, diags: &mut Diagnostics) -> Pagination {
    let name = |given: &Option<Spanned<String>>, default: &str| {
        given
            .as_ref()
            .map_or_else(|| default.to_owned(), |p| p.value.clone())
    };
    let page_parameter = name(&raw.page_parameter, "page");
    let per_page_parameter = name(&raw.per_page_parameter, "per_page");
    if page_parameter == per_page_parameter {
        let location = raw
            .per_page_parameter
            .as_ref()
            .or(raw.page_parameter.as_ref())
            .map_or_else(|| raw.location.clone(), |p| p.location.clone());
        diags.push(
            Diagnostic::new(
                location,
                format!("the page and the page size are both `{page_parameter}`"),
            )
            .hint("name them apart, such as `page` and `per_page`"),
        );
    }
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
    let headers = raw.headers.as_ref().map(|h| {
        let mut header =
            |given: &Option<Spanned<String>>| header_name(given.as_ref()?, "X-Total", diags);
        PageHeaders {
            total: header(&h.total),
            total_pages: header(&h.total_pages),
            page: header(&h.page),
            per_page: header(&h.per_page),
            next_page: header(&h.next_page),
            prev_page: header(&h.prev_page),
        }
    });
    Pagination {
        page_parameter,
        per_page_parameter,
        default_per_page,
        max_per_page,
        link_header: raw.link_header.unwrap_or(true),
        headers: headers.unwrap_or_default(),
    }
}

/// `unknown_options: reject | ignore`; answers whether unknown options are ignored.
pub(super) fn lower_unknown_options(
    raw: Option<&Spanned<String>>,
    diags: &mut Diagnostics,
) -> bool {
    let Some(raw) = raw else { return false };
    match raw.value.as_str() {
        "reject" => false,
        "ignore" => true,
        other => {
            diags.push(
                Diagnostic::new(
                    raw.location.clone(),
                    format!("unknown `unknown_options` policy `{other}`"),
                )
                .hint(suggest(other, ["reject", "ignore"])),
            );
            false
        }
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
