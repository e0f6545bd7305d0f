//! Lowering `trace`: the switches that turn tracing on for one request.

use super::access::checked_header;
use crate::diag::Diagnostics;
use crate::model::Trace;
use crate::read::raw;

/// `trace`: a parameter as written, a header name checked.
pub(super) fn lower_trace(raw: &raw::Trace, diags: &mut Diagnostics) -> Trace {
    Trace {
        parameter: raw.parameter.as_ref().map(|p| p.value.clone()),
        header: checked_header(&raw.header, diags),
    }
}
