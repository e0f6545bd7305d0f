//! JSON Schema of the spec files, for editors: produced from the same record declarations
//! the reader uses (see `spec::raw`), so the schema cannot drift from what the generator
//! accepts. `codegen/schema/*.schema.json` are these values, committed; a test keeps them
//! equal.

use serde_json::{Value, json};

use std::path::Path;
use std::sync::Arc;

use crate::diag::{Diagnostics, SpecErrors};
use crate::spec::decode::Decode;
use crate::spec::raw::{FamilyFile, ServiceFile};

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

/// The schema of `service.yaml`.
pub fn service_file() -> Value {
    wrap(
        "restspec service file (service.yaml)",
        ServiceFile::schema(),
    )
}

/// The schema of a family file.
pub fn family_file() -> Value {
    wrap("restspec family file", FamilyFile::schema())
}

/// A spec file's YAML as the JSON value the schemas describe, for validating a file against
/// [`service_file`] or [`family_file`] with any JSON Schema validator.
pub fn file_as_json(path: &Path, text: &str) -> Result<Value, SpecErrors> {
    let mut diags = Diagnostics::new();
    match crate::spec::yaml::parse(Arc::new(path.to_path_buf()), text, &mut diags) {
        Some(node) => Ok(node.to_json()),
        None => Err(SpecErrors {
            diagnostics: diags.into_sorted(),
        }),
    }
}
