//! What a list's items or a map's values say besides their type (Microsoft Graph's GUID
//! patterns, Google's `int64` text, Stripe's `metadata` lengths, Azure's read-only
//! `details`), and a map's values that
//! may be `null`: a record's field keeps them (its
//! `items`, its `nullable_items`), and the round trip finds them.

use restspec_import::Options;

use super::import::{assert_every_operation_faithful, file};

#[test]
fn a_lists_item_rules_are_its_fields_items() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/disks": { "post": {
            "requestBody": { "required": true, "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Disk" } } } },
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Disk" } } } } }
        } } },
        "components": { "schemas": { "Disk": {
            "type": "object",
            "properties": {
                "apps": { "type": "array", "items": { "type": "string", "format": "uuid",
                    "nullable": true, "pattern": "^[0-9a-fA-F-]{36}$" } },
                "licenses": { "type": "array", "items": { "type": "string", "format": "int64" } },
                "scores": { "type": "array", "maxItems": 3,
                    "items": { "type": "integer", "minimum": 0, "maximum": 10 } },
                "names": { "type": "array", "items": { "type": "string", "maxLength": 20 } },
                "details": { "type": "array", "items": { "type": "string", "readOnly": true } },
                "metadata": { "type": "object",
                    "additionalProperties": { "type": "string", "maxLength": 500 } }
            }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    for lines in [
        "      apps:\n        type: list<uuid>\n        optional: true\n        nullable_items: true\n        items: { pattern: \"^[0-9a-fA-F-]{36}$\" }\n",
        "      licenses:\n        type: list<string>\n        optional: true\n        items: { format: int64 }\n",
        "        max_items: 3\n        items: { minimum: 0, maximum: 10 }\n",
        "        items: { max_length: 20 }\n",
        "      details:\n        type: list<string>\n        optional: true\n        items: { read_only: true }\n",
        "      metadata:\n        type: map<string>\n        optional: true\n        items: { max_length: 500 }\n",
    ] {
        assert!(service.contains(lines), "{lines}\n{service}");
    }
    assert_every_operation_faithful(&document, &imported);
}

/// Items of items, and what items say that a field's `items` has no key for, are lost at
/// their keywords.
#[test]
fn what_items_cannot_say_is_a_loss() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/grids": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "type": "object", "properties": {
                    "rows": { "type": "array", "items": { "type": "array",
                        "items": { "type": "string", "maxLength": 2 } } },
                    "ids": { "type": "array", "items": { "type": "string", "writeOnly": true } }
                } } } } } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    for lost in ["/items/items/maxLength", "/ids/items/writeOnly"] {
        assert!(said.iter().any(|s| s.contains(lost)), "{lost}: {said:#?}");
    }
    assert_eq!(said.len(), 2, "{said:#?}");
}

/// A map whose values may be `null` (Vercel's `targets`) is a field with `nullable_items`,
/// and the round trip finds it on the wire and faithfully.
#[test]
fn a_maps_values_that_may_be_null_are_its_fields_nullable_items() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/projects": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "type": "object", "properties": {
                    "targets": { "type": "object", "additionalProperties": {
                        "type": "object", "nullable": true,
                        "properties": { "id": { "type": "string" } } } }
                } } } } } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("targets: { type: map<GetProjectsResponseTargetsValue>, optional: true, nullable_items: true }"),
        "{service}"
    );
    assert_every_operation_faithful(&document, &imported);
}

/// Text values listed on a list of text (Vimeo's `content_filter`: `type: array` beside
/// `enum: [drugs, language, ...]`) are the items' values, since a list equals no text: an
/// enumeration of the items, and the round trip, reading the document as meant, finds it
/// on the wire and faithful.
#[test]
fn text_values_listed_on_a_list_are_its_items() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/me": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/user" } } } } }
        } } },
        "components": { "schemas": { "user": {
            "type": "object",
            "properties": {
                "content_filter": { "type": "array", "items": { "type": "string" },
                    "enum": ["drugs", "language", "safe"] }
            }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("type: list<UserContentFilterItem>"),
        "{service}"
    );
    assert!(
        service.contains("UserContentFilterItem: { values: [drugs, language, safe] }"),
        "{service}"
    );
    assert_every_operation_faithful(&document, &imported);
}

/// Members said of a list (xtrf's `CustomFieldsDTO`: `type: array` beside `properties`, a
/// serialiser's view of a Java collection) constrain nothing, as JSON Schema applies them
/// to objects only: the list is carried, and the round trip finds it on the wire.
#[test]
fn members_said_of_a_list_constrain_nothing() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/fields": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/CustomFieldsDTO" } } } } }
        } } },
        "components": { "schemas": { "CustomFieldsDTO": {
            "type": "array",
            "items": { "type": "string" },
            "properties": { "empty": { "type": "boolean" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// Items said of an object (Azure's `monitoringConfigurationsComputed`: `type: object`
/// beside `items`) constrain nothing either: the object of any members is carried, and the
/// round trip finds it on the wire.
#[test]
fn items_said_of_an_object_constrain_nothing() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/services": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/Service" } } } } }
        } } },
        "components": { "schemas": {
            "Service": { "type": "object", "properties": { "settings": {
                "type": "object", "items": { "$ref": "#/components/schemas/Item" } } } },
            "Item": { "type": "object", "properties": { "key": { "type": "string" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// Alternatives of one JSON kind (Apideck's custom field `value`: a list of text or a list
/// of objects) are all kept, a value read as the first it fits. The round trip finds them on
/// the wire, and the import says no loss.
#[test]
fn alternatives_of_one_kind_are_all_kept() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/fields": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/CustomField" } } } } }
        } } },
        "components": { "schemas": { "CustomField": { "type": "object", "properties": {
            "value": { "anyOf": [
                { "type": "string" },
                { "type": "array", "items": { "type": "string" } },
                { "type": "array", "items": { "type": "object" } }
            ] } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("any_of: [string, list<string>, list<map<any>>]"),
        "{service}"
    );
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// A list of any values in the query (Sinao's `tags`, whose items say `format: string`
/// alone) is a list of text, what every query value is; the round trip finds it on the
/// wire.
#[test]
fn a_list_of_any_values_in_the_query_is_a_list_of_text() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/invoices": { "get": {
            "parameters": [{ "name": "tags", "in": "query", "schema": {
                "type": "array", "nullable": true, "items": { "format": "string" } } }],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let invoices = file(&imported, "invoices.yaml");
    assert!(
        invoices.contains("tags: { type: list<string> }"),
        "{invoices}"
    );
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// An enumeration declared inline with the values an earlier inline one has is that one
/// (Microsoft Graph's `$select` lists, the same on hundreds of paths: 4,169 of its 9,189
/// enumerations); other values make a type of their own, and a component schema's
/// enumeration keeps its name whatever its values. The round trip is faithful: the
/// OpenAPI written back has the same values on each operation.
#[test]
fn the_same_inline_values_are_one_enumeration() {
    let select = |values: serde_json::Value| {
        serde_json::json!({ "name": "$select", "in": "query", "style": "form", "explode": false,
            "schema": { "type": "array", "uniqueItems": true,
                "items": { "type": "string", "enum": values } } })
    };
    let get = |values: serde_json::Value| {
        serde_json::json!({ "get": { "parameters": [select(values)],
            "responses": { "204": { "description": "ok" } } } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/users": get(serde_json::json!(["id", "displayName"])),
            "/me": get(serde_json::json!(["id", "displayName"])),
            "/groups": get(serde_json::json!(["id", "mail"])),
            "/sites": { "get": { "parameters": [{ "name": "$select", "in": "query",
                    "style": "form", "explode": false,
                    "schema": { "type": "array",
                        "items": { "$ref": "#/components/schemas/SiteField" } } }],
                "responses": { "204": { "description": "ok" } } } }
        },
        "components": { "schemas": {
            "SiteField": { "type": "string", "enum": ["id", "displayName"] } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    let enumerations = |values: &str| service.matches(values).count();
    assert_eq!(
        enumerations("{ values: [id, displayName] }"),
        2,
        "{service}"
    );
    assert_eq!(enumerations("{ values: [id, mail] }"), 1, "{service}");
    assert!(
        service.contains("  SiteField: { values: [id, displayName] }"),
        "{service}"
    );
    let listed = |name: &str| {
        let family = file(&imported, name);
        let at = family.find("list<").expect("a list") + "list<".len();
        family[at..]
            .split('>')
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(listed("users.yaml"), listed("me.yaml"));
    assert_ne!(listed("users.yaml"), listed("groups.yaml"));
    assert_eq!(listed("sites.yaml"), "SiteField");
    assert_every_operation_faithful(&document, &imported);
}
