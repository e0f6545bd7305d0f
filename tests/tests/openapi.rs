//! The OpenAPI document of every fixture, the bookshop and the example's `spec/`: snapshot
//! (`cargo insta review` shows a change), and the properties a reader relies on: one
//! operation per endpoint and form, unique operation ids, every `$ref` resolving, every
//! path parameter declared, the quota group of every operation, one path item per resource
//! the service routes.

use std::collections::BTreeSet;
use std::path::Path;

use restspec_tests::cli::run_restspec;
use serde_json::Value;

/// The document of the spec in `dir` (relative to this crate), and the number of operations
/// it should have: each endpoint under the authenticated prefix, if there is one, and without
/// it where a caller can use that form.
fn document(dir: &str) -> (Value, usize) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = match restspec_codegen::Loader::dir(manifest.join(dir))
        .display_dir(dir)
        .load()
    {
        Ok(loaded) => loaded,
        Err(errors) => panic!("{dir} should be valid:\n{errors}"),
    };
    let service = &loaded.service;
    let prefixed = service.conventions.authenticated_prefix.is_some();
    let operations = service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .map(|e| {
            usize::from(prefixed)
                + usize::from(!prefixed || restspec_codegen::openapi::plain_form_usable(service, e))
        })
        .sum();
    (restspec_codegen::openapi::document(service), operations)
}

/// Every `"$ref"` value in `value`.
fn refs<'v>(value: &'v Value, out: &mut Vec<&'v str>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                match (key.as_str(), v) {
                    ("$ref", Value::String(target)) => out.push(target),
                    _ => refs(v, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

fn check(name: &str, dir: &str) {
    let (doc, expected) = document(dir);
    assert_eq!(doc["openapi"], "3.1.0");
    let mut ids = BTreeSet::new();
    let mut operations = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        // Each `{name}` of the template, a whole segment or with text around it
        // (`{sid}.json`), several in one segment too (`{name}-{version}.zip`).
        let declared: BTreeSet<&str> = path
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(name, _)| name))
            .collect();
        for (method, op) in item.as_object().expect("a path item") {
            operations += 1;
            let id = op["operationId"].as_str().expect("an operation id");
            assert!(ids.insert(id.to_owned()), "{name}: operation id {id} twice");
            assert!(
                op["x-quota-group"].is_string(),
                "{name}: {method} {path} has no quota group"
            );
            let in_path: BTreeSet<&str> = op["parameters"]
                .as_array()
                .expect("parameters")
                .iter()
                .filter(|p| p["in"] == "path")
                .filter_map(|p| p["name"].as_str())
                .collect();
            assert_eq!(declared, in_path, "{name}: {method} {path}");
            assert!(
                op["responses"]
                    .as_object()
                    .is_some_and(|r| r.keys().any(|k| k.starts_with('2'))),
                "{name}: {method} {path} has no success"
            );
        }
    }
    assert_eq!(operations, expected, "{name}");
    // The service routes `/x/` and `/x` alike, so no two paths may differ only in a
    // trailing slash: each path's methods are all those the service allows there.
    let mut routes = BTreeSet::new();
    for path in doc["paths"].as_object().expect("paths").keys() {
        assert!(
            routes.insert(path.trim_end_matches('/')),
            "{name}: {path} and {path}/ are one resource to the service, documented twice"
        );
    }
    let mut targets = Vec::new();
    refs(&doc, &mut targets);
    for target in targets {
        let pointer = target.strip_prefix('#').expect("a local reference");
        assert!(
            doc.pointer(pointer).is_some(),
            "{name}: {target} does not resolve"
        );
    }
    let text = serde_json::to_string_pretty(&doc).expect("JSON") + "\n";
    // `openapi__openapi_<name>.snap`, the name it has had since this file was a test
    // binary of its own (insta would otherwise prefix the binary's module path).
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(format!("openapi__openapi_{name}"), text));
}

#[test]
fn example_spec() {
    check("example_spec", "../spec");
}

#[test]
fn fixtures_and_bookshop() {
    for dir in restspec_tests::SPEC_DIRS {
        let name = dir.rsplit('/').find(|s| *s != "spec").unwrap_or(dir);
        check(name, dir);
    }
}

#[test]
fn the_document_declares_the_statuses_the_runtime_answers_by_default() {
    for condition in restspec_runtime::Condition::ALL {
        assert_eq!(
            restspec_codegen::openapi::default_status(condition.name()),
            Some(condition.default_status()),
            "{}",
            condition.name()
        );
    }
}

#[test]
fn the_cli_writes_the_same_document_as_json_and_as_yaml() {
    let run =
        |extra: &[&str]| run_restspec(&[&["openapi", "fixtures/conventions"][..], extra].concat());
    let (expected, _) = document("fixtures/conventions");
    let json: Value = serde_json::from_str(&run(&[])).expect("JSON");
    assert_eq!(json, expected);
    let yaml: Value = serde_saphyr::from_str(&run(&["--yaml"])).expect("YAML");
    assert_eq!(yaml, expected);
}

/// The example's writes always answer 403 without the authenticated prefix: the document
/// lists them under `/a/` only (its reads under both), unless the spec asks for every form;
/// a body with a field that must be there is required, one whose fields may all be left
/// out (`abandon`'s) is not, as the runtime reads an empty body as `{}`.
#[test]
fn anonymous_forms_are_listed_where_a_caller_can_use_them() {
    let (doc, _) = document("../spec");
    let paths = &doc["paths"];
    assert!(paths["/changes/"]["get"].is_object(), "an anonymous read");
    assert!(
        paths["/changes/"].get("post").is_none(),
        "an anonymous write"
    );
    assert_eq!(
        paths["/a/changes/"]["post"]["requestBody"]["required"],
        true
    );
    assert_eq!(
        paths["/a/changes/{change-id}/abandon"]["post"]["requestBody"]["required"],
        false
    );

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec");
    let mut sources = restspec_tests::spec_sources::spec_sources(&dir);
    let service = sources
        .iter_mut()
        .find(|s| s.text.contains("  openapi_path: /openapi.json\n"))
        .expect("the service file");
    service.text = service.text.replacen(
        "  openapi_path: /openapi.json\n",
        "  openapi_path: /openapi.json\n  openapi_anonymous_forms: all\n",
        1,
    );
    let loaded = restspec_codegen::Loader::sources(sources)
        .load()
        .unwrap_or_else(|e| panic!("{e}"));
    let every = restspec_codegen::openapi::document(&loaded.service);
    assert_eq!(
        every["paths"]["/changes/"]["post"]["operationId"],
        "create_change_anonymous"
    );
}

/// The compact document of the spec in `dir`, as the generator writes it.
fn compact(dir: &str) -> String {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    match restspec_codegen::Loader::dir(manifest.join(dir))
        .display_dir(dir)
        .load()
    {
        Ok(loaded) => restspec_codegen::openapi::to_compact_json(&loaded.service),
        Err(errors) => panic!("{dir} should be valid:\n{errors}"),
    }
}

#[test]
fn every_door_serves_the_compact_document_byte_for_byte() {
    use restspec_tests::{build_script, macro_door};
    // The build script's `OPENAPI` is an `include_str!` of the file it writes beside the
    // code; the macro's a string literal in the expansion.
    let served = [
        (
            "fixtures/minimal",
            build_script::minimal::OPENAPI,
            macro_door::minimal::OPENAPI,
        ),
        (
            "fixtures/conventions",
            build_script::conventions::OPENAPI,
            macro_door::conventions::OPENAPI,
        ),
        (
            "fixtures/seed_quota",
            build_script::seed_quota::OPENAPI,
            macro_door::seed_quota::OPENAPI,
        ),
        (
            "fixtures/all_types",
            build_script::all_types::OPENAPI,
            macro_door::all_types::OPENAPI,
        ),
        (
            "../spec",
            build_script::example_spec::OPENAPI,
            macro_door::example_spec::OPENAPI,
        ),
    ];
    for (dir, built, expanded) in served {
        let document = compact(dir);
        assert!(
            built == document,
            "{dir}: the build script's document differs"
        );
        assert!(expanded == document, "{dir}: the macro's document differs");
    }
    // The example (macro door) serves its spec's document, as compact JSON, unchanged.
    assert!(review_service::api::OPENAPI == compact("../spec"));
    let example: Value = serde_json::from_str(review_service::api::OPENAPI).expect("JSON");
    assert_eq!(
        serde_json::to_string(&example).expect("JSON"),
        review_service::api::OPENAPI,
        "compact, in the order serde_json writes"
    );
}

/// A code several rows answer has their descriptions joined and their bodies side by side
/// as `anyOf` (an answer may fit both: `oneOf` would refuse it); the request id is on
/// every answer, the rate-limit headers on those given after the quota check, `Location`
/// on a 201.
#[test]
fn responses_join_their_rows_and_carry_their_headers() {
    let (gitlab, _) = document("../generated-example/gitlab/spec");
    let mut typed = 0;
    for item in gitlab["paths"].as_object().expect("paths").values() {
        for op in item.as_object().expect("a path item").values() {
            let Some(refused) = op["responses"].get("400") else {
                continue;
            };
            let schema = &refused["content"]["application/json"]["schema"];
            assert!(schema.get("oneOf").is_none(), "{schema}");
            if let Some(both) = schema.get("anyOf") {
                typed += 1;
                assert_eq!(both.as_array().map(Vec::len), Some(2), "{both}");
                let described = refused["description"].as_str().expect("a description");
                assert!(
                    described.contains("\n\n"),
                    "both rows described: {described}"
                );
            }
        }
    }
    assert!(
        typed > 0,
        "a 400 with the typed body beside the error shape"
    );

    // Without `early_refusals` (the GitLab subset), refusals before the quota check carry
    // no budget; successes do.
    let (gitlab, _) = document("../generated-example/gitlab/spec");
    let mut refusals = 0;
    for (path, item) in gitlab["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("a path item") {
            for (code, response) in op["responses"].as_object().expect("responses") {
                let limited = response["headers"].get("RateLimit-Remaining").is_some();
                // A 403 may be a handler's (after the quota check); a 401 is the
                // pipeline's alone.
                if code == "401" {
                    refusals += 1;
                    assert!(!limited, "{method} {path} {code}: {response}");
                } else if code.starts_with('2') {
                    assert!(limited, "{method} {path} {code}: {response}");
                }
            }
        }
    }
    assert!(
        refusals > 0,
        "the GitLab subset has refusals before the quota check"
    );

    let (common, _) = document("fixtures/common_style");
    let header = |name: &str| serde_json::json!({ "$ref": format!("#/components/headers/{name}") });
    for (path, item) in common["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("a path item") {
            for (code, response) in op["responses"].as_object().expect("responses") {
                let headers = &response["headers"];
                assert_eq!(
                    headers["X-Request-Id"],
                    header("X-Request-Id"),
                    "{method} {path} {code}"
                );
                let limited = headers.get("RateLimit-Remaining").is_some();
                // 401 and 403 are answered before the quota check, successes and 429
                // after; the fixture's `early_refusals: charged` puts the budget on both.
                let charted =
                    code.starts_with('2') || ["401", "403", "429"].contains(&code.as_str());
                if charted {
                    assert!(limited, "{method} {path} {code}: {headers}");
                }
            }
            if let Some(created) = op["responses"].get("201") {
                assert_eq!(created["headers"]["Location"], header("Location"));
            }
        }
    }
    for name in ["X-Request-Id", "RateLimit-Remaining"] {
        assert!(common["components"]["headers"][name].is_object(), "{name}");
    }
    let (example, _) = document("../spec");
    let created = &example["paths"]["/a/changes/"]["post"]["responses"]["201"];
    assert_eq!(created["headers"]["Location"], header("Location"));
    assert!(example["components"]["headers"]["Location"].is_object());
}

/// A form body documents its bracket notation: records and maps as `deepObject`, lists
/// as repeated keys; the JSON form of the same body has no `encoding`.
#[test]
fn form_bodies_document_their_bracket_notation() {
    let (payments, _) = document("fixtures/payments");
    let body = &payments["paths"]["/customers"]["post"]["requestBody"];
    let encoding = &body["content"]["application/x-www-form-urlencoded"]["encoding"];
    assert_eq!(
        encoding["metadata"],
        serde_json::json!({ "style": "deepObject", "explode": true })
    );
    assert_eq!(
        encoding["expand"],
        serde_json::json!({ "style": "form", "explode": true })
    );
    assert!(
        body["content"]["application/json"]
            .get("encoding")
            .is_none()
    );
    assert!(
        body["description"]
            .as_str()
            .is_some_and(|d| d.contains("metadata[plan]"))
    );
}

/// A status row's headers are stated on every answer of the row, the runtime's and the
/// handlers' alike, and on no other.
#[test]
fn a_rows_headers_are_stated_on_its_answers() {
    let (payments, _) = document("fixtures/payments");
    let product = &payments["paths"]["/products/{product}"]["get"]["responses"];
    assert_eq!(
        product["404"]["headers"]["Stripe-Should-Retry"]["schema"],
        serde_json::json!({ "type": "boolean" })
    );
    assert!(
        product["404"]["headers"]["Stripe-Should-Retry"]
            .get("required")
            .is_none(),
        "the runtime's own 404s carry none"
    );
    assert!(
        product["200"]["headers"]
            .get("Stripe-Should-Retry")
            .is_none()
    );
    assert!(
        product["400"]["headers"]
            .get("Stripe-Should-Retry")
            .is_none()
    );
}
