//! Lowering `anonymous` (the service's, a family's or an endpoint's): what anonymous
//! callers may call.

use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::{Anonymous, SpecWords};
use crate::read::decode::Spanned;

/// `anonymous: reads | none | all`.
pub(super) fn lower_anonymous(raw: &Spanned<String>, diags: &mut Diagnostics) -> Option<Anonymous> {
    let found = Anonymous::from_word(&raw.value);
    if found.is_none() {
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                format!("unknown `anonymous` policy `{}`", raw.value),
            )
            .hint(format!(
                "{} (`reads`: GET and HEAD only; `none`: every call needs credentials; `all`: \
                 anyone may call)",
                suggest(&raw.value, Anonymous::words())
            )),
        );
    }
    found
}
