//! What an endpoint's request body may be besides a value of its `request` type: left
//! out (`request_optional`), or `null` (`request_nullable`), either giving the handler an
//! `Option` (the media types it is read in are `request_bodies.rs`').

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::TypeRef;
use crate::read::raw;

/// `request_optional` says something only of an endpoint with a `request`.
///
/// ```yaml
/// close_thing: { method: POST, path: /things/{thing-id}/close, request_optional: true }
/// ```
pub(super) fn lower_request_optional(
    raw: &raw::Endpoint,
    has_request: bool,
    diags: &mut Diagnostics,
) -> bool {
    let Some(optional) = &raw.request_optional else {
        return false;
    };
    if raw.request.is_none() && optional.value {
        diags.push(
            Diagnostic::new(
                optional.location.clone(),
                "`request_optional` without a `request`: there is no body to leave out",
            )
            .hint("add the body's type as `request`, or remove `request_optional`"),
        );
    }
    optional.value && has_request
}

/// `request_nullable` says something only of an endpoint with a `request` of a type that
/// is not `null` already (`any` is).
///
/// ```yaml
/// close_thing: { method: POST, path: /things/{thing-id}/close, request_nullable: true }
/// note_thing: { method: POST, path: /things/{thing-id}/notes, request: any, request_nullable: true }
/// ```
pub(super) fn lower_request_nullable(
    raw: &raw::Endpoint,
    request: Option<&TypeRef>,
    diags: &mut Diagnostics,
) -> bool {
    let Some(nullable) = raw.request_nullable.as_ref().filter(|n| n.value) else {
        return false;
    };
    let why = match request {
        _ if raw.request.is_none() => {
            "`request_nullable` without a `request`: there is no body to be `null`"
        }
        Some(TypeRef::Any) => "`request: any` is `null` already",
        _ => return request.is_some(),
    };
    diags.push(
        Diagnostic::new(nullable.location.clone(), why)
            .hint("give the endpoint a `request` of a type, or remove `request_nullable`"),
    );
    false
}
