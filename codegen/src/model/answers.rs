//! The error statuses an endpoint can answer: those its `errors:` declares, and those of
//! the runtime's own conditions that apply to it, on either form. The runtime answers a
//! handler's error of any other status as a 500 (`EndpointSpec::error_codes`), an example
//! expecting one is refused, and the OpenAPI document lists exactly these (its
//! `responses.rs` reads `conditions` and `RUNTIME_STATUSES` from here), so that `errors:`,
//! the runtime and the document say the same of what a caller can get.
//!
//! Which conditions apply is what the request pipeline (`restspec_runtime`'s
//! `pipeline/request/`) can answer for that endpoint on that
//! form, given the spec.

use super::{Credential, Endpoint, Family, Method, Service, UnknownCredentials};

/// Statuses the runtime answers on its own, outside the status table: the code, what it
/// means, and whether only an operation with a request body can get it.
pub const RUNTIME_STATUSES: &[(u16, &str, bool)] = &[
    (408, "The request body did not arrive in time.", true),
    (
        413,
        "The request body is larger than the service accepts.",
        true,
    ),
    (
        503,
        "The request took longer than the service allows, or a store it needs did not answer.",
        false,
    ),
];

/// The status the runtime answers a condition with when the spec's status table does not
/// raise it (the runtime's `Condition::default_status`; a test keeps the two alike).
pub fn default_status(condition: &str) -> Option<u16> {
    Some(match condition {
        "malformed_request" | "wrong_content_type" | "malformed_json" | "invalid_input" => 400,
        "not_authenticated" => 401,
        "authentication_required"
        | "invalid_xsrf_token"
        | "capability_missing"
        | "anonymous_self"
        | "run_as_refused" => 403,
        "not_found" => 404,
        "method_not_allowed" => 405,
        "precondition_failed" => 412,
        "quota_exhausted" => 429,
        "internal_error" => 500,
        "idempotency_key_reused" => 422,
        "idempotency_key_in_use" => 409,
        _ => return None,
    })
}

/// Whether basic credentials are checked on that form, so that a caller past its
/// failed-password budget is answered 429.
pub fn checks_passwords(service: &Service, authenticated: bool) -> bool {
    authenticated || service.conventions.credentials.contains(&Credential::Basic)
}

/// A condition an operation can meet, and whether its answer comes after the quota check
/// (and so may carry the rate-limit headers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Met {
    /// The condition's name, as `raised_for` spells it.
    pub name: &'static str,
    /// Answered after the quota check.
    pub after_quota: bool,
}

/// The conditions `endpoint` can meet on its authenticated form (`authenticated`) or its
/// plain form, in the order the pipeline checks them.
pub fn conditions(
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
    let once_only = refused_before_routing(service);
    let options = c.unknown_options == crate::model::UnknownOptions::Reject
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
    if !authenticated && !endpoint.anonymous.allows_method(endpoint.method.as_str()) {
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
    if !authenticated && names_self && endpoint.anonymous.allows_method(endpoint.method.as_str()) {
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
    if c.idempotency.is_some() && matches!(endpoint.method, Method::Post | Method::Patch) {
        out.push(after("idempotency_key_reused"));
        out.push(after("idempotency_key_in_use"));
    }
    out.push(after("internal_error"));
    out
}

/// Every error status `endpoint` can answer, sorted, 500 left out (always possible): its
/// `errors:`, its conditions' (the table's row for each, else the usual status) under
/// either form, the failed-password budget's 429, and the runtime's own.
pub fn error_codes(service: &Service, family: &Family, endpoint: &Endpoint) -> Vec<u16> {
    let declared = endpoint
        .errors
        .iter()
        .filter_map(|name| service.statuses.iter().find(|s| &s.name == name))
        .map(|s| s.code);
    let mut forms = vec![false];
    if service.conventions.authenticated_prefix.is_some() {
        forms.push(true);
    }
    let mut codes: Vec<u16> = declared.collect();
    for authenticated in forms {
        let raised = conditions(service, family, endpoint, authenticated)
            .into_iter()
            .filter_map(|met| condition_code(service, met.name));
        codes.extend(raised);
        if checks_passwords(service, authenticated) {
            codes.push(429);
        }
    }
    codes.extend(
        RUNTIME_STATUSES
            .iter()
            .filter(|(_, _, body)| !body || endpoint.request.is_some())
            .map(|(code, _, _)| *code),
    );
    codes.retain(|c| *c != 500);
    codes.sort_unstable();
    codes.dedup();
    codes
}

/// The status table's row that answers `condition`, if any.
pub fn raising_row<'s>(service: &'s Service, condition: &str) -> Option<&'s super::Status> {
    (service.statuses.iter()).find(|s| s.raised_for.iter().any(|r| r == condition))
}

/// The status `condition` is answered with: its row's, else the runtime's default.
pub fn condition_code(service: &Service, condition: &str) -> Option<u16> {
    raising_row(service, condition)
        .map(|s| s.code)
        .or_else(|| default_status(condition))
}

/// The rows of `endpoint`'s `errors:` every answer of their code to a request routed to it
/// is written as (the runtime's refusals of its credentials, input and quota too): each row
/// with a format of its own, not raising the runtime's conditions, that it lists alone for
/// its code (SendGrid's operations each answer their 400s in a record of their own,
/// Vimeo's their 401s), in the order of its `errors:`.
pub fn refusal_rows<'s>(service: &'s Service, endpoint: &Endpoint) -> Vec<&'s super::Status> {
    let listed: Vec<&super::Status> = (endpoint.errors.iter())
        .filter_map(|name| service.statuses.iter().find(|s| s.name == *name))
        .collect();
    let own = |row: &&super::Status| {
        (row.error_format.is_some() || row.error_body.is_some()) && row.raised_for.is_empty()
    };
    (listed.iter().copied())
        .filter(own)
        // Another row of that code listed beside it leaves which one open.
        .filter(|row| listed.iter().filter(|r| r.code == row.code).count() == 1)
        .collect()
}

/// Whether a malformed query is refused before the request is routed: a parameter of the
/// runtime's own given twice (an access token, an override, a query key).
pub fn refused_before_routing(service: &Service) -> bool {
    let c = &service.conventions;
    c.access_token_parameter.is_some()
        || c.method_override_parameter.is_some()
        || c.content_type_override_parameter.is_some()
        || (c.credentials.iter().flat_map(Credential::keys))
            .any(|k| matches!(k, Credential::Query(_)))
}
