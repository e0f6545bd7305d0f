//! Success answers written as text: Microsoft Graph's `$count` answers `42` as
//! `text/plain`, a status page `ok`, an export its CSV. Where an answer's only media type
//! is text and its schema one value (a string, number, boolean or string enumeration; a
//! string where it has none), the endpoint answers that value as text in that media type
//! (`response_media`). Everything else stays as `bodies.rs` reads it: JSON, or a loss.

use serde_json::Value;

use crate::bodies::Body;
use crate::media::{essence, is_textual};
use crate::operations::Operation;
use crate::report::Losses;
use crate::round_trip::refs;
use crate::schemas::Types;

impl<'d> Operation<'_, 'd> {
    /// The body of a success answer: text where it is one value of a text type, else as
    /// `response_body` reads it.
    pub(crate) fn success_body(
        &self,
        response: &'d Value,
        at: &str,
        types: &mut Types<'d>,
        hint: &str,
        losses: &mut Losses,
    ) -> Option<Body> {
        self.text_body(response, at, types, hint, losses)
            .or_else(|| self.response_body(response, at, types, hint, losses))
    }

    fn text_body(
        &self,
        response: &'d Value,
        at: &str,
        types: &mut Types<'d>,
        hint: &str,
        losses: &mut Losses,
    ) -> Option<Body> {
        let content = response.get("content").and_then(Value::as_object)?;
        // One media type only: an endpoint writes its answer in one.
        let mut entries = content.iter();
        let (Some((media, value)), None) = (entries.next(), entries.next()) else {
            return None;
        };
        if !is_textual(media) {
            return None;
        }
        let schema_at = refs::push(&refs::push(&refs::push(at, "content"), media), "schema");
        let spelled = match value.get("schema") {
            None => "string".to_owned(),
            Some(schema) => {
                let (resolved, _) = refs::Doc::new(self.document)
                    .resolve(schema, schema_at.clone())
                    .ok()?;
                if !one_value(resolved) {
                    return None;
                }
                types.use_of(schema, &schema_at, hint, losses).spelled
            }
        };
        Some(Body {
            spelled,
            nullable: false,
            media: Some(essence(media)),
        })
    }
}

/// A schema each value of which is one scalar, written as its text: a string (not bytes),
/// a number, a boolean, or a string enumeration; never `null`.
fn one_value(schema: &Value) -> bool {
    let Some(object) = schema.as_object() else {
        return false;
    };
    let composed = ["allOf", "oneOf", "anyOf", "not", "$ref"];
    if composed.iter().any(|k| object.contains_key(*k))
        || object.get("nullable").and_then(Value::as_bool) == Some(true)
    {
        return false;
    }
    match object.get("type").and_then(Value::as_str) {
        Some("string") => object.get("format").and_then(Value::as_str) != Some("binary"),
        // Listed numbers would be an enumeration of another kind than text.
        Some("integer" | "number" | "boolean") => !object.contains_key("enum"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::one_value;

    #[test]
    fn one_value_is_a_scalar_that_is_never_null() {
        assert!(one_value(&json!({ "type": "integer", "format": "int32" })));
        assert!(one_value(
            &json!({ "type": "string", "enum": ["ok", "down"] })
        ));
        assert!(!one_value(&json!({ "type": "string", "format": "binary" })));
        assert!(!one_value(&json!({ "type": "string", "nullable": true })));
        assert!(!one_value(&json!({ "type": "object" })));
        assert!(!one_value(&json!({ "type": "integer", "enum": [1, 2] })));
        assert!(!one_value(&json!({ "oneOf": [{ "type": "string" }] })));
    }
}
