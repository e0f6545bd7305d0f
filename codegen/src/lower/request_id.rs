//! Lowering `request_id_prefix`: what the ids the service makes begin with.

use crate::diag::{Diagnostic, Diagnostics};
use crate::read::decode::Spanned;
use crate::read::raw;

/// `request_id_prefix`: up to 32 visible characters.
pub(super) fn lower_request_id_prefix(given: &Spanned<String>, diags: &mut Diagnostics) -> String {
    let fits =
        (1..=32).contains(&given.value.len()) && given.value.bytes().all(|b| b.is_ascii_graphic());
    if !fits {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                format!("`{}` is not a request id prefix", given.value),
            )
            .hint("write up to 32 visible characters without spaces, such as `req_`"),
        );
    }
    given.value.clone()
}

/// A `request_id_prefix` is written beside a `request_id_header`, which carries the ids.
pub(super) fn check_request_id_header(raw: &raw::Conventions, diags: &mut Diagnostics) {
    if let (Some(given), None) = (&raw.request_id_prefix, &raw.request_id_header) {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                "`request_id_prefix` needs a `request_id_header` to carry the ids",
            )
            .hint("add `request_id_header: Request-Id` beside it, or remove it"),
        );
    }
}
