//! What a document shows of an operation's exchanges: the JSON request and answers of its
//! examples, read with the operation (`operations.rs`), before the spec exists to fill in
//! the rest. `examples.rs` settles them into the spec's `examples:` once it is written.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::round_trip::refs;

/// What the document shows of one operation, before the spec can fill in the rest.
#[derive(Debug, Clone)]
pub(crate) struct Documented {
    /// The endpoint's name.
    pub(crate) endpoint: String,
    /// Where the operation is.
    pub(crate) at: String,
    /// The example's name: the document's, where it names it.
    pub(crate) name: String,
    /// The JSON request body it shows, if any.
    pub(crate) request: Option<Value>,
    /// The JSON answer it shows, by status.
    pub(crate) answers: BTreeMap<u16, Value>,
}

/// What `operation` (at `at`) shows: `None` when it shows no JSON answer of a success.
pub(crate) fn documented(
    document: &Value,
    operation: &Value,
    at: &str,
    endpoint: &str,
) -> Option<Documented> {
    let doc = refs::Doc::new(document);
    let mut answers = BTreeMap::new();
    let mut name = None;
    let responses = operation.get("responses").and_then(Value::as_object)?;
    for (code, response) in responses {
        let Some(status) = crate::media::status_code(code).filter(|c| (200..300).contains(c))
        else {
            continue;
        };
        let Ok((response, _)) = doc.resolve(response, String::new()) else {
            continue;
        };
        if let Some((shown_name, value)) = json_example(&doc, response) {
            name = name.or(shown_name);
            answers.insert(status, value);
        }
    }
    if answers.is_empty() {
        return None;
    }
    let request = operation
        .get("requestBody")
        .and_then(|body| doc.resolve(body, String::new()).ok())
        .and_then(|(body, _)| json_example(&doc, body))
        .map(|(_, value)| value);
    Some(Documented {
        endpoint: endpoint.to_owned(),
        at: at.to_owned(),
        name: name
            .filter(|name| usable_name(name))
            .unwrap_or_else(|| "answers the document's example".to_owned()),
        request,
        answers,
    })
}

/// A name of the document's that names a test well: a line of words, not too long.
fn usable_name(name: &str) -> bool {
    name.chars().any(char::is_alphanumeric) && name.len() <= 60 && !name.contains('\n')
}

/// The first example of a body's JSON media type (`example`, the first of `examples`, or
/// its schema's `example`), with its name where it has one.
fn json_example(doc: &refs::Doc<'_>, body: &Value) -> Option<(Option<String>, Value)> {
    let content = body.get("content").and_then(Value::as_object)?;
    let media = content
        .iter()
        .find(|(media, _)| media.contains("json"))
        .map(|(_, m)| m)?;
    if let Some(value) = media.get("example") {
        return Some((None, value.clone()));
    }
    if let Some(examples) = media.get("examples").and_then(Value::as_object) {
        for (name, example) in examples {
            let Ok((example, _)) = doc.resolve(example, String::new()) else {
                continue;
            };
            if let Some(value) = example.get("value") {
                let named = example
                    .get("summary")
                    .and_then(Value::as_str)
                    .unwrap_or(name);
                return Some((Some(named.trim().to_owned()), value.clone()));
            }
        }
    }
    let (schema, _) = doc.resolve(media.get("schema")?, String::new()).ok()?;
    schema.get("example").map(|value| (None, value.clone()))
}
