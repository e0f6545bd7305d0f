//! `restspec import` on the shapes real documents give their answers, bodies, paths and
//! enumerations: each becomes what the spec says for it, and the round trip finds every
//! operation as the document has it.

use restspec_import::Options;

use super::import::{
    assert_every_operation_faithful, assert_every_operation_on_the_wire, file, load,
};

/// An optional request body stays optional (`request_optional`, beside
/// `empty_request_body: refuse` for the required ones); error answers of one code with
/// different bodies each keep theirs, as rows of their own (`not_found`, `not_found_e2`).
#[test]
fn optional_bodies_and_error_answers_keep_what_the_document_says() {
    let answer = |schema: &str| {
        serde_json::json!({ "description": "x", "content": { "application/json": {
            "schema": { "$ref": format!("#/components/schemas/{schema}") } } } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/a": { "post": {
                "requestBody": { "content": { "application/json": { "schema": { "$ref": "#/components/schemas/E1" } } } },
                "responses": { "204": { "description": "ok" }, "404": answer("E1") } } },
            "/b": { "get": { "responses": { "204": { "description": "ok" }, "404": answer("E2") } } }
        },
        "components": { "schemas": {
            "E1": { "type": "object", "properties": { "message": { "type": "string" } } },
            "E2": { "type": "object", "properties": { "error": { "type": "string" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(!said.iter().any(|s| s.contains("left out")), "{said:#?}");
    assert!(
        file(&imported, "service.yaml").contains("  empty_request_body: refuse\n")
            && file(&imported, "a.yaml").contains("    request_optional: true\n"),
        "{}",
        file(&imported, "a.yaml")
    );
    let service = file(&imported, "service.yaml");
    for row in [
        "  not_found:\n    code: 404\n    message: Not Found\n    when: The service answers 404.\n    raised_for: [not_found]\n    body: E1\n",
        // The runtime writes the row's own answers as its record too.
        "  not_found_e2:\n    code: 404\n    message: Not Found\n    when: The service answers 404.\n    body: E2\n    error_body: { error: \"{message}\" }\n",
    ] {
        assert!(service.contains(row), "{row}\n{service}");
    }
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Where most error answers share a record whose required fields what any error knows can
/// fill (Azure's `{ error: { code, message } }`, here), the runtime's own refusals are
/// written as that record (`error_body`, `error_type`), and `default` answers beside
/// successes are that record too (`openapi_default_error`): the round trip finds every
/// answer as the document has it.
#[test]
fn errors_sharing_a_record_become_the_error_body_and_the_default_answer() {
    let cloud_error = serde_json::json!({ "description": "error", "content": { "application/json": {
        "schema": { "$ref": "#/components/schemas/CloudError" } } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/things/{id}": { "get": {
                "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }],
                "responses": { "200": { "description": "ok" }, "404": cloud_error, "default": cloud_error } } }
        },
        "components": { "schemas": {
            "CloudError": { "type": "object", "properties": { "error": { "$ref": "#/components/schemas/CloudErrorBody" } } },
            "CloudErrorBody": { "type": "object", "required": ["code", "message"], "properties": {
                "code": { "type": "string" }, "message": { "type": "string" }, "target": { "type": "string" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  error_format: json\n  error_body:\n    error: { code: \"{name}\", message: \"{message}\" }\n  error_type: CloudError\n  openapi_default_error: true\n"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Linode's errors: a list of records whose text is in `reason` (no field is named for the
/// message) beside the request `field` it is about (left out: it is not `nullable`, and an
/// error about no field has none); the reason holds the message, and the `default` answer
/// is the error body's.
#[test]
fn a_reason_holds_the_message_where_no_field_is_named_for_it() {
    let errors = serde_json::json!({ "description": "Error", "content": { "application/json": {
        "schema": { "type": "object", "properties": { "errors": { "type": "array",
            "items": { "$ref": "#/components/schemas/ErrorObject" } } } } } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/account": { "get": { "responses": {
            "200": { "description": "ok" }, "default": { "$ref": "#/components/responses/ErrorResponse" } } } } },
        "components": {
            "responses": { "ErrorResponse": errors },
            "schemas": { "ErrorObject": { "type": "object", "properties": {
                "field": { "type": "string" }, "reason": { "type": "string" } } } }
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  error_body:\n    errors:\n      - { reason: \"{message}\" }\n"),
        "{service}"
    );
    assert!(
        service.contains("  openapi_default_error: true\n"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
    // Where `field` may be `null`, it holds the field the error is about.
    let mut nullable = document.clone();
    nullable["components"]["schemas"]["ErrorObject"]["properties"]["field"]["nullable"] =
        serde_json::json!(true);
    let imported = restspec_import::import(&nullable, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("      - { field: \"{field}\", reason: \"{message}\" }\n"),
        "{service}"
    );
}

/// `type: object` with no members declared is any object: a `map<any>`, which exports as an
/// object again (an `any` exported `{}`, which also allows strings and lists).
#[test]
fn an_object_of_any_members_is_a_map_of_any_values() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things": { "get": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Thing" } } } } } } } },
        "components": { "schemas": {
            "Thing": { "type": "object", "properties": {
                "labels": { "type": "object" },
                "extra": { "type": "object", "nullable": true, "additionalProperties": true } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("      extra: { type: map<any>, optional: true, nullable: true }\n      labels: { type: map<any>, optional: true }\n"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Declared members beside `additionalProperties` of one type (Mist's port usages by name
/// beside `dynamic`): a record of the declared fields with `additional_fields` of the
/// other members' type, on the wire after the round trip.
#[test]
fn members_beside_the_declared_ones_are_additional_fields() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/usages": { "put": {
            "requestBody": { "required": true, "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Usages" } } } },
            "responses": { "200": { "description": "ok",
                "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Usages" } } } } } } } },
        "components": { "schemas": {
            "Usages": { "type": "object",
                "properties": { "dynamic": { "type": "boolean" } },
                "additionalProperties": { "$ref": "#/components/schemas/Usage" } },
            "Usage": { "type": "object", "properties": { "mode": { "type": "string" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  Usages:\n    additional_fields: Usage\n    fields:\n      dynamic: { type: boolean, optional: true }\n"),
        "{service}"
    );
    assert!(
        !imported
            .losses
            .iter()
            .any(|l| l.category == "declared and additional properties"),
        "{:?}",
        imported.losses
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Paths real documents write that the spec serves as they are: Microsoft Graph's `$count`
/// (a fixed segment with a sub-delimiter, compared byte for byte), and AWS's fragments that
/// tell operations of one path apart (`#tagKeys`, which no request carries) where no other
/// operation of the method shares the path; where one does, the loss says why.
#[test]
fn graph_segments_and_aws_fragments_are_served_on_the_wire_path() {
    let ok = serde_json::json!({ "responses": { "204": { "description": "ok" } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/users/$count": { "get": ok },
            "/tags/{arn}#tagKeys": { "delete": {
                "parameters": [{ "name": "arn", "in": "path", "required": true, "schema": { "type": "string" } }],
                "responses": { "204": { "description": "ok" } } } },
            "/#Action=One": { "get": ok },
            "/#Action=Two": { "get": ok }
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let loaded = load(&imported);
    let paths: Vec<&str> = loaded
        .service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .map(|e| e.path.raw.as_str())
        .collect();
    assert_eq!(paths.len(), 2, "{paths:?}");
    assert!(
        paths.contains(&"/users/$count") && paths.contains(&"/tags/{arn}"),
        "{paths:?}"
    );
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.iter().any(|s| s.starts_with("#/paths/~1#Action=One/get: `GET /#Action=One` is left out: operations told apart only by the fragment")),
        "{said:#?}"
    );
    let exported = restspec_codegen::openapi::document(&loaded.service);
    let trip = restspec_import::round_trip::compare(&document, &exported);
    let on_wire: Vec<&str> = trip
        .operations
        .iter()
        .filter(|v| v.on_wire)
        .map(|v| v.path.as_str())
        .collect();
    assert_eq!(on_wire, ["/tags/{arn}#tagKeys", "/users/$count"]);
}

/// Microsoft Graph's ranges: a `2XX` alone is the 200 answer, and `4XX`/`5XX` carry the
/// error record, which becomes the error body (without a `default` answer); the round trip
/// holds every answer of the export in a range to the range's schema.
#[test]
fn ranges_of_codes_are_answered_as_graph_writes_them() {
    let error = serde_json::json!({ "description": "error", "content": { "application/json": {
        "schema": { "$ref": "#/components/schemas/ODataError" } } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/admin/{id}": { "get": {
            "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }],
            "responses": {
                "2XX": { "description": "ok", "content": { "application/json": { "schema": { "type": "object", "properties": { "id": { "type": "string" } } } } } },
                "4XX": error, "5XX": error } } } },
        "components": { "schemas": {
            "ODataError": { "type": "object", "required": ["error"], "properties": { "error": { "$ref": "#/components/schemas/MainError" } } },
            "MainError": { "type": "object", "required": ["code", "message"], "properties": {
                "code": { "type": "string" }, "message": { "type": "string" }, "target": { "type": "string", "nullable": true } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  error_type: OdataError\n")
            && !service.contains("openapi_default_error"),
        "{service}"
    );
    assert!(file(&imported, "admin.yaml").contains("    status: 200\n"));
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Enumeration values without letters or digits (Graph's `*`, an empty string) are kept:
/// their variants spell the characters out (`Asterisk`, `Empty`). A value whose variant
/// would be an earlier one's (Graph's `remote_Control_Software`) or `Self` names its own.
#[test]
fn enumeration_values_of_symbols_are_kept() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things": { "get": {
            "parameters": [{ "name": "select", "in": "query", "schema": { "$ref": "#/components/schemas/Select" } }],
            "responses": { "204": { "description": "ok" } } } } },
        "components": { "schemas": { "Select": { "type": "string", "enum": ["*", "", "id", "<=", "-id", "ID", "Id", "self"] } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    let loaded = load(&imported);
    let select = loaded
        .service
        .types
        .iter()
        .find(|t| t.name == "Select")
        .expect("Select");
    let restspec_codegen::model::TypeKind::Enum(values) = &select.kind else {
        panic!("{select:?}")
    };
    let variants: Vec<&str> = values.iter().map(|v| v.variant.as_str()).collect();
    // `-id` (a descending order) is a value of its own, not a second `Id`.
    assert_eq!(
        variants,
        [
            "Asterisk",
            "Empty",
            "Id",
            "LessThanEquals",
            "MinusId",
            "Id2",
            "Id3",
            "SelfValue"
        ]
    );
    let exported = restspec_codegen::openapi::document(&loaded.service);
    let trip = restspec_import::round_trip::compare(&document, &exported);
    assert!(
        trip.operations[0].on_wire,
        "{:#?}",
        trip.operations[0].differences
    );
}

/// A `number` query parameter (with a fractional default) is a `number` option.
#[test]
fn number_parameters_are_number_options() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things": { "get": {
            "parameters": [{ "name": "ratio", "in": "query", "schema": { "type": "number", "default": 0.5 } }],
            "responses": { "204": { "description": "ok" } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    assert!(
        file(&imported, "things.yaml").contains("ratio: { type: number, default: \"0.5\" }"),
        "{}",
        file(&imported, "things.yaml")
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Widths, formats, constraints, defaults, read-only fields and OAuth 2 flows come back
/// from the round trip as the document wrote them: every operation is the same, faithfully
/// (Google writes two OAuth 2 schemes, one per flow: one issuer with both flows).
#[test]
fn widths_constraints_and_oauth2_round_trip_faithfully() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "security": [{ "Oauth2": ["read"] }, { "Oauth2c": ["read"] }],
        "paths": {
            "/members": {
                "post": {
                    "requestBody": { "required": true, "content": { "application/json": {
                        "schema": { "$ref": "#/components/schemas/Member" } } } },
                    "responses": { "200": { "description": "ok", "content": { "application/json": {
                        "schema": { "$ref": "#/components/schemas/Member" } } } } }
                },
                "get": {
                    "deprecated": true,
                    "parameters": [
                        { "name": "since", "in": "query", "schema": { "type": "string", "format": "date" } },
                        { "name": "after", "in": "query", "schema": { "type": "string", "format": "date-time" } },
                        { "name": "active", "in": "query", "schema": { "type": "boolean", "default": true } },
                        { "name": "q", "in": "query", "deprecated": true,
                          "schema": { "type": "string", "maxLength": 20, "pattern": "^[a-z]+$" } },
                        { "name": "limit", "in": "query", "schema": { "type": "integer", "format": "int32", "minimum": 1 } }
                    ],
                    "responses": { "200": { "description": "ok", "content": { "application/json": {
                        "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Member" } } } } } }
                }
            },
            "/members/{id}/{day}": { "get": {
                "parameters": [
                    { "name": "id", "in": "path", "required": true, "schema": { "type": "string", "format": "uuid" } },
                    { "name": "day", "in": "path", "required": true, "schema": { "type": "integer", "format": "uint32" } }
                ],
                "responses": { "204": { "description": "ok" } }
            } }
        },
        "components": {
            "securitySchemes": {
                "Oauth2": { "type": "oauth2", "flows": { "implicit": {
                    "authorizationUrl": "https://example.com/auth", "scopes": { "read": "Read members" } } } },
                "Oauth2c": { "type": "oauth2", "flows": { "authorizationCode": {
                    "authorizationUrl": "https://example.com/auth", "tokenUrl": "https://example.com/token",
                    "scopes": { "read": "Read members" } } } }
            },
            "schemas": { "Member": {
                "type": "object",
                "required": ["id", "name"],
                "properties": {
                    "id": { "type": "string", "format": "uuid", "readOnly": true },
                    "name": { "type": "string", "minLength": 1, "maxLength": 40, "pattern": "^[A-Za-z ]+$" },
                    "age": { "type": "integer", "format": "int32", "minimum": 0, "exclusiveMaximum": true, "maximum": 150 },
                    "ratio": { "type": "number", "format": "float", "multipleOf": 0.5 },
                    "tags": { "type": "array", "items": { "type": "string" }, "maxItems": 5, "uniqueItems": true },
                    "size": { "type": "integer", "default": 10 },
                    "home": { "type": "string", "format": "uri" },
                    "day": { "type": "string", "format": "date", "pattern": "^[0-9]{4,}-" },
                    "span": { "type": "string", "format": "google-duration" },
                    "secret": { "type": "string", "writeOnly": true },
                    "old": { "type": "string", "deprecated": true }
                }
            } }
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    for line in [
        "      id: { type: uuid, read_only: true }\n",
        "      age: { type: int32, optional: true, minimum: 0, exclusive_maximum: 150 }\n",
        "      size: { type: integer, optional: true, default: 10 }\n",
        "      day: { type: date, optional: true, pattern: \"^[0-9]{4,}-\" }\n",
        "        implicit:\n",
        "        authorization_code:\n",
    ] {
        assert!(service.contains(line), "{line}\n{service}");
    }
    assert_every_operation_faithful(&document, &imported);
}

/// A query parameter that is a list of numbers or of an enumeration's values (Microsoft
/// Graph's `$select`, comma-separated) is a list option of that type, with its counts and
/// uniqueness: the round trip finds it faithfully.
#[test]
fn list_parameters_of_any_value_are_list_options() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/users": { "get": {
            "parameters": [
                { "name": "$select", "in": "query", "style": "form", "explode": false,
                  "schema": { "type": "array", "uniqueItems": true,
                              "items": { "type": "string", "enum": ["id", "displayName"] } } },
                { "name": "ids", "in": "query",
                  "schema": { "type": "array", "minItems": 1, "maxItems": 50,
                              "items": { "type": "integer", "format": "int32" } } }
            ],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let family = file(&imported, "users.yaml");
    for line in [
        "type: list<int32>",
        "style: comma",
        "unique_items: true",
        "min_items: 1",
        "max_items: 50",
    ] {
        assert!(family.contains(line), "{line}\n{family}");
    }
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.iter().all(|s| !s.contains("became a string")),
        "{said:#?}"
    );
    assert_every_operation_faithful(&document, &imported);
}

/// Beside a success with a body, one without (Azure's `202` of a change accepted) is an
/// empty success; a `204` listing content (Jira's) answers none, as HTTP has it, and the
/// round trip, which compares no 204's content, finds both on the wire.
#[test]
fn successes_without_a_body_are_empty() {
    let ok = serde_json::json!({ "description": "ok", "content": { "application/json": {
        "schema": { "type": "string" } } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/things": { "patch": { "responses": {
                "200": ok, "202": { "description": "accepted" } } } },
            "/banner": { "put": { "responses": { "204": ok } } }
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let family = file(&imported, "things.yaml");
    assert!(family.contains("    empty_successes: [202]\n"), "{family}");
    assert_every_operation_on_the_wire(&document, &imported);
}
