//! Lowering `openapi_anonymous_forms`: which endpoints the OpenAPI document lists without
//! the authenticated prefix.

use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::read::decode::Spanned;

/// `openapi_anonymous_forms`: `usable` (the default) or `all`; true for `all`.
pub(super) fn lower_openapi_anonymous_forms(
    raw: Option<&Spanned<String>>,
    diags: &mut Diagnostics,
) -> bool {
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
