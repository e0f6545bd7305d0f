//! JSON Schema of the spec files, for editors: produced from the same record declarations
//! the reader uses (see `read::raw`), so the schema cannot drift from what the generator
//! accepts. `codegen/schema/*.schema.json` are these values, committed; a test keeps them
//! equal.

use serde_json::{Value, json};

use std::path::Path;
use std::sync::Arc;

use crate::diag::{Diagnostics, SpecErrors};
use crate::read::decode::Decode;
use crate::read::raw::{FamilyFile, SectionFile, ServiceFile};

fn wrap(title: &str, mut schema: Value) -> Value {
    if let Some(obj) = schema.as_object_mut() {
        obj.insert(
            "$schema".into(),
            json!("https://json-schema.org/draft/2020-12/schema"),
        );
        obj.insert("title".into(), json!(title));
    }
    schema
}

/// Keys of `service.yaml` that a spec extending a base may leave out (it inherits them).
const INHERITABLE_REQUIRED: &[&str] = &["conventions", "statuses", "quota"];

/// The schema of `service.yaml`. The keys a base provides are required only of a file
/// without `extends`.
pub fn service_file() -> Value {
    let mut schema = ServiceFile::schema();
    if let Some(obj) = schema.as_object_mut() {
        if let Some(Value::Array(required)) = obj.get_mut("required") {
            required.retain(|key| !INHERITABLE_REQUIRED.iter().any(|k| key == k));
        }
        obj.insert("if".into(), json!({ "not": { "required": ["extends"] } }));
        // A spec that extends a base writes only the conventions it changes, and removes
        // an inherited one with `~` (the reader takes null for a key left out).
        let conventions = obj
            .get_mut("properties")
            .and_then(|p| p.get_mut("conventions"))
            .and_then(Value::as_object_mut);
        let mut conventions_required = json!([]);
        if let Some(conventions) = conventions {
            conventions_required = conventions
                .insert("required".into(), json!([]))
                .unwrap_or_else(|| json!([]));
            let properties = conventions
                .get_mut("properties")
                .and_then(Value::as_object_mut);
            for (name, property) in properties.into_iter().flatten() {
                let required = conventions_required
                    .as_array()
                    .is_some_and(|r| r.iter().any(|k| k == name));
                if let (false, Some(Value::String(ty))) = (required, property.get("type")) {
                    property["type"] = json!([ty.clone(), "null"]);
                }
            }
        }
        obj.insert(
            "then".into(),
            json!({
                "required": INHERITABLE_REQUIRED,
                "properties": { "conventions": { "required": conventions_required } },
            }),
        );
    }
    wrap("restspec service file (service.yaml)", schema)
}

/// The schema of a family file.
pub fn family_file() -> Value {
    wrap("restspec family file", FamilyFile::schema())
}

/// The schema of a section file (`changes/reviewers.yaml`: some of a family's endpoints,
/// with a handler trait of their own).
pub fn section_file() -> Value {
    wrap("restspec section file", SectionFile::schema())
}

/// A spec file's YAML as the JSON value the schemas describe, for validating a file against
/// [`service_file`], [`family_file`] or [`section_file`] with any JSON Schema validator.
pub fn file_as_json(path: &Path, text: &str) -> Result<Value, SpecErrors> {
    let mut diags = Diagnostics::new();
    match crate::read::yaml::parse(Arc::new(path.to_path_buf()), text, &mut diags) {
        Some(node) => Ok(node.to_json()),
        None => Err(SpecErrors {
            diagnostics: diags.into_sorted(),
            sources: Vec::new(),
        }),
    }
}
