//! The operations of an OpenAPI document's path items: the methods a path item may hold,
//! a path as it goes on the wire, every operation of the document. What the passes over
//! the whole document (rate-limit headers, security, selectors) and the reading of the
//! families share; a leaf, so that none of them imports another to find an operation.

use serde_json::Value;

use crate::round_trip::refs;

/// The methods an OpenAPI 3 path item may hold, in the order the import reads them.
pub(crate) const METHODS: &[&str] = &[
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// `path` without its fragment (`/tags/{arn}#tagKeys` → `/tags/{arn}`) or query string
/// (`/rest?method=flickr.photos.getInfo`, `/alerts?lat={lat}&lon={lon}`), which documents
/// write in their paths: neither is part of the path on the wire.
pub(crate) fn without_fragment(path: &str) -> &str {
    path.split(['#', '?']).next().unwrap_or(path)
}

/// Every operation of `document`, its path item followed through a `$ref`: what a pass over
/// the whole document before the families are read (its rate-limit headers, its security
/// requirements) looks at.
pub(crate) fn every_operation(document: &Value) -> Vec<&Value> {
    let doc = refs::Doc::new(document);
    let paths = document.get("paths").and_then(Value::as_object);
    paths
        .into_iter()
        .flat_map(|p| p.values())
        .filter_map(|item| doc.resolve(item, String::new()).ok().map(|(item, _)| item))
        .flat_map(|item| METHODS.iter().filter_map(move |m| item.get(*m)))
        .collect()
}
