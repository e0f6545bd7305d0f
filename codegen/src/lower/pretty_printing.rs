//! Lowering `pretty_printing`: what a request that asks for nothing gets.

use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::read::raw;

/// `pretty_printing.default`: true for `pretty`. Left out, compact JSON and no parameter
/// that asks for pretty; a misspelt word is reported and read as `pretty`.
pub(super) fn lower_pretty_by_default(
    raw: Option<&raw::PrettyPrinting>,
    diags: &mut Diagnostics,
) -> bool {
    match raw.map(|p| (p.default.value.as_str(), p)) {
        None => false,
        Some(("pretty", _)) => true,
        Some(("compact", _)) => false,
        Some((other, pretty)) => {
            diags.push(
                Diagnostic::new(
                    pretty.default.location.clone(),
                    format!("unknown pretty-printing default `{other}`"),
                )
                .hint(suggest(other, ["pretty", "compact"])),
            );
            true
        }
    }
}
