//! `allOf` read as documents mean it where it is no record: parts that each say the same
//! scalar type (ATO's `allOf: [{$ref: resourceId}, {type: string}]`) are that scalar, with
//! what each part says of it; members of one type beside a record that includes another
//! are its additional fields. Alternatives that only require names (GitHub's `anyOf` of
//! `required` lists, its check runs' `oneOf` narrowing a member) are no union: the record
//! stays, the rules a faithful loss. Values every member must have beside alternatives
//! are a loss said.

use restspec_import::Options;

use super::import::{
    all_files, assert_every_operation_faithful, assert_every_operation_on_the_wire, file,
    round_trip,
};

#[test]
fn parts_of_one_scalar_type_are_that_scalar() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/addresses": { "get": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": {
                "type": "object", "required": ["addressId"],
                "properties": { "addressId": { "allOf": [
                    { "$ref": "#/components/schemas/resourceId" }, { "type": "string" }
                ] } } } } } } } } } },
        "components": { "schemas": {
            "resourceId": { "type": "string", "maxLength": 36 }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("addressId: { type: string, max_length: 36 }"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
    // Parts of two scalar types admit nothing a record could be: no scalar is chosen.
    let mut mixed = document.clone();
    mixed["components"]["schemas"]["resourceId"]["type"] = serde_json::json!("integer");
    let imported = restspec_import::import(&mixed, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(!service.contains("addressId: { type: string"), "{service}");
}

/// Members of one type beside a record that includes another (Azure Data Factory's
/// `Factory`: `allOf: [Resource]`, `additionalProperties: { type: object }`) are its
/// `additional_fields`, exported as `unevaluatedProperties` beside the `allOf`, which the
/// round trip reads as the document's `additionalProperties`.
#[test]
fn members_beside_an_including_record_are_additional_fields() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/factories": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Factory" } } } } }
        } } },
        "components": { "schemas": {
            "Resource": { "type": "object", "properties": { "id": { "type": "string" } } },
            "Factory": { "type": "object", "allOf": [{ "$ref": "#/components/schemas/Resource" }],
                "properties": { "region": { "type": "string" } },
                "additionalProperties": { "type": "object" } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("additional_fields: map<any>\n    includes: [Resource]"),
        "{service}"
    );
    assert_every_operation_faithful(&document, &imported);
}

/// A name a part's `required` lists without declaring it (Turbine Labs' listener `host`)
/// is a field of any value in every record that holds that part, flattened or included;
/// the round trip finds it required in both.
#[test]
fn a_required_name_no_part_declares_is_a_field_of_any_value() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/listeners": { "get": { "responses": { "200": { "description": "ok",
                "content": { "application/json": { "schema": {
                    "$ref": "#/components/schemas/Listener" } } } } } } },
            "/drafts": { "post": {
                "requestBody": { "required": true, "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/ListenerCreate" } } } },
                "responses": { "204": { "description": "ok" } } } }
        },
        "components": { "schemas": {
            "ListenerCreate": { "type": "object", "required": ["name", "host"],
                "properties": { "name": { "type": "string" }, "zone": { "type": "string" } } },
            "Listener": { "allOf": [
                { "$ref": "#/components/schemas/ListenerCreate" },
                { "type": "object", "required": ["zone", "key"],
                  "properties": { "key": { "type": "string" } } }
            ] }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    let listener = service
        .split("  Listener:\n")
        .nth(1)
        .expect("Listener declared");
    assert!(
        listener.contains("      host: { type: any }\n"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Members whose Rust names are one (Xero's `Name` beside the `name` its `required`
/// lists, Airbyte's `jsonSchema` beside `json_schema`) are all kept, the later one under
/// a Rust name of its own (`field:`); the round trip finds both on the wire.
#[test]
fn members_of_one_rust_name_are_all_kept() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/files": { "post": {
            "requestBody": { "required": true, "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/File" } } } },
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/File" } } } } }
        } } },
        "components": { "schemas": { "File": { "type": "object", "required": ["name"],
            "properties": { "Name": { "type": "string" },
                "jsonSchema": { "type": "string" }, "json_schema": { "type": "integer" } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    for line in [
        "      Name: { type: string, optional: true }\n",
        "      json_schema: { type: integer, field: json_schema2, optional: true }\n",
        "      name: { type: any, field: name2 }\n",
    ] {
        assert!(service.contains(line), "{line}\n{service}");
    }
    assert_every_operation_faithful(&document, &imported);
}

/// GitHub's gist update: `anyOf: [{ required: [description] }, { required: [files] }]`
/// beside the properties; its check runs: `oneOf` narrowing `status` and requiring more.
/// The record is read with its members as declared; the rules are not checked, which the
/// import says and the judge finds too.
#[test]
fn alternatives_that_only_constrain_leave_the_record() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/gists/{id}": { "patch": {
            "parameters": [{ "name": "id", "in": "path", "required": true,
                             "schema": { "type": "string" } }],
            "requestBody": { "required": true, "content": { "application/json": { "schema": {
                "type": "object",
                "properties": {
                    "description": { "type": "string" },
                    "files": { "type": "object", "additionalProperties": { "type": "string" } }
                },
                "anyOf": [{ "required": ["description"] }, { "required": ["files"] }]
            } } } },
            "responses": { "204": { "description": "done" } }
        } },
        // GitHub's check runs: a `conclusion` required when the status is `completed`.
        "/runs": { "post": {
            "requestBody": { "required": true, "content": { "application/json": { "schema": {
                "type": "object",
                "properties": {
                    "status": { "type": "string", "enum": ["queued", "completed"] },
                    "conclusion": { "type": "string" }
                },
                "oneOf": [
                    { "properties": { "status": { "enum": ["completed"] } },
                      "required": ["status", "conclusion"], "additionalProperties": true },
                    { "properties": { "status": { "enum": ["queued"] } } }
                ]
            } } } },
            "responses": { "204": { "description": "done" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert_eq!(said.len(), 2, "{said:#?}");
    assert!(said[0].contains("schema/anyOf"), "{said:#?}");
    assert!(said[1].contains("schema/oneOf"), "{said:#?}");
    let spec = all_files(&imported);
    assert!(
        spec.contains("description: { type: string, optional: true }"),
        "{spec}"
    );
    assert!(
        !spec.contains("one_of") && !spec.contains("any_of"),
        "{spec}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
    let verdicts = round_trip(&document, &imported);
    assert!(
        verdicts.operations.iter().all(|v| !v.faithful),
        "the rule is a faithful loss"
    );
}

/// Values every member must have beside an `anyOf` of records (Adyen's `additionalData`,
/// text values beside its sixteen records) are no alternative's: the import says it
/// leaves them out, at their pointer, as a change on the wire.
#[test]
fn values_beside_alternatives_are_a_loss_said() {
    let record = |name: &str| serde_json::json!({ "type": "object", "properties": { name: { "type": "string" } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/payments": { "post": {
            "requestBody": { "content": { "application/json": { "schema": {
                "$ref": "#/components/schemas/Payment" } } } },
            "responses": { "204": { "description": "ok" } }
        } } },
        "components": { "schemas": { "Payment": { "type": "object", "properties": {
            "additionalData": { "type": "object", "additionalProperties": { "type": "string" },
                "anyOf": [record("retry"), record("risk")] } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<&str> = (imported.losses.iter())
        .filter(|l| l.category == "additionalProperties")
        .map(|l| l.pointer.as_str())
        .collect();
    assert_eq!(
        said,
        ["/components/schemas/Payment/properties/additionalData/additionalProperties"],
        "{:#?}",
        imported.losses
    );
}
