//! A capability named anywhere in the spec (an endpoint's `capability`, `run_as`'s) against
//! those `capabilities` declares.

use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::Capability;
use crate::read::decode::Spanned;

/// A capability named anywhere in the spec (an endpoint's `capability`, `run_as`) is one
/// declared under `capabilities`.
pub(super) fn check_capability(
    name: &Spanned<String>,
    capabilities: &[Capability],
    diags: &mut Diagnostics,
) {
    if !capabilities.iter().any(|c| c.name == name.value) {
        diags.push(
            Diagnostic::new(
                name.location.clone(),
                format!("unknown capability `{}`", name.value),
            )
            .hint(format!(
                "{} (capabilities are declared under `capabilities` in service.yaml)",
                suggest(&name.value, capabilities.iter().map(|c| c.name.as_str()))
            )),
        );
    }
}
