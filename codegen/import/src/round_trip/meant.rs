//! The document as its authors meant it, where what it says admits nothing: text values
//! listed on a list of text (Vimeo's `content_filter`: `type: array`, `enum: [drugs,
//! language, ...]`, `items: {type: string}`) are the items' values, since a list equals no
//! text. The import reads it so; the judge compares against the same reading, with the
//! values moved onto `items` (a referenced item wrapped in an `allOf` beside them), or
//! dropped where the items list them already.

use serde_json::{Map, Value};

/// `document` with each such enumeration moved onto its items; `None` when it has none
/// (the judge then reads the document as it is, without a copy).
pub(crate) fn read(document: &Value) -> Option<Value> {
    if !has_any(document) {
        return None;
    }
    let mut copy = document.clone();
    move_all(&mut copy);
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

fn has_any(value: &Value) -> bool {
    match value {
        Value::Object(map) => listed_on_list(map) || map.values().any(has_any),
        Value::Array(items) => items.iter().any(has_any),
        _ => false,
    }
}

fn move_all(value: &mut Value) {
    match value {
        Value::Object(map) => {
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
            map.values_mut().for_each(move_all);
        }
        Value::Array(items) => items.iter_mut().for_each(move_all),
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
}
