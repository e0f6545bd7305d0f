//! A record every use of which admits `null` is written as a schema that admits `null`
//! itself, its uses plain references: `{"$ref": "#/components/schemas/PlaidError"}`
//! rather than `anyOf` of the reference and `{"type": "null"}` at each use. The two say
//! the same; this is how documents write such a type (OpenAPI 3.0's `nullable: true` on
//! the component), and what readers of the document expect to find.

use std::collections::BTreeMap;

use serde_json::{Value, json};

const PREFIX: &str = "#/components/schemas/";

/// Folds the `null` of every use of a component into the component, where every use has
/// it and the component names one `type`.
pub(super) fn fold(doc: &mut Value) {
    // Component → (uses admitting null, uses not).
    let mut uses: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    count(doc, &mut uses);
    let Some(Value::Object(schemas)) = doc.pointer_mut("/components/schemas") else {
        return;
    };
    let mut folded = Vec::new();
    for (name, schema) in schemas.iter_mut() {
        if let Some(&(nullable, 0)) = uses.get(name)
            && nullable > 0
            && let Some(Value::String(ty)) = schema.get("type").cloned()
        {
            schema["type"] = json!([ty, "null"]);
            folded.push(format!("{PREFIX}{name}"));
        }
    }
    if !folded.is_empty() {
        unwrap(doc, &folded);
    }
}

/// The reference a use admitting `null` wraps: `anyOf` of it and `{"type": "null"}`.
fn wrapped(node: &Value) -> Option<&str> {
    let Value::Object(map) = node else {
        return None;
    };
    let Some(Value::Array(alternatives)) = map.get("anyOf") else {
        return None;
    };
    if map.len() != 1 || alternatives.len() != 2 || alternatives[1] != json!({ "type": "null" }) {
        return None;
    }
    alternatives[0].get("$ref")?.as_str()
}

fn count(node: &Value, uses: &mut BTreeMap<String, (usize, usize)>) {
    if let Some(reference) = wrapped(node) {
        if let Some(name) = reference.strip_prefix(PREFIX) {
            uses.entry(name.to_owned()).or_default().0 += 1;
        }
        // The reference's siblings (a description) say nothing of other components.
        return;
    }
    match node {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get("$ref")
                && let Some(name) = reference.strip_prefix(PREFIX)
            {
                uses.entry(name.to_owned()).or_default().1 += 1;
            }
            map.values().for_each(|v| count(v, uses));
        }
        Value::Array(items) => items.iter().for_each(|v| count(v, uses)),
        _ => {}
    }
}

/// Replaces each use wrapping a reference in `folded` by the reference.
fn unwrap(node: &mut Value, folded: &[String]) {
    if let Some(reference) = wrapped(node)
        && folded.iter().any(|f| f == reference)
    {
        let inner = node["anyOf"][0].take();
        *node = inner;
        return;
    }
    match node {
        Value::Object(map) => map.values_mut().for_each(|v| unwrap(v, folded)),
        Value::Array(items) => items.iter_mut().for_each(|v| unwrap(v, folded)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    fn or_null(name: &str) -> serde_json::Value {
        json!({ "anyOf": [{ "$ref": format!("#/components/schemas/{name}") }, { "type": "null" }] })
    }

    fn plain(name: &str) -> serde_json::Value {
        json!({ "$ref": format!("#/components/schemas/{name}") })
    }

    /// Only a component every use of which admits `null`, and which names one `type`, is
    /// folded; its uses become plain references, the others' are kept.
    #[test]
    fn only_components_null_at_every_use_fold() {
        let mut doc = json!({
            "paths": { "/a": { "get": { "responses": { "200": { "content": {
                "application/json": { "schema": or_null("Error") } } } } } } },
            "components": { "schemas": {
                "Error": { "type": "object", "properties": { "code": { "type": "string" } } },
                "Holder": { "type": "object", "properties": {
                    "error": or_null("Error"),
                    "sometimes": or_null("Mixed"),
                    "always": plain("Mixed"),
                    "composed": or_null("Composed")
                } },
                "Mixed": { "type": "object" },
                "Composed": { "allOf": [plain("Mixed")] }
            } }
        });
        super::fold(&mut doc);
        let schemas = &doc["components"]["schemas"];
        assert_eq!(schemas["Error"]["type"], json!(["object", "null"]));
        assert_eq!(schemas["Holder"]["properties"]["error"], plain("Error"));
        assert_eq!(
            doc["paths"]["/a"]["get"]["responses"]["200"]["content"]["application/json"]["schema"],
            plain("Error")
        );
        assert_eq!(schemas["Mixed"]["type"], "object", "a plain use keeps it");
        assert_eq!(
            schemas["Holder"]["properties"]["sometimes"],
            or_null("Mixed")
        );
        assert!(
            schemas["Composed"].get("type").is_none(),
            "no `type` to widen"
        );
        assert_eq!(
            schemas["Holder"]["properties"]["composed"],
            or_null("Composed")
        );
    }
}
