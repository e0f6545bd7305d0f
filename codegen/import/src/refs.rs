//! Finding things in the document: local `$ref`s and JSON pointers, which every warning
//! uses to say where in the document it is about.

use serde_json::Value;

/// `segment` escaped for a JSON pointer (`/` as `~1`, `~` as `~0`).
pub(crate) fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// `base` with `segment` appended.
pub(crate) fn join(base: &str, segment: &str) -> String {
    format!("{base}/{}", escape(segment))
}

/// The value `$ref` names when it is local (`#/components/schemas/Pet`), with its pointer.
pub(crate) fn local<'d>(document: &'d Value, reference: &str) -> Option<(&'d Value, String)> {
    let pointer = reference.strip_prefix('#')?;
    let decoded = percent_decode(pointer);
    document.pointer(&decoded).map(|v| (v, decoded))
}

/// Follows `$ref`s (a chain of them too, at most 32) from `value` at `pointer`: the value
/// they end at and its pointer, or the first reference that leads nowhere.
pub(crate) fn resolve<'d>(
    document: &'d Value,
    value: &'d Value,
    pointer: &str,
) -> Result<(&'d Value, String), String> {
    let (mut value, mut pointer) = (value, pointer.to_owned());
    for _ in 0..32 {
        let Some(reference) = value.get("$ref").and_then(Value::as_str) else {
            return Ok((value, pointer));
        };
        match local(document, reference) {
            Some((target, at)) => (value, pointer) = (target, at),
            None => return Err(reference.to_owned()),
        }
    }
    Err(value
        .get("$ref")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned())
}

/// `%7B` and friends decoded, as a `$ref`'s fragment may be written.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = text.get(i + 1..i + 3)
            && let Ok(byte) = u8::from_str_radix(hex, 16)
        {
            out.push(byte);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn references_are_followed_through_chains_and_escapes() {
        let doc = json!({
            "components": { "schemas": {
                "A": { "$ref": "#/components/schemas/B" },
                "B": { "type": "string" },
                "a/b": { "type": "integer" },
                "Loop": { "$ref": "#/components/schemas/Loop" }
            }}
        });
        let a = &doc["components"]["schemas"]["A"];
        let (value, at) = resolve(&doc, a, "/components/schemas/A").expect("resolved");
        assert_eq!(
            (value, at.as_str()),
            (&json!({"type": "string"}), "/components/schemas/B")
        );
        let slash = json!({ "$ref": "#/components/schemas/a~1b" });
        assert_eq!(
            resolve(&doc, &slash, "").expect("resolved").0["type"],
            "integer"
        );
        let missing = json!({ "$ref": "other.json#/x" });
        assert_eq!(resolve(&doc, &missing, ""), Err("other.json#/x".to_owned()));
        let lp = &doc["components"]["schemas"]["Loop"];
        assert!(resolve(&doc, lp, "").is_err());
        assert_eq!(join("/paths", "/pets/{id}"), "/paths/~1pets~1{id}");
    }
}
