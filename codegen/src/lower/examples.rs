//! Lowering an endpoint's examples: each value on its own (names, methods, bodies as JSON).
//! Whether paths, bodies and statuses fit the endpoints and types is checked in
//! `check::examples`.

use super::method::lower_method;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Example, ExampleRequest, ExampleResponse, Method};
use crate::names;
use crate::read::decode::{Named, ScalarText};
use crate::read::raw;

/// Lowers the examples of endpoint `endpoint` (answered with `method`).
pub(super) fn lower_examples(
    raw: Option<&[raw::Example]>,
    endpoint: &str,
    method: Method,
    diags: &mut Diagnostics,
) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    for example in raw.unwrap_or_default() {
        let suffix = names::snake(&example.name.value);
        if suffix.is_empty() {
            diags.push(
                Diagnostic::new(
                    example.name.location.clone(),
                    "an example's name needs a letter or a digit",
                )
                .hint("say in a few words what the example shows, such as `reads back a topic`"),
            );
            continue;
        }
        let test_name = format!("{endpoint}_{suffix}");
        if let Some(first) = examples.iter().find(|e| e.test_name == test_name) {
            diags.push(
                Diagnostic::new(
                    example.name.location.clone(),
                    format!("two examples of `{endpoint}` are both named `{suffix}`"),
                )
                .related(first.location.clone(), "the first one")
                .hint("give each example of an endpoint its own name"),
            );
            continue;
        }
        if let Some(written) = &example.request.method
            && lower_method(written, diags).is_some_and(|m| m != method)
        {
            diags.push(
                Diagnostic::new(
                    written.location.clone(),
                    format!(
                        "an example's request uses its endpoint's method, {}",
                        method.as_str()
                    ),
                )
                .hint("remove `method`, or move the example to the endpoint it calls"),
            );
        }
        let setup = example
            .setup
            .iter()
            .flatten()
            .filter_map(|step| {
                let Some(written) = &step.method else {
                    diags.push(
                        Diagnostic::new(step.location.clone(), "a set-up step names its method")
                            .hint("add `method: PUT` (or the method of the endpoint it calls)"),
                    );
                    return None;
                };
                lower_method(written, diags).map(|method| lower_request(step, method))
            })
            .collect();
        examples.push(Example {
            name: example.name.value.clone(),
            test_name,
            setup,
            request: lower_request(&example.request, method),
            response: lower_response(&example.response),
            location: example.name.location.clone(),
        });
    }
    examples
}

fn pairs(named: Option<&Named<ScalarText>>) -> Vec<(String, String)> {
    named
        .into_iter()
        .flatten()
        .map(|(key, value)| (key.name.clone(), value.0.clone()))
        .collect()
}

fn lower_request(raw: &raw::ExampleRequest, method: Method) -> ExampleRequest {
    ExampleRequest {
        method,
        path: raw.path.value.clone(),
        query: pairs(raw.query.as_ref()),
        headers: pairs(raw.headers.as_ref()),
        body: raw.body.as_ref().map(|b| b.to_json()),
        body_location: raw.body.as_ref().map(|b| b.anchor().clone()),
        user: raw.user.as_ref().map(|u| u.value.clone()),
        location: raw.path.location.clone(),
    }
}

fn lower_response(raw: &raw::ExampleResponse) -> ExampleResponse {
    ExampleResponse {
        status: raw.status.value.0,
        status_location: raw.status.location.clone(),
        headers: pairs(raw.headers.as_ref()),
        body: raw.body.as_ref().map(|b| b.to_json()),
        fields: raw
            .fields
            .iter()
            .flatten()
            .map(|(key, value)| (key.name.clone(), value.to_json(), key.location.clone()))
            .collect(),
        body_location: raw.body.as_ref().map(|b| b.anchor().clone()),
        text: raw.text.as_ref().map(|t| t.value.clone()),
        text_location: raw.text.as_ref().map(|t| t.location.clone()),
        quota_group: raw
            .quota_group
            .as_ref()
            .map(|g| (g.value.clone(), g.location.clone())),
    }
}
