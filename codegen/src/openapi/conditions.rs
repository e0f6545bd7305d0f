//! What a condition means, in words, for an operation's response description when the
//! status table has no row for it. Which conditions an operation can meet is the model's
//! (`model::answers::conditions`), shared with the runtime's check of handlers' errors;
//! a row's answers in words.

use crate::model::{Endpoint, Status};

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

/// A row's answers described: its message and when it is answered.
pub(super) fn row_description(row: &Status) -> String {
    format!("{}: {}", row.message, row.when)
}
