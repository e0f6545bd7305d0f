//! Security requirements and schemes, described as the document names them or by what a
//! client sends: what the comparison of an operation's security, of its parameters (a
//! credential's header is not a parameter) and the memo (the export's schemes) read.

use std::collections::BTreeSet;

use serde_json::Value;

use super::op::Op;
use super::refs::{Doc, push};

/// A security requirement: its alternatives, each the set of schemes it needs together.
pub(super) type Requirement = BTreeSet<BTreeSet<String>>;

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
