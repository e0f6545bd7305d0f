//! Families and tagged unions from OpenAPI: `allOf` of records becomes `includes`, a
//! `discriminator` on a `oneOf` of records or on a family's base is kept (its implicit
//! values written out), and the round trip finds every operation faithful.

use restspec_import::Options;

use super::import::{
    assert_every_operation_faithful, assert_every_operation_on_the_wire, file, load,
};

#[test]
fn discriminators_and_includes_round_trip_faithfully() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/payments": { "post": {
                "requestBody": { "required": true, "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/Payment" } } } },
                "responses": { "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/Payment" } } } } }
            } },
            "/animals/{id}": { "get": {
                "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }],
                "responses": { "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/graph.animal" } } } } }
            } }
        },
        "components": { "schemas": {
            "Payment": {
                "oneOf": [{ "$ref": "#/components/schemas/card" }, { "$ref": "#/components/schemas/transfer" }],
                "discriminator": { "propertyName": "kind", "mapping": { "CARD": "#/components/schemas/card" } }
            },
            "card": { "type": "object", "required": ["kind"], "properties": {
                "kind": { "type": "string" }, "last4": { "type": "string" } } },
            "transfer": { "type": "object", "required": ["kind"], "properties": {
                "kind": { "type": "string" }, "iban": { "type": "string" } } },
            "graph.animal": {
                "type": "object",
                "required": ["@odata.type"],
                "properties": { "@odata.type": { "type": "string" }, "name": { "type": "string" } },
                "discriminator": { "propertyName": "@odata.type", "mapping": {
                    "#graph.cat": "#/components/schemas/graph.cat",
                    "#graph.lion": "#/components/schemas/graph.lion"
                } }
            },
            "graph.cat": { "allOf": [
                { "$ref": "#/components/schemas/graph.animal" },
                { "type": "object", "properties": { "lives": { "type": "integer" } } }
            ] },
            "graph.lion": { "allOf": [
                { "$ref": "#/components/schemas/graph.cat" },
                { "type": "object", "properties": { "pride": { "type": "string" } } }
            ] },
            // A member the mapping leaves out is named by its schema's name, in both
            // documents (OpenAPI's implicit mapping).
            "graph.dog": { "allOf": [
                { "$ref": "#/components/schemas/graph.animal" },
                { "type": "object", "properties": { "breed": { "type": "string" } } }
            ] }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    for line in [
        "    discriminator:\n      field: kind\n      mapping: { CARD: Card, transfer: Transfer }\n",
        "    discriminator:\n      field: \"@odata.type\"\n      mapping:\n        \"#graph.cat\": GraphCat\n        \"#graph.lion\": GraphLion\n        graph.animal: GraphAnimal\n        graph.dog: GraphDog\n",
        "  GraphDog:\n    includes: [GraphAnimal]\n",
        "  GraphCat:\n    includes: [GraphAnimal]\n",
        "  GraphLion:\n    includes: [GraphCat]\n",
    ] {
        assert!(service.contains(line), "{line}\n{service}");
    }
    let loaded = load(&imported);
    let exported = restspec_codegen::openapi::document(&loaded.service);
    let trip = restspec_import::round_trip::compare(&document, &exported);
    assert_eq!(trip.operations.len(), 2);
    for verdict in &trip.operations {
        assert!(
            verdict.faithful,
            "{} {}: {:#?}",
            verdict.method, verdict.path, verdict.differences
        );
    }
}

/// A discriminator the spec cannot keep (alternatives that are no records) is said to be
/// lost, and the union is read by shape.
#[test]
fn a_discriminator_over_alternatives_that_are_not_records_is_a_loss() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/x": { "get": { "responses": { "200": { "description": "ok", "content": {
            "application/json": { "schema": { "$ref": "#/components/schemas/X" } } } } } } } },
        "components": { "schemas": {
            "X": { "oneOf": [{ "$ref": "#/components/schemas/A" }, { "type": "string" }],
                   "discriminator": { "propertyName": "kind" } },
            "A": { "type": "object", "properties": { "kind": { "type": "string" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.iter()
            .any(|s| s.contains("/components/schemas/X/discriminator")
                && s.contains("an alternative is not a record")),
        "{said:#?}"
    );
    load(&imported);
}

/// `null` among a field's list items (Microsoft Graph's `anyOf` of a record and `null`) is
/// the field's `nullable_items`; a list that is no field's loses it, and says so.
#[test]
fn null_items_of_a_fields_list_are_kept() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/x": { "get": { "responses": { "200": { "description": "ok", "content": {
            "application/json": { "schema": { "$ref": "#/components/schemas/X" } } } } } } },
            "/y": { "get": { "responses": { "200": { "description": "ok", "content": {
            "application/json": { "schema": { "type": "array", "items": { "type": "string", "nullable": true } } } } } } } } },
        "components": { "schemas": {
            "X": { "type": "object", "properties": {
                "services": { "type": "array", "items": { "type": "string", "nullable": true } },
                "details": { "type": "array", "items": { "anyOf": [
                    { "$ref": "#/components/schemas/Y" }, { "type": "object", "nullable": true } ] } }
            } },
            "Y": { "type": "object", "properties": { "name": { "type": "string" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains(
            "      services: { type: list<string>, optional: true, nullable_items: true }\n"
        ),
        "{service}"
    );
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert_eq!(said.len(), 1, "{said:#?}");
    assert!(
        said[0].contains("/paths/~1y/get/responses/200/content/application~1json/schema/items"),
        "{said:#?}"
    );
    let loaded = load(&imported);
    let exported = restspec_codegen::openapi::document(&loaded.service);
    let trip = restspec_import::round_trip::compare(&document, &exported);
    let x = trip
        .operations
        .iter()
        .find(|v| v.path == "/x")
        .expect("GET /x");
    assert!(x.on_wire, "{:#?}", x.differences);
}

/// A record whose own field lists a record that includes it (Graph's risky service
/// principal and its history items): the member is read while the base is, and still
/// includes it, so the family's discriminator names it.
#[test]
fn a_member_read_while_its_base_is_still_includes_it() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/e": { "get": { "responses": { "200": { "description": "ok", "content": {
            "application/json": { "schema": { "$ref": "#/components/schemas/e" } } } } } } } },
        "components": { "schemas": {
            "e": { "type": "object", "required": ["@odata.type"],
                   "properties": { "@odata.type": { "type": "string" } },
                   "discriminator": { "propertyName": "@odata.type", "mapping": {
                       "#a": "#/components/schemas/a", "#ah": "#/components/schemas/ah" } } },
            "a": { "allOf": [{ "$ref": "#/components/schemas/e" }, { "type": "object", "properties": {
                "history": { "type": "array", "items": { "$ref": "#/components/schemas/ah" } } } }] },
            "ah": { "allOf": [{ "$ref": "#/components/schemas/a" }, { "type": "object", "properties": {
                "activity": { "type": "string" } } }] }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    assert!(service.contains("  Ah:\n    includes: [A]\n"), "{service}");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// `anyOf` stays `anyOf` (the spec's `any_of`), `oneOf` `oneOf`: Microsoft Graph's
/// `anyOf: [{ $ref }, { type: object, nullable: true }]` and FastAPI's `anyOf: [string,
/// integer]` come back faithfully, not as `oneOf`.
#[test]
fn any_of_and_one_of_keep_their_keyword() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/a": { "get": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/S" } } } } } } } },
        "components": { "schemas": {
            "I": { "type": "object", "properties": { "x": { "type": "string" } } },
            "S": { "type": "object", "properties": {
                "app": { "anyOf": [{ "$ref": "#/components/schemas/I" }, { "type": "object", "nullable": true }] },
                "loc": { "type": "array", "items": { "anyOf": [{ "type": "string" }, { "type": "integer" }] } },
                "one": { "oneOf": [{ "type": "string" }, { "type": "boolean" }] }
            } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    for line in [
        "  Sapp: { any_of: [I, map<any>] }\n",
        "  SlocItem: { any_of: [string, integer] }\n",
        "  Sone: { one_of: [string, boolean] }\n",
    ] {
        assert!(service.contains(line), "{line}\n{service}");
    }
    assert_every_operation_faithful(&document, &imported);
}

/// A member declared again with its own default (Microsoft Graph's `@odata.type`, which
/// each member of a family defaults to its own name) stays the member's: the spec's record
/// declares the included field again, and the round trip finds it faithfully.
#[test]
fn a_member_declared_again_keeps_its_own_default() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/users": { "post": {
            "requestBody": { "required": true, "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/user" } } } },
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/user" } } } } } } } },
        "components": { "schemas": {
            "entity": { "type": "object", "required": ["@odata.type"], "properties": {
                "id": { "type": "string" }, "@odata.type": { "type": "string" } },
                "discriminator": { "propertyName": "@odata.type",
                    "mapping": { "#microsoft.graph.user": "#/components/schemas/user" } } },
            "directoryObject": { "allOf": [{ "$ref": "#/components/schemas/entity" }, {
                "type": "object", "required": ["@odata.type"], "properties": {
                    "deleted": { "type": "boolean" },
                    "@odata.type": { "type": "string", "default": "#microsoft.graph.directoryObject" } } }] },
            "user": { "allOf": [{ "$ref": "#/components/schemas/directoryObject" }, {
                "type": "object", "required": ["@odata.type"], "properties": {
                    "name": { "type": "string" },
                    "@odata.type": { "type": "string", "default": "#microsoft.graph.user" } } }] }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    // The field declared again is listed once: the family's discriminator stays.
    let service = file(&imported, "service.yaml");
    assert!(service.contains("discriminator:"), "{service}");
    assert_every_operation_faithful(&document, &imported);
}

/// A member declared again as something narrower (ix-api's problem `type`, one value for
/// each error) makes the `allOf` one flat record, the narrower declaration kept; words
/// about a member alone (`status: {example: 400}`) keep the declaration before them. On
/// the wire both ways.
#[test]
fn a_member_narrowed_again_flattens_the_parts() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/accounts": { "get": { "responses": {
            "200": { "description": "ok", "content": { "application/json": {
                "schema": { "type": "string" } } } },
            "400": { "description": "bad", "content": { "application/json": { "schema": {
                "allOf": [{ "$ref": "#/components/schemas/Problem" }, { "type": "object",
                    "properties": {
                        "status": { "example": 400 },
                        "type": { "type": "string", "enum": ["https://errors.example/validation"] }
                    } }] } } } }
        } } } },
        "components": { "schemas": {
            "Problem": { "type": "object", "required": ["type"], "properties": {
                "type": { "type": "string" }, "status": { "type": "integer" },
                "title": { "type": "string" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(!service.contains("includes: [Problem]"), "{service}");
    assert!(
        service.contains("      status: { type: integer"),
        "{service}"
    );
    assert!(
        service.contains("https://errors.example/validation"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An `allOf` of a typed part and parts that only constrain it (DigitalOcean's
/// `filesystem_label`) is the typed part with every part's rules, faithfully.
#[test]
fn an_all_of_of_a_type_and_its_constraints_is_the_constrained_type() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/volumes": { "post": {
            "requestBody": { "required": true, "content": { "application/json": {
                "schema": { "type": "object", "properties": {
                    "label": { "allOf": [
                        { "type": "string", "description": "A label.", "example": "x" },
                        { "maxLength": 16 } ] },
                    "size": { "allOf": [ { "type": "integer" }, { "minimum": 1 }, { "maximum": 16 } ] }
                } } } } },
            "responses": { "204": { "description": "done" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    for line in [
        "label: { type: string, optional: true, max_length: 16 }",
        "size: { type: integer, optional: true, minimum: 1, maximum: 16 }",
    ] {
        assert!(service.contains(line), "{line}\n{service}");
    }
    assert_every_operation_faithful(&document, &imported);
}

/// A member declared again as a record that includes the one it is included as
/// (Bitbucket's team `links`, of `team_links`, which includes `account_links`) keeps the
/// narrower record: every operation round-trips on the wire.
#[test]
fn a_member_narrowed_to_a_record_including_its_type_is_kept() {
    let link =
        serde_json::json!({ "type": "object", "properties": { "href": { "type": "string" } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/teams/{id}": { "get": {
            "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }],
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/team" } } } } }
        } } },
        "components": { "schemas": {
            "link": link,
            "account_links": { "type": "object",
                "properties": { "avatar": { "$ref": "#/components/schemas/link" } } },
            "team_links": { "allOf": [ { "$ref": "#/components/schemas/account_links" },
                { "type": "object", "properties": { "members": { "$ref": "#/components/schemas/link" } } } ] },
            "account": { "type": "object", "properties": {
                "name": { "type": "string" },
                "links": { "$ref": "#/components/schemas/account_links" } } },
            "team": { "allOf": [ { "$ref": "#/components/schemas/account" },
                { "type": "object", "properties": { "links": { "$ref": "#/components/schemas/team_links" } } } ] }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    load(&imported);
    assert_every_operation_faithful(&document, &imported);
}

/// What an annotating `allOf` part says of a field's value (AWS's `deprecated` beside the
/// `$ref` of its type) is the field's: the round trip finds it faithfully.
#[test]
fn an_annotating_parts_rules_are_the_fields() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/jobs": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Job" } } } } }
        } } },
        "components": { "schemas": {
            "Captions": { "type": "array", "items": { "type": "string" } },
            "Job": { "type": "object", "properties": {
                "captions": { "allOf": [ { "$ref": "#/components/schemas/Captions" },
                    { "deprecated": true, "description": "Use `outputs`." } ] }
            } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    assert!(service.contains("deprecated: true"), "{service}");
    assert_every_operation_faithful(&document, &imported);
}
