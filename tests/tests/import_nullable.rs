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

/// `null` among an enumeration's values admits `null` only where the type does: Bitbucket's
/// `type: string` with `[approved, changes_requested, null]` does not (JSON Schema's `type`
/// refuses it first), an enumeration without a `type` does, and so does one beside
/// `nullable`. Each round-trips on the wire.
#[test]
fn null_among_the_values_is_admitted_only_where_the_type_admits_it() {
    for (schema, nullable) in [
        (
            serde_json::json!({ "type": "string", "enum": ["approved", null] }),
            false,
        ),
        (serde_json::json!({ "enum": ["approved", null] }), true),
        (
            serde_json::json!({ "type": "string", "nullable": true, "enum": ["approved", null] }),
            true,
        ),
        // Numbers (Vercel's `redirectStatusCode`): their values, `null` the type's.
        (
            serde_json::json!({ "type": ["integer", "null"], "enum": [null, 301, 302] }),
            true,
        ),
    ] {
        let document = serde_json::json!({
            "openapi": "3.0.0",
            "info": { "title": "T", "version": "1" },
            "paths": { "/reviews": { "get": {
                "responses": { "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "type": "object", "required": ["state"],
                        "properties": { "state": schema.clone() } } } } } }
            } } }
        });
        let imported = restspec_import::import(&document, &Options::default()).expect("imported");
        let service = file(&imported, "service.yaml");
        assert_eq!(
            service.contains("nullable: true"),
            nullable,
            "{schema}\n{service}"
        );
        assert_every_operation_on_the_wire(&document, &imported);
        let lost = imported
            .losses
            .iter()
            .filter(|l| l.pointer.ends_with("/enum"));
        assert_eq!(lost.count(), 0, "{schema}: {:#?}", imported.losses);
    }
}

/// `nullable: true` beside a reference in a 3.1 document, where a reference's siblings
/// apply (Codat's `dataType`), makes the field nullable, as the round trip reads it; in a
/// 3.0 one, which ignores them (Airflow's, Twilio's), it does not. On the wire both ways.
#[test]
fn nullable_beside_a_reference_is_nullable() {
    let document = serde_json::json!({
        "openapi": "3.1.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/pushes": { "get": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": {
                "type": "object", "required": ["dataType"],
                "properties": { "dataType": {
                    "$ref": "#/components/schemas/DataType", "nullable": true } } } } } } } } } },
        "components": { "schemas": {
            "DataType": { "type": "string", "enum": ["invoices", "bills"] }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("dataType: { type: DataType, nullable: true }"),
        "{service}"
    );
    super::import::assert_every_operation_on_the_wire(&document, &imported);
    let mut v30 = document.clone();
    v30["openapi"] = serde_json::json!("3.0.3");
    let imported = restspec_import::import(&v30, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("dataType: { type: DataType }"),
        "{service}"
    );
    super::import::assert_every_operation_on_the_wire(&v30, &imported);
}

/// A reference made nullable by a part that only says its type again (Asana's `owner`:
/// `allOf: [{$ref: UserCompact}, {type: object, nullable: true}]`) is a nullable field of
/// the referenced record, not a record of its own; one made nullable by a part with members
/// of its own (Asana's goal `metric`) is a nullable field of the record including it. A
/// field an included record says is nullable, declared again without `nullable` (Airflow's
/// DAG details' `default_view`), is never `null` there. Every operation on the wire.
#[test]
fn nullable_parts_and_declarations_of_an_all_of() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/goals": { "get": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": {
                "$ref": "#/components/schemas/Goal" } } } } } } } },
        "components": { "schemas": {
            "Resource": { "type": "object", "properties": { "gid": { "type": "string" } } },
            "User": { "allOf": [{ "$ref": "#/components/schemas/Resource" },
                { "type": "object", "properties": { "name": { "type": "string" } } }] },
            "Dag": { "type": "object", "properties": {
                "view": { "type": "string", "nullable": true } } },
            "Goal": { "allOf": [{ "$ref": "#/components/schemas/Dag" }, { "type": "object",
                "properties": {
                    "view": { "type": "string" },
                    "owner": { "allOf": [{ "$ref": "#/components/schemas/User" },
                        { "type": "object", "nullable": true }] },
                    "metric": { "allOf": [{ "$ref": "#/components/schemas/Resource" },
                        { "nullable": true, "properties": { "value": { "type": "number" } } }] }
                } }] }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    for expected in [
        "owner: { type: User, optional: true, nullable: true }",
        "metric: { type: GoalMetric, optional: true, nullable: true }",
        "view: { type: string, optional: true }",
    ] {
        assert!(service.contains(expected), "{expected}\n{service}");
    }
    assert_every_operation_on_the_wire(&document, &imported);
}
