//! Families read as OpenAPI does: discriminator values a schema's own property cannot
//! hold select nothing, in the document and in the export (Bitbucket's `pipeline_selector`,
//! a `type` of `branches` or `tags` under a base mapping type names; Spotify's
//! `TrackObject`, `type: track`); an includer may narrow a member it includes (Callfire's
//! page `items`).

use restspec_import::Options;

use super::import::file;

/// A member of a base's family whose own discriminator property cannot hold its name
/// (Bitbucket's `pipeline_selector`, whose `type` is one of `branches`, `tags`) is selected
/// by no value of the base's implicit mapping: the import leaves it out, and the round trip
/// finds nothing missing, neither in the base's mapping nor on the member, where the
/// discriminator it inherits selects nothing.
#[test]
fn a_member_whose_property_cannot_hold_its_name_is_no_value_of_the_mapping() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/objects": { "get": {
                "responses": { "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/object" } } } } }
            } },
            "/selectors": { "get": {
                "responses": { "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/pipeline_selector" } } } } }
            } }
        },
        "components": { "schemas": {
            "object": { "type": "object", "required": ["type"],
                "properties": { "type": { "type": "string" } },
                "discriminator": { "propertyName": "type" } },
            "branch": { "allOf": [{ "$ref": "#/components/schemas/object" },
                { "type": "object", "properties": { "name": { "type": "string" } } }] },
            "pipeline_selector": { "allOf": [{ "$ref": "#/components/schemas/object" },
                { "type": "object", "properties": {
                    "type": { "type": "string", "enum": ["branches", "tags"] } } }] }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(service.contains("branch: Branch"), "{service}");
    assert!(!service.contains("pipeline_selector: "), "{service}");
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// Alternatives whose own discriminator property holds a value other than their schema's
/// name (Spotify's `TrackObject`, whose `type` is `track`, without a mapping) are selected
/// by no implicit name, in the document as in the export's mapping: the round trip finds
/// the union on the wire.
#[test]
fn names_an_alternative_cannot_hold_select_it_on_neither_side() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/player": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "type": "object", "properties": { "item": {
                    "oneOf": [
                        { "$ref": "#/components/schemas/TrackObject" },
                        { "$ref": "#/components/schemas/EpisodeObject" }
                    ],
                    "discriminator": { "propertyName": "type" } } } } } } } }
        } } },
        "components": { "schemas": {
            "TrackObject": { "type": "object", "properties": {
                "type": { "type": "string", "enum": ["track"] },
                "album": { "type": "string" } } },
            "EpisodeObject": { "type": "object", "properties": {
                "type": { "type": "string", "enum": ["episode"] },
                "show": { "type": "string" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// A member an including record declares again as a narrower type (Callfire's `CallPage`:
/// `items` of `Call` records where its included `Page` has objects of any members) is the
/// spec's field declared again: the includer's own, and the round trip finds it.
#[test]
fn an_includer_narrows_a_member_of_any_object_to_records() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/calls": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/CallPage" } } } } }
        } } },
        "components": { "schemas": {
            "Page": { "type": "object", "properties": {
                "items": { "type": "array", "items": { "type": "object", "properties": {} } },
                "limit": { "type": "integer" } } },
            "CallPage": { "allOf": [{ "$ref": "#/components/schemas/Page" },
                { "type": "object", "properties": {
                    "items": { "type": "array", "items": { "$ref": "#/components/schemas/Call" } } } }] },
            "Call": { "type": "object", "properties": { "id": { "type": "integer" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("items: { type: list<Call>, optional: true }"),
        "{service}"
    );
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// A member the included record requires by name alone and the includer declares again,
/// without listing it (Spotify's `PagingObject` requires `items`, its pages declare them):
/// still required, every part's `required` holding, and the includer's narrower type.
#[test]
fn a_member_declared_again_stays_required() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/tracks": { "get": {
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/TrackPage" } } } } }
        } } },
        "components": { "schemas": {
            "Page": { "type": "object", "required": ["items", "total"],
                "properties": { "total": { "type": "integer" } } },
            "TrackPage": { "allOf": [{ "$ref": "#/components/schemas/Page" },
                { "type": "object", "properties": {
                    "items": { "type": "array", "items": { "$ref": "#/components/schemas/Track" } } } }] },
            "Track": { "type": "object", "properties": { "id": { "type": "string" } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("items: { type: list<Track> }"),
        "{service}"
    );
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// A base whose explicit mapping names only its members (Twitter's `Problem`, where
/// `about:blank` names `GenericProblem`, which adds nothing to it and becomes `Problem`)
/// is still named by its own name, as OpenAPI leaves implicit: the import writes that value
/// beside the others, and the round trip finds the family on the wire.
#[test]
fn a_base_named_by_no_explicit_value_keeps_its_own_name() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/jobs": { "get": {
            "responses": { "default": { "description": "failed", "content": {
                "application/json": { "schema": { "$ref": "#/components/schemas/Problem" } } } } }
        } } },
        "components": { "schemas": {
            "Problem": { "type": "object", "required": ["type", "title"],
                "properties": { "type": { "type": "string" }, "title": { "type": "string" } },
                "discriminator": { "propertyName": "type", "mapping": {
                    "about:blank": "#/components/schemas/GenericProblem",
                    "https://x/conflict": "#/components/schemas/ConflictProblem" } } },
            "GenericProblem": { "allOf": [{ "$ref": "#/components/schemas/Problem" }],
                "description": "Nothing beyond the status." },
            "ConflictProblem": { "allOf": [{ "$ref": "#/components/schemas/Problem" },
                { "type": "object", "properties": { "other": { "type": "string" } } }] }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains(
            "mapping: { about:blank: Problem, https://x/conflict: ConflictProblem, Problem: Problem }"
        ),
        "{service}"
    );
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}
