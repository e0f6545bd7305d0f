//! Error examples fit the spec's error format: after a switch to `error_format: json` (or
//! `problem_json`), an example that still expects the plain text of an error, or fields
//! the error body does not have, can never pass. `cargo test` would say so one failed
//! request at a time; `restspec check` says it at the example, with what to write.
//!
//! (The opposite mistake, a JSON body expected from a plain-text error, is reported with
//! the other response checks in `examples.rs`.)

use crate::diag::{Diagnostic, Diagnostics, did_you_mean};
use crate::model::error_body::Shape;
use crate::model::{ErrorFormat, Example, Service};

/// The top-level fields of a `problem_json` error (RFC 9457, as the runtime writes it).
const PROBLEM_FIELDS: &[&str] = &["type", "title", "status", "detail"];

/// ```yaml
/// conventions:
///   error_format: json
///   error_body: { message: "{message}" }
/// ...
///     - name: no such note
///       request: { path: /notes/7 }
///       response: { status: 404, text: "Not found: 7" }   # the error is JSON now
/// ```
pub(super) fn fit_the_error_format(service: &Service, diags: &mut Diagnostics) {
    let conventions = &service.conventions;
    if conventions.error_format_guessed {
        return;
    }
    let (format, fields, message_field): (&str, Vec<&str>, Option<&str>) =
        match conventions.error_format {
            ErrorFormat::Plain | ErrorFormat::Empty => return,
            ErrorFormat::ProblemJson => ("problem_json", PROBLEM_FIELDS.to_vec(), Some("detail")),
            ErrorFormat::Json(()) => {
                // Without a readable `error_body`, that is the one error to report.
                let Some(Shape::Object(body)) = &conventions.error_body else {
                    return;
                };
                let message = body
                    .iter()
                    .find(|(_, v)| {
                        matches!(v, Shape::Scalar(serde_json::Value::String(s)) if s == "{message}")
                    })
                    .map(|(k, _)| k.as_str());
                (
                    "json",
                    body.iter().map(|(k, _)| k.as_str()).collect(),
                    message,
                )
            }
        };
    for endpoint in service.families.iter().flat_map(|f| &f.endpoints) {
        let errors = endpoint.examples.iter().filter(|example| {
            let status = example.response.status;
            status != endpoint.status && !endpoint.other_successes.contains(&status)
        });
        for example in errors {
            check_error_example(example, format, &fields, message_field, diags);
        }
    }
}

/// One error example against the error body's top-level `fields`.
fn check_error_example(
    example: &Example,
    format: &str,
    fields: &[&str],
    message_field: Option<&str>,
    diags: &mut Diagnostics,
) {
    let response = &example.response;
    if let (Some(text), Some(at)) = (&response.text, &response.text_location) {
        let quoted = serde_json::Value::String(text.clone()).to_string();
        diags.push(
            Diagnostic::new(
                at.clone(),
                format!("with `error_format: {format}` an error's body is JSON, not text"),
            )
            .hint(match message_field {
                Some(field) => {
                    format!("write the message as a field: `fields: {{ {field}: {quoted} }}`")
                }
                None => format!(
                    "write the fields you expect, among {}, as `fields: {{ ... }}`",
                    backquoted(fields)
                ),
            }),
        );
    }
    let body_keys = match &response.body {
        Some(serde_json::Value::Object(body)) => body
            .keys()
            .map(|k| (k.as_str(), response.body_location.as_ref()))
            .collect(),
        _ => Vec::new(),
    };
    let field_keys = response
        .fields
        .iter()
        .map(|(k, _, at)| (k.as_str(), Some(at)));
    for (name, at) in body_keys.into_iter().chain(field_keys) {
        let Some(at) = at.filter(|_| !fields.contains(&name)) else {
            continue;
        };
        diags.push(
            Diagnostic::new(
                at.clone(),
                format!("an error's body has no field `{name}` with `error_format: {format}`"),
            )
            .hint(match did_you_mean(name, fields.iter().copied()) {
                Some(guess) => format!("{guess} (its fields: {})", backquoted(fields)),
                None => format!("its fields are {}", backquoted(fields)),
            }),
        );
    }
}

fn backquoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
