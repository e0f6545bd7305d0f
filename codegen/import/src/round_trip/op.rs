//! One operation and where it is: every operation of a document listed, and each original
//! one paired with its exported counterpart. What the comparisons of operations,
//! parameters, bodies and security schemes all take; a leaf among them.

use std::collections::HashMap;

use serde_json::Value;

use super::refs::{Doc, erase_params, push, server_prefix};

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
pub(super) fn operations<'a>(doc: Doc<'a>) -> Vec<Op<'a>> {
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
pub(super) struct Index<'o, 'a> {
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
    pub(super) fn new(exported: &'o [Op<'a>]) -> Self {
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
    pub(super) fn counterpart(&self, op: &Op<'a>) -> Option<(&'o Op<'a>, bool)> {
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
