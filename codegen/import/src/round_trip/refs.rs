//! JSON pointers, local `$ref` resolution, server base paths and path templates: the
//! plumbing every comparison reads documents through, so that none of it indexes a
//! document directly.

use std::borrow::Cow;

use serde_json::Value;

/// Reference chains longer than this are taken for cycles (`A` → `B` → `A`).
const MAX_CHAIN: usize = 64;

/// One document under comparison.
#[derive(Clone, Copy)]
pub(crate) struct Doc<'a> {
    /// The whole document, which local references point into.
    pub(crate) root: &'a Value,
    /// OpenAPI 3.1 or later: a `$ref`'s siblings apply (in 3.0 they are ignored).
    pub(crate) v31: bool,
}

/// A reference that does not resolve: where its `$ref` is, and what it says.
#[derive(Debug, Clone)]
pub(crate) struct Broken {
    pub(crate) at: String,
    pub(crate) reference: String,
}

impl<'a> Doc<'a> {
    pub(crate) fn new(root: &'a Value) -> Self {
        let version = root.get("openapi").and_then(Value::as_str).unwrap_or("");
        Doc {
            root,
            v31: !version.starts_with("3.0") && !version.starts_with('2') && !version.is_empty(),
        }
    }

    /// The value a local reference (`#/components/schemas/Pet`) names, with its pointer.
    /// External references (`other.yaml#/...`) are not followed: `None`.
    pub(crate) fn lookup(&self, reference: &str) -> Option<(&'a Value, String)> {
        let fragment = percent_decode(reference.strip_prefix('#')?);
        if !fragment.is_empty() && !fragment.starts_with('/') {
            return None;
        }
        let mut value = self.root;
        for segment in fragment.split('/').skip(1) {
            let segment = unescape(segment);
            value = match value {
                Value::Object(map) => map.get(segment.as_ref())?,
                Value::Array(items) => items.get(segment.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some((value, fragment))
    }

    /// Follows `value`'s `$ref` chain (for parameters, bodies, responses, headers, path
    /// items: their siblings are never more than descriptions): the object, and where it
    /// is.
    pub(crate) fn resolve(
        &self,
        mut value: &'a Value,
        mut ptr: String,
    ) -> Result<(&'a Value, String), Broken> {
        for _ in 0..MAX_CHAIN {
            let Some(reference) = value.get("$ref").and_then(Value::as_str) else {
                return Ok((value, ptr));
            };
            match self.lookup(reference) {
                Some((target, at)) => {
                    value = target;
                    ptr = at;
                }
                None => {
                    return Err(Broken {
                        at: push(&ptr, "$ref"),
                        reference: reference.to_owned(),
                    });
                }
            }
        }
        Err(Broken {
            at: push(&ptr, "$ref"),
            reference: "(a reference cycle)".to_owned(),
        })
    }
}

/// `ptr` extended by one segment, escaped as RFC 6901 says (`/` → `~1`, `~` → `~0`).
pub(crate) fn push(ptr: &str, segment: &str) -> String {
    let mut out = String::with_capacity(ptr.len() + segment.len() + 1);
    out.push_str(ptr);
    out.push('/');
    for c in segment.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}

/// `ptr` extended by an array index.
pub(crate) fn push_index(ptr: &str, index: usize) -> String {
    format!("{ptr}/{index}")
}

fn unescape(segment: &str) -> Cow<'_, str> {
    if segment.contains('~') {
        Cow::Owned(segment.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(segment)
    }
}

/// `%7B` → `{`: references are URI fragments.
fn percent_decode(text: &str) -> String {
    if !text.contains('%') {
        return text.to_owned();
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%'
            && let Some(hex) = text.get(i + 1..i + 3)
            && let Ok(decoded) = u8::from_str_radix(hex, 16)
        {
            out.push(decoded);
            i += 3;
            continue;
        }
        out.push(b);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The path part of the document's first server URL, variables replaced by their
/// defaults, without a trailing slash: `https://api.x.com/v2/` → `/v2`, `/api` → `/api`,
/// none → ``.
pub(crate) fn server_prefix(root: &Value) -> String {
    let Some(server) = root.get("servers").and_then(|s| s.get(0)) else {
        return String::new();
    };
    let url = server.get("url").and_then(Value::as_str).unwrap_or("");
    let url = substitute(url, server.get("variables"));
    let after_host = match url.split_once("//") {
        // `https://host/path` and the scheme-relative `//host/path`.
        Some((scheme, rest)) if !scheme.contains('/') => {
            rest.find('/').and_then(|i| rest.get(i..)).unwrap_or("")
        }
        _ => url.as_str(),
    };
    let path = after_host
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .trim_end_matches('/');
    if path.is_empty() || path.starts_with('/') {
        path.to_owned()
    } else {
        format!("/{path}")
    }
}

/// `{name}` in a server URL replaced by `variables.name.default` (left as is without one).
fn substitute(url: &str, variables: Option<&Value>) -> String {
    let mut out = String::with_capacity(url.len());
    let mut rest = url;
    while let Some(open) = rest.find('{') {
        let (before, from_open) = rest.split_at(open);
        out.push_str(before);
        let Some(close) = from_open.find('}') else {
            out.push_str(from_open);
            return out;
        };
        let (var, after) = from_open.split_at(close + 1);
        let name = var.trim_start_matches('{').trim_end_matches('}');
        match variables
            .and_then(|v| v.get(name))
            .and_then(|v| v.get("default"))
            .and_then(Value::as_str)
        {
            Some(default) => out.push_str(default),
            None => out.push_str(var),
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The names of a template's parameters, in order: `/a/{x}/b/{y}` → `[x, y]`.
pub(crate) fn template_params(path: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let from = rest.get(open + 1..).unwrap_or("");
        let Some(close) = from.find('}') else { break };
        out.push(from.get(..close).unwrap_or(""));
        rest = from.get(close + 1..).unwrap_or("");
    }
    out
}

/// A template with its parameters' names erased (`/a/{x}` → `/a/{}`), for matching by
/// position.
pub(crate) fn erase_params(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut depth = 0usize;
    for c in path.chars() {
        match c {
            '{' => {
                if depth == 0 {
                    out.push('{');
                }
                depth += 1;
            }
            '}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push('}');
                }
            }
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Numbers compared by value (`1` = `1.0`), everything else structurally.
pub(crate) fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(i), Some(j)) => i == j,
            _ => x.as_f64() == y.as_f64(),
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_eq(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

/// A value for a short message: strings bare, the rest as JSON, long ones cut.
pub(crate) fn show(value: &Value) -> String {
    let text = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if text.chars().count() > 80 {
        let cut: String = text.chars().take(77).collect();
        format!("{cut}...")
    } else {
        text
    }
}

/// `{"type": "string"}`: what a header or query value without a schema is, text, as both
/// the import and the judge read one.
pub(crate) fn text_schema() -> &'static Value {
    static TEXT: std::sync::LazyLock<Value> =
        std::sync::LazyLock::new(|| serde_json::json!({ "type": "string" }));
    &TEXT
}

/// Whether a request body holds nothing a client could send: optional, and every media
/// type's schema an object admitting no member (Stripe's GET operations list one), so
/// that leaving it out says the same on the wire, as the import and the judge read it.
pub(crate) fn empty_optional_body(body: &Value) -> bool {
    let no_member = |schema: &Value| {
        let object = schema.as_object();
        object.is_some_and(|o| {
            o.get("additionalProperties") == Some(&Value::Bool(false))
                && (o.get("properties")).is_none_or(|p| p.as_object().is_some_and(|p| p.is_empty()))
                && ["$ref", "allOf", "anyOf", "oneOf", "required", "items"]
                    .iter()
                    .all(|k| !o.contains_key(*k))
                && o.get("type").is_none_or(|t| t == "object")
        })
    };
    let content = body.get("content").and_then(Value::as_object);
    body.get("required") != Some(&Value::Bool(true))
        && content.is_some_and(|c| {
            !c.is_empty() && c.values().all(|m| m.get("schema").is_some_and(no_member))
        })
}

/// The one fixed value a query string written in a document's path gives
/// (`/rest?method=flickr.photos.getInfo` → `method`, `flickr.photos.getInfo`), where it
/// gives one and nothing else.
pub(crate) fn fixed_query_value(path: &str) -> Option<(&str, &str)> {
    let (_, query) = path.split_once('?')?;
    let (name, value) = query.split_once('=')?;
    let fixed = |text: &str| !text.is_empty() && !text.contains(['{', '}', '&', '=', '#']);
    (fixed(name) && fixed(value)).then_some((name, value))
}

/// The names of a query string written in a path that holds parameters alone
/// (`?city={city}&country={country}`), in its order; `None` for any other.
pub(crate) fn templated_keys(path: &str) -> Option<Vec<&str>> {
    let (_, query) = path.split_once('?').filter(|_| !path.contains('#'))?;
    query
        .split('&')
        .map(|pair| {
            let (name, value) = pair.split_once('=')?;
            let templated = value.starts_with('{') && value.ends_with('}');
            (templated && !name.is_empty()).then_some(name)
        })
        .collect()
}

/// Whether the query string written in a document's path holds parameter `name`
/// (`?date_from={date_from}`, `?method=...`), filled by a template when `templated`.
pub(crate) fn query_string_holds(path: &str, name: &str, templated: bool) -> bool {
    path.split_once('?').is_some_and(|(_, query)| {
        query.split('&').any(|pair| match pair.split_once('=') {
            Some((n, v)) if templated => v == format!("{{{name}}}") || n == name && v.is_empty(),
            Some((n, _)) => n == name,
            None => pair == name && !templated,
        })
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::unwrap_used, clippy::panic)]

    use super::*;
    use serde_json::json;

    #[test]
    fn server_prefixes() {
        let prefix = |servers: Value| server_prefix(&json!({ "servers": servers }));
        assert_eq!(prefix(json!([{ "url": "https://api.x.com/v2/" }])), "/v2");
        assert_eq!(prefix(json!([{ "url": "https://api.x.com" }])), "");
        assert_eq!(prefix(json!([{ "url": "/api/v1" }])), "/api/v1");
        assert_eq!(prefix(json!([{ "url": "v1" }])), "/v1");
        assert_eq!(prefix(json!([{ "url": "//cdn.x.com/a?b" }])), "/a");
        assert_eq!(
            prefix(
                json!([{ "url": "https://{h}/{v}/x", "variables": { "v": { "default": "v9" } } }])
            ),
            "/v9/x"
        );
        assert_eq!(
            prefix(json!([{ "url": "https://x/{unclosed" }])),
            "/{unclosed"
        );
        assert_eq!(prefix(json!("nonsense")), "");
    }

    #[test]
    fn templates() {
        assert_eq!(template_params("/a/{x}/b/{y}.json"), ["x", "y"]);
        assert_eq!(erase_params("/a/{x}/b/{y}.json"), "/a/{}/b/{}.json");
        assert_eq!(erase_params("/a/{x"), "/a/{");
        assert!(template_params("/a/{x").is_empty());
    }

    #[test]
    fn references_resolve_with_escapes_and_percent_encoding() {
        let root =
            json!({ "paths": { "/a/{id}": { "get": { "x": 1 } } }, "list": [0, { "k~": 2 }] });
        let doc = Doc::new(&root);
        let (v, at) = doc.lookup("#/paths/~1a~1%7Bid%7D/get/x").unwrap();
        assert_eq!((v, at.as_str()), (&json!(1), "/paths/~1a~1{id}/get/x"));
        assert_eq!(doc.lookup("#/list/1/k~0").unwrap().0, &json!(2));
        assert!(doc.lookup("#/list/9").is_none());
        assert!(doc.lookup("other.yaml#/x").is_none());
        assert!(doc.lookup("#nope").is_none());
        assert_eq!(doc.lookup("#").unwrap().1, "");
        let looping = json!({ "a": { "$ref": "#/b" }, "b": { "$ref": "#/a" } });
        let doc = Doc::new(&looping);
        assert!(doc.resolve(&looping["a"], "/a".into()).is_err());
    }

    #[test]
    fn numbers_compare_by_value() {
        assert!(json_eq(
            &json!([1, { "a": 2.0 }]),
            &json!([1.0, { "a": 2 }])
        ));
        assert!(!json_eq(&json!({ "a": 1 }), &json!({ "a": 1, "b": 2 })));
        assert!(!json_eq(&json!("1"), &json!(1)));
    }
}
