//! Lowering the service file's conventions, sessions and quota template (the status table
//! and the error body are `statuses.rs`).

use super::access::{lower_anonymous, lower_unknown_credentials};
use super::credentials::lower_credentials;
use super::words::one_of;
use crate::diag::{Diagnostic, Diagnostics, did_you_mean, suggest};
use crate::model::{Anonymous, Capability, Conventions, ErrorFormat, Family, Method, SpecWords};
use crate::names::is_header_name;
use crate::read::decode::Spanned;
use crate::read::raw;

pub(super) fn lower_conventions(raw: &raw::Conventions, diags: &mut Diagnostics) -> Conventions {
    let value = |s: &Option<Spanned<String>>| s.as_ref().map(|s| s.value.clone());
    if let Some(prefix) = &raw.authenticated_prefix {
        let inner = prefix.value.trim_matches('/');
        if !prefix.value.starts_with('/')
            || !prefix.value.ends_with('/')
            || inner.is_empty()
            || inner.contains('/')
        {
            diags.push(
                Diagnostic::new(
                    prefix.location.clone(),
                    format!(
                        "`authenticated_prefix` `{}` is not one path segment between slashes",
                        prefix.value
                    ),
                )
                .hint("write it like `/a/`"),
            );
        }
    }
    // Left out: compact JSON, and no parameter that asks for pretty.
    let pretty_by_default = match raw
        .pretty_printing
        .as_ref()
        .map(|p| (p.default.value.as_str(), p))
    {
        None => false,
        Some(("pretty", _)) => true,
        Some(("compact", _)) => false,
        Some((other, pretty)) => {
            diags.push(
                Diagnostic::new(
                    pretty.default.location.clone(),
                    format!("unknown pretty-printing default `{other}`"),
                )
                .hint(suggest(other, ["pretty", "compact"])),
            );
            true
        }
    };
    let mut methods = Vec::new();
    for m in raw.method_override.iter().flat_map(|m| &m.methods) {
        match lower_method(m, diags) {
            Some(method) => methods.push(method),
            None => continue,
        }
    }
    let timestamp_format = one_of(raw.timestamp_format.as_ref(), "timestamp format", diags);
    // A misspelt format is one message: the model takes the closest format (`JSON` as
    // `json`), but neither `error_body` nor the examples' error bodies are judged against
    // a format the spec does not say.
    let mut format_known = true;
    let error_format = match raw.error_format.as_ref().map(|f| (f.value.as_str(), f)) {
        None => ErrorFormat::Plain,
        Some((name, spanned)) => super::statuses::error_format_named(spanned, diags)
            .unwrap_or_else(|| {
                format_known = false;
                crate::diag::closest(name, ErrorFormat::words())
                    .and_then(ErrorFormat::from_word)
                    .unwrap_or(ErrorFormat::Plain)
            }),
    };
    let headers = [
        &raw.create_only_header,
        &raw.xsrf_header,
        &raw.trace.as_ref().and_then(|t| t.header.clone()),
        &raw.run_as.as_ref().map(|r| r.header.clone()),
        &raw.request_id_header,
    ];
    for header in headers.into_iter().flatten() {
        if !is_header_name(&header.value) {
            diags.push(
                Diagnostic::new(
                    header.location.clone(),
                    format!("`{}` is not a valid header name", header.value),
                )
                .hint("header names are letters, digits and `-`, such as `X-Service-Auth`"),
            );
        }
    }
    Conventions {
        base_path: raw.base_path.as_ref().map(|b| lower_base_path(b, diags)),
        authenticated_prefix: value(&raw.authenticated_prefix),
        json_prefix: raw.json_prefix.clone(),
        pretty_by_default,
        pretty_parameter: raw
            .pretty_printing
            .as_ref()
            .and_then(|p| value(&p.parameter)),
        compact_when_accept: raw
            .pretty_printing
            .as_ref()
            .and_then(|p| value(&p.compact_when_accept)),
        method_override_parameter: raw
            .method_override
            .as_ref()
            .map(|m| m.parameter.value.clone()),
        method_override_methods: methods,
        content_type_override_parameter: value(&raw.content_type_override),
        create_only_header: value(&raw.create_only_header),
        trace_parameter: raw.trace.as_ref().and_then(|t| value(&t.parameter)),
        trace_header: raw.trace.as_ref().and_then(|t| value(&t.header)),
        xsrf_header: value(&raw.xsrf_header),
        access_token_parameter: value(&raw.access_token_parameter),
        credentials: lower_credentials(raw.credentials.as_deref().unwrap_or_default(), diags),
        token_issuer: super::access::lower_token_issuer(
            raw.credentials.as_deref().unwrap_or_default(),
            diags,
        ),
        plain_tokens: super::access::lower_plain_tokens(
            raw.credentials.as_deref().unwrap_or_default(),
            diags,
        ),
        unknown_credentials: lower_unknown_credentials(raw.unknown_credentials.as_ref(), diags),
        challenges: raw
            .challenges
            .as_ref()
            .map(|schemes| super::access::lower_challenges(schemes, diags)),
        anonymous: raw
            .anonymous
            .as_ref()
            .and_then(|a| lower_anonymous(a, diags))
            .unwrap_or(Anonymous::Reads),
        self_alias: value(&raw.self_alias),
        self_alias_params: raw
            .self_alias_params
            .iter()
            .flatten()
            .map(|p| p.value.clone())
            .collect(),
        sessions: raw.sessions.as_ref().map(|s| lower_sessions(s, diags)),
        timestamp_format,
        cors_setting: value(&raw.cors_setting),
        run_as: raw.run_as.as_ref().map(|r| crate::model::RunAs {
            header: r.header.value.clone(),
            capability: r.capability.value.clone(),
        }),
        security_headers: raw.security_headers.unwrap_or(true),
        // Read with the status table (its rows' `values`), in `lower`.
        error_body: None,
        // Read with the types, in `lower`.
        error_type: None,
        // Filled in once the types are known (`parameters::lower_error_headers`).
        error_headers: Vec::new(),
        error_format,
        error_format_guessed: !format_known,
        openapi_path: value(&raw.openapi_path),
        docs_page: raw.docs_path.as_ref().map(|d| crate::model::DocsPage {
            path: d.value.clone(),
            location: d.location.clone(),
        }),
        openapi_default_error: raw.openapi_default_error.unwrap_or(false),
        openapi_every_anonymous_form: lower_openapi_anonymous_forms(
            raw.openapi_anonymous_forms.as_ref(),
            diags,
        ),
        metrics_path: value(&raw.metrics_path),
        liveness_path: value(&raw.liveness_path),
        readiness_path: value(&raw.readiness_path),
        json_content_type: raw
            .json_content_type
            .as_ref()
            .map(|t| super::json_content_type::lower_json_content_type(t, diags)),
        pagination: raw
            .pagination
            .as_ref()
            .map(|p| super::pagination::lower_pagination(p, diags)),
        unknown_options: one_of(
            raw.unknown_options.as_ref(),
            "`unknown_options` policy",
            diags,
        ),
        never_gzip_errors: raw.gzip_errors == Some(false),
        request_id_header: value(&raw.request_id_header),
        request_id_prefix: super::request_id::lower_request_id_prefix(raw, diags),
        echo_headers: super::echo_headers::lower_echo_headers(raw, diags),
        idempotency: raw
            .idempotency
            .as_ref()
            .map(|i| super::idempotency::lower_idempotency(i, diags)),
        request_bodies: raw
            .request_bodies
            .as_ref()
            .and_then(|r| super::request_body::media_words(r, diags))
            .unwrap_or_default(),
        request_content_type: one_of(
            raw.request_content_type.as_ref(),
            "`request_content_type`",
            diags,
        ),
        empty_request_body: one_of(
            raw.empty_request_body.as_ref(),
            "`empty_request_body`",
            diags,
        ),
        read_only_fields: one_of(raw.read_only_fields.as_ref(), "`read_only_fields`", diags),
        unknown_fields: one_of(raw.unknown_fields.as_ref(), "`unknown_fields`", diags),
        null_optional_fields: one_of(
            raw.null_optional_fields.as_ref(),
            "`null_optional_fields`",
            diags,
        ),
        cors: raw.cors.as_ref().map(|c| super::cors::lower_cors(c, diags)),
        rate_limit_headers: raw
            .rate_limit_headers
            .as_ref()
            .map(|h| super::rate_limits::lower_rate_limit_headers(h, diags)),
    }
}

/// `base_path`: fixed segments after a `/` (`/api/v4`); a trailing slash is dropped.
fn lower_base_path(raw: &Spanned<String>, diags: &mut Diagnostics) -> String {
    let path = raw.value.trim_end_matches('/');
    let valid = path.starts_with('/')
        && path[1..]
            .split('/')
            .all(|s| !s.is_empty() && !s.contains(['{', '}', '?', '#', ' ', '%']));
    if !valid {
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                format!(
                    "`base_path` `{}` is not one or more fixed path segments",
                    raw.value
                ),
            )
            .hint("write it like `/api/v4` or `/v1`; leave it out for none"),
        );
    }
    path.to_owned()
}

/// Every parameter named in `self_alias_params` is a path parameter of some family, and
/// the alias itself is set.
pub(super) fn check_self_alias_params(
    raw: &raw::Conventions,
    families: &[Family],
    diags: &mut Diagnostics,
) {
    let declared: Vec<&str> = families
        .iter()
        .flat_map(|f| f.params.iter().map(|p| p.name.as_str()))
        .collect();
    for param in raw.self_alias_params.iter().flatten() {
        if !declared.contains(&param.value.as_str()) {
            diags.push(
                Diagnostic::new(
                    param.location.clone(),
                    format!("`{}` is not a path parameter of any family", param.value),
                )
                .hint(crate::diag::suggest(&param.value, declared.iter().copied())),
            );
        }
    }
    if let (None, Some(first)) = (
        &raw.self_alias,
        raw.self_alias_params.iter().flatten().next(),
    ) {
        diags.push(
            Diagnostic::new(
                first.location.clone(),
                "`self_alias_params` without `self_alias`",
            )
            .hint("add `self_alias: self`, or remove `self_alias_params`"),
        );
    }
}

/// The capability that allows impersonation is one the spec declares.
pub(super) fn check_run_as_capability(
    raw: &raw::Conventions,
    capabilities: &[Capability],
    diags: &mut Diagnostics,
) {
    if let Some(run_as) = &raw.run_as {
        check_capability(&run_as.capability, capabilities, diags);
    }
}

/// A capability named anywhere in the spec (an endpoint's `capability`, `run_as`) is one
/// declared under `capabilities`.
pub(super) fn check_capability(
    name: &Spanned<String>,
    capabilities: &[Capability],
    diags: &mut Diagnostics,
) {
    if !capabilities.iter().any(|c| c.name == name.value) {
        diags.push(
            Diagnostic::new(
                name.location.clone(),
                format!("unknown capability `{}`", name.value),
            )
            .hint(format!(
                "{} (capabilities are declared under `capabilities` in service.yaml)",
                suggest(&name.value, capabilities.iter().map(|c| c.name.as_str()))
            )),
        );
    }
}

pub(super) fn lower_sessions(
    raw: &raw::Sessions,
    diags: &mut Diagnostics,
) -> crate::model::Sessions {
    for path in [&raw.login_path, &raw.logout_path] {
        let valid = path.value.starts_with('/')
            && !path.value.ends_with('/')
            && !path.value.contains(['{', '}', '?', ' ']);
        if !valid {
            diags.push(
                Diagnostic::new(
                    path.location.clone(),
                    format!("`{}` is not a fixed path", path.value),
                )
                .hint("write a path such as `/login`"),
            );
        }
    }
    for cookie in [&raw.cookie, &raw.xsrf_cookie] {
        let valid = !cookie.value.is_empty()
            && cookie
                .value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
        if !valid {
            diags.push(
                Diagnostic::new(
                    cookie.location.clone(),
                    format!("`{}` is not a valid cookie name", cookie.value),
                )
                .hint("cookie names are letters, digits, `-`, `_` and `.`, such as `XSRF_TOKEN`"),
            );
        }
    }
    crate::model::Sessions {
        cookie: raw.cookie.value.clone(),
        xsrf_cookie: raw.xsrf_cookie.value.clone(),
        login_path: raw.login_path.value.clone(),
        logout_path: raw.logout_path.value.clone(),
    }
}

/// Checks the group template has `{endpoint}` and `{method}` and no other placeholder;
/// answers whether it is well formed.
pub(super) fn check_quota_template(template: &Spanned<String>, diags: &mut Diagnostics) -> bool {
    let t = &template.value;
    let mut rest = t.as_str();
    let mut placeholders = Vec::new();
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        placeholders.push(&rest[open + 1..open + close]);
        rest = &rest[open + close + 1..];
    }
    let known = ["endpoint", "method", "name"];
    if let Some(p) = placeholders.iter().find(|p| !known.contains(p)) {
        diags.push(
            Diagnostic::new(
                template.location.clone(),
                format!("unknown placeholder `{{{p}}}` in `group_template`"),
            )
            .hint(match did_you_mean(p, known) {
                Some(hint) => hint,
                None => "the placeholders are `{endpoint}`, `{method}` and `{name}`".to_owned(),
            }),
        );
        return false;
    }
    // The endpoint's name tells every endpoint apart on its own; otherwise the path and the
    // method together do.
    if !placeholders.contains(&"name")
        && !["endpoint", "method"]
            .iter()
            .all(|k| placeholders.contains(k))
    {
        diags.push(
            Diagnostic::new(
                template.location.clone(),
                "`group_template` must contain `{endpoint}` and `{method}`, or `{name}`",
            )
            .hint("write `/restapi{endpoint}:{method}`, or `{name}` for a group per endpoint"),
        );
        return false;
    }
    true
}

pub(super) fn lower_method(method: &Spanned<String>, diags: &mut Diagnostics) -> Option<Method> {
    let found = Method::parse(&method.value);
    if found.is_none() {
        let names = Method::ALL.map(Method::as_str);
        let upper = method.value.to_ascii_uppercase();
        let hint = if Method::parse(&upper).is_some() {
            format!("methods are upper case: write `{upper}`")
        } else {
            suggest(&method.value, names)
        };
        diags.push(
            Diagnostic::new(
                method.location.clone(),
                format!("unknown HTTP method `{}`", method.value),
            )
            .hint(hint),
        );
    }
    found
}

/// `openapi_anonymous_forms`: `usable` (the default) or `all`; true for `all`.
fn lower_openapi_anonymous_forms(raw: Option<&Spanned<String>>, diags: &mut Diagnostics) -> bool {
    const KNOWN: [&str; 2] = ["usable", "all"];
    match raw.map(|r| (r.value.as_str(), r)) {
        None | Some(("usable", _)) => false,
        Some(("all", _)) => true,
        Some((other, spanned)) => {
            diags.push(
                Diagnostic::new(
                    spanned.location.clone(),
                    format!("unknown `openapi_anonymous_forms` `{other}`"),
                )
                .hint(suggest(other, KNOWN)),
            );
            false
        }
    }
}
