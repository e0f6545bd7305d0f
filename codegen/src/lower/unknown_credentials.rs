//! Lowering `unknown_credentials`: what credentials the service does not accept get.

use super::words::word;
use crate::diag::Diagnostics;
use crate::model::UnknownCredentials;
use crate::read::decode::Spanned;

/// `unknown_credentials: unauthorized | anonymous` (`unauthorized` when left out, or
/// misspelt).
pub(super) fn lower_unknown_credentials(
    raw: Option<&Spanned<String>>,
    diags: &mut Diagnostics,
) -> UnknownCredentials {
    raw.and_then(|raw| {
        word(
            raw,
            "`unknown_credentials` policy",
            "`unauthorized`: 401 with a challenge; `anonymous`: served as if no credentials \
             were sent",
            diags,
        )
    })
    .unwrap_or_default()
}
