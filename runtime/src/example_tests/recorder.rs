//! The quota enforcer tests use to see what a request is charged to: examples check the
//! quota group with it, other tests also the caller, the resource's metadata and refills.

use std::sync::{Mutex, PoisonError};

use crate::quota::{QuotaEnforcer, QuotaRequestContext, QuotaResponse};

/// One `request_tokens` call as a [`QuotaRecorder`] saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotaCall {
    /// The quota group.
    pub group: String,
    /// The id of the user the request runs as (the target when impersonating).
    pub user: Option<String>,
    /// The impersonation bit.
    pub impersonating: bool,
    /// The id of the user who sent the request, when it is not `user` (impersonation
    /// only).
    pub real_user: Option<String>,
    /// The resource metadata, in the order it was recorded.
    pub metadata: Vec<(String, String)>,
}

/// Answers every question with one verdict (a grant, unless made with
/// [`answering`](Self::answering)) and remembers every request and refill.
#[derive(Debug)]
pub struct QuotaRecorder {
    calls: Mutex<Vec<QuotaCall>>,
    refilled: Mutex<Vec<String>>,
    verdict: QuotaResponse,
}

impl Default for QuotaRecorder {
    fn default() -> Self {
        Self::answering(QuotaResponse::ok())
    }
}

impl QuotaRecorder {
    /// A recorder that answers every question with `verdict`.
    pub fn answering(verdict: QuotaResponse) -> Self {
        QuotaRecorder {
            calls: Mutex::new(Vec::new()),
            refilled: Mutex::new(Vec::new()),
            verdict,
        }
    }

    /// The groups asked for since the last [`clear`](Self::clear), in order.
    pub fn groups(&self) -> Vec<String> {
        self.calls().into_iter().map(|call| call.group).collect()
    }

    /// The `request_tokens` calls since the last [`clear`](Self::clear), in order.
    pub fn calls(&self) -> Vec<QuotaCall> {
        self.calls
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The groups of the `refill` calls since the last [`clear`](Self::clear), in order.
    pub fn refilled(&self) -> Vec<String> {
        self.refilled
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Forgets the calls and refills seen so far.
    pub fn clear(&self) {
        self.calls
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        self.refilled
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }
}

impl QuotaEnforcer for QuotaRecorder {
    fn request_tokens(
        &self,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        _tokens: u64,
    ) -> QuotaResponse {
        let call = QuotaCall {
            group: group.to_owned(),
            user: ctx.caller.identity().map(|i| i.id.clone()),
            impersonating: ctx.caller.is_impersonating(),
            real_user: ctx.caller.real_user().map(|i| i.id.clone()),
            metadata: ctx
                .resource
                .entries()
                .iter()
                .map(|(name, value)| ((*name).to_owned(), value.clone()))
                .collect(),
        };
        self.calls
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(call);
        self.verdict.clone()
    }

    fn dry_run(&self, _: &str, _: &QuotaRequestContext<'_>, _: u64) -> QuotaResponse {
        self.verdict.clone()
    }

    fn available_tokens(&self, _: &str, _: &QuotaRequestContext<'_>) -> QuotaResponse {
        self.verdict.clone()
    }

    fn refill(&self, group: &str, _: &QuotaRequestContext<'_>, _: u64) {
        self.refilled
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(group.to_owned());
    }
}
