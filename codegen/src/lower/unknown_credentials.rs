//! Lowering `unknown_credentials`: what credentials the service does not accept get.

use super::words::word;
use crate::diag::Diagnostics;
use crate::model::UnknownCredentials;
use crate::read::decode::Spanned;

/// `unknown_credentials: unauthorized | anonymous`; `None` once a misspelt word is
/// reported (the default, `unauthorized`, is the table's).
pub(super) fn lower_unknown_credentials(
    raw: &Spanned<String>,
    diags: &mut Diagnostics,
) -> Option<UnknownCredentials> {
    word(
        raw,
        "`unknown_credentials` policy",
        "`unauthorized`: 401 with a challenge; `anonymous`: served as if no credentials were \
         sent",
        diags,
    )
}
