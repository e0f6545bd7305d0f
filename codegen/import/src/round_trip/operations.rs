//! Operations: listing both documents' operations, pairing each original operation with
//! its exported counterpart, and comparing the operation-level parts (deprecation,
//! security); parameters, bodies and responses have modules of their own.

use std::collections::{BTreeSet, HashMap};

use serde_json::Value;

use super::bodies;
use super::memo::{Comparer, finish};
use super::parameters;
use super::refs::{Doc, erase_params, push, server_prefix};
use super::{Difference, Kind, Verdict};

/// The methods OpenAPI 3 path items may hold.
const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// One operation and where it is.
pub(crate) struct Op<'a> {
    pub(crate) method: &'static str,
    /// The template as the document's `paths` spells it.
    pub(crate) path: &'a str,
    pub(crate) item: &'a Value,
    pub(crate) item_ptr: String,
    pub(crate) op: &'a Value,
    pub(crate) ptr: String,
    /// The template as a client sends it: a query string in it (Flickr's
    /// `/rest?method=flickr.photos.getInfo`) the fragment naming the value that selects the
    /// operation, as the export writes it; one of parameters alone (`?lat={lat}`) left out.
    spelled: String,
    /// The template with parameter names erased.
    bare: String,
    /// The same, after the server's base path.
    full: String,
}

/// Every operation of `doc`, in document order.
fn operations<'a>(doc: Doc<'a>) -> Vec<Op<'a>> {
    let prefix = server_prefix(doc.root);
    let Some(Value::Object(paths)) = doc.root.get("paths") else {
        return Vec::new();
    };
    // How many operations each method has on each path without its query string: where
    // several share one, a query string of parameters alone tells them apart.
    let mut sharing: HashMap<(&'static str, &str), usize> = HashMap::new();
    for (path, item) in paths {
        let base = path.split(['?', '#']).next().unwrap_or(path);
        for method in METHODS.into_iter().filter(|m| item.get(*m).is_some()) {
            *sharing.entry((method, base)).or_default() += 1;
        }
    }
    let mut out = Vec::new();
    for (path, item) in paths {
        let Ok((item, item_ptr)) = doc.resolve(item, push("/paths", path)) else {
            continue;
        };
        let Value::Object(methods) = item else {
            continue;
        };
        for (key, op) in methods {
            let Some(method) = METHODS.into_iter().find(|m| key.eq_ignore_ascii_case(m)) else {
                continue;
            };
            if !op.is_object() {
                continue;
            }
            let base = path.split(['?', '#']).next().unwrap_or(path);
            let shared = sharing.get(&(method, base)).is_some_and(|n| *n > 1);
            let spelled = as_sent(path, shared);
            // A fragment (AWS's `#tagKeys`) never goes on the wire.
            let bare = erase_params(spelled.split('#').next().unwrap_or(&spelled));
            out.push(Op {
                method,
                path,
                spelled,
                item,
                op,
                ptr: push(&item_ptr, key),
                item_ptr: item_ptr.clone(),
                full: format!("{prefix}{bare}"),
                bare,
            });
        }
    }
    out
}

/// `path` as [`Op::spelled`] says; `shared`: other operations of its method share its path
/// without the query string, and a query string of parameters alone is told apart by its
/// first, which selects by being there (`/current?city_id={city_id}` as `/current#city_id`,
/// as the export writes such an endpoint).
fn as_sent(path: &str, shared: bool) -> String {
    let Some((base, query)) = path.split_once('?').filter(|_| !path.contains('#')) else {
        return path.to_owned();
    };
    if let Some((name, value)) = super::refs::fixed_query_value(path) {
        return format!("{base}#{name}={value}");
    }
    if shared
        && let Some(first) = super::refs::templated_keys(path).and_then(|k| k.first().copied())
    {
        return format!("{base}#{first}");
    }
    let templated = query.split('&').all(|pair| {
        pair.split_once('=')
            .is_some_and(|(_, v)| v.starts_with('{') && v.ends_with('}'))
    });
    match templated {
        true => base.to_owned(),
        false => path.to_owned(),
    }
}

/// The exported operations by method and each way of matching a template (the first
/// operation of each kept), so that documents of tens of thousands of operations pair up
/// in linear time.
struct Index<'o, 'a> {
    by: HashMap<(&'static str, Match, String), &'o Op<'a>>,
}

/// The ways of matching, in the order they are tried.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Match {
    /// The same spelling: a document may hold templates equal but for their parameters'
    /// names (`/v1/{name}`, `/v1/{parent}`), which position alone confuses.
    Spelling,
    /// Parameters by position, without the servers' base paths.
    Bare,
    /// Parameters by position, after the servers' base paths.
    Full,
    /// As `Bare`, without trailing slashes.
    BareSlashless,
    /// As `Full`, without trailing slashes.
    FullSlashless,
}

impl<'o, 'a> Index<'o, 'a> {
    fn new(exported: &'o [Op<'a>]) -> Self {
        let mut by = HashMap::new();
        for e in exported {
            for (how, key) in keys(e) {
                by.entry((e.method, how, key)).or_insert(e);
            }
        }
        Index { by }
    }

    /// The export's counterpart of `op`, and whether it was found only by ignoring a
    /// trailing slash.
    fn counterpart(&self, op: &Op<'a>) -> Option<(&'o Op<'a>, bool)> {
        keys(op).into_iter().find_map(|(how, key)| {
            let slashless = matches!(how, Match::BareSlashless | Match::FullSlashless);
            self.by.get(&(op.method, how, key)).map(|e| (*e, slashless))
        })
    }
}

fn keys(op: &Op<'_>) -> [(Match, String); 5] {
    let trim = |s: &str| s.trim_end_matches('/').to_owned();
    [
        (Match::Spelling, op.spelled.clone()),
        (Match::Bare, op.bare.clone()),
        (Match::Full, op.full.clone()),
        (Match::BareSlashless, trim(&op.bare)),
        (Match::FullSlashless, trim(&op.full)),
    ]
}

/// The verdicts for every operation of `original`.
pub(crate) fn compare_documents(original: &Value, exported: &Value) -> Vec<Verdict> {
    let a = Doc::new(original);
    let b = Doc::new(exported);
    let exported = operations(b);
    let index = Index::new(&exported);
    let mut comparer = Comparer::new(a, b);
    operations(a)
        .iter()
        .map(|op| {
            let mut differences = Vec::new();
            match index.counterpart(op) {
                None => {
                    let what = "operation missing from the export".to_owned();
                    differences.push(Difference::wire(&op.ptr, "operation", what));
                }
                Some((other, slash)) => {
                    if slash {
                        let what = format!("path `{}` exported as `{}`", op.path, other.path);
                        differences.push(Difference::faithful(&op.item_ptr, "path", what));
                    }
                    operation(&mut comparer, op, other, &mut differences);
                }
            }
            let differences = finish(differences);
            let on_wire = !differences.iter().any(|d| d.kind == Kind::Wire);
            Verdict {
                method: op.method.to_owned(),
                path: op.path.to_owned(),
                on_wire,
                faithful: differences.is_empty(),
                differences,
            }
        })
        .collect()
}

fn operation<'a>(c: &mut Comparer<'a>, a: &Op<'a>, b: &Op<'a>, out: &mut Vec<Difference>) {
    let deprecated = |op: &Op<'_>| op.op.get("deprecated").and_then(Value::as_bool) == Some(true);
    if deprecated(a) != deprecated(b) {
        let (at, what) = if deprecated(a) {
            (
                push(&a.ptr, "deprecated"),
                "deprecated operation exported as current",
            )
        } else {
            (a.ptr.clone(), "operation exported as deprecated")
        };
        out.push(Difference::faithful(at, "deprecated", what.to_owned()));
    }
    parameters::compare(c, a, b, out);
    bodies::request(c, a, b, out);
    bodies::responses(c, a, b, out);
    security(c, a, b, out);
}

/// A security requirement: its alternatives, each the set of schemes it needs together.
pub(super) type Requirement = BTreeSet<BTreeSet<String>>;

fn security<'a>(c: &Comparer<'a>, a: &Op<'a>, b: &Op<'a>, out: &mut Vec<Difference>) {
    let (ra, at) = requirement(c.a, a, Sent::AsDescribed);
    let (rb, _) = requirement(c.b, b, Sent::AsDescribed);
    if ra == rb {
        return;
    }
    let what = format!("security {}, exported {}", describe(&ra), describe(&rb));
    // What a client sends: an OAuth 2 or OpenID Connect access token is a bearer token in
    // `Authorization` (RFC 6750); and where anyone may call in both, accepting credentials
    // besides changes no request that worked.
    let (wa, _) = requirement(c.a, a, Sent::OnTheWire);
    let (wb, _) = requirement(c.b, b, Sent::OnTheWire);
    let anyone = |r: &Requirement| r.is_empty() || r.iter().any(BTreeSet::is_empty);
    if wa == wb || (anyone(&wa) && anyone(&wb)) {
        out.push(Difference::faithful(at, "security", what));
    } else {
        out.push(Difference::wire(at, "security", what));
    }
}

/// How a scheme is described: as the document names its kind, or by what goes on the wire.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Sent {
    AsDescribed,
    OnTheWire,
}

/// The effective requirement of `op` (its own, else the document's) and where it is.
pub(super) fn requirement(doc: Doc<'_>, op: &Op<'_>, sent: Sent) -> (Requirement, String) {
    let (said, at) = match (op.op.get("security"), doc.root.get("security")) {
        (Some(s), _) => (Some(s), push(&op.ptr, "security")),
        (None, Some(s)) => (Some(s), "/security".to_owned()),
        (None, None) => (None, op.ptr.clone()),
    };
    let mut requirement: Requirement = said
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
        .map(|alternative| alternative.keys().map(|n| scheme(doc, n, sent)).collect())
        .collect();
    // `[{}]`: anonymous callers only, which is no requirement.
    if requirement.len() == 1 && requirement.iter().all(BTreeSet::is_empty) {
        requirement.clear();
    }
    (requirement, at)
}

/// Every security scheme `doc` declares, by what a client sends.
pub(super) fn declared_schemes(doc: Doc<'_>) -> BTreeSet<String> {
    let names = (doc.root.pointer("/components/securitySchemes"))
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|schemes| schemes.keys());
    names.map(|n| scheme(doc, n, Sent::OnTheWire)).collect()
}

/// A security scheme by what a client sends, not by its name in the document.
fn scheme(doc: Doc<'_>, name: &str, sent: Sent) -> String {
    let found = doc
        .root
        .get("components")
        .and_then(|c| c.get("securitySchemes"))
        .and_then(|s| s.get(name))
        .and_then(|s| doc.resolve(s, String::new()).ok())
        .map(|(s, _)| s);
    let Some(s) = found else {
        return format!("undefined `{name}`");
    };
    let text = |k: &str| s.get(k).and_then(Value::as_str).unwrap_or("");
    match text("type") {
        "apiKey" => {
            let place = text("in");
            let key = if place == "header" {
                text("name").to_ascii_lowercase()
            } else {
                text("name").to_owned()
            };
            format!("apiKey in {place} `{key}`")
        }
        "http" => format!("http {}", text("scheme").to_ascii_lowercase()),
        "oauth2" | "openIdConnect" if sent == Sent::OnTheWire => "http bearer".to_owned(),
        other => other.to_owned(),
    }
}

fn describe(r: &Requirement) -> String {
    if r.is_empty() {
        return "none".to_owned();
    }
    r.iter()
        .map(|all| {
            if all.is_empty() {
                "anonymous".to_owned()
            } else {
                all.iter().cloned().collect::<Vec<_>>().join(" + ")
            }
        })
        .collect::<Vec<_>>()
        .join(" | ")
}
