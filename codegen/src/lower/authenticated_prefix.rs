//! Lowering `authenticated_prefix`: the one segment that marks the authenticated form.

use crate::diag::{Diagnostic, Diagnostics};
use crate::read::decode::Spanned;

/// `authenticated_prefix`: one path segment between slashes (`/a/`).
///
/// ```yaml
/// authenticated_prefix: /a    # `/a/`
/// ```
pub(super) fn lower_authenticated_prefix(
    prefix: &Spanned<String>,
    diags: &mut Diagnostics,
) -> String {
    let inner = prefix.value.trim_matches('/');
    if !prefix.value.starts_with('/')
        || !prefix.value.ends_with('/')
        || inner.is_empty()
        || inner.contains('/')
    {
        diags.push(
            Diagnostic::new(
                prefix.location.clone(),
                format!(
                    "`authenticated_prefix` `{}` is not one path segment between slashes",
                    prefix.value
                ),
            )
            .hint("write it like `/a/`"),
        );
    }
    prefix.value.clone()
}
