//! Phase two: raw records to the validated [`model`](crate::model).
//!
//! Lowering converts each value on its own (a method name, a template, a type expression)
//! and reports what cannot be converted. Rules that compare several parts of the model
//! live in [`check`](crate::check); the few that compare values here (an error body's type,
//! run-as's capability, the quota template's placeholders) are those whose message points
//! at a position the model does not keep.
//!
//! Each convention key's lowering is in a file of its own, named by the key
//! (`base_path.rs`, `rate_limits.rs` for `rate_limit_headers`, ...), where the key needs more
//! than its kind's usual lowering; `conventions.rs` lowers every key, those of
//! `restspec-conventions`' table through the function the table names or the usual one
//! (`words.rs` for a word).

mod access;
mod anonymous;
mod applies;
mod authenticated_prefix;
mod base_path;
mod capabilities;
mod challenges;
mod composition;
mod context;
mod conventions;
mod cors;
mod credentials;
mod defaults;
mod deprecation;
mod echo_headers;
mod endpoints;
mod error_format;
mod error_type;
mod examples;
mod field_rules;
mod idempotency;
mod identifiers;
mod json_content_type;
mod listed_values;
mod method;
mod method_override;
mod openapi_anonymous_forms;
mod option_rules;
mod pagination;
mod parameters;
mod path_params;
mod pretty_printing;
mod quota_metadata;
mod quota_template;
mod rate_limits;
mod request_bodies;
mod request_body;
mod request_id;
mod reserved;
mod response_media;
mod run_as;
mod selectors;
mod served_paths;
mod sessions;
mod statuses;
mod successes;
mod template;
mod trace;
mod type_keys;
mod type_refs;
mod types;
mod unions;
mod unknown_credentials;
mod words;

use context::Context;
use conventions::lower_conventions;
use endpoints::lower_family;
use identifiers::{Case, check_name};
use quota_template::check_quota_template;
use run_as::check_run_as_capability;
pub use statuses::RUNTIME_CONDITIONS;
use statuses::lower_status;
use types::{collect_type_names, lower_type};

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Capability, ErrorFormat, Pagination, Service};
use crate::read::RawSpec;

/// Lowers a raw spec. Returns the model even when problems were found, so that the checks
/// can still run and report everything at once; callers look at `diags` before emitting.
pub(crate) fn lower(spec: &RawSpec, diags: &mut Diagnostics) -> Service {
    let service = &spec.service;
    let type_names = collect_type_names(spec, diags);

    let mut statuses = service
        .statuses
        .iter()
        .map(|(key, status)| lower_status(key, status, &type_names, diags))
        .collect::<Vec<_>>();
    let capabilities = service
        .capabilities
        .iter()
        .flatten()
        .map(|(key, description)| Capability {
            name: key.name.clone(),
            description: description.clone(),
        })
        .collect::<Vec<_>>();

    let mut lowered_conventions = lower_conventions(&service.conventions, diags);
    // A misspelt `error_format` is one message: the body is not judged against a guess.
    if !lowered_conventions.error_format_guessed {
        lowered_conventions.error_body = statuses::lower_error_body(
            &service.conventions,
            lowered_conventions.error_format,
            &service.statuses,
            diags,
        );
    }
    statuses::lower_row_formats(
        &service.statuses,
        lowered_conventions.error_body.as_ref(),
        &mut statuses,
        diags,
    );
    let conventions = &service.conventions;
    let query_credentials = conventions.credentials.iter().flatten().flat_map(|c| {
        let together = c.together.iter().flatten().filter_map(|k| k.query.as_ref());
        c.query.as_ref().into_iter().chain(together)
    });
    let reserved_parameters = [
        conventions
            .pretty_printing
            .as_ref()
            .and_then(|p| p.parameter.as_ref()),
        conventions
            .trace
            .as_ref()
            .and_then(|t| t.parameter.as_ref()),
        conventions.access_token_parameter.as_ref(),
        conventions.method_override.as_ref().map(|m| &m.parameter),
        conventions.content_type_override_parameter.as_ref(),
    ]
    .into_iter()
    .flatten()
    .chain(query_credentials)
    .map(|p| p.value.as_str())
    .collect();
    let page_parameters = lowered_conventions
        .pagination
        .iter()
        .flat_map(Pagination::all_parameters)
        .collect();
    // Every type the spec declares, the service's and each family's.
    let declared = || {
        (spec.families.iter().filter_map(|f| f.types.as_ref()))
            .chain(service.types.as_ref())
            .flatten()
    };
    let named = |keep: fn(&crate::read::raw::TypeDef) -> bool| -> Vec<String> {
        declared()
            .filter(|(_, def)| keep(def))
            .map(|(key, _)| key.name.clone())
            .collect()
    };
    let enum_names = named(|def| def.values.is_some());
    let enum_values = declared()
        .filter_map(|(key, def)| {
            let values = def.values.as_ref()?;
            Some((
                key.name.clone(),
                values.iter().map(|v| v.value.value.clone()).collect(),
            ))
        })
        .collect();
    let cx = Context {
        enum_names,
        enum_values,
        nullable_types: (named(|def| def.nullable.as_ref().is_some_and(|n| n.value)))
            .into_iter()
            .collect(),
        read_only_types: (named(|def| def.read_only.as_ref().is_some_and(|r| r.value)))
            .into_iter()
            .collect(),
        paginates: lowered_conventions.pagination.is_some(),
        page_parameters,
        anonymous: lowered_conventions.anonymous,
        credentials: &lowered_conventions.credentials,
        rate_limit_resource: lowered_conventions
            .rate_limit_headers
            .as_ref()
            .and_then(|h| h.default_resource.as_ref()),
        reserved_parameters,
        reserved_headers: reserved::reserved_headers(&lowered_conventions),
        reserved_cookies: reserved::reserved_cookies(&lowered_conventions),
        type_names: &type_names,
        statuses: &statuses,
        capabilities: &capabilities,
        quota_template: &service.quota.group_template.value,
    };
    let row_headers: Vec<_> = (service.statuses.iter())
        .map(|(_, status)| parameters::lower_row_headers(status, &cx, diags))
        .collect();
    let error_headers = parameters::lower_error_headers(&service.conventions, &cx, diags);

    let mut types = Vec::new();
    for (key, def) in service.types.iter().flatten() {
        types.extend(lower_type(key, def, &cx, diags));
    }
    let mut families = Vec::new();
    for file in &spec.families {
        for (key, def) in file.types.iter().flatten() {
            types.extend(lower_type(key, def, &cx, diags));
        }
        families.push(lower_family(file, &spec.sections, &cx, diags));
    }

    composition::compose(&mut types, diags);
    quota_metadata::check_names(&spec.families, diags);
    rate_limits::check_resources(&spec.families, &lowered_conventions, diags);
    lowered_conventions.error_type =
        error_type::lower_error_type(&service.conventions, &lowered_conventions, &types, diags);
    for endpoint in families.iter().flat_map(|f| &f.endpoints) {
        if let (Some(named), Some(body), Some(at)) = (
            &endpoint.error_type,
            &endpoint.error_body,
            &endpoint.error_type_at,
        ) {
            error_type::check_own_error_type(named, body, at, &types, diags);
        }
    }
    // The body the runtime writes for a row's answers: its own, else the service's.
    let written = |status: &crate::model::Status| match status.error_format {
        Some(ErrorFormat::Json(())) => status.error_body.clone(),
        Some(_) => None,
        None => (lowered_conventions.error_format == ErrorFormat::Json(()))
            .then(|| lowered_conventions.error_body.clone())
            .flatten(),
    };
    // A row's record holds the runtime's answers of its code where the body the runtime
    // writes for them (the row raising the code's conditions, else its own) is one.
    let holds: Vec<bool> = statuses
        .iter()
        .map(|status| {
            let raiser = (statuses.iter())
                .find(|s| s.code == status.code && !s.raised_for.is_empty())
                .unwrap_or(status);
            match (written(raiser), &status.body) {
                (Some(body), Some(ty)) => error_type::writes_type(&body, ty, &types),
                _ => false,
            }
        })
        .collect();
    for ((status, holds), headers) in statuses.iter_mut().zip(holds).zip(row_headers) {
        status.body_is_error_body = holds;
        status.own_body_is_record = match (&status.error_body, &status.body) {
            (Some(body), Some(ty)) => error_type::writes_type(body, ty, &types),
            _ => false,
        };
        status.headers = headers;
    }
    check_row_headers_once(&statuses, &error_headers, diags);
    lowered_conventions.error_headers = error_headers;
    check_run_as_capability(&service.conventions, &capabilities, diags);
    served_paths::check_served_paths(&service.conventions, &families, diags);
    check_name(&service.service.name, "service name", Case::Snake, diags);
    if !["http://", "https://"]
        .iter()
        .any(|s| service.service.base_url.value.starts_with(s))
    {
        diags.push(
            Diagnostic::new(
                service.service.base_url.location.clone(),
                format!(
                    "`base_url` `{}` is not an http(s) URL",
                    service.service.base_url.value
                ),
            )
            .hint("write a URL such as `http://localhost:8080/`"),
        );
    }
    let quota_template_valid = check_quota_template(&service.quota.group_template, diags);

    Service {
        name: service.service.name.value.clone(),
        title: service.service.title.clone(),
        base_url: service.service.base_url.value.clone(),
        description: service.service.description.clone(),
        files: spec
            .sources
            .iter()
            .map(|s| s.display.display().to_string().replace('\\', "/"))
            .collect(),
        extends: service
            .extends
            .as_ref()
            .and_then(|e| match (&e.path, &e.links) {
                (Some(path), _) => Some(path.value.clone()),
                (_, Some(links)) => Some(format!("links {}", links.value)),
                _ => None,
            }),
        conventions: lowered_conventions,
        conventions_at: spec.conventions_at.clone(),
        statuses,
        capabilities,
        quota_template: service.quota.group_template.value.clone(),
        quota_template_valid,
        families,
        types,
        breaking_allowed: lower_allowed_breaks(service.breaking_allowed.as_deref(), diags),
    }
}

/// The allow-list, each change kind checked against those `restspec diff` knows.
fn lower_allowed_breaks(
    raw: Option<&[crate::read::raw::AllowedBreak]>,
    diags: &mut Diagnostics,
) -> Vec<crate::model::AllowedBreak> {
    let known: Vec<&str> = crate::model::ChangeKind::ALL
        .iter()
        .map(|k| k.name())
        .collect();
    raw.unwrap_or_default()
        .iter()
        .filter_map(|entry| {
            if !known.contains(&entry.change.value.as_str()) {
                diags.push(
                    Diagnostic::new(
                        entry.change.location.clone(),
                        format!("unknown change kind `{}`", entry.change.value),
                    )
                    .hint(crate::diag::suggest(
                        &entry.change.value,
                        known.iter().copied(),
                    )),
                );
                return None;
            }
            Some(crate::model::AllowedBreak {
                change: entry.change.value.clone(),
                subject: entry.subject.value.clone(),
                reason: entry.reason.clone(),
                location: entry.change.location.clone(),
            })
        })
        .collect()
}

/// A header any error answer may carry (`error_headers`) is not a row's too: one
/// declaration says what it is.
///
/// ```yaml
/// error_headers: { X-Request-Id: { type: string } }
/// statuses: { not_found: { headers: { X-Request-Id: { type: string } } } }
/// ```
fn check_row_headers_once(
    statuses: &[crate::model::Status],
    error_headers: &[crate::model::QueryOption],
    diags: &mut Diagnostics,
) {
    for status in statuses {
        for header in &status.headers {
            let Some(any) =
                (error_headers.iter()).find(|h| h.wire.eq_ignore_ascii_case(&header.wire))
            else {
                continue;
            };
            diags.push(
                Diagnostic::new(
                    header.location.clone(),
                    format!(
                        "row `{}` declares header `{}`, which every error answer may carry \
                         already",
                        status.name, header.wire
                    ),
                )
                .related(any.location.clone(), "declared in `error_headers` here")
                .hint("remove it from the row's `headers`"),
            );
        }
    }
}
