//! Lowering how request bodies are read: `request_content_type`, `unknown_fields`,
//! `null_optional_fields`, `empty_request_body` and `read_only_fields`, each one of two words, the default
//! first.

use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::spec::decode::Spanned;

/// A convention that is one of two words: `false` for the first (the default, and what a
/// spec that leaves the key out gets), `true` for the second. Any other word is located,
/// with the two to write instead.
///
/// ```yaml
/// unknown_fields: deny    # `ignore` or `reject`
/// ```
pub(super) fn choice(
    raw: Option<&Spanned<String>>,
    key: &str,
    [default, other]: [&str; 2],
    diags: &mut Diagnostics,
) -> bool {
    let Some(raw) = raw else { return false };
    match raw.value.as_str() {
        value if value == default => false,
        value if value == other => true,
        value => {
            diags.push(
                Diagnostic::new(raw.location.clone(), format!("unknown `{key}` `{value}`"))
                    .hint(suggest(value, [default, other])),
            );
            false
        }
    }
}
