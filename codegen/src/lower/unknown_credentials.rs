//! Lowering `unknown_credentials`: what credentials the service does not accept get.

use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::{SpecWords, UnknownCredentials};
use crate::read::decode::Spanned;

/// `unknown_credentials: unauthorized | anonymous` (`unauthorized` when left out).
pub(super) fn lower_unknown_credentials(
    raw: Option<&Spanned<String>>,
    diags: &mut Diagnostics,
) -> UnknownCredentials {
    let Some(s) = raw else {
        return UnknownCredentials::default();
    };
    match UnknownCredentials::from_word(&s.value) {
        Some(policy) => policy,
        None => {
            diags.push(
                Diagnostic::new(
                    s.location.clone(),
                    format!("unknown `unknown_credentials` policy `{}`", s.value),
                )
                .hint(format!(
                    "{} (`unauthorized`: 401 with a challenge; `anonymous`: served as if \
                     no credentials were sent)",
                    suggest(&s.value, UnknownCredentials::words())
                )),
            );
            UnknownCredentials::Unauthorized
        }
    }
}
