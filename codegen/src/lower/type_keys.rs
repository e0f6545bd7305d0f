//! What a named type says beside its kind that is not a type itself: `closed` and
//! `format`, each checked against the kind of type it is said of.

use crate::diag::{Diagnostic, Diagnostics};
use crate::read::raw;

/// A type's `format`, of a record or an enumeration: a union's alternatives say their own.
pub(super) fn format(raw: &raw::TypeDef, name: &str, diags: &mut Diagnostics) -> Option<String> {
    let format = raw.format.as_ref()?;
    if raw.one_of.is_some() || raw.any_of.is_some() {
        diags.push(
            Diagnostic::new(
                format.location.clone(),
                format!("`format` is for records and enumerations; `{name}` is a union"),
            )
            .hint("remove it: each alternative's own type says its format"),
        );
        return None;
    }
    Some(format.value.clone())
}

/// `closed: true`, on a record only, and not on a family's base (the records that include
/// it add fields, which it keeps).
pub(super) fn closed(
    raw: &raw::TypeDef,
    name: &str,
    record: bool,
    diags: &mut Diagnostics,
) -> bool {
    let Some(given) = raw.closed.as_ref().filter(|c| c.value) else {
        return false;
    };
    let (what, hint) = if !record {
        (
            format!("`closed` is for records; `{name}` has no `fields`"),
            "remove it: an enumeration or a union has no fields to close",
        )
    } else if raw.discriminator.is_some() {
        (
            format!("`{name}` is a family's base (`discriminator`); it cannot be `closed`"),
            "remove `closed`: the records that include it add fields, which the base keeps; \
             close those records instead",
        )
    } else {
        return true;
    };
    diags.push(Diagnostic::new(given.location.clone(), what).hint(hint));
    false
}
