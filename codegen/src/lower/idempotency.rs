//! Lowering `idempotency`: the header carrying a key, and how long a key is remembered.

use super::access::header_name;
use crate::diag::Diagnostics;
use crate::model::Idempotency;
use crate::read::raw;

/// `idempotency`: a header name, and a day unless the spec says how long.
pub(super) fn lower_idempotency(raw: &raw::Idempotency, diags: &mut Diagnostics) -> Idempotency {
    header_name(&raw.header, "Idempotency-Key", diags);
    Idempotency {
        header: raw.header.value.clone(),
        expire_after_seconds: raw
            .expire_after_seconds
            .unwrap_or(Idempotency::DEFAULT_EXPIRE_AFTER_SECONDS),
    }
}
