//! Lowering `request_id_prefix`: what the ids the service makes begin with.

use crate::diag::{Diagnostic, Diagnostics};
use crate::read::raw;

/// `request_id_prefix`: visible characters, beside a `request_id_header`.
pub(super) fn lower_request_id_prefix(
    raw: &raw::Conventions,
    diags: &mut Diagnostics,
) -> Option<String> {
    let given = raw.request_id_prefix.as_ref()?;
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
    } else if raw.request_id_header.is_none() {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                "`request_id_prefix` needs a `request_id_header` to carry the ids",
            )
            .hint("add `request_id_header: Request-Id` beside it, or remove it"),
        );
    }
    fits.then(|| given.value.clone())
}
