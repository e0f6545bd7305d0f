//! A component every value of which may be `null` (Plaid's errors, OpenAPI 3.0's
//! `nullable` or 3.1's `type: [object, "null"]`) is a type declared `nullable`, and the
//! round trip finds its uses on the wire; one that is the service's as a whole
//! (`readOnly` on the component) a type declared `read_only`, found faithfully.

use restspec_import::Options;

use super::import::{assert_every_operation_faithful, assert_every_operation_on_the_wire, file};

#[test]
fn a_nullable_component_is_a_nullable_type() {
    for nullable in [
        serde_json::json!({ "type": "object", "nullable": true }),
        serde_json::json!({ "type": ["object", "null"] }),
    ] {
        let mut error = nullable;
        error["properties"] = serde_json::json!({ "error_code": { "type": "string" } });
        error["required"] = serde_json::json!(["error_code"]);
        let document = serde_json::json!({
            "openapi": "3.0.0",
            "info": { "title": "T", "version": "1" },
            "paths": { "/items": { "post": {
                "requestBody": { "required": true, "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/Item" } } } },
                "responses": { "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/Item" } } } } }
            } } },
            "components": { "schemas": {
                "Item": { "type": "object", "properties": {
                    "error": { "$ref": "#/components/schemas/PlaidError" },
                    "causes": { "type": "array",
                        "items": { "$ref": "#/components/schemas/PlaidError" } } } },
                "PlaidError": error
            } }
        });
        let imported = restspec_import::import(&document, &Options::default()).expect("imported");
        let service = file(&imported, "service.yaml");
        assert!(
            service.contains("  PlaidError:\n    nullable: true\n"),
            "{service}"
        );
        assert_every_operation_on_the_wire(&document, &imported);
    }
}

#[test]
fn a_read_only_component_is_a_read_only_type() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/policies": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/PolicyList" } } } } }
        } } },
        "components": { "schemas": {
            "PolicyList": { "type": "object", "readOnly": true,
                "properties": { "value": { "type": "array", "items": { "type": "string" } } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  PolicyList:\n    read_only: true\n"),
        "{service}"
    );
    assert_every_operation_faithful(&document, &imported);
}
