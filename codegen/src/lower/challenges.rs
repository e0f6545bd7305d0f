//! Lowering `challenges`: the `WWW-Authenticate` schemes every 401 carries.

use crate::diag::{Diagnostic, Diagnostics};
use crate::read::decode::Spanned;

/// `challenges: [Bearer]`: each an authorization scheme, one word, listed once; `basic`
/// and `bearer` spelled as the RFCs do (`Basic`, `Bearer`), others as written.
///
/// ```yaml
/// challenges: [Bearer token]   # two words: `[Bearer, token]`
/// ```
pub(super) fn lower_challenges(raw: &[Spanned<String>], diags: &mut Diagnostics) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for scheme in raw {
        let word = scheme.value.as_str();
        if !is_scheme_word(word) {
            diags.push(
                Diagnostic::new(
                    scheme.location.clone(),
                    format!("`{word}` is not an authorization scheme"),
                )
                .hint("write one word per challenge, such as `[Bearer]`, or `[]` for none"),
            );
            continue;
        }
        let spelled = match word.to_ascii_lowercase().as_str() {
            "basic" => "Basic".to_owned(),
            "bearer" => "Bearer".to_owned(),
            _ => word.to_owned(),
        };
        if out.iter().any(|s| s.eq_ignore_ascii_case(&spelled)) {
            diags.push(
                Diagnostic::new(
                    scheme.location.clone(),
                    format!("the challenge `{word}` is listed twice"),
                )
                .hint("remove one of them"),
            );
            continue;
        }
        out.push(spelled);
    }
    out
}

/// An authorization scheme as RFC 9110 writes it: one word of letters, digits and `-_.`.
pub(super) fn is_scheme_word(word: &str) -> bool {
    !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
}
