//! The quota enforcer examples use to see which quota group a request is charged to.

use std::sync::{Mutex, PoisonError};

use crate::quota::{QuotaEnforcer, QuotaRequestContext, QuotaResponse};

/// Grants every request and remembers the quota group of each.
#[derive(Debug, Default)]
pub struct QuotaRecorder {
    groups: Mutex<Vec<String>>,
}

impl QuotaRecorder {
    /// The groups asked for since the last [`clear`](Self::clear), in order.
    pub fn groups(&self) -> Vec<String> {
        self.groups
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Forgets the groups seen so far.
    pub fn clear(&self) {
        self.groups
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }
}

impl QuotaEnforcer for QuotaRecorder {
    fn request_tokens(&self, group: &str, _: &QuotaRequestContext<'_>, _: u64) -> QuotaResponse {
        self.groups
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(group.to_owned());
        QuotaResponse::ok()
    }

    fn dry_run(&self, _: &str, _: &QuotaRequestContext<'_>, _: u64) -> QuotaResponse {
        QuotaResponse::ok()
    }

    fn available_tokens(&self, _: &str, _: &QuotaRequestContext<'_>) -> QuotaResponse {
        QuotaResponse::ok()
    }

    fn refill(&self, _: &str, _: &QuotaRequestContext<'_>, _: u64) {}
}
