//! The round trip's rules for bodies and answers as a client of the original meets them:
//! media types a request may also come in, bodiless error answers, JSON's other names,
//! ranges of codes.

mod common;

use common::*;
use restspec_import::round_trip::{Kind, compare};
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

/// Answers as clients read them: an error answer the original gives no body, or one of
/// any JSON, may carry one in the export; an answer listed as `application/json` and `text/json` needs one of them;
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
    // An error answer of any JSON is one no client relied on the shape of; a success is.
    let mut any = original.clone();
    any["paths"]["/x"]["get"]["responses"]["404"]["content"] =
        json!({ "application/json": { "schema": { "description": "anything" } } });
    let v = &compare(&any, &answers(&other)).operations[0];
    assert!(v.on_wire, "{:#?}", v.differences);
    any["paths"]["/x"]["get"]["responses"]["200"]["content"] =
        json!({ "application/json": { "schema": {} } });
    let v = &compare(&any, &answers(&other)).operations[0];
    assert!(!v.on_wire, "{:#?}", v.differences);
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

/// A JSON answer listed twice, one entry with only examples and one of the same kind with
/// the schema (`application/json` and `application/json; charset=utf-8`, as Zuora writes
/// them), is the one body the schema describes.
#[test]
fn a_media_type_without_a_schema_beside_its_kind_with_one_is_that_body() {
    let object = json!({ "type": "object", "properties": { "a": { "type": "string" } } });
    let original = doc(json!({ "/x": { "get": { "responses": { "200": {
        "description": "ok", "content": {
            "application/json": { "examples": { "one": { "value": { "a": "x" } } } },
            "application/json; charset=utf-8": { "schema": object } } } } } } }));
    let exported = doc(get_returning(object.clone()));
    let v = &compare(&original, &exported).operations[0];
    assert!(v.on_wire && v.faithful, "{:#?}", v.differences);
    // Alone, an entry without a schema is any JSON, which an object is not.
    let mut alone = original.clone();
    alone["paths"]["/x"]["get"]["responses"]["200"]["content"] = json!({ "application/json": {} });
    let v = &compare(&alone, &exported).operations[0];
    assert!(!v.on_wire, "{:#?}", v.differences);
}

/// A parameter the export reads as a credential place (Trello declares `key` both as a
/// query parameter and as the scheme naming it) is sent alike, and faithfully where every
/// caller carries it.
#[test]
fn a_parameter_the_export_reads_as_a_credential_is_sent_alike() {
    let with_key = |key: Value| {
        let mut d = doc(get_with_params(json!([
            { "name": "key", "in": "query", "required": true, "schema": { "type": "string" } }
        ])));
        d["security"] = json!([{ "key": [] }]);
        d["components"] = json!({ "securitySchemes": { "key": key } });
        d
    };
    let original = with_key(json!({ "type": "apiKey", "in": "query", "name": "key" }));
    let mut exported = original.clone();
    exported["paths"]["/x"]["get"]["parameters"] = json!([]);
    let v = &compare(&original, &exported).operations[0];
    assert!(v.on_wire && v.faithful, "{:#?}", v.differences);
    // Where some callers may omit it, the export no longer says it is required.
    let mut open = original.clone();
    open["security"] = json!([{ "key": [] }, {}]);
    exported["security"] = open["security"].clone();
    let v = &compare(&open, &exported).operations[0];
    assert!(v.on_wire && !v.faithful, "{:#?}", v.differences);
    assert_eq!(v.differences[0].category, "credential parameter");
    exported["security"] = json!([{ "key": [] }]);
    // Where the operation states no security, the service still reads the key (Trello's
    // operations without `security`): sent alike, not said.
    let mut unstated = exported.clone();
    unstated["paths"]["/x"]["get"]["security"] = json!([]);
    let mut open_original = original.clone();
    open_original["paths"]["/x"]["get"]["security"] = json!([]);
    let v = &compare(&open_original, &unstated).operations[0];
    assert!(v.on_wire && !v.faithful, "{:#?}", v.differences);
    // A key read from a header of that name is another place.
    exported["components"]["securitySchemes"]["key"] =
        json!({ "type": "apiKey", "in": "header", "name": "key" });
    let original = with_key(json!({ "type": "apiKey", "in": "header", "name": "key" }));
    let v = &compare(&original, &exported).operations[0];
    assert!(!v.on_wire, "{:#?}", v.differences);
}

/// An answer the original lists as `application/json` and `application/problem+json` of
/// two schemas (Twitter's errors) comes in one: an export keeping the first by its name
/// is the same on the wire, not faithfully; one keeping neither by name is compared.
#[test]
fn an_answer_in_several_json_types_comes_in_one() {
    let error = json!({ "type": "object", "properties": { "code": { "type": "integer" } } });
    let problem = json!({ "type": "object", "properties": { "title": { "type": "string" } } });
    let original = doc(json!({ "/x": { "get": { "responses": {
        "200": { "description": "ok" },
        "default": { "description": "failed", "content": {
            "application/json": { "schema": error },
            "application/problem+json": { "schema": problem } } } } } } }));
    let exported = |media: &str| {
        doc(json!({ "/x": { "get": { "responses": {
            "200": { "description": "ok" },
            "default": { "description": "failed", "content": { media: { "schema": error } } }
        } } } }))
    };
    let v = &compare(&original, &exported("application/json")).operations[0];
    assert!(v.on_wire && !v.faithful, "{:#?}", v.differences);
    let v = &compare(&original, &exported("application/vnd.x+json")).operations[0];
    assert!(!v.on_wire, "{:#?}", v.differences);
    // Of one schema, the types are one answer: nothing is left out.
    let mut alike = original.clone();
    alike["paths"]["/x"]["get"]["responses"]["default"]["content"]["application/problem+json"] =
        json!({ "schema": error });
    let v = &compare(&alike, &exported("application/json")).operations[0];
    assert!(v.on_wire && v.faithful, "{:#?}", v.differences);
}

/// What a server may send, read as documents write it: an answer in `*/*` (DocuSign's)
/// may come as the export's JSON, whatever else the export lists (a success so narrowed is
/// no longer faithful); an error answer of
/// `content: {}` (Yodlee's 401) describes no body; keys that are no media type (Akeneo's
/// `code` and `message`) name nothing sent.
#[test]
fn ranges_empty_content_and_keys_that_are_no_media_type() {
    let object = json!({ "type": "object", "properties": { "a": { "type": "string" } } });
    let original = doc(json!({ "/x": { "get": { "responses": {
        "200": { "description": "ok", "content": { "*/*": { "schema": object } } },
        "400": { "description": "bad", "content": {
            "code": { "type": "string" }, "message": { "type": "string" } } },
        "401": { "description": "who", "content": {} } } } } }));
    let exported = doc(json!({ "/x": { "get": { "responses": {
        "200": { "description": "ok", "content": { "application/json": { "schema": object } } },
        "400": { "description": "bad", "content": {
            "application/json": { "schema": object }, "text/plain": {} } },
        "401": { "description": "who", "content": { "application/json": { "schema": object } } }
    } } } }));
    let v = &compare(&original, &exported).operations[0];
    assert!(v.on_wire, "{:#?}", v.differences);
    let kinds: Vec<(Kind, &str)> = v.differences.iter().map(|d| (d.kind, d.category)).collect();
    assert_eq!(
        kinds,
        [(Kind::Faithful, "media type")],
        "the success narrowed to JSON"
    );
    // A range of another family is no counterpart.
    let mut images = original.clone();
    images["paths"]["/x"]["get"]["responses"]["200"]["content"] =
        json!({ "image/*": { "schema": object } });
    let v = &compare(&images, &exported).operations[0];
    assert!(!v.on_wire, "{:#?}", v.differences);
}
