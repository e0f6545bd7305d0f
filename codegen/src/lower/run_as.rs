//! Lowering `run_as`: impersonation's header and the capability it needs.

use super::access::checked_header;
use super::capabilities::check_capability;
use crate::diag::Diagnostics;
use crate::model::{Capability, RunAs};
use crate::read::raw;

/// `run_as`: its header is a header name.
pub(super) fn lower_run_as(raw: &raw::RunAs, diags: &mut Diagnostics) -> RunAs {
    RunAs {
        header: checked_header(&Some(raw.header.clone()), diags).unwrap_or_default(),
        capability: raw.capability.value.clone(),
    }
}

/// The capability that allows impersonation is one the spec declares.
pub(super) fn check_run_as_capability(
    raw: &raw::Conventions,
    capabilities: &[Capability],
    diags: &mut Diagnostics,
) {
    if let Some(run_as) = &raw.run_as {
        check_capability(&run_as.capability, capabilities, diags);
    }
}
