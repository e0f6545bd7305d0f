//! The JSON Schema shipped for editors (`codegen/schema/*.schema.json`) is exactly what the
//! reader accepts: the committed files equal the schema derived from the record
//! declarations, every valid spec validates, and a spec with an unknown key does not.
//!
//! Regenerate the files with `UPDATE_SCHEMA=1 cargo test -p restspec-tests --test suite schema::`.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn check_committed(name: &str, schema: &serde_json::Value) {
    let path = repo().join("codegen/schema").join(name);
    let expected = serde_json::to_string_pretty(schema).expect("serialises") + "\n";
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &expected).expect("writable");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        committed, expected,
        "{name} is out of date: run UPDATE_SCHEMA=1 cargo test -p restspec-tests --test suite schema::"
    );
}

#[test]
fn committed_schemas_match_the_reader() {
    check_committed(
        "service.schema.json",
        &restspec_codegen::schema::service_file(),
    );
    check_committed(
        "family.schema.json",
        &restspec_codegen::schema::family_file(),
    );
    check_committed(
        "section.schema.json",
        &restspec_codegen::schema::section_file(),
    );
}

/// Every spec file of the example and the fixtures, as JSON, with its schema.
fn spec_files() -> Vec<(PathBuf, serde_json::Value)> {
    let mut dirs = vec![repo().join("spec")];
    for dir in restspec_tests::SPEC_DIRS {
        dirs.push(repo().join("tests").join(dir));
    }
    let mut out = Vec::new();
    for dir in dirs {
        for file in restspec_codegen::spec_files(&dir).expect("readable") {
            out.push((file.clone(), yaml_as_json(&file)));
        }
    }
    out
}

fn yaml_as_json(file: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(file).expect("readable");
    restspec_codegen::schema::file_as_json(file, &text).expect("valid YAML")
}

fn schema_for(file: &Path, json: &serde_json::Value) -> serde_json::Value {
    if file.file_name().is_some_and(|n| n == "service.yaml") {
        restspec_codegen::schema::service_file()
    } else if json.get("section").is_some() {
        restspec_codegen::schema::section_file()
    } else {
        restspec_codegen::schema::family_file()
    }
}

#[test]
fn every_valid_spec_file_validates() {
    let files = spec_files();
    assert!(files.len() >= 10, "found {} spec files", files.len());
    for (file, json) in files {
        let validator =
            jsonschema::validator_for(&schema_for(&file, &json)).expect("a valid schema");
        let errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", file.display());
    }
}

#[test]
fn unknown_keys_and_missing_keys_fail_validation() {
    let file = repo().join("spec/changes.yaml");
    let mut json = yaml_as_json(&file);
    let validator = jsonschema::validator_for(&schema_for(&file, &json)).expect("a valid schema");
    json["endpoints"]["create_change"]["reponse"] = serde_json::json!("ChangeInfo");
    assert!(!validator.is_valid(&json), "a misspelt key is rejected");
    let mut json = yaml_as_json(&file);
    json["family"]
        .as_object_mut()
        .expect("a mapping")
        .remove("prefix");
    assert!(
        !validator.is_valid(&json),
        "a family without a prefix is rejected"
    );
    let mut json = yaml_as_json(&file);
    json["family"]
        .as_object_mut()
        .expect("a mapping")
        .remove("id");
    assert!(
        validator.is_valid(&json),
        "a family without an id (one that names no resource of its own) is accepted"
    );

    let file = repo().join("spec/changes/reviewers.yaml");
    let mut json = yaml_as_json(&file);
    let validator = jsonschema::validator_for(&schema_for(&file, &json)).expect("a valid schema");
    assert!(validator.is_valid(&json), "a section file validates");
    json["section"]
        .as_object_mut()
        .expect("a mapping")
        .remove("family");
    assert!(
        !validator.is_valid(&json),
        "a section that names no family is rejected"
    );
}

#[test]
fn only_a_spec_that_extends_a_base_may_leave_out_what_a_base_gives() {
    let file = repo().join("tests/fixtures/extends_house/service.yaml");
    let mut json = yaml_as_json(&file);
    let validator = jsonschema::validator_for(&schema_for(&file, &json)).expect("a valid schema");
    assert!(
        validator.is_valid(&json),
        "partial conventions with `extends`"
    );
    json.as_object_mut().expect("a mapping").remove("extends");
    let errors: Vec<String> = validator
        .iter_errors(&json)
        .map(|e| e.to_string())
        .collect();
    assert!(
        errors
            .iter()
            .any(|e| e.contains("\"quota\" is a required property")),
        "{errors:?}"
    );
    let mut json = yaml_as_json(&repo().join("spec/service.yaml"));
    json["conventions"]["pretty_printing"]["default"] = serde_json::Value::Null;
    assert!(
        !validator.is_valid(&json),
        "a convention's required key stays required"
    );
}
