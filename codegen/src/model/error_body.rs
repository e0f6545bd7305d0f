//! How error answers are written (`error_format`), and a spec's JSON error body
//! (`error_body`), cut into the pieces the runtime writes: JSON text as it is, and the
//! values each error fills in (`{message}`, `{status}`, ...).
//!
//! The cutting is done here, at generation time, so that an error answer is one pass over
//! a few constant strings.

use serde_json::Value;

/// JSON as the spec writes it: object members in the order written (a `serde_json`
/// object sorts them), so that an error body's keys go out as the spec shows them.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// `null`, a boolean, a number or a string.
    Scalar(Value),
    /// A list.
    Array(Vec<Shape>),
    /// An object, members in the order written.
    Object(Vec<(String, Shape)>),
}

impl Shape {
    /// The same JSON as a `serde_json` value (members sorted).
    pub fn to_value(&self) -> Value {
        match self {
            Shape::Scalar(v) => v.clone(),
            Shape::Array(items) => Value::Array(items.iter().map(Shape::to_value).collect()),
            Shape::Object(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_value()))
                    .collect(),
            ),
        }
    }
}

/// Compact JSON, members in the order written (how `restspec diff` shows the body).
impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shape::Scalar(v) => write!(f, "{v}"),
            Shape::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
            Shape::Object(fields) => {
                f.write_str("{")?;
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}:{value}", Value::String(key.clone()))?;
                }
                f.write_str("}")
            }
        }
    }
}

/// The placeholders only an error itself knows (its message, field, code and id): a member of
/// the body that holds none of them is the same for every error of a row.
const PER_ERROR: &[&str] = &["message", "field", "code", "error_id"];

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
pub fn placeholders(body: &Shape, found: &mut impl FnMut(&str)) {
    match body {
        Shape::Scalar(Value::String(text)) => {
            for part in split(text) {
                if let Part::Placeholder(name) = part {
                    found(name);
                }
            }
        }
        Shape::Array(items) => items.iter().for_each(|v| placeholders(v, found)),
        Shape::Object(fields) => fields.iter().for_each(|(_, v)| placeholders(v, found)),
        Shape::Scalar(_) => {}
    }
}

/// The members of `body` the same for every error of a row, as JSON object members
/// (`"documentation_url":"https://docs.example/errors#invalid"`, comma-separated, no braces),
/// each placeholder filled in by `fill` (`{status}`, `{name}`, a row's `values`): what a
/// row's typed body gets besides its own fields (those named in `own` are left to it).
/// A member whose placeholders `fill` does not know, or that holds the error's own message,
/// field or code, is not one of them.
pub fn constant_members(
    body: &Shape,
    own: &[&str],
    fill: &dyn Fn(&str) -> Option<String>,
) -> String {
    let Shape::Object(fields) = body else {
        return String::new();
    };
    let mut out = String::new();
    for (key, value) in fields {
        if own.contains(&key.as_str()) {
            continue;
        }
        let mut constant = true;
        placeholders(value, &mut |name| {
            constant &= !PER_ERROR.contains(&name) && fill(name).is_some();
        });
        if !constant {
            continue;
        }
        let mut pieces = Vec::new();
        write(value, &mut pieces);
        let mut text = String::new();
        for piece in pieces {
            match piece {
                ErrorPiece::Text(t) => text.push_str(&t),
                ErrorPiece::Value(name) if name == "status" => {
                    text.push_str(&fill("status").unwrap_or_default());
                }
                ErrorPiece::Value(name) => {
                    let quoted =
                        serde_json::to_string(&fill(&name).unwrap_or_default()).unwrap_or_default();
                    text.push_str(&quoted[1..quoted.len() - 1]);
                }
            }
        }
        if !out.is_empty() {
            out.push(',');
        }
        out.push_str(&serde_json::to_string(key).unwrap_or_default());
        out.push(':');
        out.push_str(&text);
    }
    out
}

/// Where the first string holding `{message}` stands in `body`, as a JSON pointer (RFC
/// 6901: `/message`, `/error/message`, `""` for a body that is that string); `None` when
/// none does.
pub fn message_pointer(body: &Shape) -> Option<String> {
    /// Follows `step` into `item`: true (the step kept) when the message is there.
    fn within(step: String, item: &Shape, at: &mut Vec<String>) -> bool {
        at.push(step);
        if find(item, at) {
            return true;
        }
        at.pop();
        false
    }
    fn find(value: &Shape, at: &mut Vec<String>) -> bool {
        match value {
            Shape::Scalar(Value::String(s)) => split(s)
                .iter()
                .any(|part| matches!(part, Part::Placeholder("message"))),
            Shape::Array(items) => items
                .iter()
                .enumerate()
                .any(|(i, item)| within(i.to_string(), item, at)),
            Shape::Object(fields) => fields
                .iter()
                .any(|(key, item)| within(key.replace('~', "~0").replace('/', "~1"), item, at)),
            Shape::Scalar(_) => false,
        }
    }
    let mut at = Vec::new();
    find(body, &mut at).then(|| at.iter().map(|step| format!("/{step}")).collect())
}

/// The pieces of `body`, adjacent text joined, members in the order written. `"{status}"`
/// as a whole value is the bare number, `"{field}"` and `"{code}"` a string or `null`;
/// every other placeholder stays inside its string.
pub fn pieces(body: &Shape) -> Vec<ErrorPiece> {
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

fn write(value: &Shape, out: &mut Vec<ErrorPiece>) {
    match value {
        Shape::Scalar(Value::String(s)) if s == "{status}" => {
            out.push(ErrorPiece::Value("status".to_owned()));
        }
        // The field an input error is about, and its code, as a whole value: a string, or
        // `null`.
        Shape::Scalar(Value::String(s)) if s == "{field}" => {
            out.push(ErrorPiece::Value("field_json".to_owned()));
        }
        Shape::Scalar(Value::String(s)) if s == "{code}" => {
            out.push(ErrorPiece::Value("code_json".to_owned()));
        }
        Shape::Scalar(Value::String(s)) => {
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
        Shape::Array(items) => {
            text(out, "[");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    text(out, ",");
                }
                write(item, out);
            }
            text(out, "]");
        }
        Shape::Object(fields) => {
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
        Shape::Scalar(other) => text(out, &other.to_string()),
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

/// How error bodies are written, without the body (`Conventions::error_body` holds it).
pub type ErrorFormat = restspec_conventions::ErrorFormat<()>;

/// The values a JSON error body's strings may hold, as `{name}`.
/// Besides these, a body may hold placeholders of its own that status rows fill in with
/// their `values` (`{type}`).
pub const ERROR_BODY_PLACEHOLDERS: &[&str] = &[
    "message", "status", "reason", "name", "field", "code", "error_id",
];

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `value` as a shape, members in `serde_json`'s (sorted) order.
    fn shape(value: &Value) -> Shape {
        match value {
            Value::Array(items) => Shape::Array(items.iter().map(shape).collect()),
            Value::Object(fields) => {
                Shape::Object(fields.iter().map(|(k, v)| (k.clone(), shape(v))).collect())
            }
            other => Shape::Scalar(other.clone()),
        }
    }

    #[test]
    fn keeps_the_members_in_the_order_written_and_finds_the_constant_ones() {
        let string = |s: &str| Shape::Scalar(Value::String(s.to_owned()));
        let body = Shape::Object(vec![
            ("message".to_owned(), string("{message}")),
            (
                "documentation_url".to_owned(),
                string("https://docs.example/#{name}"),
            ),
            ("status".to_owned(), string("{status}")),
            ("errors".to_owned(), string("x")),
            ("code".to_owned(), string("{code}")),
        ]);
        let text: String = pieces(&body)
            .iter()
            .map(|p| match p {
                ErrorPiece::Text(t) => t.clone(),
                ErrorPiece::Value(v) => format!("<{v}>"),
            })
            .collect();
        assert_eq!(
            text,
            r#"{"message":"<message>","documentation_url":"https://docs.example/#<name>","status":<status>,"errors":"x","code":<code_json>}"#
        );
        let fill = |name: &str| match name {
            "name" => Some("invalid".to_owned()),
            "status" => Some("422".to_owned()),
            _ => None,
        };
        assert_eq!(
            constant_members(&body, &["errors"], &fill),
            r#""documentation_url":"https://docs.example/#invalid","status":422"#
        );
    }

    #[test]
    fn cuts_a_body_at_its_values() {
        let body = json!({
            "message": "{message}",
            "status": "{status}",
            "doc": "https://docs.example/{name}#x{y",
        });
        let body = shape(&body);
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
        assert_eq!(message_pointer(&body).as_deref(), Some("/message"));
    }

    #[test]
    fn finds_the_message_at_any_depth() {
        let nested = json!({ "error": { "type": "{name}", "a/b": ["x", "see {message}"] } });
        assert_eq!(
            message_pointer(&shape(&nested)).as_deref(),
            Some("/error/a~1b/1")
        );
        assert_eq!(
            message_pointer(&shape(&json!({ "code": "{status}" }))),
            None
        );
        // A body that is the message alone: the whole document.
        assert_eq!(
            message_pointer(&shape(&json!("{message}"))).as_deref(),
            Some("")
        );
    }
}
