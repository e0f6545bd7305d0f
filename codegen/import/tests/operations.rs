//! Operation-level rules: matching, servers, parameters, bodies, responses, security.

// Tests index and unwrap freely: a failing expectation there is the test failing.
#![allow(clippy::indexing_slicing, clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use restspec_import::round_trip::{Kind, compare};
use serde_json::{Value, json};

#[test]
fn identical_documents_are_faithful() {
    let d = doc_with_schemas(
        json!({ "/users/{id}": {
            "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "integer" } }],
            "get": {
                "parameters": [{ "name": "fields", "in": "query", "schema": { "type": "string", "pattern": "^[a-z,]+$" } }],
                "responses": { "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/User" } } } } }
            },
            "put": {
                "requestBody": { "required": true, "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/User" } } } },
                "responses": { "204": { "description": "done" } }
            }
        } }),
        json!({ "User": { "type": "object", "required": ["name"], "properties": {
            "name": { "type": "string", "maxLength": 20 },
            "tags": { "type": "array", "items": { "type": "string", "enum": ["a", "b"] } }
        } } }),
    );
    let c = compare(&d, &d);
    assert_eq!(c.operations.len(), 2);
    for v in &c.operations {
        assert_faithful(v);
    }
    assert_eq!(
        (
            c.operations[0].method.as_str(),
            c.operations[0].path.as_str()
        ),
        ("get", "/users/{id}")
    );
    assert_eq!(c.operations[1].method, "put");
}

#[test]
fn path_parameters_match_by_position_not_name() {
    let original = doc(json!({ "/users/{id}/posts/{n}": { "get": {
        "parameters": [
            { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } },
            { "name": "n", "in": "path", "required": true, "schema": { "type": "integer" } }
        ],
        "responses": { "204": { "description": "done" } }
    } } }));
    let exported = v31(doc(json!({ "/users/{user_id}/posts/{post}": { "get": {
        "parameters": [
            { "name": "post", "in": "path", "required": true, "schema": { "type": "integer" } },
            { "name": "user_id", "in": "path", "required": true, "schema": { "type": "string" } }
        ],
        "responses": { "204": { "description": "renamed" } }
    } } })));
    let c = compare(&original, &exported);
    let v = only(&c);
    assert_eq!(v.path, "/users/{id}/posts/{n}");
    assert_faithful(v);
}

#[test]
fn swapped_path_parameter_types_are_a_wire_difference() {
    let original = doc(json!({ "/a/{x}/{y}": { "get": {
        "parameters": [
            { "name": "x", "in": "path", "required": true, "schema": { "type": "string" } },
            { "name": "y", "in": "path", "required": true, "schema": { "type": "integer" } }
        ],
        "responses": { "204": { "description": "done" } }
    } } }));
    let exported = doc(json!({ "/a/{p}/{q}": { "get": {
        "parameters": [
            { "name": "p", "in": "path", "required": true, "schema": { "type": "integer" } },
            { "name": "q", "in": "path", "required": true, "schema": { "type": "string" } }
        ],
        "responses": { "204": { "description": "done" } }
    } } }));
    let v = &compare(&original, &exported).operations[0];
    assert!(!v.on_wire);
    let pointers: Vec<&str> = v.differences.iter().map(|d| d.pointer.as_str()).collect();
    assert_eq!(
        pointers,
        [
            "/paths/~1a~1{x}~1{y}/get/parameters/0/schema/type",
            "/paths/~1a~1{x}~1{y}/get/parameters/1/schema/type"
        ]
    );
}

#[test]
fn server_base_path_is_stripped_on_both_sides() {
    let mut original = doc(get_with_params(json!([])));
    original["servers"] = json!([{ "url": "https://api.example.com/v2" }]);
    // The export runs elsewhere, under another base.
    let mut elsewhere = original.clone();
    elsewhere["servers"] = json!([{ "url": "http://localhost:8080/api" }]);
    assert_faithful(only(&compare(&original, &elsewhere)));
    // The importer moved `/v2` from the server into the templates.
    let mut moved = doc(json!({ "/v2/x": original["paths"]["/x"].clone() }));
    moved["servers"] = json!([{ "url": "http://localhost:8080" }]);
    let c = compare(&original, &moved);
    assert_eq!(only(&c).path, "/x");
    assert_faithful(only(&c));
}

#[test]
fn server_variables_take_their_defaults() {
    let mut original = doc(get_with_params(json!([])));
    original["servers"] = json!([{
        "url": "https://{host}/{version}",
        "variables": { "host": { "default": "api.example.com" }, "version": { "default": "v3" } }
    }]);
    let mut exported = doc(json!({ "/v3/x": original["paths"]["/x"].clone() }));
    exported["servers"] = json!([{ "url": "/" }]);
    assert_faithful(only(&compare(&original, &exported)));
}

#[test]
fn a_missing_operation_is_a_wire_difference() {
    let original = doc(json!({ "/x": {
        "get": { "responses": { "204": { "description": "done" } } },
        "delete": { "responses": { "204": { "description": "done" } } }
    } }));
    let exported = doc(get_with_params(json!([])));
    let c = compare(&original, &exported);
    // Operations come in the document's order, which serde_json keeps only with its
    // `preserve_order`: found by method.
    let by = |method: &str| {
        c.operations
            .iter()
            .find(|v| v.method == method)
            .expect(method)
    };
    assert_faithful(by("get"));
    let d = assert_only_wire_difference(by("delete"), "/paths/~1x/delete");
    assert_eq!(d.category, "operation");
}

#[test]
fn a_trailing_slash_matches_but_is_not_faithful() {
    let original =
        doc(json!({ "/x/": { "get": { "responses": { "204": { "description": "done" } } } } }));
    let exported = doc(get_with_params(json!([])));
    let v = &compare(&original, &exported).operations[0];
    assert_eq!(
        assert_only_faithful_difference(v, "/paths/~1x~1").category,
        "path"
    );
}

#[test]
fn a_dropped_header_parameter_is_a_wire_difference() {
    let original = doc(get_with_params(json!([
        { "name": "X-Tenant", "in": "header", "required": true, "schema": { "type": "string" } }
    ])));
    let exported = doc(get_with_params(json!([])));
    let v = &compare(&original, &exported).operations[0];
    let d = assert_only_wire_difference(v, "/paths/~1x/get/parameters/0");
    assert_eq!(d.category, "header parameter");
}

#[test]
fn header_names_are_case_insensitive_and_accept_content_type_authorization_ignored() {
    let original = doc(get_with_params(json!([
        { "name": "X-Tenant", "in": "header", "schema": { "type": "string" } },
        { "name": "Accept", "in": "header", "schema": { "type": "string" } },
        { "name": "Authorization", "in": "header", "required": true, "schema": { "type": "string" } }
    ])));
    let exported = doc(get_with_params(json!([
        { "name": "x-tenant", "in": "header", "schema": { "type": "string" } },
        { "name": "content-type", "in": "header", "schema": { "type": "string" } }
    ])));
    assert_faithful(only(&compare(&original, &exported)));
}

#[test]
fn an_extra_or_differently_required_parameter_is_a_wire_difference() {
    let original = doc(get_with_params(json!([
        { "name": "q", "in": "query", "schema": { "type": "string" } }
    ])));
    let exported = doc(get_with_params(json!([
        { "name": "q", "in": "query", "required": true, "schema": { "type": "string" } },
        { "name": "page", "in": "query", "schema": { "type": "integer" } }
    ])));
    let v = &compare(&original, &exported).operations[0];
    assert!(!v.on_wire);
    let found: Vec<(&str, &str)> = v
        .differences
        .iter()
        .map(|d| (d.pointer.as_str(), d.category))
        .collect();
    assert_eq!(
        found,
        [
            ("/paths/~1x/get/parameters/0", "parameter required"),
            ("/paths/~1x/get/parameters", "query parameter"),
        ]
    );
}

#[test]
fn path_item_parameters_merge_with_the_operation_s_which_win() {
    let original = doc(json!({ "/x": {
        "parameters": [
            { "name": "limit", "in": "query", "schema": { "type": "string" } },
            { "$ref": "#/components/parameters/Tenant" }
        ],
        "get": {
            "parameters": [{ "name": "limit", "in": "query", "schema": { "type": "integer" } }],
            "responses": { "204": { "description": "done" } }
        }
    } }));
    let mut original = original;
    original["components"] = json!({ "parameters": { "Tenant": {
        "name": "tenant", "in": "cookie", "schema": { "type": "string" }
    } } });
    let exported = doc(get_with_params(json!([
        { "name": "tenant", "in": "cookie", "schema": { "type": "string" } },
        { "name": "limit", "in": "query", "schema": { "type": "integer" } }
    ])));
    assert_faithful(only(&compare(&original, &exported)));
}

#[test]
fn parameter_style_defaults_are_normalised() {
    let original = doc(get_with_params(json!([
        { "name": "ids", "in": "query", "style": "form", "explode": true,
          "schema": { "type": "array", "items": { "type": "string" } } },
        { "name": "tags", "in": "query", "explode": false,
          "schema": { "type": "array", "items": { "type": "string" } } }
    ])));
    let exported = doc(get_with_params(json!([
        { "name": "ids", "in": "query", "schema": { "type": "array", "items": { "type": "string" } } },
        { "name": "tags", "in": "query", "schema": { "type": "array", "items": { "type": "string" } } }
    ])));
    let v = &compare(&original, &exported).operations[0];
    let d = assert_only_faithful_difference(v, "/paths/~1x/get/parameters/1/explode");
    assert_eq!(d.category, "parameter style");
}

#[test]
fn an_extra_error_status_in_the_export_is_faithful() {
    let original = doc(get_returning(json!({ "type": "string" })));
    let mut exported = original.clone();
    exported["paths"]["/x"]["get"]["responses"]["400"] = json!({
        "description": "bad request",
        "content": { "application/json": { "schema": { "type": "object" } } }
    });
    exported["paths"]["/x"]["get"]["responses"]["5XX"] = json!({ "description": "oops" });
    assert_faithful(only(&compare(&original, &exported)));
}

#[test]
fn a_missing_response_status_is_a_wire_difference() {
    let mut original = doc(get_returning(json!({ "type": "string" })));
    original["paths"]["/x"]["get"]["responses"]["404"] = json!({ "description": "none" });
    let exported = doc(get_returning(json!({ "type": "string" })));
    let v = &compare(&original, &exported).operations[0];
    let d = assert_only_wire_difference(v, "/paths/~1x/get/responses/404");
    assert_eq!(d.category, "response status");
}

#[test]
fn an_extra_success_status_in_the_export_is_a_wire_difference() {
    let original = doc(get_returning(json!({ "type": "string" })));
    let mut exported = original.clone();
    exported["paths"]["/x"]["get"]["responses"]["202"] = json!({ "description": "later" });
    let v = &compare(&original, &exported).operations[0];
    assert_only_wire_difference(v, "/paths/~1x/get/responses");
}

#[test]
fn status_ranges_and_default_must_survive() {
    let mut original = doc(get_returning(json!({ "type": "string" })));
    original["paths"]["/x"]["get"]["responses"]["4xx"] = json!({ "description": "refused" });
    original["paths"]["/x"]["get"]["responses"]["default"] = json!({ "description": "other" });
    let mut exported = doc(get_returning(json!({ "type": "string" })));
    exported["paths"]["/x"]["get"]["responses"]["4XX"] = json!({ "description": "refused" });
    let v = &compare(&original, &exported).operations[0];
    assert_only_wire_difference(v, "/paths/~1x/get/responses/default");
}

#[test]
fn json_media_types_are_one_kind() {
    let schema = json!({ "type": "object", "properties": { "a": { "type": "string" } } });
    let mut original = doc(json!({ "/x": { "post": {
        "requestBody": { "content": {
            "application/vnd.api+json": { "schema": schema },
            "application/x-www-form-urlencoded": { "schema": schema }
        } },
        "responses": { "200": { "description": "ok", "content": {
            "application/json; charset=utf-8": { "schema": schema } } } }
    } } }));
    let exported = doc(json!({ "/x": { "post": {
        "requestBody": { "content": {
            "application/json": { "schema": schema },
            "Application/X-WWW-Form-Urlencoded": { "schema": schema }
        } },
        "responses": { "200": { "description": "ok", "content": {
            "application/json": { "schema": schema } } } }
    } } }));
    assert_faithful(only(&compare(&original, &exported)));
    // A media type the export lacks.
    original["paths"]["/x"]["post"]["responses"]["200"]["content"]["text/csv"] = json!({});
    let v = &compare(&original, &exported).operations[0];
    let d = assert_only_wire_difference(v, "/paths/~1x/post/responses/200/content/text~1csv");
    assert_eq!(d.category, "media type");
}

#[test]
fn request_body_presence_and_required_are_on_the_wire() {
    let body = json!({ "content": { "application/json": { "schema": { "type": "object" } } } });
    let mut original = doc(json!({ "/x": { "post": {
        "requestBody": body, "responses": { "204": { "description": "done" } } } } }));
    let mut exported = original.clone();
    exported["paths"]["/x"]["post"]["requestBody"]["required"] = json!(true);
    let v = &compare(&original, &exported).operations[0];
    let d = assert_only_wire_difference(v, "/paths/~1x/post/requestBody");
    assert_eq!(d.category, "request body required");
    original["paths"]["/x"]["post"]
        .as_object_mut()
        .unwrap()
        .remove("requestBody");
    let v = &compare(&original, &exported).operations[0];
    assert_only_wire_difference(v, "/paths/~1x/post");
}

#[test]
fn response_headers_of_the_original_must_survive() {
    let mut original = doc(get_returning(json!({ "type": "string" })));
    original["paths"]["/x"]["get"]["responses"]["200"]["headers"] = json!({
        "X-Rate-Limit": { "schema": { "type": "integer" } },
        "Content-Type": { "schema": { "type": "string" } }
    });
    let mut exported = doc(get_returning(json!({ "type": "string" })));
    exported["paths"]["/x"]["get"]["responses"]["200"]["headers"] = json!({
        "x-rate-limit": { "schema": { "type": "integer" } },
        "X-Request-Id": { "schema": { "type": "string" } }
    });
    assert_faithful(only(&compare(&original, &exported)));
    exported["paths"]["/x"]["get"]["responses"]["200"]["headers"] = json!({});
    let v = &compare(&original, &exported).operations[0];
    let d = assert_only_wire_difference(v, "/paths/~1x/get/responses/200/headers/X-Rate-Limit");
    assert_eq!(d.category, "response header");
}

#[test]
fn security_compares_schemes_by_what_a_client_sends() {
    let mut original = doc(get_with_params(json!([])));
    original["security"] = json!([{ "key": [] }]);
    original["components"] = json!({ "securitySchemes": {
        "key": { "type": "apiKey", "in": "header", "name": "X-API-Key" }
    } });
    // Another name for the same scheme, stated on the operation.
    let mut exported = doc(get_with_params(json!([])));
    exported["paths"]["/x"]["get"]["security"] = json!([{ "X-API-Key": [] }]);
    exported["components"] = json!({ "securitySchemes": {
        "X-API-Key": { "type": "apiKey", "in": "header", "name": "x-api-key" }
    } });
    assert_faithful(only(&compare(&original, &exported)));
    exported["components"]["securitySchemes"]["X-API-Key"] =
        json!({ "type": "http", "scheme": "bearer" });
    let v = &compare(&original, &exported).operations[0];
    let d = assert_only_wire_difference(v, "/security");
    assert_eq!(d.category, "security");
}

#[test]
fn no_security_equals_anonymous_only() {
    let mut original = doc(get_with_params(json!([])));
    original["paths"]["/x"]["get"]["security"] = json!([{}]);
    let exported = doc(get_with_params(json!([])));
    assert_faithful(only(&compare(&original, &exported)));
}

/// An OAuth 2 access token goes out as `Authorization: Bearer` (RFC 6750): the same wire
/// as `http bearer`, described less precisely.
#[test]
fn oauth2_is_a_bearer_token_on_the_wire() {
    let mut original = doc(get_with_params(json!([])));
    original["security"] = json!([{ "oauth": ["read"] }]);
    original["components"] = json!({ "securitySchemes": {
        "oauth": { "type": "oauth2", "flows": { "implicit": { "authorizationUrl": "https://a", "scopes": {} } } } } });
    let mut exported = doc(get_with_params(json!([])));
    exported["security"] = json!([{ "bearer": [] }]);
    exported["components"] =
        json!({ "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer" } } });
    let c = compare(&original, &exported);
    let d = assert_only_faithful_difference(only(&c), "/security");
    assert_eq!(d.category, "security");
}

/// Where anyone may call in both, credentials the export accepts besides change no request
/// that worked; where the export demands them, every anonymous request fails.
#[test]
fn optional_credentials_are_faithful_and_required_ones_are_wire() {
    let original = doc(get_with_params(json!([])));
    let exported = |security: Value| {
        let mut d = doc(get_with_params(json!([])));
        d["security"] = security;
        d["components"] =
            json!({ "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer" } } });
        d
    };
    let c = compare(&original, &exported(json!([{}, { "bearer": [] }])));
    assert_eq!(
        assert_only_faithful_difference(only(&c), "/paths/~1x/get").category,
        "security"
    );
    let c = compare(&original, &exported(json!([{ "bearer": [] }])));
    assert_eq!(
        assert_only_wire_difference(only(&c), "/paths/~1x/get").category,
        "security"
    );
}

#[test]
fn deprecation_descriptions_and_extensions() {
    let mut original = doc(get_with_params(json!([
        { "name": "q", "in": "query", "description": "query", "example": "x", "schema": { "type": "string" } }
    ])));
    original["paths"]["/x"]["get"]["deprecated"] = json!(true);
    original["paths"]["/x"]["get"]["summary"] = json!("Lists");
    original["paths"]["/x"]["get"]["operationId"] = json!("list");
    original["paths"]["/x"]["get"]["tags"] = json!(["things"]);
    original["paths"]["/x"]["get"]["x-internal"] = json!(true);
    let exported = doc(get_with_params(json!([
        { "name": "q", "in": "query", "schema": { "type": "string" } }
    ])));
    let v = &compare(&original, &exported).operations[0];
    let d = assert_only_faithful_difference(v, "/paths/~1x/get/deprecated");
    assert_eq!(d.category, "deprecated");
}

#[test]
fn anything_that_is_not_a_document_compares_without_panicking() {
    for (a, b) in [
        (json!(null), json!(1)),
        (json!({ "paths": [] }), json!({ "paths": "x" })),
        (json!({ "paths": { "/x": 3 } }), json!({})),
        (
            json!({ "paths": { "/x": { "get": { "parameters": 5, "responses": [1], "requestBody": { "$ref": 7 } } } } }),
            json!({ "paths": { "/x": { "get": { "parameters": [null, { "in": 1 }], "responses": { "200": 1 } } } } }),
        ),
        (
            json!({ "servers": [{ "url": "{" }], "paths": { "/{": { "get": { "security": [1, { "a": 1 }] } } } }),
            json!({ "servers": "x", "paths": { "/{}": { "get": {} } } }),
        ),
    ] {
        let c = compare(&a, &b);
        for v in &c.operations {
            assert_eq!(v.faithful, v.differences.is_empty());
            assert!(!v.faithful || v.on_wire);
        }
        compare(&b, &a);
    }
    // An operation with a $ref looping on itself, in every place one can be.
    let looping = json!({
        "openapi": "3.0.0",
        "paths": { "/x": { "$ref": "#/paths/~1x" }, "/y": { "get": {
            "parameters": [{ "$ref": "#/components/parameters/P" }],
            "responses": { "200": { "$ref": "#/components/responses/R" } }
        } } },
        "components": {
            "parameters": { "P": { "$ref": "#/components/parameters/P" } },
            "responses": { "R": { "$ref": "#/components/responses/R" } }
        }
    });
    let c = compare(&looping, &looping);
    assert!(
        c.operations
            .iter()
            .all(|v| v.differences.iter().all(|d| d.kind == Kind::Wire))
    );
}
