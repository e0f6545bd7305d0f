//! Helpers shared by the integration tests: small documents and verdict assertions.

#![allow(dead_code, unreachable_pub)]
#![allow(clippy::indexing_slicing, clippy::unwrap_used, clippy::panic)]

use restspec_import::round_trip::{Comparison, Difference, Kind, Verdict};
use serde_json::{Value, json};

/// An OpenAPI 3.0 document with these `paths` (and no components).
pub fn doc(paths: Value) -> Value {
    json!({ "openapi": "3.0.3", "info": { "title": "t", "version": "1" }, "paths": paths })
}

/// An OpenAPI 3.0 document with these `paths` and `components.schemas`.
pub fn doc_with_schemas(paths: Value, schemas: Value) -> Value {
    let mut d = doc(paths);
    d["components"] = json!({ "schemas": schemas });
    d
}

/// The same document as OpenAPI 3.1 (what restspec exports).
pub fn v31(mut d: Value) -> Value {
    d["openapi"] = json!("3.1.0");
    d
}

/// `GET /x` answering 200 with a JSON body of `schema`.
pub fn get_returning(schema: Value) -> Value {
    json!({ "/x": { "get": { "responses": { "200": {
        "description": "ok",
        "content": { "application/json": { "schema": schema } }
    } } } } })
}

/// `GET /x` taking these parameters, answering 204.
pub fn get_with_params(params: Value) -> Value {
    json!({ "/x": { "get": {
        "parameters": params,
        "responses": { "204": { "description": "done" } }
    } } })
}

/// The only verdict of a comparison.
pub fn only(c: &Comparison) -> &Verdict {
    assert_eq!(c.operations.len(), 1, "{c:#?}");
    &c.operations[0]
}

/// Asserts `v` is faithful.
pub fn assert_faithful(v: &Verdict) {
    assert!(
        v.on_wire && v.faithful && v.differences.is_empty(),
        "{v:#?}"
    );
}

/// Asserts `v` is on the wire but not faithful, with exactly one difference, of kind
/// Faithful, at `pointer`; returns it.
pub fn assert_only_faithful_difference<'v>(v: &'v Verdict, pointer: &str) -> &'v Difference {
    assert!(v.on_wire && !v.faithful, "{v:#?}");
    assert_eq!(v.differences.len(), 1, "{v:#?}");
    let d = &v.differences[0];
    assert_eq!(
        (d.kind, d.pointer.as_str()),
        (Kind::Faithful, pointer),
        "{v:#?}"
    );
    d
}

/// Asserts `v` is not on the wire, with exactly one difference, of kind Wire, at
/// `pointer`; returns it.
pub fn assert_only_wire_difference<'v>(v: &'v Verdict, pointer: &str) -> &'v Difference {
    assert!(!v.on_wire && !v.faithful, "{v:#?}");
    assert_eq!(v.differences.len(), 1, "{v:#?}");
    let d = &v.differences[0];
    assert_eq!(
        (d.kind, d.pointer.as_str()),
        (Kind::Wire, pointer),
        "{v:#?}"
    );
    d
}
