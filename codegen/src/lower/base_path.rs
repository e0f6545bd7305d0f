//! Lowering `base_path`: the fixed segments every path on the wire starts with.

use crate::diag::{Diagnostic, Diagnostics};
use crate::read::decode::Spanned;

/// `base_path`: fixed segments after a `/` (`/api/v4`); a trailing slash is dropped.
pub(super) fn lower_base_path(raw: &Spanned<String>, diags: &mut Diagnostics) -> String {
    let path = raw.value.trim_end_matches('/');
    let valid = path.starts_with('/')
        && path[1..]
            .split('/')
            .all(|s| !s.is_empty() && !s.contains(['{', '}', '?', '#', ' ', '%']));
    if !valid {
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                format!(
                    "`base_path` `{}` is not one or more fixed path segments",
                    raw.value
                ),
            )
            .hint("write it like `/api/v4` or `/v1`; leave it out for none"),
        );
    }
    path.to_owned()
}
