//! What answers carry besides their body: a paginated operation's page parameters and
//! headers, the rate-limit headers of every answer after the quota check, and the echoed
//! headers of every answer.

use serde_json::{Map, Value, json};

use crate::model::{EchoHeader, Pagination, RateLimitHeaders, ResetFormat};

/// Where the page starts and its size, as query parameters, and where a page ends for
/// APIs that page backwards (`ending_before`).
pub(super) fn parameters(p: &Pagination) -> Vec<Value> {
    let [start, size] = p.start_and_size();
    let (default_size, max_size) = p.sizes();
    let start = match p {
        Pagination::Pages(_) => json!({
            "name": start,
            "in": "query",
            "description": "The page, counted from 1.",
            "schema": { "type": "integer", "minimum": 1, "default": 1 },
        }),
        Pagination::Offset(o) => json!({
            "name": start,
            "in": "query",
            "description": match &o.more_field {
                Some(field) => format!(
                    "How many items to skip; the last item of a page carries `{field}: true` \
                     when more follow."
                ),
                None => "How many items to skip; a page shorter than asked is the last.".to_owned(),
            },
            "schema": { "type": "integer", "minimum": 0, "default": 0 },
        }),
        Pagination::Cursor(c) => json!({
            "name": start,
            "in": "query",
            "description": match &c.cursor_from {
                Some(field) => format!("The `{field}` of the previous page's last item; \
                    the first page without it."),
                None => "The cursor the previous page answered; the first page without it.".to_owned(),
            },
            "schema": { "type": "string" },
        }),
    };
    let before = match p {
        Pagination::Cursor(c) => c.before_parameter.as_ref().map(|before| {
            json!({
                "name": before,
                "in": "query",
                "description": format!(
                    "{} the page that ends just before this item, in the list's order; \
                     not with `{}`.",
                    match &c.cursor_from {
                        Some(field) => format!("The `{field}` of an item:"),
                        None => "A cursor:".to_owned(),
                    },
                    c.cursor_parameter
                ),
                "schema": { "type": "string" },
            })
        }),
        _ => None,
    };
    let mut out = vec![
        start,
        json!({
            "name": size,
            "in": "query",
            "description": format!(
                "Items per page; more than {} gets {}.",
                max_size, max_size
            ),
            "schema": {
                "type": "integer",
                "minimum": 1,
                "default": default_size,
            },
        }),
    ];
    out.extend(before);
    out
}

/// The body of a paginated answer whose list schema is `list`: the list itself, or in the
/// `cursor` style the object holding it.
pub(super) fn page_body(p: &Pagination, list: Value) -> Value {
    let Pagination::Cursor(c) = p else {
        return list;
    };
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (name, value) in &c.constant_fields {
        properties.insert(name.clone(), json!({ "type": "string", "const": value }));
        required.push(json!(name));
    }
    properties.insert(c.items_field.clone(), list);
    required.push(json!(c.items_field));
    if let Some(field) = &c.has_more_field {
        properties.insert(
            field.clone(),
            json!({ "type": "boolean", "description": "Whether more items follow." }),
        );
        required.push(json!(field));
    }
    if let Some(field) = &c.next_cursor_field {
        properties.insert(
            field.clone(),
            json!({
                "type": ["string", "null"],
                "description": format!(
                    "The next page's `{}`; `null` on the last page.",
                    c.cursor_parameter
                ),
            }),
        );
        required.push(json!(field));
    }
    if let Some(field) = &c.url_field {
        properties.insert(
            field.clone(),
            json!({ "type": "string", "description": "The list's own path." }),
        );
        required.push(json!(field));
    }
    json!({ "type": "object", "properties": properties, "required": required })
}

/// The headers of a paginated answer, by name.
pub(super) fn headers(p: &Pagination) -> Map<String, Value> {
    let mut out = Map::new();
    if p.has_link_header() {
        let single = match p {
            Pagination::Pages(pages) if !pages.link_on_single_page => {
                " None when every item fits one page."
            }
            _ => "",
        };
        out.insert(
            "Link".into(),
            json!({
                "description": format!(
                    "Links to the `prev`, `next`, `first` and `last` pages (RFC 8288); \
                     no `next` on the last page, no `last` when the total is unknown.{single}"
                ),
                "schema": { "type": "string" },
            }),
        );
    }
    // In `Pagination::count_headers`' order.
    let descriptions = [
        "The number of items in all, when known.",
        "The number of pages, when the total is known.",
        "The page answered.",
        "Items per page.",
        "The next page, empty on the last page.",
        "The previous page, empty on the first.",
    ];
    let Some(counts) = p.count_headers() else {
        return out;
    };
    let counts = counts.into_iter().zip(descriptions);
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
    let reset = if h.reset_format == ResetFormat::UnixSeconds {
        "When the budget is full again, as a Unix time in seconds."
    } else {
        "Seconds until the budget is full again."
    };
    let mut out = Map::new();
    let headers = [
        (&h.limit, "The caller's request budget when full."),
        (&h.remaining, "Requests left in the budget."),
        (&h.reset, reset),
        (
            &h.used,
            "Requests used of the budget: the limit minus what is left.",
        ),
    ];
    for (name, description) in headers {
        if let Some(name) = name {
            out.insert(
                name.clone(),
                json!({ "description": description, "schema": { "type": "integer" } }),
            );
        }
    }
    if let Some(name) = &h.resource {
        out.insert(
            name.clone(),
            json!({
                "description": "The budget's category (the endpoint's `rate_limit_resource`).",
                "schema": { "type": "string" },
            }),
        );
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

/// The echoed headers (`echo_headers`), by name: the request's value, or the default.
pub(super) fn echoed(echoes: &[EchoHeader]) -> Map<String, Value> {
    echoes
        .iter()
        .map(|e| {
            let description = match &e.default {
                Some(default) => {
                    format!(
                        "The request's `{}`, or `{default}` when it sends none.",
                        e.name
                    )
                }
                None => format!("The request's `{}`, when it sends one.", e.name),
            };
            let header = json!({ "description": description, "schema": { "type": "string" } });
            (e.name.clone(), header)
        })
        .collect()
}
