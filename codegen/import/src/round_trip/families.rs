//! Which schemas include which (`allOf: [{$ref: Base}, ...]`): a discriminator on a base
//! schema names, where its mapping does not, every schema that includes the base by that
//! schema's name (OpenAPI's implicit mapping), so both documents' families are needed.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::refs::{Doc, push};

/// The schemas under `components/schemas` that include each schema through `allOf`,
/// directly, by pointer.
pub(crate) struct Families {
    includers: HashMap<String, Vec<String>>,
}

impl Families {
    pub(crate) fn of(doc: Doc<'_>) -> Self {
        let mut includers: HashMap<String, Vec<String>> = HashMap::new();
        let schemas = doc
            .root
            .pointer("/components/schemas")
            .and_then(Value::as_object);
        for (name, schema) in schemas.into_iter().flatten() {
            let parts = schema.get("allOf").and_then(Value::as_array);
            let member = push("/components/schemas", name);
            for part in parts.into_iter().flatten() {
                let Some(reference) = part.get("$ref").and_then(Value::as_str) else {
                    continue;
                };
                if let Some((_, base)) = doc.lookup(reference) {
                    includers.entry(base).or_default().push(member.clone());
                }
            }
        }
        Families { includers }
    }

    /// The schemas including `base` (a pointer), directly or through others, each once.
    pub(crate) fn members(&self, base: &str) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        let mut seen: HashSet<&str> = HashSet::from([base]);
        let mut todo: Vec<&str> = vec![base];
        while let Some(next) = todo.pop() {
            for member in self.includers.get(next).into_iter().flatten() {
                if seen.insert(member) {
                    out.push(member);
                    todo.push(member);
                }
            }
        }
        out
    }
}
