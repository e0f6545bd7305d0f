//! Lowering the service file's conventions: each key by the function of its own file
//! (`base_path.rs`, `sessions.rs`, ...; a word by `words.rs`), called once here, in the
//! order of the model's fields.

use super::access::checked_header;
use super::anonymous::lower_anonymous;
use super::authenticated_prefix::lower_authenticated_prefix;
use super::base_path::lower_base_path;
use super::challenges::lower_challenges;
use super::credentials::lower_credentials;
use super::error_format::lower_error_format;
use super::method_override::lower_override_methods;
use super::pretty_printing::lower_pretty_by_default;
use super::run_as::lower_run_as;
use super::sessions::lower_sessions;
use super::unknown_credentials::lower_unknown_credentials;
use super::words::one_of;
use crate::diag::Diagnostics;
use crate::model::{Anonymous, Conventions};
use crate::read::decode::Spanned;
use crate::read::raw;

/// The conventions, every key lowered and every problem reported.
pub(super) fn lower_conventions(raw: &raw::Conventions, diags: &mut Diagnostics) -> Conventions {
    let value = |s: &Option<Spanned<String>>| s.as_ref().map(|s| s.value.clone());
    let (error_format, format_known) = lower_error_format(raw.error_format.as_ref(), diags);
    let credentials = raw.credentials.as_deref().unwrap_or_default();
    Conventions {
        base_path: raw.base_path.as_ref().map(|b| lower_base_path(b, diags)),
        authenticated_prefix: raw
            .authenticated_prefix
            .as_ref()
            .map(|p| lower_authenticated_prefix(p, diags)),
        json_prefix: raw.json_prefix.clone(),
        pretty_by_default: lower_pretty_by_default(raw.pretty_printing.as_ref(), diags),
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
        method_override_methods: lower_override_methods(raw.method_override.as_ref(), diags),
        content_type_override_parameter: value(&raw.content_type_override),
        create_only_header: checked_header(&raw.create_only_header, diags),
        trace_parameter: raw.trace.as_ref().and_then(|t| value(&t.parameter)),
        trace_header: checked_header(&raw.trace.as_ref().and_then(|t| t.header.clone()), diags),
        xsrf_header: checked_header(&raw.xsrf_header, diags),
        access_token_parameter: value(&raw.access_token_parameter),
        credentials: lower_credentials(credentials, diags),
        token_issuer: super::access::lower_token_issuer(credentials, diags),
        plain_tokens: super::access::lower_plain_tokens(credentials, diags),
        unknown_credentials: lower_unknown_credentials(raw.unknown_credentials.as_ref(), diags),
        challenges: raw
            .challenges
            .as_ref()
            .map(|schemes| lower_challenges(schemes, diags)),
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
        timestamp_format: one_of(raw.timestamp_format.as_ref(), "timestamp format", diags),
        cors_setting: value(&raw.cors_setting),
        run_as: raw.run_as.as_ref().map(|r| lower_run_as(r, diags)),
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
        openapi_every_anonymous_form: super::openapi_anonymous_forms::lower_openapi_anonymous_forms(
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
        request_id_header: checked_header(&raw.request_id_header, diags),
        request_id_prefix: super::request_id::lower_request_id_prefix(raw, diags),
        echo_headers: super::echo_headers::lower_echo_headers(raw, diags),
        idempotency: raw
            .idempotency
            .as_ref()
            .map(|i| super::idempotency::lower_idempotency(i, diags)),
        request_bodies: raw
            .request_bodies
            .as_ref()
            .and_then(|r| super::request_bodies::media_words(r, diags))
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
