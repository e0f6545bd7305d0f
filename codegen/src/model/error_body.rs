//! A spec's JSON error body (`error_body`), cut into the pieces the runtime writes: JSON
//! text as it is, and the values each error fills in (`{message}`, `{status}`, ...).
//!
//! The cutting is done here, at generation time, so that an error answer is one pass over
//! a few constant strings.

use serde_json::Value;

/// A piece of the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorPiece {
    /// JSON text.
    Text(String),
    /// A placeholder (`message`, `status`, `reason`, `name`), inside a JSON string unless
    /// it was a whole value.
    Value(String),
}

/// Calls `found` with the name of every `{name}` in the strings of `body`.
pub fn placeholders(body: &Value, found: &mut impl FnMut(&str)) {
    match body {
        Value::String(text) => {
            for part in split(text) {
                if let Part::Placeholder(name) = part {
                    found(name);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| placeholders(v, found)),
        Value::Object(fields) => fields.values().for_each(|v| placeholders(v, found)),
        _ => {}
    }
}

/// Where the first string holding `{message}` stands in `body`, as a JSON pointer (RFC
/// 6901: `/message`, `/error/message`); `""` when none does.
pub fn message_pointer(body: &Value) -> String {
    /// Follows `step` into `item`: true (the step kept) when the message is there.
    fn within(step: String, item: &Value, at: &mut Vec<String>) -> bool {
        at.push(step);
        if find(item, at) {
            return true;
        }
        at.pop();
        false
    }
    fn find(value: &Value, at: &mut Vec<String>) -> bool {
        match value {
            Value::String(s) => split(s)
                .iter()
                .any(|part| matches!(part, Part::Placeholder("message"))),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .any(|(i, item)| within(i.to_string(), item, at)),
            Value::Object(fields) => fields
                .iter()
                .any(|(key, item)| within(key.replace('~', "~0").replace('/', "~1"), item, at)),
            _ => false,
        }
    }
    let mut at = Vec::new();
    find(body, &mut at);
    at.iter().map(|step| format!("/{step}")).collect()
}

/// The pieces of `body`, adjacent text joined. `"{status}"` as a whole value is the bare
/// number; every other placeholder stays inside its string.
pub fn pieces(body: &Value) -> Vec<ErrorPiece> {
    let mut out = Vec::new();
    write(body, &mut out);
    let mut joined: Vec<ErrorPiece> = Vec::new();
    for piece in out {
        match (joined.last_mut(), piece) {
            (Some(ErrorPiece::Text(last)), ErrorPiece::Text(text)) => last.push_str(&text),
            (_, piece) => joined.push(piece),
        }
    }
    joined
}

fn text(out: &mut Vec<ErrorPiece>, text: &str) {
    out.push(ErrorPiece::Text(text.to_owned()));
}

fn write(value: &Value, out: &mut Vec<ErrorPiece>) {
    match value {
        Value::String(s) if s == "{status}" => out.push(ErrorPiece::Value("status".to_owned())),
        // The field an input error is about, as a whole value: a string, or `null`.
        Value::String(s) if s == "{field}" => out.push(ErrorPiece::Value("field_json".to_owned())),
        Value::String(s) => {
            text(out, "\"");
            for part in split(s) {
                match part {
                    Part::Text(t) => {
                        let quoted = serde_json::to_string(t).unwrap_or_default();
                        text(out, &quoted[1..quoted.len() - 1]);
                    }
                    Part::Placeholder(name) => out.push(ErrorPiece::Value(name.to_owned())),
                }
            }
            text(out, "\"");
        }
        Value::Array(items) => {
            text(out, "[");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    text(out, ",");
                }
                write(item, out);
            }
            text(out, "]");
        }
        Value::Object(fields) => {
            text(out, "{");
            for (i, (key, item)) in fields.iter().enumerate() {
                if i > 0 {
                    text(out, ",");
                }
                text(out, &serde_json::to_string(key).unwrap_or_default());
                text(out, ":");
                write(item, out);
            }
            text(out, "}");
        }
        other => text(out, &other.to_string()),
    }
}

enum Part<'a> {
    Text(&'a str),
    Placeholder(&'a str),
}

/// `text` cut at its `{name}` placeholders (a name is letters and `_`).
fn split(text: &str) -> Vec<Part<'_>> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_alphabetic() || c == '_'))
            .unwrap_or(after.len());
        if name_len > 0 && after[name_len..].starts_with('}') {
            if open > 0 {
                parts.push(Part::Text(&rest[..open]));
            }
            parts.push(Part::Placeholder(&after[..name_len]));
            rest = &after[name_len + 1..];
        } else {
            parts.push(Part::Text(&rest[..=open]));
            rest = after;
        }
    }
    if !rest.is_empty() {
        parts.push(Part::Text(rest));
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn cuts_a_body_at_its_values() {
        let body = json!({
            "message": "{message}",
            "status": "{status}",
            "doc": "https://docs.example/{name}#x{y",
        });
        let pieces = pieces(&body);
        let text = |t: &str| ErrorPiece::Text(t.to_owned());
        let value = |v: &str| ErrorPiece::Value(v.to_owned());
        assert_eq!(
            pieces,
            [
                text(r#"{"doc":"https://docs.example/"#),
                value("name"),
                text(r#"#x{y","message":""#),
                value("message"),
                text(r#"","status":"#),
                value("status"),
                text("}"),
            ]
        );
        let mut names = Vec::new();
        placeholders(&body, &mut |n| names.push(n.to_owned()));
        assert_eq!(names, ["name", "message", "status"]);
        assert_eq!(message_pointer(&body), "/message");
    }

    #[test]
    fn finds_the_message_at_any_depth() {
        let nested = json!({ "error": { "type": "{name}", "a/b": ["x", "see {message}"] } });
        assert_eq!(message_pointer(&nested), "/error/a~1b/1");
        assert_eq!(message_pointer(&json!({ "code": "{status}" })), "");
    }
}
