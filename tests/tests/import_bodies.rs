//! Bodies and answers: the media types request bodies are read in (the service reads the
//! ones most operations list, and an operation listing others says its own,
//! `request_bodies`), which of several JSON types an answer's schema is taken from, what
//! becomes of a `default` answer's headers and of numbers listed as values of text; the
//! round trip finds each operation again.

use restspec_import::Options;

use super::import::{
    assert_every_operation_faithful, assert_every_operation_on_the_wire, file, load,
};

fn body(media: &[&str]) -> serde_json::Value {
    let schema = serde_json::json!({ "$ref": "#/components/schemas/Note" });
    let content: serde_json::Map<String, serde_json::Value> = media
        .iter()
        .map(|m| ((*m).to_owned(), serde_json::json!({ "schema": schema })))
        .collect();
    serde_json::json!({
        "requestBody": { "required": true, "content": content },
        "responses": { "204": { "description": "done" } }
    })
}

#[test]
fn an_operation_reading_other_media_types_than_most_says_its_own() {
    let (json, form) = ("application/json", "application/x-www-form-urlencoded");
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/notes": { "post": body(&[json, form]) },
            "/drafts": { "post": body(&[json, form]) },
            "/tokens": { "post": body(&[form]) },
            "/hooks": { "post": body(&[json]) }
        },
        "components": { "schemas": { "Note": {
            "type": "object", "properties": { "text": { "type": "string" } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  request_bodies: json_or_form\n"),
        "{service}"
    );
    let tokens = file(&imported, "tokens.yaml");
    assert!(tokens.contains("    request_bodies: form\n"), "{tokens}");
    let hooks = file(&imported, "hooks.yaml");
    assert!(hooks.contains("    request_bodies: json\n"), "{hooks}");
    let notes = file(&imported, "notes.yaml");
    assert!(!notes.contains("request_bodies"), "{notes}");
    assert_every_operation_faithful(&document, &imported);
}

/// A GET's request body holding nothing a client could send (Stripe's optional forms of no
/// members) is no loss, and the round trip finds the operation without it the same; one
/// with members is a loss the judge finds too.
#[test]
fn a_gets_body_of_no_members_is_none() {
    let form = |schema: serde_json::Value| {
        serde_json::json!({
            "requestBody": { "required": false, "content": {
                "application/x-www-form-urlencoded": { "schema": schema } } },
            "responses": { "204": { "description": "done" } }
        })
    };
    let empty =
        serde_json::json!({ "type": "object", "properties": {}, "additionalProperties": false });
    let some = serde_json::json!({ "type": "object", "properties": { "q": { "type": "string" } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/balance": { "get": form(empty) }, "/search": { "get": form(some) } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert_eq!(said.len(), 1, "{said:#?}");
    assert!(said[0].contains("~1search/get/requestBody"), "{said:#?}");
    for verdict in &super::import::round_trip(&document, &imported).operations {
        assert_eq!(verdict.on_wire, verdict.path == "/balance", "{verdict:#?}");
    }
}

/// A PATCH that may create answers 201 beside 200 (Azure's, as RFC 5789 allows): both are
/// kept, on the wire; a GET's 201 is a loss, as a GET creates nothing.
#[test]
fn a_patch_may_answer_201_and_a_get_may_not() {
    let answers = serde_json::json!({
        "200": { "description": "updated", "content": { "application/json": {
            "schema": { "type": "object", "properties": { "name": { "type": "string" } } } } } },
        "201": { "description": "created", "content": { "application/json": {
            "schema": { "type": "object", "properties": { "name": { "type": "string" } } } } } }
    });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things/{name}": {
            "parameters": [{ "name": "name", "in": "path", "required": true,
                "schema": { "type": "string" } }],
            "patch": { "requestBody": { "content": { "application/json": {
                "schema": { "type": "object" } } } }, "responses": answers },
            "get": { "responses": answers }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert_eq!(said.len(), 1, "{said:#?}");
    assert!(
        said[0].contains("/get/responses/201") && said[0].contains("it creates nothing"),
        "{said:#?}"
    );
    let exported = restspec_codegen::openapi::document(&load(&imported).service);
    let patch = &exported["paths"]["/things/{name}"]["patch"]["responses"];
    assert!(
        patch.get("200").is_some() && patch.get("201").is_some(),
        "{patch}"
    );
}

/// A union beside a `type` whose alternatives of another kind admit nothing (GitHub's status
/// check `contexts`: an object or a list of names, under `type: array`) is the alternative
/// of that kind: the import reads a list of names, and the round trip finds it on the wire;
/// with none of that kind, it is the `type` alone.
#[test]
fn alternatives_the_type_excludes_are_left_out() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/contexts": { "delete": {
            "requestBody": { "required": true, "content": { "application/json": { "schema": {
                "type": "array",
                "items": { "type": "string" },
                "oneOf": [
                    { "type": "object", "required": ["contexts"], "properties": {
                        "contexts": { "type": "array", "items": { "type": "string" } } } },
                    { "type": "array", "items": { "type": "string" } }
                ]
            } } } },
            "responses": { "204": { "description": "gone" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let contexts = super::import::file(&imported, "contexts.yaml");
    assert!(contexts.contains("request: list<string>"), "{contexts}");
    super::import::assert_every_operation_on_the_wire(&document, &imported);
    // Every alternative of another kind (SoundCloud's `subscriptions` items): the schema is
    // its `type` alone.
    let mut none = document.clone();
    let schema = "/paths/~1contexts/delete/requestBody/content/application~1json/schema";
    none.pointer_mut(schema).expect("the schema")["oneOf"] =
        serde_json::json!([{ "type": "object" }]);
    let imported = restspec_import::import(&none, &Options::default()).expect("imported");
    let contexts = super::import::file(&imported, "contexts.yaml");
    assert!(contexts.contains("request: list<string>"), "{contexts}");
    super::import::assert_every_operation_on_the_wire(&none, &imported);
}

/// An operation answering only redirects (Shutterstock's `302` to its login page, Jira's
/// `303` with the task it started) answers its first as its status, with the body it
/// documents; `304` beside them is no success. The round trip finds both on the wire.
#[test]
fn an_operation_answering_only_redirects_answers_the_first() {
    let task = serde_json::json!({ "type": "object", "required": ["id"],
        "properties": { "id": { "type": "string" } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/authorize": { "get": { "responses": {
                "302": { "description": "To the login page" },
                "400": { "description": "Bad request" } } } },
            "/tasks": { "post": { "responses": {
                "303": { "description": "Started", "content": {
                    "application/json": { "schema": task } } } } } }
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    let family = super::import::file(&imported, "authorize.yaml");
    assert!(family.contains("    status: 302\n"), "{family}");
    let family = super::import::file(&imported, "tasks.yaml");
    assert!(family.contains("    status: 303\n"), "{family}");
    assert!(family.contains("    response: "), "{family}");
    super::import::assert_every_operation_faithful(&document, &imported);
}

/// A redirect with a body beside a success (GitHub's `301` of a renamed repository, its
/// `basic-error`) is a row of the status table, answered as errors are; one without a body
/// stays another success. The round trip finds the operation whole.
#[test]
fn a_redirect_with_a_body_beside_a_success_is_a_status_row() {
    let error = serde_json::json!({ "type": "object", "required": ["message"],
        "properties": { "message": { "type": "string" } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/repos/{name}": { "get": {
            "parameters": [{ "name": "name", "in": "path", "required": true,
                "schema": { "type": "string" } }],
            "responses": {
                "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "type": "object", "properties": {
                        "name": { "type": "string" } } } } } },
                "301": { "description": "Moved permanently", "content": {
                    "application/json": { "schema": error } } },
                "304": { "description": "Not modified" } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    let service = file(&imported, "service.yaml");
    assert!(service.contains("  moved_permanently:"), "{service}");
    assert!(service.contains("code: 301"), "{service}");
    let family = file(&imported, "repos.yaml");
    assert!(family.contains("errors: [moved_permanently]"), "{family}");
    assert!(family.contains("other_successes: [304]"), "{family}");
    super::import::assert_every_operation_faithful(&document, &imported);
}

/// An answer in any type (`*/*`, as DocuSign lists every answer) is answered in JSON, one
/// type of it: the response is carried, the narrowing said, and the round trip finds the
/// operation on the wire.
#[test]
fn an_answer_in_any_type_is_answered_as_json() {
    let thing =
        serde_json::json!({ "type": "object", "properties": { "id": { "type": "string" } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things": { "get": { "responses": {
            "200": { "description": "ok", "content": { "*/*": { "schema": thing } } } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let family = file(&imported, "things.yaml");
    assert!(family.contains("    response: "), "{family}");
    let said: Vec<&str> = imported.losses.iter().map(|l| l.message.as_str()).collect();
    assert_eq!(said, ["a `*/*` answer is answered as JSON, one type of it"]);
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// An `options` operation (AWS API Gateway's mock integrations answering CORS questions
/// themselves) is an `OPTIONS` endpoint, found whole by the round trip; a `trace` one is
/// left out, and said.
#[test]
fn an_options_operation_is_an_options_endpoint() {
    let empty = serde_json::json!({ "type": "object" });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/assets": {
            "options": { "responses": { "200": { "description": "ok", "content": {
                "application/json": { "schema": empty } } } } },
            "trace": { "responses": { "200": { "description": "ok" } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let family = file(&imported, "assets.yaml");
    assert!(family.contains("    method: OPTIONS\n"), "{family}");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.len() == 1 && said[0].contains("TRACE /assets"),
        "{said:#?}"
    );
    let trip = super::import::round_trip(&document, &imported);
    let options = trip
        .operations
        .iter()
        .find(|v| v.method == "options")
        .expect("compared");
    assert!(options.faithful, "{options:?}");
}

/// Request bodies every JSON one of which may come as `text/json` too (ASP.NET's): the
/// service reads JSON of any type (`request_content_type: any`), OpenAPI says `*/*`, and the
/// round trip finds them on the wire, the wider reading a faithful difference the import
/// says. Where only some may, `text/json` is left out, said as a wire loss.
#[test]
fn json_by_another_name_is_read_where_every_body_may_come_so() {
    let body = serde_json::json!({ "required": true, "content": {
        "application/json": { "schema": { "$ref": "#/components/schemas/Note" } },
        "text/json": { "schema": { "$ref": "#/components/schemas/Note" } } } });
    let document = |second: serde_json::Value| {
        serde_json::json!({
            "openapi": "3.0.0",
            "info": { "title": "T", "version": "1" },
            "paths": {
                "/notes": { "post": { "requestBody": body.clone(),
                    "responses": { "204": { "description": "ok" } } } },
                "/drafts": { "post": { "requestBody": second,
                    "responses": { "204": { "description": "ok" } } } }
            },
            "components": { "schemas": { "Note": { "type": "object",
                "properties": { "title": { "type": "string" } } } } }
        })
    };
    let every = document(body.clone());
    let imported = restspec_import::import(&every, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(service.contains("request_content_type: any"), "{service}");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.iter()
            .all(|s| s.contains("whatever a request's type says"))
            && said.len() == 2,
        "{said:#?}"
    );
    assert_every_operation_on_the_wire(&every, &imported);
    let some = document(serde_json::json!({ "required": true, "content": {
        "application/json": { "schema": { "$ref": "#/components/schemas/Note" } } } }));
    let imported = restspec_import::import(&some, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(!service.contains("request_content_type"), "{service}");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.len() == 1 && said[0].contains("`text/json` request body is left out"),
        "{said:#?}"
    );
}

/// An answer listed in `application/hal+json` with links beside `application/json` with a
/// schema of its own (ConfigCat's) is the `application/json` one: the export names its body
/// so, and the round trip finds it on the wire.
#[test]
fn an_answers_json_schema_is_the_one_application_json_has() {
    let hal = serde_json::json!({ "type": "object", "properties": {
        "name": { "type": "string" }, "_links": { "type": "object" } } });
    let plain = serde_json::json!({ "type": "object", "additionalProperties": false,
        "properties": { "name": { "type": "string" } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/configs": { "get": { "responses": { "200": {
            "description": "ok",
            "content": {
                "application/hal+json": { "schema": hal },
                "application/json": { "schema": plain }
            }
        } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let family = file(&imported, "configs.yaml");
    assert!(!family.contains("_links"), "{family}");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// The headers of a `default` answer (Telstra's `Content-Language`, Azure's request ids)
/// are those any error answer may carry (`error_headers`): a required one is optional
/// (the runtime's own answers carry none) and said so, HTTP's framing is the runtime's, a
/// row declaring one of them leaves it to `error_headers`, and the round trip finds the
/// operations on the wire.
#[test]
fn a_default_answer_s_headers_are_every_error_answer_s() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/numbers": { "get": { "responses": {
            "204": { "description": "ok" },
            "404": { "description": "none", "headers": {
                "x-request-id": { "schema": { "type": "string" } },
                "Retry-After": { "schema": { "type": "integer" } }
            } },
            "default": { "description": "an error", "headers": {
                "Content-Language": { "required": true, "schema": { "type": "string" } },
                "X-Request-Id": { "schema": { "type": "string" } },
                "Content-Length": { "schema": { "type": "integer" } }
            } }
        } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains(
            "  error_headers:\n    Content-Language: { type: string }\n    \
             X-Request-Id: { type: string }\n\n"
        ),
        "{service}"
    );
    assert!(
        service.contains("    headers:\n      Retry-After: { type: integer }\n"),
        "{service}"
    );
    assert!(!service.contains("x-request-id"), "{service}");
    let said: Vec<(String, String)> = imported
        .losses
        .iter()
        .map(|l| (l.pointer.clone(), l.message.clone()))
        .collect();
    assert_eq!(
        said,
        [(
            "/paths/~1numbers/get/responses/default/headers/Content-Language/required".to_owned(),
            "response header `Content-Language` of the default answer is optional: the \
             runtime's own error answers carry none"
                .to_owned()
        )]
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// Numbers listed as the values of text (Probely's `type: string` of `[10, 20, 30]`) are
/// their text: the enumeration keeps them, each said as read so, and the round trip finds
/// the operation on the wire.
#[test]
fn numbers_listed_as_values_of_text_are_their_text() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/findings": { "get": { "responses": { "200": {
            "description": "ok",
            "content": { "application/json": { "schema": {
                "type": "object", "properties": {
                    "severity": { "type": "string", "enum": [10, 20, 30] } } } } }
        } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains(r#"values: ["10", "20", "30"]"#),
        "{service}"
    );
    let said: Vec<&str> = imported.losses.iter().map(|l| l.message.as_str()).collect();
    assert_eq!(said.len(), 3, "{said:#?}");
    assert!(
        said[0].contains("the number 10 among the values of text"),
        "{said:#?}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A success answered in one text type only, whose schema is one value (Microsoft Graph's
/// `$count` in `text/plain`, a CSV export, a state word), is that value written as text
/// (`response_media`); bytes (`format: binary`) and a text type beside JSON stay losses.
#[test]
fn a_text_answer_of_one_value_is_written_as_text() {
    let answer = |media: &str, schema: serde_json::Value| {
        let mut entry = serde_json::json!({});
        if !schema.is_null() {
            entry["schema"] = schema;
        }
        serde_json::json!({ "get": { "responses": { "200": {
            "description": "done", "content": { media: entry } } } } })
    };
    let count = serde_json::json!({ "$ref": "#/components/schemas/Count" });
    let state = serde_json::json!({ "type": "string", "enum": ["open", "closed"] });
    let text = serde_json::json!({ "type": "string" });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/users/$count": answer("text/plain", count),
            "/state": answer("text/plain; charset=utf-8", state),
            "/report": answer("text/csv", text.clone()),
            "/health": answer("text/plain", serde_json::Value::Null)
        },
        "components": { "schemas": { "Count": { "type": "integer", "format": "int32" } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let users = file(&imported, "users.yaml");
    assert!(users.contains("    response: int32\n"), "{users}");
    assert!(
        users.contains("    response_media: text/plain\n"),
        "{users}"
    );
    let report = file(&imported, "report.yaml");
    assert!(
        report.contains("    response_media: text/csv\n"),
        "{report}"
    );
    load(&imported);
    assert_every_operation_faithful(&document, &imported);

    let bytes = serde_json::json!({ "type": "string", "format": "binary" });
    let mut both = answer("application/json", text.clone());
    both["get"]["responses"]["200"]["content"]["text/plain"] =
        serde_json::json!({ "schema": text });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/file": answer("text/plain", bytes), "/both": both }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert_eq!(said.len(), 2, "{said:#?}");
    assert!(said.iter().all(|s| s.contains("text/plain")), "{said:#?}");
    assert!(!file(&imported, "file.yaml").contains("response_media"));
    assert!(!file(&imported, "both.yaml").contains("response_media"));
}
