//! Paths from OpenAPI that the spec once could not hold: operations of one method and
//! path told apart by a parameter's fixed value (AWS's `/#X-Amz-Target=...`), which become
//! `selected_by`, or by which parameter their query string holds (Weatherbit's
//! `/current?city_id={city_id}`), which become `selected_by` a query option, and paths at
//! the root or starting with a parameter, which become the root family's (`prefix: /`).

use restspec_import::Options;

use super::import::{assert_every_operation_faithful, file, load};

#[test]
fn aws_fragments_become_selectors_and_the_root_a_family() {
    let target = |value: &str| {
        serde_json::json!({ "post": {
            "operationId": value,
            "parameters": [{ "name": "X-Amz-Target", "in": "header", "required": true,
                "schema": { "type": "string", "enum": [format!("Store.{value}")] } }],
            "requestBody": { "required": true, "content": { "application/json": {
                "schema": { "type": "object", "properties": { "key": { "type": "string" } } } } } },
            "responses": {
                "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "type": "string" } } } },
                // AWS's error answers: a code per exception, bodies left undescribed.
                "481": { "description": "ResourceNotFoundException", "content": {
                    "application/json": { "schema": { "$ref": "#/components/schemas/NotFound" } } } }
            }
        } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/#X-Amz-Target=Store.GetItem": target("GetItem"),
            "/#X-Amz-Target=Store.PutItem": target("PutItem"),
            "/{format}/news": { "get": {
                "parameters": [{ "name": "format", "in": "path", "required": true, "schema": { "type": "string" } }],
                "responses": { "204": { "description": "ok" } } } }
        },
        "components": { "schemas": { "NotFound": {} } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    assert!(
        file(&imported, "service.yaml").contains("body: any }"),
        "{}",
        file(&imported, "service.yaml")
    );
    let root = file(&imported, "root.yaml");
    for line in [
        "  prefix: /\n",
        "    path: /\n",
        "    selected_by: { header: X-Amz-Target, value: Store.GetItem }\n",
        "    selected_by: { header: X-Amz-Target, value: Store.PutItem }\n",
        "path: \"/{format}/news\"",
    ] {
        assert!(root.contains(line), "{line}\n{root}");
    }
    // The selecting header is no header parameter besides.
    assert!(!root.contains("headers:"), "{root}");
    let loaded = load(&imported);
    let exported = restspec_codegen::openapi::document(&loaded.service);
    let trip = restspec_import::round_trip::compare(&document, &exported);
    assert_eq!(trip.operations.len(), 3);
    for verdict in &trip.operations {
        assert!(
            verdict.on_wire,
            "{} {}: {:#?}",
            verdict.method, verdict.path, verdict.differences
        );
    }
}

/// A fragment naming a parameter beside an operation without one (AWS's `POST /apikeys`
/// and `POST /apikeys#mode=import`): only one of them can be served there, and the other is
/// said to be lost; the spec still checks.
#[test]
fn a_fragment_beside_an_unselected_operation_is_a_loss() {
    let op = |mode: bool| {
        let parameters = if mode {
            serde_json::json!([{ "name": "mode", "in": "query", "required": true,
                "schema": { "type": "string", "enum": ["import"] } }])
        } else {
            serde_json::json!([])
        };
        serde_json::json!({ "post": { "parameters": parameters,
            "responses": { "204": { "description": "ok" } } } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/apikeys": op(false), "/apikeys#mode=import": op(true) }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert_eq!(said.len(), 1, "{said:#?}");
    assert!(said[0].contains("/apikeys#mode=import"), "{said:#?}");
    let loaded = load(&imported);
    assert_eq!(loaded.service.families[0].endpoints.len(), 1);
}

/// A query string of one fixed value in a path (Flickr's `/rest?method=...`) selects the
/// operation as a fragment does, the parameter undeclared or not; a query string of
/// parameters alone (`?lat={lat}`) is left off the path, where the operation is the only
/// one of its method there, its parameters the query's even where declared `in: path`.
/// Each on the wire.
#[test]
fn a_query_string_in_a_path_is_a_selector_or_nothing() {
    let get = |id: &str| {
        serde_json::json!({ "get": { "operationId": id, "responses": {
            "200": { "description": "ok", "content": { "application/json": {
                "schema": { "type": "string" } } } } } } })
    };
    let mut alerts = get("alerts");
    alerts["get"]["parameters"] = serde_json::json!([
        { "name": "lat", "in": "query", "required": true, "schema": { "type": "number" } }]);
    // Declared `in: path`, though the path fills it in its query string (Clicksend's).
    let mut history = get("history");
    history["get"]["parameters"] = serde_json::json!([
        { "name": "date_from", "in": "path", "required": true, "schema": { "type": "integer" } }]);
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/rest?method=photos.getInfo": get("getInfo"),
            "/rest?method=photos.search": get("search"),
            "/alerts?lat={lat}": alerts,
            "/fax/history?date_from={date_from}": history
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let rest = file(&imported, "rest.yaml");
    assert!(
        rest.contains("    path: /rest\n")
            && rest.contains("    selected_by: { query: method, value: photos.getInfo }\n")
            && rest.contains("    selected_by: { query: method, value: photos.search }\n"),
        "{rest}"
    );
    assert!(file(&imported, "alerts.yaml").contains("    path: /alerts\n"));
    let fax = file(&imported, "fax.yaml");
    assert!(
        fax.contains("    path: /fax/history\n")
            && fax.contains("      date_from: { type: integer, required: true }"),
        "{fax}"
    );
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// Weatherbit's `/current?city={city}&country={country}` beside `/current?city_id=
/// {city_id}` (its parameters declared `in: path`, as documents converted from Swagger 2
/// do): each is selected by its first parameter being there, and the round trip finds each
/// under the fragment the export writes (`/current#city_id`).
#[test]
fn query_strings_of_parameters_select_by_their_first() {
    let param = |name: &str| {
        serde_json::json!({ "name": name, "in": "path", "required": true,
                            "schema": { "type": "string" } })
    };
    let current = |names: &[&str]| {
        let parameters: Vec<serde_json::Value> = names.iter().map(|n| param(n)).collect();
        serde_json::json!({ "get": {
            "parameters": parameters,
            "responses": { "200": { "description": "the weather", "content": {
                "application/json": { "schema": { "type": "object", "properties": {
                    "temp": { "type": "number" } } } } } } }
        } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/current?city={city}&country={country}": current(&["city", "country"]),
            "/current?city_id={city_id}": current(&["city_id"]),
            "/current?lat={lat}&lon={lon}": current(&["lat", "lon"])
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let family = file(&imported, "current.yaml");
    for key in ["city", "city_id", "lat"] {
        assert!(
            family.contains(&format!("    selected_by: {{ query: {key} }}\n")),
            "{family}"
        );
    }
    let loaded = load(&imported);
    let document_out = restspec_codegen::openapi::document(&loaded.service);
    assert!(document_out["paths"]["/current#city_id"]["get"].is_object());
    assert_every_operation_faithful(&document, &imported);
}
