//! The spec's examples as OpenAPI examples: each example's request body and answer are
//! attached, under the example's test name, to the operation of the form it uses (its path
//! with the authenticated prefix or without).

use serde_json::{Map, Value, json};

use crate::model::{Endpoint, Service};

/// Adds `endpoint`'s examples of the `authenticated` form to `op`, an operation object with
/// its `requestBody` and `responses` already written.
pub(super) fn attach(
    op: &mut Map<String, Value>,
    service: &Service,
    endpoint: &Endpoint,
    authenticated: bool,
) {
    let conventions = &service.conventions;
    for example in &endpoint.examples {
        let uses_prefix = conventions
            .without_authenticated_prefix(&example.request.path)
            .is_some();
        if conventions.authenticated_prefix.is_some() && uses_prefix != authenticated {
            continue;
        }
        let entry = |value: &Value| json!({ "summary": example.name, "value": value });
        if let Some(body) = &example.request.body
            && let Some(media) = op
                .get_mut("requestBody")
                .and_then(|b| b.pointer_mut("/content/application~1json"))
        {
            insert(media, &example.test_name, entry(body));
        }
        let response = &example.response;
        // A text answer's text is its value written out: a number's or a boolean's is that
        // number or boolean in the document.
        let written = (endpoint.response_media.is_some() && (200..300).contains(&response.status))
            .then(|| endpoint.response.as_ref().and_then(|t| t.json_kind()))
            .flatten()
            .filter(|kind| matches!(*kind, "integer" | "number" | "boolean"));
        let value = match (&response.body, &response.text) {
            (Some(body), _) => body.clone(),
            (None, Some(text)) => match written.and_then(|_| serde_json::from_str(text).ok()) {
                Some(value @ (Value::Number(_) | Value::Bool(_))) => value,
                _ => Value::String(text.clone()),
            },
            (None, None) => continue,
        };
        let content = op
            .get_mut("responses")
            .and_then(|r| r.pointer_mut(&format!("/{}/content", response.status)))
            .and_then(Value::as_object_mut);
        // The example goes to the media type it is written in: JSON or plain text.
        let media = content.and_then(|content| {
            content
                .iter_mut()
                .find(|(media, _)| media.contains("json") == response.body.is_some())
                .map(|(_, m)| m)
        });
        if let Some(media) = media {
            insert(media, &example.test_name, entry(&value));
        }
    }
}

fn insert(media: &mut Value, name: &str, example: Value) {
    if let Some(media) = media.as_object_mut() {
        let examples = media.entry("examples").or_insert_with(|| json!({}));
        if let Some(examples) = examples.as_object_mut() {
            examples.insert(name.to_owned(), example);
        }
    }
}
