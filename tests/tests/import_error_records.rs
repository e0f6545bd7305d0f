//! Error records as documents write them beyond one record holding the message: records
//! open to members of their own (the message held in `message`), answers that are lists of
//! records, unions of records each for its statuses, and records of constants or of
//! members no error fills by name.

use restspec_import::Options;

use super::import::{assert_every_operation_on_the_wire, file};
use super::import_errors::default_answers;

/// An operation's `default` answer of an open record no field of which can hold a message
/// (Slack's error template, `{ ok: false }` and `additionalProperties: true`): the endpoint
/// writes its errors in it with the message in a member of their own, the record says it
/// has members beside its fields (`additional_fields: any`), the import says so, and the
/// round trip finds every operation on the wire.
#[test]
fn an_open_error_template_holds_the_message_in_a_member_of_its_own() {
    let document = default_answers(
        "Plain",
        "Template",
        serde_json::json!({
            "Plain": { "type": "object", "required": ["ok", "error"], "properties": {
                "ok": { "type": "boolean" }, "error": { "type": "string" } } },
            "Template": { "type": "object", "additionalProperties": true, "required": ["ok"],
                "properties": { "ok": { "type": "boolean", "enum": [false] } } }
        }),
    );
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let own = file(&imported, "c.yaml");
    assert!(own.contains("    error_type: Template\n"), "{own}");
    assert!(
        own.contains("    error_body: { ok: false, message: \"{message}\" }\n"),
        "{own}"
    );
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  Template:\n    additional_fields: any\n"),
        "{service}"
    );
    let said = imported
        .losses
        .iter()
        .filter(|l| l.message.contains("a member of their own, `message`"));
    assert_eq!(said.count(), 1, "{:#?}", imported.losses);
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Error answers that are lists of a record (Paylocity's `[{ field, message }]`): each row
/// writes the runtime's answers of its code as a list of one record holding the message, so
/// no answer is of either shape and the round trip finds every operation on the wire.
#[test]
fn a_list_of_error_records_is_written_as_a_list_of_one() {
    let listed = serde_json::json!({ "content": { "application/json": { "schema": {
        "type": "array", "items": { "$ref": "#/components/schemas/error" } } } } });
    let mut not_found = listed.clone();
    not_found["description"] = "missing".into();
    let mut failed = listed;
    failed["description"] = "failed".into();
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/codes/{code}": { "get": {
            "parameters": [{ "name": "code", "in": "path", "required": true,
                "schema": { "type": "string" } }],
            "responses": {
                "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "type": "array", "items": { "type": "string" } } } } },
                "404": not_found,
                "500": failed
            }
        } } },
        "components": { "schemas": { "error": { "type": "object", "properties": {
            "field": { "type": "string" }, "message": { "type": "string" } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains(
            "    body: list<Error>\n    error_body:\n      - { message: \"{message}\" }\n"
        ),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An error body that is a union of records, each pinning its status (Increase's thirteen
/// errors, `anyOf` records whose `status` has one value and whose `type` names the
/// error): the union is the service's `error_type`, the runtime's own refusals of each
/// pinned status are written in that status's record (a row of their own), and the round
/// trip finds every operation on the wire.
#[test]
fn an_error_union_of_records_pinning_statuses_is_written_per_status() {
    let error = |status: u16, kind: &str| {
        serde_json::json!({ "type": "object", "required": ["type", "title", "status"],
            "properties": {
                "type": { "type": "string", "enum": [kind] },
                "title": { "type": "string" },
                "detail": { "type": "string", "nullable": true },
                "status": { "type": "integer", "enum": [status] } } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/accounts/{id}": { "get": {
            "parameters": [{ "name": "id", "in": "path", "required": true,
                "schema": { "type": "string" } }],
            "responses": {
                "200": { "description": "ok", "content": { "application/json": { "schema": {
                    "type": "object", "properties": { "id": { "type": "string" } } } } } },
                "default": { "description": "failed", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/error" } } } }
            }
        } } },
        "components": { "schemas": { "error": { "anyOf": [
            error(404, "object_not_found_error"),
            error(400, "invalid_parameters_error"),
            error(401, "invalid_api_key_error")
        ] } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(service.contains("  error_type: Error\n"), "{service}");
    for (row, kind) in [
        ("not_found", "object_not_found_error"),
        ("unauthorized", "invalid_api_key_error"),
    ] {
        // The row: its line, and the lines indented under it.
        let rows = service.split(&format!("\n  {row}:\n")).nth(1).expect(row);
        let body: Vec<&str> = rows.lines().take_while(|l| l.starts_with("    ")).collect();
        assert!(
            body.iter().any(|l| l.trim() == format!("type: {kind}")),
            "{row}: {body:#?}"
        );
    }
    assert!(
        service.contains("    type: invalid_parameters_error\n  error_type: Error\n"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A union of error records none of which has a field for the message (Nexmo's
/// `Unauthorized`: one of two records of `type` and a flag): the record the body is written
/// in holds it in a member of its own, and says so, not the union; the spec checks.
#[test]
fn an_error_union_of_open_records_opens_the_chosen_record() {
    let error = |kind: &str| {
        serde_json::json!({ "type": "object", "required": ["type"], "properties": {
            "type": { "type": "string", "enum": [kind] },
            "retry": { "type": "boolean" } } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/balance": { "get": { "responses": {
            "200": { "description": "ok", "content": { "application/json": { "schema": {
                "type": "object", "properties": { "value": { "type": "number" } } } } } },
            "401": { "description": "refused", "content": { "application/json": {
                "schema": { "oneOf": [error("authentication_failed"), error("no_reload")] } } } }
        } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    let opened = imported
        .losses
        .iter()
        .filter(|l| l.message.contains("a member of their own, `message`"))
        .count();
    assert_eq!(opened, 1, "{:#?}\n{service}", imported.losses);
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Error records each of whose fields is an enumeration of one value (HSBC's open banking
/// `{ status: "429", title: "Too many requests", description: ... }`, one record per
/// status): each row's own `error_body` is its record's constants, which the spec accepts
/// of a row naming its `body`; no field is a guess, no message is said to be lost, and the
/// round trip finds every operation on the wire (the runtime's own 429s and 500s are those
/// records, not plain text).
#[test]
fn error_records_of_constants_are_each_row_s_own_body() {
    let error = |status: &str, title: &str| {
        serde_json::json!({ "type": "object", "additionalProperties": false,
            "required": ["status", "title"], "properties": {
                "status": { "type": "string", "enum": [status] },
                "title": { "type": "string", "enum": [title] } } })
    };
    let answer = |record: &str| {
        serde_json::json!({ "description": record, "content": { "application/json": {
            "schema": { "$ref": format!("#/components/schemas/{record}") } } } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/atms": { "get": { "responses": {
            "200": { "description": "ok", "content": { "application/json": { "schema": {
                "type": "array", "items": { "type": "string" } } } } },
            "429": answer("Error429"),
            "500": answer("Error500")
        } } } },
        "components": { "schemas": {
            "Error429": error("429", "Too many requests"),
            "Error500": error("500", "Internal server error")
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains(
            "    body: Error429\n    error_body: { status: \"429\", title: Too many requests }\n"
        ),
        "{service}"
    );
    assert!(
        service.contains("    error_body: { status: \"500\", title: Internal server error }\n"),
        "{service}"
    );
    assert!(
        !imported.losses.iter().any(|l| l.category == "error body"),
        "{:#?}",
        imported.losses
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An error record whose required members no error fills by their names (NPR's
/// Collection.doc+JSON: `version` with a default, `attributes` a map, `errors` a list of
/// `{ code, text }`): the default is written, the map is empty, the list holds one record
/// whose `text` is the message and whose `code` the status; nothing there is a guess.
#[test]
fn an_error_record_s_defaults_maps_and_text_are_filled() {
    let document = default_answers(
        "Document",
        "Document",
        serde_json::json!({
            "Document": { "type": "object", "required": ["version", "attributes", "errors"],
                "properties": {
                    "version": { "type": "string", "default": "1.0" },
                    "attributes": { "type": "object" },
                    "errors": { "type": "array", "items": {
                        "$ref": "#/components/schemas/Problem" } } } },
            "Problem": { "type": "object", "required": ["code"], "properties": {
                "code": { "type": "integer" }, "text": { "type": "string" } } }
        }),
    );
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains(
            "  error_body:\n    attributes: {}\n    errors:\n      \
             - { code: \"{status}\", text: \"{message}\" }\n    version: \"1.0\"\n"
        ),
        "{service}"
    );
    assert!(
        !imported.losses.iter().any(|l| l.category == "error body"),
        "{:#?}",
        imported.losses
    );
    assert_every_operation_on_the_wire(&document, &imported);
}
