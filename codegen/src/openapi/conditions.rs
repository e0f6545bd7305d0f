//! Which of the runtime's own conditions an operation can meet: exactly those the request
//! pipeline (`restspec_runtime`'s `pipeline/service.rs` and `pipeline/dispatch.rs`) can
//! answer for that endpoint on that form, given the spec. The document lists these beside
//! the endpoint's declared `errors`, so that an operation's responses are what the service
//! can answer and nothing else.

use crate::model::{Credential, Endpoint, Family, Service, UnknownCredentials};

/// A condition an operation can meet, and whether its answer comes after the quota check
/// (and so may carry the rate-limit headers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Met {
    /// The condition's name, as `raised_for` spells it.
    pub name: &'static str,
    /// Answered after the quota check.
    pub after_quota: bool,
}

/// The conditions `endpoint` can meet on its authenticated form (`authenticated`) or its
/// plain form, in the order the pipeline checks them.
pub(super) fn conditions(
    service: &Service,
    family: &Family,
    endpoint: &Endpoint,
    authenticated: bool,
) -> Vec<Met> {
    let c = &service.conventions;
    let before = |name| Met {
        name,
        after_quota: false,
    };
    let after = |name| Met {
        name,
        after_quota: true,
    };
    let mut out = Vec::new();
    // The query string: the runtime's parameters that may appear once only, the
    // overrides, unknown options (unless ignored), the endpoint's options and pages; a
    // request body that cannot be read. Options are read after the quota check.
    let once_only = c.access_token_parameter.is_some()
        || c.method_override_parameter.is_some()
        || c.content_type_override_parameter.is_some()
        || c.credentials
            .iter()
            .any(|k| matches!(k, Credential::Query(_)));
    let options = !c.ignore_unknown_options
        || !endpoint.query.is_empty()
        || (endpoint.paginated && c.pagination.is_some());
    if once_only || options || endpoint.request.is_some() {
        out.push(Met {
            name: "malformed_request",
            after_quota: options || endpoint.request.is_some(),
        });
    }
    // Basic credentials on the authenticated form; elsewhere the spec's credentials, when
    // ones the service does not accept are refused rather than served as anonymous.
    let refuses_credentials =
        !c.credentials.is_empty() && c.unknown_credentials == UnknownCredentials::Unauthorized;
    if authenticated || refuses_credentials {
        out.push(before("not_authenticated"));
    }
    if c.run_as.is_some() {
        out.push(before("run_as_refused"));
    }
    // Routing: a segment that is not valid percent-encoding, a parameter outside its
    // pattern or type, or a top-level resource that is not there: only where the path has
    // parameters.
    if endpoint.path.params().next().is_some() {
        out.push(before("not_found"));
    }
    // Only the plain form has anonymous callers and cookie sessions.
    if !authenticated && !endpoint.anonymous.allows(endpoint.method) {
        out.push(before("authentication_required"));
    }
    if !authenticated && c.sessions.is_some() && !endpoint.method.is_read() {
        out.push(before("invalid_xsrf_token"));
    }
    if endpoint.capability.is_some() {
        out.push(before("capability_missing"));
    }
    let names_self = c.self_alias.is_some()
        && endpoint
            .path
            .params()
            .any(|p| c.self_alias_params.iter().any(|s| s == p));
    if !authenticated && names_self && endpoint.anonymous.allows(endpoint.method) {
        out.push(before("anonymous_self"));
    }
    // Every endpoint has a quota group.
    out.push(after("quota_exhausted"));
    if c.create_only_header.is_some() && family.names_top_level(endpoint) {
        out.push(after("precondition_failed"));
    }
    if endpoint.request.is_some() {
        out.extend(
            ["wrong_content_type", "malformed_json", "invalid_input"]
                .into_iter()
                .map(after),
        );
    }
    if super::operations::idempotent(service, endpoint).is_some() {
        out.push(after("idempotency_key_reused"));
        out.push(after("idempotency_key_in_use"));
    }
    out.push(after("internal_error"));
    out
}

/// What a condition means, for an operation's response description when the status table
/// has no row for it (the runtime then answers its default status).
pub(super) fn describe(condition: &str, endpoint: &Endpoint) -> String {
    match condition {
        "malformed_request" => "The query string or the body cannot be read, or names an \
            option the operation does not take."
            .into(),
        "wrong_content_type" => "The body's content type is not one the service reads.".into(),
        "malformed_json" => "The body is not valid JSON.".into(),
        "invalid_input" => "The body does not fit the request type.".into(),
        "not_authenticated" => "The credentials are missing or not accepted.".into(),
        "authentication_required" => "Anonymous callers may not call this operation.".into(),
        "invalid_xsrf_token" => {
            "A mutation by a cookie session without the session's XSRF token.".into()
        }
        "capability_missing" => format!(
            "The caller lacks the capability `{}`.",
            endpoint.capability.as_deref().unwrap_or_default()
        ),
        "anonymous_self" => {
            "The path names the caller (`self`), and the caller is anonymous.".into()
        }
        "run_as_refused" => "The run-as header was refused.".into(),
        "not_found" => "Nothing is there.".into(),
        "precondition_failed" => "The request's precondition does not hold: it asks to create \
            only, and the resource exists."
            .into(),
        "quota_exhausted" => "The quota is spent; see Retry-After.".into(),
        "idempotency_key_reused" => {
            "The idempotency key was sent before with another request.".into()
        }
        "idempotency_key_in_use" => "The idempotency key's first request is still running.".into(),
        "internal_error" => "The service failed.".into(),
        other => other.to_owned(),
    }
}
