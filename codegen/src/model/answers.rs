//! The error statuses an endpoint can answer: those its `errors:` declares, and those of
//! the runtime's own conditions that apply to it. The runtime answers a handler's error of
//! any other status as a 500 (`EndpointSpec::error_codes`), and an example expecting one
//! is refused, so that `errors:` and the OpenAPI document say what a caller can get.

use super::{Endpoint, Method, Service, UnknownCredentials};

/// Conditions any operation may meet: an option it does not know, a resource that is not
/// there, a refused quota, a failure of the service.
pub const ANY_OPERATION: &[&str] = &[
    "malformed_request",
    "not_found",
    "quota_exhausted",
    "internal_error",
];
/// Conditions of every mutation: a cookie without its XSRF token.
pub const MUTATIONS: &[&str] = &["invalid_xsrf_token"];
/// Conditions of a request body.
pub const BODIES: &[&str] = &["malformed_json", "wrong_content_type", "invalid_input"];

/// Statuses the runtime answers on its own, outside the status table: a body that is
/// late (408) or too large (413), with a body only; failed authentication attempts (429);
/// the handler's time spent (503).
pub const RUNTIME_STATUSES: &[(u16, bool)] =
    &[(408, true), (413, true), (429, false), (503, false)];

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

/// The runtime's conditions `endpoint` may meet, `authenticated` when it is called under
/// the authenticated prefix.
pub fn conditions(
    service: &Service,
    endpoint: &Endpoint,
    authenticated: bool,
) -> Vec<&'static str> {
    let mut conditions: Vec<&str> = ANY_OPERATION.to_vec();
    if !endpoint.method.is_read() {
        conditions.extend_from_slice(MUTATIONS);
    }
    if !endpoint.anonymous.allows(endpoint.method) {
        conditions.push("authentication_required");
    }
    let c = &service.conventions;
    if authenticated
        || !c.credentials.is_empty() && c.unknown_credentials == UnknownCredentials::Unauthorized
    {
        conditions.push("not_authenticated");
    }
    if endpoint.request.is_some() {
        conditions.extend_from_slice(BODIES);
    }
    if c.idempotency.is_some() && matches!(endpoint.method, Method::Post | Method::Patch) {
        conditions.extend_from_slice(&["idempotency_key_reused", "idempotency_key_in_use"]);
    }
    if endpoint.capability.is_some() {
        conditions.push("capability_missing");
    }
    if c.run_as.is_some() {
        conditions.push("run_as_refused");
    }
    conditions
}

/// Every error status `endpoint` can answer, sorted, 500 left out (always possible): its
/// `errors:`, its conditions' (the table's row for each, else the usual status) under
/// either form, and the runtime's own.
pub fn error_codes(service: &Service, endpoint: &Endpoint) -> Vec<u16> {
    let authenticated = service.conventions.authenticated_prefix.is_some();
    let declared = endpoint
        .errors
        .iter()
        .filter_map(|name| service.statuses.iter().find(|s| &s.name == name))
        .map(|s| s.code);
    let raised = conditions(service, endpoint, authenticated)
        .into_iter()
        .filter_map(|condition| {
            service
                .statuses
                .iter()
                .find(|s| s.raised_for.iter().any(|r| r == condition))
                .map(|s| s.code)
                .or_else(|| default_status(condition))
        });
    let runtime = RUNTIME_STATUSES
        .iter()
        .filter(|(_, body)| !body || endpoint.request.is_some())
        .map(|(code, _)| *code);
    let mut codes: Vec<u16> = declared
        .chain(raised)
        .chain(runtime)
        .filter(|c| *c != 500)
        .collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}
