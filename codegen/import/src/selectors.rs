//! AWS's operations told apart by a parameter's fixed value, written as a fragment of
//! their path (`/#X-Amz-Target=DynamoDB_20120810.GetItem`, `/#Action=RunInstances`), or
//! Flickr's as a query string (`/rest?method=flickr.photos.getInfo`): each
//! becomes an endpoint `selected_by` that value, where every operation of its method and
//! wire path names its own.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::path_items::{METHODS, without_fragment};
use crate::round_trip::refs;

/// What selects an operation: where (`header`, `query`), the name and the value (empty: a
/// query parameter selecting by being there).
pub(crate) type FoundSelector = (&'static str, String, String);

/// Each method and wire path, and whether every one of its operations has a selector of
/// its own: decided once per method and path (EC2 has about 600 operations on `/`, which
/// compared with each other once per operation took two thirds of its import).
pub(crate) struct Selectable<'d> {
    all_selected: BTreeMap<(&'d str, &'d str), bool>,
}

impl<'d> Selectable<'d> {
    pub(crate) fn of(document: &'d Value, paths: &'d Map<String, Value>) -> Self {
        let mut found: BTreeMap<(&'d str, &'d str), Vec<Option<FoundSelector>>> = BTreeMap::new();
        for (path, item) in paths {
            let Ok((item, _)) = refs::Doc::new(document).resolve(item, String::new()) else {
                continue;
            };
            let shared = item.get("parameters").and_then(Value::as_array);
            for method in METHODS {
                if let Some(operation) = item.get(*method) {
                    let selector = fragment_selector(document, path, operation, shared);
                    found
                        .entry((method, without_fragment(path)))
                        .or_default()
                        .push(selector);
                }
            }
        }
        let all_selected = found
            .into_iter()
            .map(|(key, selectors)| {
                let mut seen = std::collections::BTreeSet::new();
                let own = selectors
                    .iter()
                    .all(|s| s.as_ref().is_some_and(|s| seen.insert(s)));
                (key, own)
            })
            .collect();
        Selectable { all_selected }
    }

    /// Whether every operation of `method` on `path`'s wire path has a selector of its
    /// own, so that each can be served there.
    pub(crate) fn all_selected(&self, method: &str, path: &str) -> bool {
        self.all_selected
            .get(&(method, without_fragment(path)))
            .copied()
            .unwrap_or(false)
    }
}

/// What selects an operation whose path's fragment names a parameter's fixed value
/// (`/#X-Amz-Target=DynamoDB_20120810.GetItem`, `/#Action=RunInstances`): the header or
/// query parameter the operation declares under that name. `None` for another fragment
/// (`#tagKeys`), or a name it does not declare. A query string of one fixed value in the
/// path (Flickr's `/rest?method=flickr.photos.getInfo`) is that query parameter's, declared
/// or not.
pub(crate) fn fragment_selector(
    document: &Value,
    path: &str,
    operation: &Value,
    shared: Option<&Vec<Value>>,
) -> Option<FoundSelector> {
    let declared = |name: &str| {
        let own = operation.get("parameters").and_then(Value::as_array);
        own.into_iter()
            .chain(shared)
            .flatten()
            .filter_map(|p| {
                refs::Doc::new(document)
                    .resolve(p, String::new())
                    .ok()
                    .map(|(p, _)| p)
            })
            .find(|p| p.get("name").and_then(Value::as_str) == Some(name))
    };
    if path.contains('?') {
        if let Some((name, value)) = refs::fixed_query_value(path) {
            return Some(("query", name.to_owned(), value.to_owned()));
        }
        // A query string of parameters alone (Weatherbit's `/current?city={city}&country=
        // {country}` beside `/current?city_id={city_id}`): its first, a required query
        // parameter, selects the operation by being there (an empty value says so).
        let first = refs::templated_keys(path)?.into_iter().next()?;
        let p = declared(first)?;
        // Documents converted from Swagger 2 declare it `in: path` (Weatherbit's): it
        // fills the query string of the path, required as a path parameter is.
        let required = p.get("required").and_then(Value::as_bool) == Some(true);
        let place = p.get("in").and_then(Value::as_str);
        let query = matches!(place, Some("query" | "path"));
        return (required && query).then(|| ("query", first.to_owned(), String::new()));
    }
    let (name, value) = path.split_once('#')?.1.split_once('=')?;
    if name.is_empty() || value.is_empty() {
        return None;
    }
    let p = declared(name)?;
    let place = match p.get("in").and_then(Value::as_str)? {
        "header" if restspec_codegen::naming::is_header_name(name) => "header",
        "query" => "query",
        _ => return None,
    };
    Some((place, name.to_owned(), value.to_owned()))
}
