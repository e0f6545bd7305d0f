//! Lowering family files: families, endpoints and their query options.

use super::anonymous::lower_anonymous;
use super::capabilities::check_capability;
use super::context::Context;
use super::identifiers::{Case, check_name, key_spanned};
use super::method::lower_method;
use super::template::parse_template;
use super::type_refs::lower_type_ref;
use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::{Anonymous, Endpoint, Family, Method, Section};
use crate::names;
use crate::read::{SectionInfo, raw};

pub(super) fn lower_family(
    file: &raw::FamilyFile,
    sections: &[SectionInfo],
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Family {
    let family = &file.family;
    check_name(&family.name, "family name", Case::Snake, diags);
    let prefix = &family.prefix.value;
    let inner = prefix.trim_matches('/');
    // `/` alone is the root family: the paths that start at the root (AWS's `POST /`) or
    // with a parameter (`/{format}/news`).
    if prefix != "/"
        && (!prefix.starts_with('/')
            || !prefix.ends_with('/')
            || inner.is_empty()
            || inner
                .split('/')
                .any(|s| s.is_empty() || s.contains(['{', '}'])))
    {
        diags.push(
            Diagnostic::new(
                family.prefix.location.clone(),
                format!(
                    "family prefix `{prefix}` is not `/` or fixed path segments between slashes"
                ),
            )
            .hint(format!(
                "write it like `/{}/` or `/v1/{}/`",
                names::snake(&family.name.value),
                names::snake(&family.name.value)
            )),
        );
    }
    if let Some(id) = &family.id
        && !names::is_param_name(&id.value)
    {
        diags.push(
            Diagnostic::new(
                id.location.clone(),
                format!("`{}` is not a valid parameter name", id.value),
            )
            .hint(format!(
                "use lower-case words joined by `-`, such as `{}-id`",
                names::snake(&family.name.value).trim_end_matches('s')
            )),
        );
    }
    for meta in family.quota_metadata.iter().flatten() {
        let valid = meta
            .value
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && meta
                .value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_');
        if !valid {
            diags.push(
                Diagnostic::new(
                    meta.location.clone(),
                    format!("`{}` is not a metadata name", meta.value),
                )
                .hint("metadata names are words joined by `.`, such as `Change.Id`"),
            );
        }
    }
    let family_anonymous = family
        .anonymous
        .as_ref()
        .and_then(|a| lower_anonymous(a, diags))
        .unwrap_or(cx.anonymous);
    let mut endpoints: Vec<Endpoint> = file
        .endpoints
        .iter()
        .filter_map(|(key, endpoint)| lower_endpoint(key, endpoint, cx, family_anonymous, diags))
        .collect();
    // An endpoint's quota category, else its family's, else the conventions' default.
    let family_resource = family.rate_limit_resource.as_ref().map(|r| &r.value);
    for endpoint in &mut endpoints {
        if endpoint.rate_limit_resource.is_none() {
            endpoint.rate_limit_resource = family_resource.or(cx.rate_limit_resource).cloned();
        }
    }
    let mut family_sections: Vec<Section> = Vec::new();
    for endpoint in &endpoints {
        let Some(name) = endpoint.section.as_deref() else {
            continue;
        };
        if !family_sections.iter().any(|s| s.name == name) {
            let declared = sections
                .iter()
                .find(|s| s.family == family.name.value && s.name == name);
            family_sections.push(Section {
                name: name.to_owned(),
                description: declared.and_then(|s| s.description.clone()),
                location: declared
                    .map_or_else(|| endpoint.location.clone(), |s| s.location.clone()),
            });
        }
    }
    Family {
        name: family.name.value.clone(),
        prefix: prefix.clone(),
        covers: family.covers.clone(),
        description: family.description.clone(),
        id_param: family.id.as_ref().map(|id| id.value.clone()),
        owner_param: family.owner.as_ref().map(|o| o.value.clone()),
        params: super::path_params::lower_params(family.params.as_ref(), cx, diags),
        quota_metadata: family
            .quota_metadata
            .iter()
            .flatten()
            .map(|m| m.value.clone())
            .collect(),
        endpoints,
        sections: family_sections,
        file: family
            .location
            .file
            .display()
            .to_string()
            .replace('\\', "/"),
        location: family.location.clone(),
        id_location: family.key_location("id"),
        owner_location: family.key_location("owner"),
        params_location: family.key_location("params"),
        prefix_location: family.key_location("prefix"),
    }
}

pub(super) fn lower_endpoint(
    key: &crate::read::yaml::Key,
    raw: &raw::Endpoint,
    cx: &Context<'_>,
    family_anonymous: Anonymous,
    diags: &mut Diagnostics,
) -> Option<Endpoint> {
    check_name(&key_spanned(key), "endpoint name", Case::Snake, diags);
    let method = lower_method(&raw.method, diags);
    let path = parse_template(&raw.path, diags);
    let request = raw
        .request
        .as_ref()
        .and_then(|t| lower_type_ref(t, cx, diags));
    let response = raw
        .response
        .as_ref()
        .and_then(|t| lower_type_ref(t, cx, diags));
    let status = match &raw.status {
        Some(s) if !(200..=399).contains(&s.value.0) => {
            diags.push(
                Diagnostic::new(
                    s.location.clone(),
                    format!("success status {} is not a 2xx or 3xx code", s.value.0),
                )
                .hint("`status` is the success status; list error statuses under `errors`"),
            );
            200
        }
        // A redirect (Shutterstock's `302` to its login page, Jira's `303` with the task
        // it started) with the `Location` the handler's reply sets; `304` sends the client
        // back to its own copy, without a body.
        Some(s) if s.value.0 == 304 && raw.response.is_some() => {
            diags.push(
                Diagnostic::new(
                    s.location.clone(),
                    "status 304 answers without a body, but the endpoint declares a `response`",
                )
                .hint("remove `response`, or use 200"),
            );
            s.value.0
        }
        Some(s) => {
            if s.value.0 == 204 && raw.response.is_some() {
                diags.push(
                    Diagnostic::new(
                        s.location.clone(),
                        "status 204 has no body, but the endpoint declares a `response`",
                    )
                    .hint("remove `response`, or use 200 or 201"),
                );
            }
            s.value.0
        }
        None if raw.response.is_none() => 204,
        None => 200,
    };
    let (other_successes, empty_successes) = super::successes::lower_successes(raw, status, diags);
    let anonymous = raw
        .anonymous
        .as_ref()
        .and_then(|a| lower_anonymous(a, diags))
        .unwrap_or(family_anonymous);
    let credentials = raw.credentials.as_ref().map(|places| {
        let read = super::credentials::lower_endpoint_credentials(places, cx.credentials, diags);
        if let (true, Some(method)) = (places.is_empty(), method)
            && !anonymous.allows_method(method.as_str())
        {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!(
                        "`{}` reads no credentials, and anonymous callers may not call it",
                        key.name
                    ),
                )
                .hint("give it `anonymous: all`, or list the places it reads under `credentials`"),
            );
        }
        read
    });
    if method == Some(crate::model::Method::Head) {
        for (key, given) in [("request", &raw.request), ("response", &raw.response)] {
            if let Some(given) = given {
                diags.push(
                    Diagnostic::new(
                        given.location.clone(),
                        format!("a `HEAD` endpoint has no body, but it declares a `{key}`"),
                    )
                    .hint(
                        "remove it: `HEAD` answers with headers only (a `GET` endpoint already \
                         serves `HEAD` with its headers, without declaring one)",
                    ),
                );
            }
        }
    }
    if let Some(method) = method {
        check_fits_method(raw, method, diags);
    }
    if let Some(cap) = &raw.capability {
        check_capability(cap, cx.capabilities, diags);
    }
    let mut listed: Vec<&str> = Vec::new();
    for error in raw.errors.iter().flatten() {
        if listed.contains(&error.value.as_str()) {
            diags.push(
                Diagnostic::new(
                    error.location.clone(),
                    format!("status `{}` is listed twice", error.value),
                )
                .hint("remove one of them"),
            );
        }
        listed.push(&error.value);
        if !cx.statuses.iter().any(|s| s.name == error.value) {
            let by_code = cx
                .statuses
                .iter()
                .find(|s| s.code.to_string() == error.value)
                .map(|s| format!("statuses are named: write `{}`", s.name));
            diags.push(
                Diagnostic::new(
                    error.location.clone(),
                    format!("unknown status `{}`", error.value),
                )
                .hint(by_code.unwrap_or_else(|| {
                    let names = cx.statuses.iter().map(|s| s.name.as_str());
                    crate::diag::did_you_mean(&error.value, names.clone()).unwrap_or_else(|| {
                        let code = super::statuses::usual_code(&error.value)
                            .map_or_else(|| "<its HTTP code>".to_owned(), |c| c.to_string());
                        format!(
                            "{}; or declare it in `service.yaml` under `statuses` \
                             (`{}: {{ code: {code}, message: ..., when: ... }}`)",
                            suggest(&error.value, names),
                            error.value
                        )
                    })
                })),
            );
        }
    }
    let (method, path) = (method?, path?);
    let quota_group = cx
        .quota_template
        .replace("{endpoint}", &path.without_ids())
        .replace("{method}", method.as_str())
        .replace("{name}", &key.name);
    let paginated = super::pagination::lower_paginated(
        raw.paginated.as_ref(),
        Some(method),
        (raw.response.is_some(), response.as_ref()),
        cx.paginates,
        diags,
    );
    let response_nullable = match &raw.response_nullable {
        Some(flag) if flag.value && (response.is_none() || paginated) => {
            diags.push(
                Diagnostic::new(
                    flag.location.clone(),
                    "`response_nullable` needs a `response` that is not a page",
                )
                .hint("remove it, or give the endpoint a `response` type"),
            );
            false
        }
        Some(flag) => flag.value,
        None => false,
    };
    let response_media = super::response_media::lower_response_media(
        raw,
        response.as_ref(),
        paginated,
        response_nullable,
        cx,
        diags,
    );
    if let Some((first, _)) = raw.response_headers.iter().flatten().next()
        && paginated
    {
        diags.push(
            Diagnostic::new(
                first.location.clone(),
                "a paginated endpoint's answers carry the pagination's headers",
            )
            .hint(
                "remove `response_headers`, or `paginated`: the runtime writes a page's \
                 headers itself",
            ),
        );
    }
    let params = super::path_params::lower_endpoint_params(raw, &path, cx, diags);
    let error_body = lower_own_error_body(raw, cx, diags);
    let (deprecated, deprecated_since) =
        super::deprecation::lower_deprecated(raw.deprecated.as_ref(), diags);
    Some(Endpoint {
        error_type: raw.error_type.as_ref().map(|t| t.value.clone()),
        error_type_at: raw.error_type.as_ref().map(|t| t.location.clone()),
        error_body,
        name: key.name.clone(),
        method,
        path,
        summary: raw.summary.clone(),
        deprecated,
        deprecated_since,
        description: raw.description.clone(),
        request_optional: super::request_body::lower_request_optional(
            raw,
            request.is_some(),
            diags,
        ),
        // A request of a type declared `nullable` may be `null` too.
        request_nullable: super::request_body::lower_request_nullable(raw, request.as_ref(), diags)
            || request.as_ref().is_some_and(|r| cx.is_nullable(r)),
        request_bodies: super::request_bodies::lower_request_bodies(raw, diags),
        request,
        response,
        response_nullable,
        response_media,
        status,
        other_successes,
        empty_successes,
        capability: raw.capability.as_ref().map(|c| c.value.clone()),
        errors: raw
            .errors
            .iter()
            .flatten()
            .map(|e| e.value.clone())
            .collect(),
        creates: raw.creates.unwrap_or(false),
        quota_group,
        shared_quota_group: raw.shared_quota_group.unwrap_or(false),
        rate_limit_resource: raw.rate_limit_resource.as_ref().map(|r| r.value.clone()),
        anonymous,
        credentials,
        query: super::parameters::lower_query(raw, paginated, cx, diags),
        headers: super::parameters::lower_headers(raw, cx, diags),
        response_headers: super::parameters::lower_response_headers(raw, cx, diags),
        paginated,
        examples: super::examples::lower_examples(
            raw.examples.as_deref(),
            &key.name,
            method,
            diags,
        ),
        section: raw.section.as_ref().map(|section| {
            check_name(section, "section name", Case::Snake, diags);
            section.value.clone()
        }),
        selected_by: super::selectors::lower(raw, cx, diags),
        params,
        location: key.location.clone(),
    })
}

/// What a method rules out: a `GET` carries no request body; a `GET`, `HEAD` or `DELETE`
/// creates nothing, so it never answers 201 Created (nor `creates`, which the checks see,
/// knowing the family). A `HEAD` endpoint's bodies are refused where they are read.
///
/// ```yaml
/// search_things: { method: GET, path: /things/, request: Query }      # no body on a GET
/// get_thing: { method: GET, path: /things/{thing-id}, status: 201 }   # nothing created
/// ```
fn check_fits_method(raw: &raw::Endpoint, method: Method, diags: &mut Diagnostics) {
    let name = method.as_str();
    if let (Method::Get, Some(request)) = (method, &raw.request) {
        diags.push(
            Diagnostic::new(
                request.location.clone(),
                "a `GET` carries no request body, but the endpoint declares a `request`",
            )
            .hint(
                "remove `request` and read the input from the path or `query` options, or make \
                 the endpoint a `POST` (a search that takes a body is a `POST`)",
            ),
        );
    }
    if !matches!(method, Method::Get | Method::Head | Method::Delete) {
        return;
    }
    let created = raw
        .status
        .iter()
        .chain(raw.other_successes.iter().flatten())
        .find(|s| s.value.0 == 201);
    if let Some(status) = created {
        diags.push(
            Diagnostic::new(
                status.location.clone(),
                format!("a `{name}` creates nothing, so it never answers 201 Created"),
            )
            .hint(match method {
                Method::Delete => "answer 200 with a body or 204 without one; 201 is for the `POST` or `PUT` that creates",
                _ => "answer 200 (leave `status` out); 201 is for the `POST` or `PUT` that creates",
            }),
        );
    }
}

/// An endpoint's own `error_body`, written as the service's is (the rows' own placeholders
/// among its values); `error_type` goes with it.
///
/// ```yaml
/// error_type: SlackError     # without `error_body`: the record of which body?
/// ```
fn lower_own_error_body(
    raw: &raw::Endpoint,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<crate::model::error_body::Shape> {
    let Some(node) = &raw.error_body else {
        if let Some(named) = &raw.error_type {
            diags.push(
                Diagnostic::new(
                    named.location.clone(),
                    "`error_type` names the record of the endpoint's `error_body`, which it lacks",
                )
                .hint("add `error_body: { message: \"{message}\" }` (the shape its errors have), or remove `error_type`"),
            );
        }
        return None;
    };
    let given: Vec<&str> = (cx.statuses.iter())
        .flat_map(|s| s.values.iter().map(|(name, _)| name.as_str()))
        .collect();
    super::statuses::body_shape(node, super::statuses::Whose::Errors, &given, diags)
        .map(|(body, _)| body)
}
