//! Responses from OpenAPI, and request bodies that may be `null`: a `304` and a bare
//! `default`; a success answer's headers become the endpoint's `response_headers` (typed,
//! required where the document says), an error answer's its status row's `headers` (never
//! required), cookie parameters the endpoint's `cookies`, and the round trip finds the
//! headers on the wire.

use restspec_import::Options;

use super::import::{all_files, assert_every_operation_on_the_wire, file, load};

#[test]
fn a_success_answers_headers_are_typed_response_headers() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things": { "get": { "responses": {
            "200": {
                "description": "ok",
                "headers": {
                    "X-Rate-Limit-Remaining": { "required": true, "description": "Calls left.",
                        "schema": { "type": "integer", "format": "int32" } },
                    "ETag": { "$ref": "#/components/headers/ETag" },
                    "Link": { "schema": { "type": "array", "items": { "type": "string" } } },
                    "Content-Length": { "schema": { "type": "integer" } }
                },
                "content": { "application/json": { "schema": { "type": "string" } } }
            },
            "429": {
                "description": "slow down",
                "headers": { "Retry-After": { "required": true, "schema": { "type": "integer" } } }
            }
        } } } },
        "components": { "headers": { "ETag": { "schema": { "type": "string" } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    // The 429's header is its row's, optional: the runtime's own 429s carry none.
    assert_eq!(said.len(), 1, "{said:#?}");
    assert!(
        said[0].contains("error header `Retry-After` is optional"),
        "{said:#?}"
    );
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("    headers:\n      Retry-After: { type: integer }\n"),
        "{service}"
    );
    let things = file(&imported, "things.yaml");
    for line in [
        "    response_headers:\n",
        "      X-Rate-Limit-Remaining: { type: int32, description: Calls left., required: true }\n",
        "      ETag: { type: string }\n",
        "      Link: { type: list<string> }\n",
    ] {
        assert!(things.contains(line), "{line}\n{things}");
    }
    assert!(!things.contains("Content-Length"), "{things}");
    let loaded = load(&imported);
    let exported = restspec_codegen::openapi::document(&loaded.service);
    let headers = &exported["paths"]["/things"]["get"]["responses"]["200"]["headers"];
    assert_eq!(
        headers["X-Rate-Limit-Remaining"],
        serde_json::json!({ "description": "Calls left.", "required": true,
            "schema": { "type": "integer", "format": "int32" } })
    );
    assert_eq!(
        exported["paths"]["/things"]["get"]["responses"]["429"]["headers"]["Retry-After"],
        serde_json::json!({ "schema": { "type": "integer" } })
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A `304 Not Modified` beside the success is one of the endpoint's other answers (without
/// a body), and a bodiless `default` answer makes the errors listed as `default` too.
#[test]
fn not_modified_and_a_bare_default_round_trip() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things": { "get": { "responses": {
            "200": { "description": "ok", "content": { "application/json": {
                "schema": { "type": "string" } } } },
            "304": { "description": "Not modified" },
            "default": { "description": "*** Error Responses ***" }
        } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    assert!(
        file(&imported, "things.yaml").contains("other_successes: [304]"),
        "{}",
        file(&imported, "things.yaml")
    );
    assert!(file(&imported, "service.yaml").contains("  openapi_default_error: true\n"));
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A response that is an entity or `null` (Microsoft Graph's actions: `anyOf` of a record
/// and a nullable object) is the record, `response_nullable`.
#[test]
fn a_response_that_may_be_null_is_nullable() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things/assign": { "post": { "responses": {
            "200": { "description": "ok", "content": { "application/json": { "schema": {
                "anyOf": [{ "$ref": "#/components/schemas/thing" }, { "type": "object", "nullable": true }]
            } } } }
        } } } },
        "components": { "schemas": { "thing": { "type": "object", "properties": {
            "name": { "type": "string" } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let things = file(&imported, "things.yaml");
    assert!(things.contains("response_nullable: true"), "{things}");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A request body whose schema is `nullable` (GitHub's optional permission bodies) is
/// `request_nullable`; on the wire both ways.
#[test]
fn a_request_that_may_be_null_is_nullable() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things/{id}": { "put": {
            "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }],
            "requestBody": { "required": true, "content": { "application/json": { "schema": {
                "type": "object", "nullable": true,
                "properties": { "permission": { "type": "string" } } } } } },
            "responses": { "204": { "description": "done" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let things = file(&imported, "things.yaml");
    assert!(things.contains("    request_nullable: true\n"), "{things}");
    assert!(!things.contains("request_optional"), "{things}");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Rate-limit headers declared on the answers, errors included (DigitalOcean's
/// `ratelimit-*`), are the service's `rate_limit_headers`, on every answer: not the
/// endpoint's `response_headers`, which its errors could not carry.
#[test]
fn rate_limit_headers_on_every_answer_are_the_services() {
    let header = |description: &str| serde_json::json!({ "description": description, "schema": { "type": "integer" } });
    let headers = serde_json::json!({
        "ratelimit-limit": header("The budget."),
        "ratelimit-remaining": header("What is left."),
        "ratelimit-reset": header("When it is full again, in Unix epoch seconds.")
    });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things": { "get": { "responses": {
            "200": { "description": "ok", "headers": headers,
                "content": { "application/json": { "schema": { "type": "string" } } } },
            "429": { "description": "slow down", "headers": headers },
            "500": { "description": "oops", "headers": headers }
        } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains(
            "  rate_limit_headers:\n    limit: ratelimit-limit\n    remaining: ratelimit-remaining\n    reset: ratelimit-reset\n    reset_format: unix_seconds\n    early_refusals: shown\n"
        ),
        "{service}"
    );
    assert!(!file(&imported, "things.yaml").contains("response_headers"));
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An operation whose only answer is `default` (Betfair's) answers it as its success: 200
/// with its body, 204 without one; the round trip reads the export's success as an
/// instance of that `default`.
#[test]
fn a_default_alone_is_the_success() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/request": { "post": { "responses": { "default": { "description": "any",
                "content": { "application/json": { "schema": { "type": "object",
                    "properties": { "id": { "type": "integer" } } } } } } } } },
            "/ping": { "post": { "responses": { "default": { "description": "nothing" } } } }
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(!said.iter().any(|s| s.contains("left out")), "{said:#?}");
    let spec = all_files(&imported);
    assert!(
        spec.contains("status: 200") && spec.contains("status: 204"),
        "{spec}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A header without a schema is text, as every header is; one whose `content` is plain
/// text holds its value as it is (VTEX's); a hop-by-hop header (`Connection`) is the
/// connection's, not the answer's. On the wire.
#[test]
fn headers_of_plain_text_or_no_schema_are_text() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/docks": { "get": { "responses": { "200": {
            "description": "ok",
            "headers": {
                "Server": { "description": "Who answered.", "example": "nginx" },
                "Cache-Control": { "content": { "text/plain": { "schema": { "type": "string" } } } },
                "Connection": { "content": { "text/plain": { "schema": { "type": "string" } } } }
            },
            "content": { "application/json": { "schema": { "type": "string" } } }
        } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let docks = file(&imported, "docks.yaml");
    assert!(
        docks.contains("      Server: { type: string, description: Who answered. }\n"),
        "{docks}"
    );
    assert!(
        docks.contains("      Cache-Control: { type: string }\n"),
        "{docks}"
    );
    assert!(!docks.contains("Connection"), "{docks}");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// The headers a `304` declares (BeezUP's `ETag` and `Last-Modified`) are the endpoint's
/// success headers, none required, and the round trip finds them on the wire.
#[test]
fn a_not_modified_answer_s_headers_are_the_endpoint_s() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/lists": { "get": { "responses": {
            "200": { "description": "ok", "content": { "application/json": {
                "schema": { "type": "array", "items": { "type": "string" } } } } },
            "304": { "description": "not modified", "headers": {
                "ETag": { "required": true, "schema": { "type": "string" } },
                "Last-Modified": { "schema": { "type": "string" } } } } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let lists = file(&imported, "lists.yaml");
    assert!(lists.contains("response_headers:"), "{lists}");
    assert!(lists.contains("ETag: { type: string }"), "{lists}");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.len() == 1 && said[0].contains("`ETag` of the 304 answer is optional"),
        "{said:#?}"
    );
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// Cookie parameters (`in: cookie`) are the endpoint's `cookies`, typed and bounded as
/// header parameters are, and the round trip finds the operation on the wire and
/// faithful.
#[test]
fn cookie_parameters_are_the_endpoint_s_cookies() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/prefs": { "get": {
            "parameters": [
                { "name": "visitor", "in": "cookie", "required": true,
                    "schema": { "type": "string" } },
                { "name": "tz", "in": "cookie",
                    "schema": { "type": "integer", "minimum": -12, "maximum": 14 } },
                { "name": "X-Client", "in": "header", "schema": { "type": "string" } }
            ],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let family = file(&imported, "prefs.yaml");
    assert!(
        family.contains(
            "    cookies:\n      visitor: { type: string, required: true }\n      \
             tz: { type: integer, minimum: -12, maximum: 14 }\n"
        ),
        "{family}"
    );
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    for verdict in &super::import::round_trip(&document, &imported).operations {
        assert!(
            verdict.faithful,
            "{}: {:#?}",
            verdict.path, verdict.differences
        );
    }
}
