//! The document as its authors meant it, and parameters as they are on the wire: a
//! parameter's union with an alternative of any text is text (GitHub's `workflow_id`, an
//! integer or a string), and a query parameter of one value or a list of them is a list
//! (PeerTube's `tagsOneOf`: `?tags=a` is a list of one). Where what it says admits
//! nothing: an alternative of a union of another kind than the schema's `type` (GitHub's
//! object beside a list of names, under `type: array`) is left out; text values listed on a list of text (Vimeo's `content_filter`: `type: array`, `enum: [drugs,
//! language, ...]`, `items: {type: string}`) are the items' values, since a list equals no
//! text. The import reads it so; the judge compares against the same reading, with the
//! values moved onto `items` (a referenced item wrapped in an `allOf` beside them), or
//! dropped where the items list them already.

use serde_json::{Map, Value};

/// `document` with each such enumeration moved onto its items; `None` when it has none
/// (the judge then reads the document as it is, without a copy).
pub(crate) fn read(document: &Value) -> Option<Value> {
    if !has_any(document, document) {
        return None;
    }
    let mut copy = document.clone();
    move_all(document, &mut copy);
    Some(copy)
}

/// Whether `schema` (an object) lists text values on a list of text.
fn listed_on_list(schema: &Map<String, Value>) -> bool {
    let text_values = schema
        .get("enum")
        .and_then(Value::as_array)
        .is_some_and(|values| !values.is_empty() && values.iter().all(Value::is_string));
    // Items without values of their own, or with these among theirs (Dracoon's
    // `grantTypes` lists them twice).
    let items_agree =
        schema
            .get("items")
            .and_then(Value::as_object)
            .is_some_and(|items| match items.get("enum").and_then(Value::as_array) {
                None => true,
                Some(own) => schema
                    .get("enum")
                    .and_then(Value::as_array)
                    .is_some_and(|values| values.iter().all(|v| own.contains(v))),
            });
    schema.get("type").and_then(Value::as_str) == Some("array") && text_values && items_agree
}

/// The kind of value the schema's `type` names, where it names one (an `integer` is a
/// `number`).
fn kind(schema: &Map<String, Value>) -> Option<&str> {
    schema.get("type").and_then(Value::as_str).map(widened)
}

fn widened(kind: &str) -> &str {
    if kind == "integer" { "number" } else { kind }
}

/// Whether an alternative of `schema`'s union says a kind its `type` excludes (GitHub's
/// object beside a list of names under `type: array`): it admits nothing.
fn of_other_kind(document: &Value, schema: &Map<String, Value>) -> Option<&'static str> {
    let own = kind(schema)?;
    ["oneOf", "anyOf"].into_iter().find(|keyword| {
        schema
            .get(*keyword)
            .and_then(Value::as_array)
            .is_some_and(|parts| parts.iter().any(|part| excluded(document, part, own)))
    })
}

/// Whether `part` (followed through its `$ref`), an alternative of a union whose schema
/// says `type: own`, says another kind (`null` aside, the union's way of saying it may be
/// `null`): it admits nothing there. The import leaves such alternatives out too.
pub(crate) fn excluded(document: &Value, part: &Value, own: &str) -> bool {
    let part = match part.get("$ref").and_then(Value::as_str) {
        Some(reference) => match super::refs::Doc::new(document).lookup(reference) {
            Some((target, _)) => target,
            None => return false,
        },
        None => part,
    };
    part.as_object()
        .and_then(kind)
        .is_some_and(|kind| kind != widened(own) && kind != "null")
}

/// A query parameter's schema that is one value or a list of them (`oneOf: [{type:
/// string}, {type: array, items: {type: string}}]`, the items said beside the union or in
/// its list): the list's items and where they are, and the schemas saying what the list
/// must be (its count, its uniqueness). Sent as `form`, a list of one is written as that
/// one value is, so the list alone says the same on the wire.
pub(crate) struct OneOrMany<'a> {
    pub(crate) items: &'a Value,
    pub(crate) items_at: String,
    pub(crate) lists: Vec<(&'a Map<String, Value>, String)>,
}

/// `parameter`'s schema (at `at`, the parameter's pointer) as [`OneOrMany`], where it is a
/// query parameter of style `form` whose schema is a union of a value and a list of such.
pub(crate) fn one_or_many<'a>(
    document: &'a Value,
    parameter: &'a Map<String, Value>,
    at: &str,
) -> Option<OneOrMany<'a>> {
    let form = parameter
        .get("style")
        .and_then(Value::as_str)
        .unwrap_or("form")
        == "form";
    if parameter.get("in").and_then(Value::as_str) != Some("query") || !form {
        return None;
    }
    list_union(
        document,
        parameter.get("schema")?,
        super::refs::push(at, "schema"),
    )
}

/// `schema` (at `at`) as [`OneOrMany`], where it is a union of a value and a list of such.
pub(crate) fn list_union<'a>(
    document: &'a Value,
    schema: &'a Value,
    at: String,
) -> Option<OneOrMany<'a>> {
    let doc = super::refs::Doc::new(document);
    let (schema, schema_at) = doc.resolve(schema, at).ok()?;
    let (keyword, parts) = ["oneOf", "anyOf"]
        .into_iter()
        .find_map(|k| Some((k, schema.get(k)?.as_array()?)))?;
    let [first, second] = parts.as_slice() else {
        return None;
    };
    let union_at = super::refs::push(&schema_at, keyword);
    let resolved = |part: &'a Value, index: usize| {
        doc.resolve(part, super::refs::push(&union_at, &index.to_string()))
            .ok()
    };
    let ((list, list_at), (one, _)) = match (resolved(first, 0)?, resolved(second, 1)?) {
        (a, b) if is_list(a.0) => (a, b),
        (a, b) if is_list(b.0) => (b, a),
        _ => return None,
    };
    let (items, items_at) = match list.get("items") {
        Some(items) => (items, super::refs::push(&list_at, "items")),
        None => (schema.get("items")?, super::refs::push(&schema_at, "items")),
    };
    // The same schema (as written, or behind its reference), or values of one kind.
    let (item, _) = doc.resolve(items, String::new()).ok()?;
    let one_kind = one.as_object().and_then(kind);
    let same = items == one
        || item == one
        || (one_kind.is_some_and(|k| ["string", "number", "boolean"].contains(&k))
            && item.as_object().and_then(kind) == one_kind);
    if !same {
        return None;
    }
    let mut lists = Vec::new();
    for (object, at) in [(schema, schema_at), (list, list_at)] {
        if let Some(object) = object.as_object() {
            lists.push((object, at));
        }
    }
    Some(OneOrMany {
        items,
        items_at,
        lists,
    })
}

/// Whether `schema` says it is a list.
fn is_list(schema: &Value) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("array")
}

/// The list schema a [`OneOrMany`] means: its items, and what its lists say of it.
fn as_list(found: &OneOrMany<'_>) -> Value {
    let mut list = Map::new();
    for (object, _) in &found.lists {
        for (key, value) in *object {
            if !["oneOf", "anyOf", "items", "type"].contains(&key.as_str()) {
                list.entry(key.clone()).or_insert_with(|| value.clone());
            }
        }
    }
    list.insert("type".to_owned(), Value::String("array".to_owned()));
    list.insert("items".to_owned(), found.items.clone());
    Value::Object(list)
}

/// Whether `map` is a parameter whose schema is a union with an alternative of any text
/// (GitHub's `workflow_id`: an integer or a string): on the wire a parameter is text, and
/// that alternative admits every text, so the union is plain text.
fn text_union_parameter(document: &Value, map: &Map<String, Value>) -> bool {
    let parameter = map
        .get("in")
        .and_then(Value::as_str)
        .is_some_and(|place| ["path", "query", "header", "cookie"].contains(&place));
    parameter && map.get("schema").is_some_and(|s| text_union(document, s))
}

/// Whether `schema` is a union with an alternative of any text (`{ type: string }`, itself
/// or through a `$ref`: PeerTube's id, uuid or short uuid), which as a parameter's is plain
/// text: the import reads it so too.
pub(crate) fn text_union(document: &Value, schema: &Value) -> bool {
    let any_text = |part: &Value| {
        let part = match part.get("$ref").and_then(Value::as_str) {
            Some(reference) => match super::refs::Doc::new(document).lookup(reference) {
                Some((target, _)) => target,
                None => return false,
            },
            None => part,
        };
        part.as_object().is_some_and(|part| {
            part.get("type").and_then(Value::as_str) == Some("string")
                && part.keys().all(|k| {
                    ["type", "description", "title", "example", "examples"].contains(&k.as_str())
                })
        })
    };
    ["oneOf", "anyOf"].iter().any(|keyword| {
        schema
            .get(*keyword)
            .and_then(Value::as_array)
            .is_some_and(|parts| parts.iter().any(any_text))
    })
}

fn has_any(document: &Value, value: &Value) -> bool {
    match value {
        Value::Object(map) => {
            listed_on_list(map)
                || one_or_many(document, map, "").is_some()
                || text_union_parameter(document, map)
                || of_other_kind(document, map).is_some()
                || map.values().any(|v| has_any(document, v))
        }
        Value::Array(items) => items.iter().any(|v| has_any(document, v)),
        _ => false,
    }
}

/// Leaves out of `schema`'s union the alternatives its `type` excludes; one left is the
/// schema's part (`allOf`), as a union of one is.
fn drop_other_kinds(document: &Value, schema: &mut Map<String, Value>) {
    let Some(keyword) = of_other_kind(document, schema) else {
        return;
    };
    let own = kind(schema).unwrap_or_default().to_owned();
    let Some(Value::Array(parts)) = schema.remove(keyword) else {
        return;
    };
    let kept: Vec<Value> = parts
        .into_iter()
        .filter(|part| !excluded(document, part, &own))
        .collect();
    let key = if kept.len() == 1 { "allOf" } else { keyword };
    if let Some(Value::Array(all)) = schema.get_mut(key) {
        all.extend(kept);
    } else {
        schema.insert(key.to_owned(), Value::Array(kept));
    }
}

fn move_all(document: &Value, value: &mut Value) {
    match value {
        Value::Object(map) => {
            let list = one_or_many(document, map, "").map(|f| as_list(&f));
            if let Some(list) = list {
                map.insert("schema".to_owned(), list);
            }
            if text_union_parameter(document, map)
                && let Some(Value::Object(schema)) = map.get_mut("schema")
            {
                schema.remove("oneOf");
                schema.remove("anyOf");
                schema.insert("type".to_owned(), Value::String("string".to_owned()));
            }
            drop_other_kinds(document, map);
            if listed_on_list(map)
                && let Some(values) = map.remove("enum")
                && let Some(Value::Object(items)) = map.get_mut("items")
            {
                if items.contains_key("$ref") {
                    let referenced = Value::Object(std::mem::take(items));
                    items.insert("allOf".to_owned(), Value::Array(vec![referenced]));
                }
                items.entry("enum").or_insert(values);
            }
            map.values_mut().for_each(|v| move_all(document, v));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| move_all(document, v)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn text_values_on_a_list_of_text_are_the_items() {
        let document = json!({ "components": { "schemas": {
            "User": { "properties": {
                "filter": { "type": "array", "enum": ["a", "b"], "items": { "type": "string" } },
                "kinds": { "type": "array", "enum": ["x"], "items": { "$ref": "#/k" } },
                "fine": { "type": "array", "items": { "type": "string", "enum": ["c"] } },
                "twice": { "type": "array", "enum": ["c"], "items": { "type": "string", "enum": ["c", "d"] } }
            } }
        } } });
        let meant = super::read(&document).expect("moved");
        let user = &meant["components"]["schemas"]["User"]["properties"];
        assert_eq!(
            user["filter"],
            json!({ "type": "array", "items": { "type": "string", "enum": ["a", "b"] } })
        );
        assert_eq!(
            user["kinds"]["items"],
            json!({ "allOf": [{ "$ref": "#/k" }], "enum": ["x"] })
        );
        assert_eq!(
            user["fine"],
            document["components"]["schemas"]["User"]["properties"]["fine"]
        );
        assert_eq!(
            user["twice"],
            json!({ "type": "array", "items": { "type": "string", "enum": ["c", "d"] } })
        );
        assert!(super::read(&json!({ "paths": {} })).is_none());
    }

    #[test]
    fn a_parameters_union_with_any_text_is_text() {
        let document = json!({ "parameters": [
            { "name": "workflow_id", "in": "path", "schema": { "oneOf": [
                { "type": "integer" }, { "type": "string" }] } },
            { "name": "id", "in": "path", "schema": { "oneOf": [
                { "type": "integer" }, { "type": "string", "format": "uuid" }] } }
        ] });
        let meant = super::read(&document).expect("changed");
        assert_eq!(
            meant["parameters"][0]["schema"],
            json!({ "type": "string" })
        );
        assert_eq!(meant["parameters"][1], document["parameters"][1]);
        // Through references too (PeerTube's id, uuid or short uuid).
        let document = json!({
            "components": { "schemas": {
                "id": { "type": "integer", "minimum": 1 },
                "shortUUID": { "type": "string", "description": "a shorter uuid" } } },
            "parameters": [{ "name": "id", "in": "path", "schema": { "oneOf": [
                { "$ref": "#/components/schemas/id" },
                { "$ref": "#/components/schemas/shortUUID" }] } }]
        });
        let meant = super::read(&document).expect("changed");
        assert_eq!(
            meant["parameters"][0]["schema"],
            json!({ "type": "string" })
        );
    }

    #[test]
    fn alternatives_the_type_excludes_are_left_out() {
        let document = json!({
            "components": { "schemas": { "Names": { "type": "object" } } },
            "body": { "type": "array", "items": { "type": "string" }, "oneOf": [
                { "$ref": "#/components/schemas/Names" },
                { "type": "array", "items": { "type": "string" } }
            ] },
            "count": { "type": "integer", "anyOf": [{ "type": "number" }, { "type": "string" }, { "type": "boolean" }] }
        });
        let meant = super::read(&document).expect("changed");
        assert_eq!(
            meant["body"],
            json!({ "type": "array", "items": { "type": "string" },
                "allOf": [{ "type": "array", "items": { "type": "string" } }] })
        );
        assert_eq!(
            meant["count"],
            json!({ "type": "integer", "allOf": [{ "type": "number" }] })
        );
    }
}
