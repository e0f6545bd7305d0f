//! JSON Schema of the spec files, for editors: produced from the same record declarations
//! the reader uses (see `spec::raw`), so the schema cannot drift from what the generator
//! accepts. `codegen/schema/*.schema.json` are these values, committed; a test keeps them
//! equal.

use serde_json::{Value, json};

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
