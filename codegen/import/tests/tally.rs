//! Summaries and tallies over comparisons.

// Tests index and unwrap freely: a failing expectation there is the test failing.
#![allow(clippy::indexing_slicing, clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use restspec_import::round_trip::{Count, Kind, Summary, Tally, compare};
use serde_json::json;

#[test]
fn summaries_and_tallies_count_operations_and_categories() {
    let original = doc(json!({
        "/a": { "get": { "parameters": [
            { "name": "q", "in": "query", "schema": { "type": "string", "pattern": "x", "format": "email" } },
            { "name": "H", "in": "header", "schema": { "type": "string" } }
        ], "responses": { "204": { "description": "done" } } } },
        "/b": { "get": { "parameters": [
            { "name": "q", "in": "query", "schema": { "type": "string", "pattern": "x" } }
        ], "responses": { "204": { "description": "done" } } } },
        "/c": { "get": { "responses": { "204": { "description": "done" } } } }
    }));
    let exported = doc(json!({
        "/a": { "get": { "parameters": [
            { "name": "q", "in": "query", "schema": { "type": "string" } }
        ], "responses": { "204": { "description": "done" } } } },
        "/b": { "get": { "parameters": [
            { "name": "q", "in": "query", "schema": { "type": "string" } }
        ], "responses": { "204": { "description": "done" } } } },
        "/c": { "get": { "responses": { "204": { "description": "done" } } } }
    }));
    let c = compare(&original, &exported);
    let mut total = Summary::default();
    total.add(c.summary());
    total.add(Summary::of(&c));
    assert_eq!(
        total,
        Summary {
            operations: 6,
            on_wire: 4,
            faithful: 2
        }
    );

    let mut tally = Tally::new();
    tally.add(&c);
    assert_eq!(
        tally.ranked(Kind::Wire),
        [(
            "header parameter",
            Count {
                differences: 1,
                operations: 1,
                sole: 1
            }
        )]
    );
    assert_eq!(
        tally.ranked(Kind::Faithful),
        [
            (
                "pattern",
                Count {
                    differences: 2,
                    operations: 2,
                    sole: 1
                }
            ),
            (
                "format",
                Count {
                    differences: 1,
                    operations: 1,
                    sole: 0
                }
            ),
        ]
    );
}

#[test]
fn differences_of_one_category_are_capped_per_operation() {
    let properties: serde_json::Map<String, serde_json::Value> = (0..30)
        .map(|i| (format!("p{i}"), json!({ "type": "string", "pattern": "x" })))
        .collect();
    let bare: serde_json::Map<String, serde_json::Value> = (0..30)
        .map(|i| (format!("p{i}"), json!({ "type": "string" })))
        .collect();
    let original = doc(get_returning(
        json!({ "type": "object", "properties": properties }),
    ));
    let exported = doc(get_returning(
        json!({ "type": "object", "properties": bare }),
    ));
    let v = &compare(&original, &exported).operations[0];
    assert!(v.on_wire && !v.faithful);
    assert_eq!(
        v.differences.len(),
        restspec_import::round_trip::MAX_PER_CATEGORY
    );
}
