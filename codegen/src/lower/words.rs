//! Lowering a convention the spec spells as one of a few words (`reset_format`,
//! `unknown_fields`, `request_content_type`, ...) into its value, each word declared once
//! beside its variant in `restspec-conventions` ([`SpecWords`]).

use restspec_conventions::SpecWords;

use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::read::decode::Spanned;

/// The value `raw` names: the default (the first word) when the key is left out; any other
/// word is located, with the closest to write instead. `what` names the key in the message
/// (`` `unknown_fields` ``).
///
/// ```yaml
/// unknown_fields: deny    # `ignore` or `reject`
/// ```
pub(super) fn one_of<E: SpecWords + Default>(
    raw: Option<&Spanned<String>>,
    what: &str,
    diags: &mut Diagnostics,
) -> E {
    let Some(raw) = raw else {
        return E::default();
    };
    E::from_word(&raw.value).unwrap_or_else(|| {
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                format!("unknown {what} `{}`", raw.value),
            )
            .hint(suggest(&raw.value, E::words())),
        );
        E::default()
    })
}
