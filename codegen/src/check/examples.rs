//! Examples fit their endpoints: paths, methods, bodies, statuses and quota groups.

use super::json_shape::conforms;
use crate::diag::{Diagnostic, Diagnostics, Location};
use crate::model::Family;
use crate::model::{
    Endpoint, ErrorFormat, Example, ExampleRequest, PathTemplate, Segment, Service, TypeKind,
    TypeRef,
};

/// ```yaml
/// get_topic:
///   path: /changes/{change-id}/topic
///   examples:
///     - name: reads a topic
///       request: { path: /changes/demo~1/subject }   # not this endpoint's path
///       response: { status: 200, body: 7 }           # a topic is a string
/// ```
pub(super) fn fit_their_endpoints(service: &Service, diags: &mut Diagnostics) {
    tests_named_once(service, diags);
    for family in &service.families {
        // Its examples' paths hold the id its path lacks: that one mistake is reported.
        let endpoints = family
            .endpoints
            .iter()
            .filter(|e| !super::params::lacks_family_id(family, e));
        for endpoint in endpoints {
            for example in &endpoint.examples {
                check_example(service, family, endpoint, example, diags);
            }
        }
    }
}

/// Each example's test is a function named after its endpoint and itself; two of
/// different endpoints may not share the name (`get_pet` with `a cat`, `get_pet_a` with
/// `cat`).
fn tests_named_once(service: &Service, diags: &mut Diagnostics) {
    let mut seen: std::collections::HashMap<&str, (&str, &Location)> =
        std::collections::HashMap::new();
    let endpoints = service.families.iter().flat_map(|f| &f.endpoints);
    for endpoint in endpoints {
        for example in &endpoint.examples {
            match seen.get(example.test_name.as_str()) {
                Some((other, first)) if *other != endpoint.name => diags.push(
                    Diagnostic::new(
                        example.location.clone(),
                        format!(
                            "this example's test, `{}`, has the name of an example of `{other}`",
                            example.test_name
                        ),
                    )
                    .related((*first).clone(), "the other one")
                    .hint("rename one of the two examples"),
                ),
                Some(_) => {}
                None => {
                    seen.insert(&example.test_name, (&endpoint.name, &example.location));
                }
            }
        }
    }
}

fn check_example(
    service: &Service,
    family: &Family,
    endpoint: &Endpoint,
    example: &Example,
    diags: &mut Diagnostics,
) {
    for step in &example.setup {
        match find_endpoint(service, step) {
            Some(called) => check_request_body(service, called, step, diags),
            // It calls the endpoint whose path lacks its family's id: reported there.
            None if calls_one_lacking_its_id(service, step) => {}
            None => diags.push(
                Diagnostic::new(
                    step.location.clone(),
                    format!(
                        "set-up step `{} {}` matches no endpoint of the spec",
                        step.method.as_str(),
                        step.path
                    ),
                )
                .hint("write the path of an endpoint with its ids filled in, and that endpoint's method"),
            ),
        }
    }
    let request = &example.request;
    if matches_template(&endpoint.path, strip_prefix(service, &request.path)) {
        check_request_body(service, endpoint, request, diags);
    } else {
        diags.push(
            Diagnostic::new(
                request.location.clone(),
                format!(
                    "the example's path `{}` is not a path of `{}` ({})",
                    request.path, endpoint.name, endpoint.path.raw
                ),
            )
            .hint("fill in the endpoint's template with ids, such as `/a/...` for an authenticated request"),
        );
    }
    check_response(service, family, endpoint, example, diags);
}

/// The path without the authenticated prefix (`/a/changes/` is `/changes/`).
fn strip_prefix<'a>(service: &Service, path: &'a str) -> &'a str {
    let path = path.split('?').next().unwrap_or(path);
    service
        .conventions
        .without_authenticated_prefix(path)
        .unwrap_or(path)
}

fn matches_template(template: &PathTemplate, path: &str) -> bool {
    if !path.starts_with('/') {
        return false;
    }
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    segments.len() == template.segments.len()
        && template
            .segments
            .iter()
            .zip(&segments)
            .all(|(t, s)| t.matches(s))
}

fn find_endpoint<'a>(service: &'a Service, step: &ExampleRequest) -> Option<&'a Endpoint> {
    let path = strip_prefix(service, &step.path);
    service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .find(|e| e.method == step.method && matches_template(&e.path, path))
}

/// True when `step` would reach an endpoint on its family's collection path that lacks the
/// family's id, once the id is added (`PUT /notes/1` for a `PUT /notes/`).
fn calls_one_lacking_its_id(service: &Service, step: &ExampleRequest) -> bool {
    let path = strip_prefix(service, &step.path);
    service.families.iter().any(|family| {
        let ids = family.owner_param.iter().chain(&family.id_param);
        family
            .endpoints
            .iter()
            .filter(|e| e.method == step.method && super::params::lacks_family_id(family, e))
            .any(|e| {
                let mut template = e.path.clone();
                template
                    .segments
                    .extend(ids.clone().cloned().map(Segment::Param));
                matches_template(&template, path)
            })
    })
}

fn body_problem(location: &Location, message: String, diags: &mut Diagnostics) {
    diags.push(Diagnostic::new(location.clone(), message).hint(
        "write the body as the type declares it (the type's fields are in the spec's `types`)",
    ));
}

fn check_request_body(
    service: &Service,
    endpoint: &Endpoint,
    request: &ExampleRequest,
    diags: &mut Diagnostics,
) {
    let (Some(body), Some(location)) = (&request.body, &request.body_location) else {
        return;
    };
    match &endpoint.request {
        None => diags.push(
            Diagnostic::new(
                location.clone(),
                format!("`{}` takes no request body", endpoint.name),
            )
            .hint("remove `body`"),
        ),
        Some(ty) => {
            if let Err(problem) = conforms(
                body,
                ty,
                &service.types,
                service.conventions.timestamp_format,
                false,
            ) {
                body_problem(
                    location,
                    format!("the request body is not a `{}`: {problem}", ty.spelled()),
                    diags,
                );
            }
        }
    }
}

fn check_response(
    service: &Service,
    family: &Family,
    endpoint: &Endpoint,
    example: &Example,
    diags: &mut Diagnostics,
) {
    let response = &example.response;
    let success =
        response.status == endpoint.status || endpoint.other_successes.contains(&response.status);
    let errors = crate::model::answers::error_codes(service, family, endpoint);
    if !success && response.status != 500 && !errors.contains(&response.status) {
        let codes: Vec<String> = std::iter::once(endpoint.status)
            .chain(endpoint.other_successes.iter().copied())
            .chain(errors)
            .map(|c| c.to_string())
            .collect();
        // A row of that code the endpoint could declare.
        let rows: Vec<&str> = service
            .statuses
            .iter()
            .filter(|s| s.code == response.status)
            .map(|s| s.name.as_str())
            .collect();
        let declare = match rows.as_slice() {
            [] => format!(
                "declare a status of code {} in `statuses` and list it in the endpoint's `errors`",
                response.status
            ),
            [one] => format!("if its handler answers it, add `{one}` to the endpoint's `errors`"),
            many => format!(
                "if its handler answers it, add one of `{}` to the endpoint's `errors`",
                many.join("`, `")
            ),
        };
        diags.push(
            Diagnostic::new(
                response.status_location.clone(),
                format!("`{}` never answers {}", endpoint.name, response.status),
            )
            .hint(format!(
                "{declare}; it answers {} (its success, its `errors` and the runtime's own)",
                codes.join(", ")
            )),
        );
    }
    if let Some((group, location)) = &response.quota_group
        && group != &endpoint.quota_group
    {
        diags.push(
            Diagnostic::new(
                location.clone(),
                format!(
                    "`{}` is charged to `{}`, not `{group}`",
                    endpoint.name, endpoint.quota_group
                ),
            )
            .hint(format!("write `quota_group: {}`", endpoint.quota_group)),
        );
    }
    // A misspelt `error_format` is reported once, not again at every error example.
    let json_errors = service.conventions.error_format != ErrorFormat::Plain
        || service.conventions.error_format_guessed;
    if !success {
        // Error bodies are the status table's messages (or problem details).
        if !json_errors && (response.body.is_some() || !response.fields.is_empty()) {
            let at = response
                .body_location
                .clone()
                .or_else(|| response.fields.first().map(|f| f.2.clone()));
            if let Some(at) = at {
                diags.push(
                    Diagnostic::new(at, "an error's body is plain text, not JSON")
                        .hint("write the expected message as `text: ...`"),
                );
            }
        }
        return;
    }
    // A text answer is compared as the text it is.
    if let Some(media) = &endpoint.response_media
        && let Some(at) = (response.body_location.clone())
            .or_else(|| response.fields.first().map(|f| f.2.clone()))
    {
        diags.push(
            Diagnostic::new(
                at,
                format!("`{}` answers `{media}`, not JSON", endpoint.name),
            )
            .hint("write the expected answer as `text: ...`"),
        );
        return;
    }
    let Some(ty) = &endpoint.response else {
        if let Some(at) = response
            .body_location
            .clone()
            .or_else(|| response.fields.first().map(|f| f.2.clone()))
        {
            diags.push(
                Diagnostic::new(at, format!("`{}` answers without a body", endpoint.name))
                    .hint("remove `body` and `fields`"),
            );
        }
        return;
    };
    // A `cursor`-style page is an object holding the list under the spec's name.
    let cursor_items = service
        .conventions
        .pagination
        .as_ref()
        .filter(|_| endpoint.paginated)
        .and_then(|p| match p {
            crate::model::Pagination::Cursor(c) => Some(c.items_field.as_str()),
            _ => None,
        });
    let body = match (&response.body, cursor_items) {
        (Some(body), Some(items)) => Some(body.get(items).unwrap_or(&serde_json::Value::Null)),
        (body, None) => body.as_ref(),
        (None, Some(_)) => None,
    };
    if let (Some(body), Some(location)) = (body, &response.body_location)
        && let Err(problem) = conforms(
            body,
            ty,
            &service.types,
            service.conventions.timestamp_format,
            false,
        )
    {
        body_problem(
            location,
            format!("the response body is not a `{}`: {problem}", ty.spelled()),
            diags,
        );
    }
    let record = match ty {
        TypeRef::Named(name) => match service.types.iter().find(|t| &t.name == name) {
            Some(def) => match &def.kind {
                TypeKind::Record(fields) => Some(fields),
                TypeKind::Enum(_) | TypeKind::Union(_) => None,
            },
            // An unknown type is reported where it is used: its fields are not known.
            None => return,
        },
        _ => None,
    };
    for (name, value, location) in &response.fields {
        let Some(fields) = record else {
            diags.push(
                Diagnostic::new(
                    location.clone(),
                    format!("`{}` does not answer a record with fields", endpoint.name),
                )
                .hint("compare the whole answer with `body`"),
            );
            return;
        };
        match fields.iter().find(|f| &f.json_name == name) {
            None => diags.push(
                Diagnostic::new(
                    location.clone(),
                    format!("`{}` has no field `{name}`", ty.spelled()),
                )
                .hint(crate::diag::suggest(
                    name,
                    fields.iter().map(|f| f.json_name.as_str()),
                )),
            ),
            Some(field) => {
                if let Err(problem) = conforms(
                    value,
                    &field.ty,
                    &service.types,
                    service.conventions.timestamp_format,
                    false,
                ) {
                    body_problem(
                        location,
                        format!(
                            "field `{name}`: {}",
                            problem.replace("the body", "the value")
                        ),
                        diags,
                    );
                }
            }
        }
    }
}
