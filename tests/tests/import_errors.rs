//! `restspec import` on error answers as documents write them: without content (a row of
//! `error_format: empty`), and with the same inline body written out in every operation
//! (one record and one row); the round trip finds each operation on the wire.

use restspec_import::Options;

use super::import::{assert_every_operation_on_the_wire, file};

/// Error answers without content are answered without a body, the runtime's own refusals
/// of that status too: the 404 row is `error_format: empty`; the 400, whose answers carry
/// a record, keeps it.
#[test]
fn error_answers_without_content_have_no_body() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/things/{id}": { "get": {
                "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }],
                "responses": {
                    "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "string" } } } },
                    "400": { "description": "bad", "content": { "application/json": { "schema": {
                        "type": "object", "properties": { "message": { "type": "string" } } } } } },
                    "404": { "description": "missing", "content": {} }
                } } }
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("    raised_for: [not_found]\n    error_format: empty\n"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// The same inline error body in each operation (Etherpad writes its `{code, message,
/// data}` out every time) is one record a status, so one row a status, and the runtime's
/// own refusals are written as it: no answer of either shape (`anyOf`) in the export.
#[test]
fn an_inline_body_written_out_again_is_one_record() {
    let error = || {
        serde_json::json!({ "description": "error", "content": { "application/json": { "schema": {
            "type": "object",
            "properties": { "code": { "type": "integer" }, "message": { "type": "string" } }
        } } } })
    };
    let operation = || {
        serde_json::json!({ "responses": {
            "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "string" } } } },
            "400": error(),
            "500": error()
        } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/a": { "get": operation() }, "/b": { "get": operation() }, "/c": { "post": operation() } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    let rows = service.matches("    code: 400\n").count() + service.matches("{ code: 400,").count();
    assert_eq!(rows, 1, "{service}");
    // One record a status, not one an operation (six).
    let records = service.matches("      code: { type: integer").count();
    assert_eq!(records, 2, "{service}");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An error record requiring a value of an enumeration (InfluxDB's `code`) is the service's
/// error body: each row writes the value that says its status (`not found` for the 404),
/// where one does, and the import says the values are its guess.
#[test]
fn an_enumeration_in_the_error_record_says_each_status() {
    let error = || {
        serde_json::json!({ "description": "error", "content": { "application/json": {
            "schema": { "$ref": "#/components/schemas/Error" } } } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things/{id}": { "get": {
            "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }],
            "responses": {
                "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "string" } } } },
                "401": error(), "404": error(), "500": error()
            } } } },
        "components": { "schemas": { "Error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": { "type": "string", "enum": ["internal error", "not found", "unauthorized"] },
                "message": { "type": "string" }
            }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(service.contains("  error_type: Error\n"), "{service}");
    assert!(
        service.contains("  error_body: { code: internal error, message: \"{message}\" }\n"),
        "{service}"
    );
    assert!(
        service.contains("    error_body: { code: not found, message: \"{message}\" }\n"),
        "{service}"
    );
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.iter()
            .any(|s| s.contains("/components/schemas/Error/properties/code")),
        "{said:#?}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Error answers of an object of any members (Mist's `{ type: object, properties: {} }`)
/// keep their body (`body: map<any>`), and the runtime's own errors are JSON holding the
/// message, which such a body admits: the export names the object alone for each answer.
#[test]
fn error_bodies_of_any_object_are_json_with_the_message() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things": { "get": {
            "parameters": [{ "name": "n", "in": "query", "schema": { "type": "integer" } }],
            "responses": {
                "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "string" } } } },
                "400": { "description": "bad", "content": { "application/json": { "schema": {
                    "type": "object", "properties": {} } } } }
            } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    for line in [
        "  error_format: json\n  error_body: { message: \"{message}\" }\n",
        "    body: map<any>\n",
    ] {
        assert!(service.contains(line), "{line}\n{service}");
    }
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An error record holding its message in a record (Azure Batch's `message: { lang,
/// value }`) has it in that record's text; one with no field named for the message has it
/// in its first text field (Apptigent's `result`), a guess the import says, or in the
/// records within; one with no text free says the error's name without its message.
#[test]
fn the_message_goes_where_the_record_can_hold_it() {
    let document = |error: serde_json::Value| {
        serde_json::json!({
            "openapi": "3.0.0",
            "info": { "title": "T", "version": "1" },
            "paths": { "/things": { "get": { "responses": {
                "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "string" } } } },
                "default": { "description": "error", "content": { "application/json": { "schema": {
                    "$ref": "#/components/schemas/Error" } } } }
            } } } },
            "components": { "schemas": {
                "Error": error,
                "Message": { "type": "object", "properties": {
                    "lang": { "type": "string" }, "value": { "type": "string" } } }
            } }
        })
    };
    let batch = document(serde_json::json!({ "type": "object", "properties": {
        "code": { "type": "string" }, "message": { "$ref": "#/components/schemas/Message" } } }));
    let imported = restspec_import::import(&batch, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains(
            "  error_body:\n    code: \"{name}\"\n    message: { value: \"{message}\" }\n"
        ),
        "{service}"
    );
    assert_every_operation_on_the_wire(&batch, &imported);

    let result = document(serde_json::json!({ "type": "object", "properties": {
        "result": { "type": "string" } } }));
    let imported = restspec_import::import(&result, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  error_body: { result: \"{message}\" }\n"),
        "{service}"
    );
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.iter()
            .any(|s| s.contains("fill `result` with a guess")),
        "{said:#?}"
    );
    assert_every_operation_on_the_wire(&result, &imported);

    // Nothing free at the top: the first text field of the records within (Mastercard's
    // `{ Errors: { Error: [{ ReasonCode, Source }] } }`).
    let nested = document(serde_json::json!({ "type": "object", "properties": {
        "Errors": { "type": "object", "properties": { "Error": { "type": "array", "items": {
            "type": "object", "properties": {
                "ReasonCode": { "type": "string" }, "Source": { "type": "string" } } } } } } } }));
    let imported = restspec_import::import(&nested, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("    Errors:\n      Error:\n        - { ReasonCode: \"{message}\" }\n"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&nested, &imported);

    // A required text field nothing names holds it before an optional one (Telstra's
    // `issue`), never the field an error is about.
    let unnamed = document(serde_json::json!({ "type": "object",
        "required": ["field", "issue"],
        "properties": { "field": { "type": "string" }, "issue": { "type": "string" },
            "link": { "type": "string" } } }));
    let imported = restspec_import::import(&unnamed, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  error_body: { field: \"{reason}\", issue: \"{message}\" }\n"),
        "{service}"
    );

    // No text free at all (LUIS's `{ errorType }` and members of any kind): the body says
    // the error's name without its message, and the import says so.
    let named = document(serde_json::json!({ "type": "object",
        "properties": { "errorType": { "type": "string" } },
        "additionalProperties": { "type": "object" } }));
    let imported = restspec_import::import(&named, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  error_body: { errorType: \"{name}\" }\n"),
        "{service}"
    );
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.iter().any(|s| s.contains("errors carry no message")),
        "{said:#?}"
    );
    assert_every_operation_on_the_wire(&named, &imported);
}

/// Each operation's 400 its own record (Loket's: its answer's paging fields beside the
/// `messages` every error carries): the runtime's own 400s, written as the service's error
/// body, are instances of each, so each operation's answer names its record alone.
#[test]
fn the_runtime_answers_in_a_record_of_each_operation_its_body_fits() {
    let operation = |own: &str| {
        serde_json::json!({
            "parameters": [{ "name": "page", "in": "query", "schema": { "type": "integer" } }],
            "responses": {
                "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "string" } } } },
                "400": { "description": "bad", "content": { "application/json": { "schema": { "allOf": [
                    { "$ref": "#/components/schemas/Messages" },
                    { "type": "object", "properties": { own: { "type": "integer" } } }
                ] } } } }
            }
        })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/a": { "get": operation("pageSize") }, "/b": { "get": operation("totalSize") } },
        "components": { "schemas": { "Messages": { "type": "object", "properties": {
            "messages": { "type": "array", "items": { "type": "object", "properties": {
                "description": { "type": "string" } } } } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An error record the document marks `nullable` (Unicourt's `Exception`): its row says
/// the body may be `null` (`body_nullable`), on the wire after the round trip.
#[test]
fn an_error_record_that_may_be_null_says_so() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/cases": { "get": { "responses": {
            "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "string" } } } },
            "404": { "description": "missing", "content": { "application/json": { "schema": {
                "$ref": "#/components/schemas/Exception" } } } }
        } } } },
        "components": { "schemas": { "Exception": { "type": "object", "nullable": true,
            "properties": { "code": { "type": "string" }, "message": { "type": "string" } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("    body: Exception\n    body_nullable: true\n"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An operation whose document lists only its errors (BigOven's recipe scan) answers 204
/// on success, which contradicts nothing the document says: on the wire.
#[test]
fn an_operation_listing_only_errors_succeeds_without_a_body() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/recipe/scan": { "post": { "responses": {
            "401": { "description": "Not authorized" },
            "500": { "description": "General error" }
        } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let recipe = file(&imported, "recipe.yaml");
    // No `response`: the spec's usual success, 204.
    assert!(!recipe.contains("    response:"), "{recipe}");
    let loaded = super::import::load(&imported);
    let exported = restspec_codegen::openapi::document(&loaded.service);
    assert!(exported["paths"]["/recipe/scan"]["post"]["responses"]["204"].is_object());
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An error record requiring its own UUID (HERE's `id`) is the service's error body with
/// `{error_id}` there: the runtime's own refusals carry a new one each, and are instances
/// of the record, so the export names the record alone for each answer.
#[test]
fn an_error_records_own_uuid_is_a_new_error_id() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things": { "get": {
            "parameters": [{ "name": "n", "in": "query", "schema": { "type": "integer" } }],
            "responses": {
                "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "string" } } } },
                "400": { "description": "bad", "content": { "application/json": { "schema": {
                    "type": "object", "required": ["error", "code", "id"],
                    "properties": {
                        "code": { "type": "integer" },
                        "error": { "type": "string" },
                        "id": { "type": "string", "format": "uuid" },
                        "message": { "type": "string" }
                    } } } } }
            } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(service.contains("id: \"{error_id}\""), "{service}");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A document of three operations answering `default` in error records: `/a` and `/b` in
/// `common`, `/c` in `own`, of `schemas`.
pub(crate) fn default_answers(
    common: &str,
    own: &str,
    schemas: serde_json::Value,
) -> serde_json::Value {
    let answers = |error: &str| {
        serde_json::json!({
            "200": { "description": "ok", "content": { "application/json": {
                "schema": { "type": "object", "properties": { "id": { "type": "string" } } } } } },
            "default": { "description": "failed", "content": { "application/json": {
                "schema": { "$ref": format!("#/components/schemas/{error}") } } } }
        })
    };
    serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/a": { "get": { "responses": answers(common) } },
            "/b": { "get": { "responses": answers(common) } },
            "/c": { "get": { "responses": answers(own) } }
        },
        "components": { "schemas": schemas }
    })
}

/// Operations answering `default` in bodies of their own (App Center's `{ error: { code,
/// message } }` beside the `{ message }` most answer): the service's error body is the
/// most common one, each other operation writes its errors in its own (`error_body`,
/// `error_type`), and the round trip finds every `default` on the wire.
#[test]
fn a_default_answer_of_another_body_is_the_endpoint_s_own() {
    let document = default_answers(
        "Plain",
        "Nested",
        serde_json::json!({
            "Plain": { "type": "object", "required": ["message"],
                "properties": { "message": { "type": "string" } } },
            "Nested": { "type": "object", "required": ["error"],
                "properties": { "error": { "type": "object", "required": ["code", "message"],
                    "properties": { "code": { "type": "string" }, "message": { "type": "string" } } } } }
        }),
    );
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(service.contains("  error_type: Plain\n"), "{service}");
    let own = file(&imported, "c.yaml");
    assert!(own.contains("    error_type: Nested\n"), "{own}");
    assert!(own.contains("    error_body:"), "{own}");
    assert!(!file(&imported, "a.yaml").contains("error_body"));
    let left_out = imported
        .losses
        .iter()
        .filter(|l| l.message.contains("is left out"));
    assert_eq!(left_out.count(), 0, "{:#?}", imported.losses);
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A list of messages holds the message (Django REST framework's `non_field_errors`, as
/// Probely's 400 answers): the row's `error_body` writes it as a list of one, so the
/// runtime's refusals of that code are the row's record, and the round trip finds the
/// operation on the wire.
#[test]
fn a_list_of_messages_holds_the_message() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/login": { "post": {
            "requestBody": { "required": true, "content": { "application/json": { "schema": {
                "type": "object", "required": ["user"],
                "properties": { "user": { "type": "string" } } } } } },
            "responses": {
                "200": { "description": "ok" },
                "400": { "description": "bad", "content": { "application/json": { "schema": {
                    "type": "object", "properties": {
                        "non_field_errors": { "type": "array", "items": { "type": "string" } },
                        "field_errors": { "type": "object" } } } } } }
            }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("error_body: { non_field_errors: [\"{message}\"] }"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}
