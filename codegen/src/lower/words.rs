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
    raw.and_then(|raw| word(raw, what, "", diags))
        .unwrap_or_default()
}

/// The value the word `raw` names, or `None` with the located error, the closest word and,
/// when `meanings` is not empty, what each word means (`` (`reads`: GET and HEAD only; ...) ``).
pub(super) fn word<E: SpecWords>(
    raw: &Spanned<String>,
    what: &str,
    meanings: &str,
    diags: &mut Diagnostics,
) -> Option<E> {
    let found = E::from_word(&raw.value);
    if found.is_none() {
        let closest = suggest(&raw.value, E::words());
        let hint = if meanings.is_empty() {
            closest
        } else {
            format!("{closest} ({meanings})")
        };
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                format!("unknown {what} `{}`", raw.value),
            )
            .hint(hint),
        );
    }
    found
}
