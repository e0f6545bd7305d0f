//! Defaults as documents write them: a list's (GitHub's webhook `events: ["push"]`),
//! `null` on a field that may be `null`, each carried and found
//! faithful by the round trip; a boolean written as text (Xero's `"false"`), carried as the
//! value it spells; `null` on a field that must be present, a loss at its keyword. Read-only and
//! write-only said of one field at two levels keep read-only.

use restspec_import::Options;

use super::import::{assert_every_operation_faithful, file};

#[test]
fn defaults_as_documents_write_them_are_carried() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/hooks": { "post": {
            "requestBody": { "required": true, "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Hook" } } } },
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Hook" } } } } }
        } } },
        "components": { "schemas": { "Hook": {
            "type": "object",
            "properties": {
                "events": { "type": "array", "items": { "type": "string" }, "default": ["push"] },
                "rows": { "type": "array", "default": [],
                    "items": { "type": "object", "additionalProperties": { "type": "string" } } },
                "channel_limit": { "type": "integer", "nullable": true, "default": null },
                "has_attachments": { "type": "boolean", "readOnly": true }
            }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    for line in [
        "events: { type: list<string>, optional: true, default: [push] }",
        "channel_limit: { type: integer, optional: true, nullable: true, default: null }",
        "rows: { type: list<map<string>>, optional: true, default: [] }",
    ] {
        assert!(service.contains(line), "{line}\n{service}");
    }
    assert_every_operation_faithful(&document, &imported);
}

/// A boolean's default written as text (Xero's `"false"`) is carried as written, filled in
/// as the value it spells, and stated so in OpenAPI (a validator wants a default of the
/// schema's type): the round trip finds that default changed, faithfully only.
#[test]
fn a_default_written_as_text_is_the_value_it_spells() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/accounts": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "type": "object", "properties": {
                    "HasAttachments": { "type": "boolean", "default": "false" } } } } } } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(service.contains("default: \"false\""), "{service}");
    let exported = restspec_codegen::openapi::document(&super::import::load(&imported).service);
    let text = exported.to_string();
    assert!(text.contains(r#""default":false"#), "{text}");
}

#[test]
fn null_on_a_field_that_must_be_present_is_a_loss() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/x": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "type": "object", "required": ["n"],
                    "properties": { "n": { "type": "integer", "default": null } } } } } } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.iter().any(|s| s.contains("/properties/n/default")),
        "{said:#?}"
    );
}

/// A field read-only where it is and write-only in the record it includes (Jira's gadget
/// `position`) keeps read-only; write-only is a loss at its keyword, and the spec checks.
#[test]
fn read_only_over_an_included_write_only_is_kept() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/gadgets": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Gadget" } } } } }
        } } },
        "components": { "schemas": {
            "Gadget": { "type": "object", "required": ["position"], "properties": {
                "position": { "allOf": [{ "$ref": "#/components/schemas/Position" }],
                    "readOnly": true } } },
            "Position": { "type": "object", "writeOnly": true,
                "properties": { "row": { "type": "integer" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(service.contains("read_only: true"), "{service}");
    assert!(!service.contains("write_only"), "{service}");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.iter().any(|s| s.contains("writeOnly")), "{said:#?}");
    super::import::load(&imported);
}
