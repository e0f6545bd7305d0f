//! What answers carry besides their body: a paginated operation's page parameters and
//! headers, and the rate-limit headers of every answer after the quota check.

use serde_json::{Map, Value, json};

use crate::model::{Pagination, RateLimitHeaders};

/// The page and page-size query parameters.
pub(super) fn parameters(p: &Pagination) -> [Value; 2] {
    [
        json!({
            "name": p.page_parameter,
            "in": "query",
            "description": "The page, counted from 1.",
            "schema": { "type": "integer", "minimum": 1, "default": 1 },
        }),
        json!({
            "name": p.per_page_parameter,
            "in": "query",
            "description": format!(
                "Items per page; more than {} gets {}.",
                p.max_per_page, p.max_per_page
            ),
            "schema": {
                "type": "integer",
                "minimum": 1,
                "default": p.default_per_page,
            },
        }),
    ]
}

/// The headers of a paginated answer, by name.
pub(super) fn headers(p: &Pagination) -> Map<String, Value> {
    let mut out = Map::new();
    if p.link_header {
        out.insert(
            "Link".into(),
            json!({
                "description": "Links to the `prev`, `next`, `first` and `last` pages (RFC 8288); \
                    no `next` on the last page, no `last` when the total is unknown.",
                "schema": { "type": "string" },
            }),
        );
    }
    // In `PageHeaders::in_order`'s order.
    let descriptions = [
        "The number of items in all, when known.",
        "The number of pages, when the total is known.",
        "The page answered.",
        "Items per page.",
        "The next page, empty on the last page.",
        "The previous page, empty on the first.",
    ];
    let counts = p.headers.in_order().into_iter().zip(descriptions);
    for (name, description) in counts {
        if let Some(name) = name {
            out.insert(
                name.clone(),
                json!({ "description": description, "schema": { "type": "string" } }),
            );
        }
    }
    out
}

/// The rate-limit headers, by name.
pub(super) fn rate_limit(h: &RateLimitHeaders) -> Map<String, Value> {
    let reset = if h.reset_unix {
        "When the budget is full again, as a Unix time in seconds."
    } else {
        "Seconds until the budget is full again."
    };
    let mut out = Map::new();
    let headers = [
        (&h.limit, "The caller's request budget when full."),
        (&h.remaining, "Requests left in the budget."),
        (&h.reset, reset),
    ];
    for (name, description) in headers {
        if let Some(name) = name {
            out.insert(
                name.clone(),
                json!({ "description": description, "schema": { "type": "integer" } }),
            );
        }
    }
    if let Some(policy) = &h.ietf_policy {
        out.insert(
            "RateLimit".into(),
            json!({
                "description": format!("`\"{policy}\";r=<remaining>;t=<seconds>` (IETF RateLimit)."),
                "schema": { "type": "string" },
            }),
        );
        out.insert(
            "RateLimit-Policy".into(),
            json!({
                "description": format!("`\"{policy}\";q=<limit>` (IETF RateLimit-Policy)."),
                "schema": { "type": "string" },
            }),
        );
    }
    out
}
