//! Parameters: merged from the path item and the operation, keyed by where they go on the
//! wire (path parameters by position, headers case-insensitively), then compared for
//! presence, `required`, schema, serialisation style and deprecation.

use std::borrow::Cow;

use serde_json::Value;

use super::Difference;
use super::bodies::schema_parts;
use super::memo::Comparer;
use super::op::Op;
use super::refs::{Broken, Doc, push, push_index, template_params};
use super::schemes::{Sent, requirement};
use super::spread::{Member, spread};

/// Headers OpenAPI says a parameter may not describe (they belong to content negotiation
/// and security).
const IGNORED_HEADERS: [&str; 3] = ["accept", "content-type", "authorization"];

/// One effective parameter.
struct Param<'a> {
    location: &'a str,
    name: Cow<'a, str>,
    /// What identifies it on the wire: `path #0`, `header x-id`, `query limit`.
    key: String,
    value: &'a Value,
    ptr: String,
    /// The member of an object parameter sent as a query key of its own (`filter[id]`):
    /// its schema, requirement and deprecation are the member's.
    member: Option<Member<'a>>,
}

/// The effective parameters of `op`: the path item's, overridden or extended by the
/// operation's; unresolvable references go to `broken`.
fn collect<'a>(doc: Doc<'a>, op: &Op<'a>, broken: &mut Vec<Broken>) -> Vec<Param<'a>> {
    let template = template_params(op.path);
    let mut out: Vec<Param<'a>> = Vec::new();
    for (level, ptr) in [(op.item, &op.item_ptr), (op.op, &op.ptr)] {
        let Some(Value::Array(list)) = level.get("parameters") else {
            continue;
        };
        let at = push(ptr, "parameters");
        for (i, p) in list.iter().enumerate() {
            let (p, ptr) = match doc.resolve(p, push_index(&at, i)) {
                Ok(found) => found,
                Err(b) => {
                    broken.push(b);
                    continue;
                }
            };
            let (Some(location), Some(name)) = (
                p.get("in").and_then(Value::as_str),
                p.get("name").and_then(Value::as_str),
            ) else {
                continue;
            };
            // A path parameter the path fills in its query string is one of the query.
            let in_query_string = super::refs::query_string_holds(op.path, name, true);
            let location = match location {
                "path" if in_query_string => "query",
                location => location,
            };
            let key = match location {
                "path" => match template.iter().position(|n| *n == name) {
                    Some(i) => format!("path #{i}"),
                    None => format!("path {name}"),
                },
                "header" => {
                    let lower = name.to_ascii_lowercase();
                    if IGNORED_HEADERS.contains(&lower.as_str()) {
                        continue;
                    }
                    format!("header {lower}")
                }
                // An object of any members sent as exploded `form`: every key.
                "query" if super::spread::every_key(doc, p) => "query *".to_owned(),
                other => format!("{other} {name}"),
            };
            // An object sent as a query key a member: those keys.
            let params = match spread(doc, p, &ptr) {
                Some(members) => members
                    .into_iter()
                    .map(|member| Param {
                        location,
                        name: Cow::Owned(member.key.clone()),
                        key: format!("query {}", member.key),
                        value: p,
                        ptr: ptr.clone(),
                        member: Some(member),
                    })
                    .collect(),
                None => vec![Param {
                    location,
                    name: Cow::Borrowed(name),
                    key,
                    value: p,
                    ptr,
                    member: None,
                }],
            };
            for param in params {
                // The operation's parameter replaces the path item's with the same place
                // on the wire (a header differing in case included).
                match out.iter_mut().find(|q| q.key == param.key) {
                    Some(q) => *q = param,
                    None => out.push(param),
                }
            }
        }
    }
    out
}

impl<'a> Param<'a> {
    /// The export's security scheme a client sending this parameter would be sending
    /// (`apiKey in query `key``), as the security comparison names schemes.
    fn as_credential(&self) -> String {
        match self.location {
            "header" => format!("apiKey in header `{}`", self.name.to_ascii_lowercase()),
            location => format!("apiKey in {location} `{}`", self.name),
        }
    }

    fn required(&self) -> bool {
        match &self.member {
            Some(member) => member.required,
            None => {
                self.location == "path"
                    || self.value.get("required").and_then(Value::as_bool) == Some(true)
            }
        }
    }

    fn deprecated(&self) -> bool {
        match &self.member {
            Some(member) => member.deprecated,
            None => self.value.get("deprecated").and_then(Value::as_bool) == Some(true),
        }
    }

    /// Its schema, as a body's is compared.
    fn schema_parts(&self) -> Vec<super::flatten::Part<'a>> {
        match &self.member {
            Some(member) => vec![super::flatten::Part {
                value: member.schema,
                ptr: member.at.clone(),
            }],
            None => schema_parts(self.value, &self.ptr),
        }
    }
}

fn category(location: &str) -> &'static str {
    match location {
        "path" => "path parameter",
        "query" => "query parameter",
        "header" => "header parameter",
        "cookie" => "cookie parameter",
        _ => "parameter",
    }
}

/// Compares the effective parameters of `a` (original) and `b` (export).
pub(crate) fn compare<'a>(c: &mut Comparer<'a>, a: &Op<'a>, b: &Op<'a>, out: &mut Vec<Difference>) {
    let mut broken = Vec::new();
    let ours = collect(c.a, a, &mut broken);
    for b in broken {
        let what = format!("unresolvable parameter $ref `{}`", b.reference);
        out.push(Difference::wire(b.at, "$ref", what));
    }
    let theirs = collect(c.b, b, &mut Vec::new());
    let (credentials, _) = requirement(c.b, b, Sent::OnTheWire);
    let declared = c.export_schemes();
    let required = Param::required;
    for p in &ours {
        let Some(q) = theirs.iter().find(|q| q.key == p.key) else {
            // A parameter the export reads as a credential (Trello's `key`, declared
            // beside the scheme naming it) is sent alike. A required one is faithful where
            // every way of calling carries it.
            let place = p.as_credential();
            let carries = |all: &std::collections::BTreeSet<String>| all.contains(&place);
            if credentials.iter().any(carries) {
                if required(p) && !credentials.iter().all(carries) {
                    let what = format!(
                        "required {} parameter `{}` exported as a credential some callers omit",
                        p.location, p.name
                    );
                    out.push(Difference::faithful(&p.ptr, "credential parameter", what));
                }
                continue;
            }
            // One the export's service reads wherever it is sent, though this operation
            // does not say so (Trello's `key` on operations without `security`).
            if declared.contains(&place) {
                let what = format!(
                    "{} parameter `{}` read as the service's credential, not stated here",
                    p.location, p.name
                );
                out.push(Difference::faithful(&p.ptr, "credential parameter", what));
                continue;
            }
            let what = format!("{} parameter `{}` missing", p.location, p.name);
            out.push(Difference::wire(&p.ptr, category(p.location), what));
            continue;
        };
        if required(p) != required(q) {
            let at = match p.value.get("required") {
                Some(_) if p.member.is_none() => push(&p.ptr, "required"),
                _ => p.ptr.clone(),
            };
            let what = format!(
                "{} parameter `{}` {}, exported {}",
                p.location,
                p.name,
                if required(p) { "required" } else { "optional" },
                if required(q) { "required" } else { "optional" },
            );
            out.push(Difference::wire(at, "parameter required", what));
        }
        let sa = p.schema_parts();
        let sb = q.schema_parts();
        // A parameter's value is text on the wire, where `null` has no spelling: whether
        // its schema admits `null` changes no request. Nor, in the query, whether an
        // object's members of any value are said to be text.
        let members_text = |doc: Doc<'a>, parts: &[super::flatten::Part<'a>]| {
            parts.len() == 1 && super::spread::members_are_text(doc, parts[0].value)
        };
        // A list's items of any value, each text on the wire, are text's (Sinao's `tags`).
        let items_text = |doc: Doc<'a>, parts: &[super::flatten::Part<'a>], any| {
            parts.len() == 1 && super::spread::items_are_text(doc, parts[0].value, any)
        };
        let text = (members_text(c.a, &sa) && members_text(c.b, &sb))
            || (items_text(c.a, &sa, true) && items_text(c.b, &sb, false));
        if !(p.location == "query" && text) {
            c.text_values = true;
            c.schemas_without_null(&sa, &sb, &p.ptr, out);
            c.text_values = false;
        }
        let (style_a, explode_a) = style(p);
        let (style_b, mut explode_b) = style(q);
        // Exploded or not, a single value is written alike (`form`: `n=5` both ways).
        if style_a == style_b && scalar(c.a, p) && scalar(c.b, q) {
            explode_b = explode_a;
        }
        if (style_a, explode_a) != (style_b, explode_b) {
            let at = if style_a != style_b && p.value.get("style").is_some() {
                push(&p.ptr, "style")
            } else if style_a == style_b && p.value.get("explode").is_some() {
                push(&p.ptr, "explode")
            } else {
                p.ptr.clone()
            };
            let what = format!(
                "{} parameter `{}` style {style_a}{}, exported {style_b}{}",
                p.location,
                p.name,
                if explode_a { " exploded" } else { "" },
                if explode_b { " exploded" } else { "" },
            );
            out.push(Difference::faithful(at, "parameter style", what));
        }
        let deprecated = Param::deprecated;
        if deprecated(p) != deprecated(q) {
            let what = format!(
                "{} parameter `{}` {}",
                p.location,
                p.name,
                if deprecated(p) {
                    "deprecated, exported as current"
                } else {
                    "exported as deprecated"
                }
            );
            out.push(Difference::faithful(&p.ptr, "deprecated", what));
        }
    }
    let parent = [(a.op, &a.ptr), (a.item, &a.item_ptr)]
        .into_iter()
        .find(|(level, _)| level.get("parameters").is_some())
        .map_or_else(|| a.ptr.clone(), |(_, ptr)| push(ptr, "parameters"));
    // A query string the original writes in its path (`/rest?method=...`) is parameters
    // of the query too.
    let in_path = |name: &str| super::refs::query_string_holds(a.path, name, false);
    for q in &theirs {
        let declared = ours.iter().any(|p| p.key == q.key);
        let in_query_string = q.location == "query" && in_path(&q.name);
        if !(declared || in_query_string) {
            let what = format!("extra {} parameter `{}` in the export", q.location, q.name);
            out.push(Difference::wire(&parent, category(q.location), what));
        }
    }
}

/// `style` and `explode` with OpenAPI's defaults: query and cookie parameters `form`,
/// path and header ones `simple`; `explode` true for `form` only.
fn style<'a>(p: &Param<'a>) -> (&'a str, bool) {
    // A member of a spread object is a key of its own, its list's values repeated.
    if p.member.is_some() {
        return ("form", true);
    }
    let style = p
        .value
        .get("style")
        .and_then(Value::as_str)
        .unwrap_or(match p.location {
            "query" | "cookie" => "form",
            _ => "simple",
        });
    // `deepObject` is defined exploded only (`filter[a]=1&filter[b]=2`): written so
    // whatever `explode` says.
    let explode = p
        .value
        .get("explode")
        .and_then(Value::as_bool)
        .unwrap_or(style == "form")
        || style == "deepObject";
    (style, explode)
}

/// Whether a parameter holds one value (a string, number or boolean), whose spelling no
/// `explode` changes: a list's or object's does.
fn scalar(doc: super::refs::Doc<'_>, p: &Param<'_>) -> bool {
    let schema = match &p.member {
        Some(member) => Some(member.schema),
        None => p.value.get("schema"),
    };
    let Some(schema) = schema else {
        return false;
    };
    let Ok((schema, _)) = doc.resolve(schema, String::new()) else {
        return false;
    };
    let kinds: Vec<&str> = match schema.get("type") {
        Some(Value::String(kind)) => vec![kind.as_str()],
        Some(Value::Array(kinds)) => kinds.iter().filter_map(Value::as_str).collect(),
        _ => return false,
    };
    !kinds.is_empty() && kinds.iter().all(|k| !matches!(*k, "array" | "object"))
}
