//! The round trip's rules for bodies and answers as a client of the original meets them:
//! media types a request may also come in, bodiless error answers, JSON's other names,
//! ranges of codes.

mod common;

use common::*;
use restspec_import::round_trip::compare;
use serde_json::{Value, json};

/// A request body the export reads in more media types than the original (a form beside
/// JSON) refuses no client of the original: the same on the wire, not faithfully. An
/// answer in a media type the original never sends is a difference on the wire.
#[test]
fn a_request_body_read_in_more_types_is_the_same_on_the_wire() {
    let schema = json!({ "type": "object" });
    let original = doc(json!({ "/x": { "post": {
        "requestBody": { "required": true, "content": { "application/json": { "schema": schema } } },
        "responses": { "200": { "description": "ok", "content": {
            "application/json": { "schema": schema } } } }
    } } }));
    let mut exported = original.clone();
    exported["paths"]["/x"]["post"]["requestBody"]["content"]["application/x-www-form-urlencoded"] =
        json!({ "schema": schema });
    let v = &compare(&original, &exported).operations[0];
    assert!(v.on_wire && !v.faithful, "{:#?}", v.differences);
    exported["paths"]["/x"]["post"]["responses"]["200"]["content"]["text/csv"] = json!({});
    let v = &compare(&original, &exported).operations[0];
    assert!(!v.on_wire, "{:#?}", v.differences);
}

/// Answers as clients read them: an error answer the original gives no body may carry one
/// in the export; an answer listed as `application/json` and `text/json` needs one of them;
/// a range (`4XX`) holds every answer of the export in it to its schema.
#[test]
fn error_bodies_json_aliases_and_ranges_are_read_as_clients_read_them() {
    let object = json!({ "type": "object", "properties": { "a": { "type": "string" } } });
    let other = json!({ "type": "object", "properties": { "b": { "type": "integer" } } });
    let original = doc(json!({ "/x": { "get": { "responses": {
        "200": { "description": "ok", "content": {
            "application/json": { "schema": object }, "text/json": { "schema": object } } },
        "404": { "description": "none" },
        "4XX": { "description": "refused", "content": { "application/json": { "schema": other } } }
    } } } }));
    let answers = |refusal: &Value| {
        doc(json!({ "/x": { "get": { "responses": {
            "200": { "description": "ok", "content": { "application/json": { "schema": object } } },
            "404": { "description": "none", "content": { "application/json": { "schema": other } } },
            "400": { "description": "bad", "content": { "application/json": { "schema": refusal } } }
        } } } }))
    };
    let v = &compare(&original, &answers(&other)).operations[0];
    assert!(v.on_wire, "{:#?}", v.differences);
    let v = &compare(&original, &answers(&object)).operations[0];
    assert!(
        !v.on_wire,
        "a 400 that does not fit the 4XX schema: {:#?}",
        v.differences
    );
}

/// A parameter's value is text on the wire, where `null` has no spelling: a nullable query
/// parameter against a plain one is the same on the wire.
#[test]
fn a_nullable_parameter_is_the_same_on_the_wire() {
    let with = |schema: Value| {
        doc(json!({ "/x": { "get": {
            "parameters": [{ "name": "q", "in": "query", "schema": schema }],
            "responses": { "204": { "description": "ok" } } } } }))
    };
    let original = with(json!({ "type": ["string", "null"] }));
    let v = &compare(&original, &with(json!({ "type": "string" }))).operations[0];
    assert!(v.on_wire, "{:#?}", v.differences);
    let v = &compare(&original, &with(json!({ "type": "integer" }))).operations[0];
    assert!(!v.on_wire, "{:#?}", v.differences);
}
