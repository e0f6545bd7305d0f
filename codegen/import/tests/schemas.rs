//! Schema rules: types, objects, composition, recursion, constraints.

// Tests index and unwrap freely: a failing expectation there is the test failing.
#![allow(clippy::indexing_slicing, clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use restspec_import::round_trip::{Kind, compare};
use serde_json::{Value, json};

/// Compares `GET /x` answering `original` with `GET /x` answering `exported`, each with
/// its own `components.schemas`.
fn answers(
    original: Value,
    schemas: Value,
    exported: Value,
    exported_schemas: Value,
) -> restspec_import::round_trip::Verdict {
    let a = doc_with_schemas(get_returning(original), schemas);
    let b = v31(doc_with_schemas(get_returning(exported), exported_schemas));
    compare(&a, &b).operations.remove(0)
}

const BODY: &str = "/paths/~1x/get/responses/200/content/application~1json/schema";

#[test]
fn all_of_equals_the_merged_object() {
    let v = answers(
        json!({ "$ref": "#/components/schemas/Pet" }),
        json!({
            "Base": { "type": "object", "required": ["id"], "properties": { "id": { "type": "integer" } } },
            "Pet": { "allOf": [
                { "$ref": "#/components/schemas/Base" },
                { "required": ["name"], "properties": { "name": { "type": "string" } } }
            ] }
        }),
        json!({ "$ref": "#/components/schemas/Pet" }),
        json!({ "Pet": { "type": "object", "required": ["id", "name"], "properties": {
            "name": { "type": "string" }, "id": { "type": "integer" }
        } } }),
    );
    assert_faithful(&v);
}

#[test]
fn a_missing_pattern_is_on_the_wire_but_not_faithful() {
    let original = doc(get_with_params(json!([
        { "name": "q", "in": "query", "schema": { "type": "string", "pattern": "^[a-z]+$" } }
    ])));
    let exported = doc(get_with_params(json!([
        { "name": "q", "in": "query", "schema": { "type": "string" } }
    ])));
    let v = &compare(&original, &exported).operations[0];
    let d = assert_only_faithful_difference(v, "/paths/~1x/get/parameters/0/schema/pattern");
    assert_eq!(d.what, "pattern `^[a-z]+$` missing");
    assert_eq!(d.category, "pattern");
}

#[test]
fn integer_and_number_differ_on_the_wire() {
    let v = answers(
        json!({ "$ref": "#/components/schemas/Count" }),
        json!({ "Count": { "type": "object", "properties": { "n": { "type": "integer" } } } }),
        json!({ "type": "object", "properties": { "n": { "type": "number" } } }),
        json!({}),
    );
    let d = assert_only_wire_difference(&v, "/components/schemas/Count/properties/n/type");
    assert_eq!(d.category, "type");
}

#[test]
fn nullable_in_3_0_equals_a_null_type_in_3_1() {
    let v = answers(
        json!({ "type": "object", "properties": {
            "a": { "type": "string", "nullable": true },
            "b": { "allOf": [{ "$ref": "#/components/schemas/B" }], "nullable": true },
            "c": { "type": "string" }
        } }),
        json!({ "B": { "type": "object" } }),
        json!({ "type": "object", "properties": {
            "a": { "type": ["string", "null"] },
            "b": { "anyOf": [{ "$ref": "#/components/schemas/B" }, { "type": "null" }] },
            "c": { "type": "string" }
        } }),
        json!({ "B": { "type": "object" } }),
    );
    assert_faithful(&v);
    let v = answers(
        json!({ "type": "string" }),
        json!({}),
        json!({ "type": ["string", "null"] }),
        json!({}),
    );
    assert_only_wire_difference(&v, &format!("{BODY}/type"));
}

/// A nullable declaration of a property admits `null` only where every other declaration
/// does: a nullable string declared again over a string enumeration (Asana's
/// `resource_subtype`) is the enumeration, never `null`. A nullable reference (`allOf`
/// beside `nullable`, or of a reference and a nullable type, as DigitalOcean's
/// `region_slug`) stays nullable.
#[test]
fn a_nullable_part_of_a_conjunction_narrows_to_the_others() {
    let subtype = json!({ "type": "string", "enum": ["task", "milestone"] });
    let redeclared = json!({ "type": "object", "properties": { "s": subtype } });
    let original = json!({ "allOf": [
        redeclared,
        { "type": "object", "properties": { "s": { "type": "string", "nullable": true } } }
    ] });
    let v = answers(original.clone(), json!({}), redeclared.clone(), json!({}));
    assert_faithful(&v);
    let nullable = json!({ "type": "object", "properties": {
        "s": { "type": ["string", "null"], "enum": ["task", "milestone"] }
    } });
    let v = answers(original, json!({}), nullable, json!({}));
    assert_only_wire_difference(&v, &format!("{BODY}/allOf/0/properties/s/type"));
    let idiom = json!({ "allOf": [
        { "$ref": "#/components/schemas/Slug" }, { "type": "string", "nullable": true }
    ] });
    let slug = json!({ "Slug": { "type": "string" } });
    let v = answers(
        idiom,
        slug.clone(),
        json!({ "type": ["string", "null"] }),
        slug,
    );
    assert_faithful(&v);
}

#[test]
fn recursive_schemas_terminate_and_compare() {
    let schemas = json!({
        "Node": { "type": "object", "properties": {
            "name": { "type": "string", "pattern": "^n" },
            "children": { "type": "array", "items": { "$ref": "#/components/schemas/Node" } },
            "parent": { "allOf": [{ "$ref": "#/components/schemas/Node" }] }
        } },
        "Forest": { "type": "array", "items": { "$ref": "#/components/schemas/Tree" } },
        "Tree": { "type": "object", "properties": { "root": { "$ref": "#/components/schemas/Node" } } }
    });
    let paths = json!({
        "/node": { "get": { "responses": { "200": { "description": "ok", "content": {
            "application/json": { "schema": { "$ref": "#/components/schemas/Node" } } } } } } },
        "/forest": { "get": { "responses": { "200": { "description": "ok", "content": {
            "application/json": { "schema": { "$ref": "#/components/schemas/Forest" } } } } } } }
    });
    let original = doc_with_schemas(paths, schemas);
    for v in &compare(&original, &original).operations {
        assert_faithful(v);
    }
    // A difference inside the recursion is reported by every operation that reaches it,
    // whichever reached it first.
    let mut exported = original.clone();
    exported["components"]["schemas"]["Node"]["properties"]["name"] = json!({ "type": "string" });
    let c = compare(&original, &exported);
    for v in &c.operations {
        assert_only_faithful_difference(v, "/components/schemas/Node/properties/name/pattern");
    }
    let c = compare(&exported, &original);
    for v in &c.operations {
        let d = assert_only_faithful_difference(v, "/components/schemas/Node/properties/name");
        assert_eq!(d.what, "pattern `^n` added in the export");
    }
}

/// A keyword for another kind of value than the schema's `type` admits (WHAPI's `pattern`
/// on an `integer`, a `maxItems` on a string) constrains nothing: no difference.
#[test]
fn keywords_for_another_kind_of_value_are_no_difference() {
    let v = answers(
        json!({ "type": "object", "properties": {
            "id": { "type": "integer", "pattern": "^(OB_OU\\d+)$" },
            "name": { "type": "string", "maxItems": 3 } } }),
        json!({}),
        json!({ "type": "object", "properties": {
            "id": { "type": "integer" }, "name": { "type": "string" } } }),
        json!({}),
    );
    assert_faithful(&v);
    // Of the kind it is for, a missing one is a difference still.
    let v = answers(
        json!({ "type": "object", "properties": { "id": { "type": "integer", "minimum": 1 } } }),
        json!({}),
        json!({ "type": "object", "properties": { "id": { "type": "integer" } } }),
        json!({}),
    );
    assert_eq!(
        assert_only_faithful_difference(&v, &format!("{BODY}/properties/id/minimum")).category,
        "minimum"
    );
}

#[test]
fn one_of_compares_as_a_set_and_one_alternative_is_that_alternative() {
    let v = answers(
        json!({ "oneOf": [{ "type": "string" }, { "type": "integer", "minimum": 1 }], "type": "object" }),
        json!({}),
        json!({ "oneOf": [{ "type": "integer", "minimum": 1 }, { "type": "string" }] }),
        json!({}),
    );
    // `type: object` beside alternatives that are no objects admits nothing.
    assert!(!v.on_wire);
    let v = answers(
        json!({ "oneOf": [{ "type": "string" }, { "type": "integer", "minimum": 1 }] }),
        json!({}),
        json!({ "anyOf": [{ "type": "integer", "minimum": 1 }, { "type": "string" }] }),
        json!({}),
    );
    let d = assert_only_faithful_difference(&v, &format!("{BODY}/oneOf"));
    assert_eq!(d.category, "union keyword");
    let v = answers(
        json!({ "oneOf": [{ "$ref": "#/components/schemas/A" }] }),
        json!({ "A": { "type": "object", "properties": { "a": { "type": "string" } } } }),
        json!({ "type": "object", "properties": { "a": { "type": "string" } } }),
        json!({}),
    );
    assert_faithful(&v);
}

#[test]
fn a_union_alternative_without_a_counterpart_is_a_wire_difference() {
    let v = answers(
        json!({ "anyOf": [{ "type": "string" }, { "type": "boolean" }, { "type": "array", "items": { "type": "string" } }] }),
        json!({}),
        json!({ "anyOf": [{ "type": "string" }, { "type": "array", "items": { "type": "string" } }] }),
        json!({}),
    );
    assert_only_wire_difference(&v, &format!("{BODY}/anyOf/1"));
}

#[test]
fn discriminators_compare_property_and_mapping_targets() {
    let schemas = json!({
        "Cat": { "type": "object", "properties": { "kind": { "type": "string" }, "purrs": { "type": "boolean" } } },
        "Dog": { "type": "object", "properties": { "kind": { "type": "string" }, "barks": { "type": "boolean" } } }
    });
    let original = json!({
        "oneOf": [{ "$ref": "#/components/schemas/Cat" }, { "$ref": "#/components/schemas/Dog" }],
        "discriminator": { "propertyName": "kind" }
    });
    // Implicit mapping (schema names) against an explicit one to renamed schemas.
    let mut renamed = json!({ "PetCat": schemas["Cat"].clone(), "PetDog": schemas["Dog"].clone() });
    let exported = json!({
        "oneOf": [{ "$ref": "#/components/schemas/PetDog" }, { "$ref": "#/components/schemas/PetCat" }],
        "discriminator": { "propertyName": "kind", "mapping": {
            "Cat": "#/components/schemas/PetCat", "Dog": "#/components/schemas/PetDog"
        } }
    });
    assert_faithful(&answers(
        original.clone(),
        schemas.clone(),
        exported.clone(),
        renamed.clone(),
    ));
    // A value now leads to a schema of another shape.
    renamed["PetDog"]["properties"]["barks"] = json!({ "type": "string" });
    let v = answers(original, schemas, exported, renamed);
    assert!(!v.on_wire);
    assert!(v.differences.iter().any(|d| d.category == "discriminator"
        && d.pointer == format!("{BODY}/oneOf/1")
        && d.kind == Kind::Wire));
}

#[test]
fn objects_compare_properties_required_and_additional_properties() {
    let open = [
        json!({}),
        json!({ "additionalProperties": true }),
        json!({ "additionalProperties": {} }),
    ];
    for a in &open {
        for b in &open {
            let mut x = a.clone();
            x["type"] = json!("object");
            let mut y = b.clone();
            y["type"] = json!("object");
            assert_faithful(&answers(x, json!({}), y, json!({})));
        }
    }
    let v = answers(
        json!({ "type": "object", "properties": { "a": { "type": "string" } }, "required": ["a"] }),
        json!({}),
        json!({ "type": "object", "properties": { "a": { "type": "string" }, "b": { "type": "string" } },
                "additionalProperties": false }),
        json!({}),
    );
    let found: Vec<(&str, &str)> = v
        .differences
        .iter()
        .map(|d| (d.category, d.pointer.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            ("property", format!("{BODY}/properties").as_str()),
            ("required", format!("{BODY}/required").as_str()),
            ("additionalProperties", BODY),
        ]
    );
    let v = answers(
        json!({ "type": "object", "additionalProperties": { "type": "integer" } }),
        json!({}),
        json!({ "type": "object", "additionalProperties": { "type": "string" } }),
        json!({}),
    );
    assert_only_wire_difference(&v, &format!("{BODY}/additionalProperties/type"));
}

#[test]
fn enums_are_sets_on_the_wire() {
    let v = answers(
        json!({ "type": "string", "enum": ["a", "b", "c"] }),
        json!({}),
        json!({ "type": "string", "enum": ["c", "a", "b"] }),
        json!({}),
    );
    assert_faithful(&v);
    let v = answers(
        json!({ "enum": ["a", "b"] }),
        json!({}),
        json!({ "type": "string", "enum": ["a"] }),
        json!({}),
    );
    let d = assert_only_wire_difference(&v, &format!("{BODY}/enum"));
    assert_eq!(d.what, "enum value(s) `b` missing");
    let v = answers(
        json!({ "const": 3 }),
        json!({}),
        json!({ "type": "integer", "enum": [3.0] }),
        json!({}),
    );
    assert_faithful(&v);
}

#[test]
fn exclusive_bounds_of_3_0_and_3_1_are_one() {
    let v = answers(
        json!({ "type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 10 }),
        json!({}),
        json!({ "type": "number", "exclusiveMinimum": 0, "maximum": 10.0 }),
        json!({}),
    );
    assert_faithful(&v);
    let v = answers(
        json!({ "type": "number", "minimum": 0, "exclusiveMinimum": true }),
        json!({}),
        json!({ "type": "number", "minimum": 0 }),
        json!({}),
    );
    let d = assert_only_faithful_difference(&v, &format!("{BODY}/minimum"));
    assert_eq!(d.what, "minimum `0 (exclusive)`, exported `0`");
}

#[test]
fn constraint_keywords_are_faithful_differences() {
    let v = answers(
        json!({ "type": "object", "properties": {
            "a": { "type": "string", "format": "date-time", "minLength": 1, "default": "x", "readOnly": true },
            "b": { "type": "array", "items": { "type": "integer" }, "uniqueItems": true, "maxItems": 3 }
        } }),
        json!({}),
        json!({ "type": "object", "properties": {
            "a": { "type": "string", "format": "date-time", "minLength": 1, "default": "x", "readOnly": true,
                   "description": "changed", "title": "T", "examples": ["e"], "x-thing": 1 },
            "b": { "type": "array", "items": { "type": "integer", "format": "int64" } }
        } }),
        json!({}),
    );
    assert!(v.on_wire && !v.faithful);
    let mut found: Vec<&str> = v.differences.iter().map(|d| d.category).collect();
    found.sort_unstable();
    assert_eq!(found, ["format", "maxItems", "uniqueItems"]);
    assert!(v.differences.iter().all(|d| d.kind == Kind::Faithful));
}

#[test]
fn an_unresolvable_reference_is_a_wire_difference_of_the_original() {
    let v = answers(
        json!({ "$ref": "other.yaml#/Pet" }),
        json!({}),
        json!({ "type": "object" }),
        json!({}),
    );
    let found: Vec<(Kind, &str, &str)> = v
        .differences
        .iter()
        .map(|d| (d.kind, d.category, d.pointer.as_str()))
        .collect();
    let at = format!("{BODY}/$ref");
    assert_eq!(found[0], (Kind::Wire, "$ref", at.as_str()));
    // "any" against an object: the type differs too.
    assert_eq!(found[1].1, "type");
}

#[test]
fn ref_siblings_apply_in_3_1_only() {
    let schemas = json!({ "S": { "type": "string" } });
    let original = json!({ "$ref": "#/components/schemas/S", "maxLength": 3 });
    // 3.0 ignores `maxLength` beside `$ref`.
    assert_faithful(&answers(
        original.clone(),
        schemas.clone(),
        json!({ "type": "string" }),
        json!({}),
    ));
    let mut a = v31(doc_with_schemas(get_returning(original), schemas));
    let b = doc_with_schemas(get_returning(json!({ "type": "string" })), json!({}));
    let v = compare(&a, &b).operations.remove(0);
    assert_only_faithful_difference(&v, &format!("{BODY}/maxLength"));
    a["openapi"] = json!("3.0.1");
    assert_faithful(&compare(&a, &b).operations[0]);
}

#[test]
fn deep_and_long_documents_stay_within_the_stack() {
    // 400 objects nested inline, and a chain of 400 references, each differing at the end.
    let mut nested = json!({ "type": "string", "pattern": "deep" });
    for _ in 0..400 {
        nested = json!({ "type": "object", "properties": { "a": nested } });
    }
    let mut chain = serde_json::Map::new();
    for i in 0..400 {
        chain.insert(
            format!("S{i}"),
            json!({ "type": "object", "properties": { "next": { "$ref": format!("#/components/schemas/S{}", i + 1) } } }),
        );
    }
    chain.insert(
        "S400".into(),
        json!({ "type": "string", "pattern": "deep" }),
    );
    let paths = json!({
        "/nested": { "get": { "responses": { "200": { "description": "ok", "content": {
            "application/json": { "schema": nested } } } } } },
        "/chain": { "get": { "responses": { "200": { "description": "ok", "content": {
            "application/json": { "schema": { "$ref": "#/components/schemas/S0" } } } } } } }
    });
    let original = doc_with_schemas(paths, Value::Object(chain));
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let c = compare(&original, &original);
            assert!(c.operations.iter().all(|v| v.faithful));
            let mut exported = original.clone();
            exported["components"]["schemas"]["S1"] = json!({ "type": "integer" });
            let c = compare(&original, &exported);
            let by = |path: &str| c.operations.iter().find(|v| v.path == path).expect(path);
            assert!(by("/nested").faithful);
            assert!(!by("/chain").on_wire);
        })
        .unwrap();
    handle.join().unwrap();
}

/// Whether `null` is admitted is a property of a union as a whole: an alternative marked
/// `nullable` against a nullable union of the same alternatives is the same on the wire;
/// a union that admits `null` against one that does not is not.
#[test]
fn a_nullable_alternative_is_a_nullable_union() {
    let object = json!({ "type": "object", "properties": { "a": { "type": "string" } } });
    let mut nullable_object = object.clone();
    nullable_object["nullable"] = json!(true);
    let original = json!({ "anyOf": [nullable_object, { "type": "integer" }] });
    let v = answers(
        original.clone(),
        json!({}),
        json!({ "anyOf": [object, { "type": "integer" }, { "type": "null" }] }),
        json!({}),
    );
    assert!(v.on_wire, "{:#?}", v.differences);
    let v = answers(
        original,
        json!({}),
        json!({ "anyOf": [object, { "type": "integer" }] }),
        json!({}),
    );
    assert!(!v.on_wire, "{:#?}", v.differences);
}

/// A single value is written alike exploded or not (Microsoft Graph's `$top` with
/// `explode: false`): no difference; a list's is another spelling.
#[test]
fn explode_changes_nothing_of_a_single_value() {
    let original = doc(get_with_params(json!([
        { "name": "$top", "in": "query", "style": "form", "explode": false,
          "schema": { "type": "integer" } },
        { "name": "ids", "in": "query", "style": "form", "explode": false,
          "schema": { "type": "array", "items": { "type": "string" } } }
    ])));
    let exported = doc(get_with_params(json!([
        { "name": "$top", "in": "query", "schema": { "type": "integer" } },
        { "name": "ids", "in": "query", "schema": { "type": "array", "items": { "type": "string" } } }
    ])));
    let v = &compare(&original, &exported).operations[0];
    let d = assert_only_faithful_difference(v, "/paths/~1x/get/parameters/1/explode");
    assert_eq!(d.category, "parameter style");
}
