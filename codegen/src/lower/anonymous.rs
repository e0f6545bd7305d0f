//! Lowering `anonymous` (the service's, a family's or an endpoint's): what anonymous
//! callers may call.

use super::words::word;
use crate::diag::Diagnostics;
use crate::model::Anonymous;
use crate::read::decode::Spanned;

/// `anonymous: reads | none | all`.
pub(super) fn lower_anonymous(raw: &Spanned<String>, diags: &mut Diagnostics) -> Option<Anonymous> {
    word(
        raw,
        "`anonymous` policy",
        "`reads`: GET and HEAD only; `none`: every call needs credentials; `all`: anyone may \
         call",
        diags,
    )
}
