//! Lowering `method_override`: the methods its parameter may name.

use super::method::lower_method;
use crate::diag::Diagnostics;
use crate::model::Method;
use crate::read::raw;

/// `method_override.methods`, each a method (a misspelt one is reported and left out).
pub(super) fn lower_override_methods(
    raw: Option<&raw::MethodOverride>,
    diags: &mut Diagnostics,
) -> Vec<Method> {
    raw.iter()
        .flat_map(|m| &m.methods)
        .filter_map(|m| lower_method(m, diags))
        .collect()
}
