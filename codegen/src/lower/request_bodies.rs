//! Lowering `request_bodies`, the conventions' and an endpoint's own: the media types a
//! request body is read in.

use super::words::word;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::RequestBodies;
use crate::read::decode::Spanned;
use crate::read::raw;

/// `request_bodies` (of the conventions or an endpoint) when it is one of its words, else
/// located with the nearest.
pub(super) fn media_words(raw: &Spanned<String>, diags: &mut Diagnostics) -> Option<RequestBodies> {
    word(raw, "`request_bodies`", "", diags)
}

/// An endpoint's own `request_bodies`, which says something only of an endpoint with a
/// `request`.
///
/// ```yaml
/// token: { method: POST, path: /oauth/token, request: TokenRequest, request_bodies: form }
/// ```
pub(super) fn lower_request_bodies(
    raw: &raw::Endpoint,
    diags: &mut Diagnostics,
) -> Option<RequestBodies> {
    let given = raw.request_bodies.as_ref()?;
    let words = media_words(given, diags)?;
    if raw.request.is_none() {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                "`request_bodies` without a `request`: there is no body to read",
            )
            .hint("add the body's type as `request`, or remove `request_bodies`"),
        );
        return None;
    }
    Some(words)
}
