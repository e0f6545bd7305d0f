//! The examples a document shows, carried as the spec's `examples:`: the answer it shows
//! for an operation's success, sent with the least values the request needs (ids, required
//! options and headers, credentials where anonymous callers may not call), the default of
//! each field the example leaves out filled in as the service writes it. An example its own
//! schema refuses is said, not carried.

use restspec_import::Options;
use serde_json::json;

use super::import::{file, load};

/// The losses of examples left out, as said.
fn example_losses(imported: &restspec_import::Imported) -> Vec<String> {
    imported
        .losses
        .iter()
        .filter(|l| l.category == "example")
        .map(ToString::to_string)
        .collect()
}

fn document() -> serde_json::Value {
    json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "security": [{ "key": [] }],
        "paths": {
            "/pets/{petId}": { "get": {
                "operationId": "getPet",
                "parameters": [
                    { "name": "petId", "in": "path", "required": true,
                      "schema": { "type": "integer", "minimum": 3 } },
                    { "name": "fields", "in": "query", "required": true,
                      "schema": { "type": "string", "enum": ["all", "some"] } }
                ],
                "responses": { "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/Pet" },
                    "examples": { "tom": { "summary": "a cat", "value": { "id": 3, "name": "Tom", "password": "s3cret" } } }
                } } } }
            } },
            "/pets": {
                "post": {
                    "operationId": "addPet",
                    "requestBody": { "required": true, "content": { "application/json": {
                        "schema": { "$ref": "#/components/schemas/Pet" } } } },
                    "responses": { "201": { "description": "ok", "content": { "application/json": {
                        "schema": { "$ref": "#/components/schemas/Pet" },
                        "example": "{ \"id\": 4, \"name\": \"Rex\", \"kind\": \"dog\" }"
                    } } } }
                },
                "get": {
                    "operationId": "listPets",
                    "security": [],
                    "responses": { "200": { "description": "ok", "content": { "application/json": {
                        "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Pet" } },
                        "example": [{ "id": "three", "name": "Tom" }]
                    } } } }
                }
            }
        },
        "components": {
            "securitySchemes": { "key": { "type": "apiKey", "in": "header", "name": "X-Key" } },
            "schemas": { "Pet": {
                "type": "object",
                "required": ["id", "name"],
                "properties": {
                    "id": { "type": "integer" },
                    "name": { "type": "string" },
                    "kind": { "type": "string", "default": "cat" },
                    "password": { "type": "string", "writeOnly": true }
                }
            } }
        }
    })
}

#[test]
fn a_documented_answer_is_an_example_sent_with_what_the_request_needs() {
    let imported = restspec_import::import(&document(), &Options::default()).expect("imported");
    let pets = file(&imported, "pets.yaml");
    // The least values of the path's id (at its minimum) and of the required option, as
    // the key's holder; the answer as the service writes it: with `kind`'s default, and
    // without the write-only `password`.
    let expected = "    examples:
      - name: a cat
        request:
          path: /pets/3
          query: { fields: all }
          user: caller
        response:
          status: 200
          body: { id: 3, kind: cat, name: Tom }
";
    assert!(pets.contains(expected), "{pets}");
    // A body written as the text of its JSON is read as that JSON; the required request
    // body the document shows none of is the least one.
    let added = "        request:
          path: /pets
          body: { id: 0, name: \"\" }
          user: caller
        response:
          status: 201
          body: { id: 4, kind: dog, name: Rex }
";
    assert!(pets.contains(added), "{pets}");
    // The spec checks with them: each example's bodies fit, its path is its endpoint's.
    let loaded = load(&imported);
    let examples: usize = loaded
        .service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .map(|e| e.examples.len())
        .sum();
    assert_eq!(examples, 2);
}

#[test]
fn an_example_its_schema_refuses_is_said_and_not_carried() {
    let imported = restspec_import::import(&document(), &Options::default()).expect("imported");
    let said = example_losses(&imported);
    assert_eq!(
        said,
        [
            "#/paths/~1pets/get: the answer's example does not fit: `/0/id` should be a whole number, not a string: the example is not carried over"
        ]
    );
    let pets = file(&imported, "pets.yaml");
    assert_eq!(pets.matches("examples:").count(), 2, "{pets}");
}

#[test]
fn text_of_a_format_the_service_would_write_otherwise_is_no_example() {
    let mut document = document();
    document["components"]["schemas"]["Pet"]["properties"]["born"] =
        json!({ "type": "string", "format": "date" });
    document["paths"]["/pets/{petId}"]["get"]["responses"]["200"]["content"]["application/json"]
        ["examples"]["tom"]["value"]["born"] = json!("2025-10-15T13:51:01.967Z");
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.iter()
            .any(|l| l.contains("`/born` should be a date (`2026-01-31`), not a string")),
        "{said:#?}"
    );
}

/// The least request body of a family's base whose tag field cannot hold the base's own
/// name (Azure Security's `Setting`, whose `kind` is one of its members' names) is a
/// member's, so that the example is carried.
#[test]
fn the_least_body_of_a_base_its_tag_cannot_name_is_a_members() {
    let document = json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/settings/{name}": { "put": {
            "parameters": [{ "name": "name", "in": "path", "required": true,
                "schema": { "type": "string" } }],
            "requestBody": { "required": true, "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Setting" } } } },
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Setting" },
                "example": { "kind": "DataExportSetting", "enabled": true }
            } } } }
        } } },
        "components": { "schemas": {
            "Setting": { "type": "object", "required": ["kind"],
                "properties": { "kind": { "type": "string",
                    "enum": ["DataExportSetting", "AlertSuppressionSetting"] } },
                "discriminator": { "propertyName": "kind" } },
            "DataExportSetting": { "allOf": [{ "$ref": "#/components/schemas/Setting" },
                { "type": "object", "required": ["enabled"],
                  "properties": { "enabled": { "type": "boolean" } } }] },
            "AlertSuppressionSetting": { "allOf": [{ "$ref": "#/components/schemas/Setting" },
                { "type": "object", "properties": { "note": { "type": "string" } } }] }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(!said.iter().any(|l| l.contains("example")), "{said:#?}");
    let settings = file(&imported, "settings.yaml");
    assert!(
        settings.contains("body: { kind: AlertSuppressionSetting }"),
        "{settings}"
    );
    load(&imported);
}

/// Two examples whose tests would share a name (`get_pet` with `a cat`, `get_pet_a` with
/// `cat`): the second is said and not carried, and the spec checks.
#[test]
fn an_example_whose_test_name_is_taken_is_said() {
    let answer = |summary: &str| {
        json!({ "200": { "description": "ok", "content": { "application/json": {
            "schema": { "type": "string" },
            "examples": { "one": { "summary": summary, "value": "Tom" } } } } } })
    };
    let document = json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/pets": { "get": { "operationId": "getPet", "responses": answer("a cat") } },
            "/pets/a": { "get": { "operationId": "getPetA", "responses": answer("cat") } }
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said = example_losses(&imported);
    assert_eq!(
        said,
        [
            "#/paths/~1pets~1a/get: its test would be named `get_pet_a_cat`, as another example's is: the example is not carried over"
        ]
    );
    load(&imported);
}
