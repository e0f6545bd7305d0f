//! A quota enforcer that records what it is asked and answers with a fixed verdict, for the
//! tests that check which groups and metadata a request raises.

use std::sync::{Arc, Mutex, PoisonError};

use restspec_runtime::{QuotaEnforcer, QuotaRequestContext, QuotaResponse};

/// One `request_tokens` call as the enforcer saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    /// The quota group.
    pub group: String,
    /// The user the request runs as (the target when impersonating).
    pub user: Option<String>,
    /// The impersonation bit.
    pub impersonating: bool,
    /// The user who sent the request, when it is not `user` (impersonation only).
    pub real_user: Option<String>,
    /// The resource metadata, in the order it was recorded.
    pub metadata: Vec<(String, String)>,
}

/// Records every request and refill; answers every question with `verdict`.
pub struct RecordingEnforcer {
    seen: Mutex<Vec<Seen>>,
    refilled: Mutex<Vec<String>>,
    verdict: QuotaResponse,
}

impl RecordingEnforcer {
    /// An enforcer that answers `verdict`, shared so that a test can read it after
    /// registering it.
    pub fn new(verdict: QuotaResponse) -> Arc<Self> {
        Arc::new(RecordingEnforcer {
            seen: Mutex::new(Vec::new()),
            refilled: Mutex::new(Vec::new()),
            verdict,
        })
    }

    /// One that grants everything.
    pub fn granting() -> Arc<Self> {
        Self::new(QuotaResponse::ok())
    }

    /// Every `request_tokens` call so far.
    pub fn seen(&self) -> Vec<Seen> {
        self.seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The groups of every `refill` call so far.
    pub fn refilled(&self) -> Vec<String> {
        self.refilled
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl QuotaEnforcer for RecordingEnforcer {
    fn request_tokens(
        &self,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        _tokens: u64,
    ) -> QuotaResponse {
        let seen = Seen {
            group: group.to_owned(),
            user: ctx.caller.identity().map(|i| i.id.clone()),
            impersonating: ctx.caller.is_impersonating(),
            real_user: ctx.caller.real_user().map(|i| i.id.clone()),
            metadata: ctx
                .resource
                .entries()
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
        };
        self.seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(seen);
        self.verdict.clone()
    }

    fn dry_run(&self, _group: &str, _ctx: &QuotaRequestContext<'_>, _tokens: u64) -> QuotaResponse {
        self.verdict.clone()
    }

    fn available_tokens(&self, _group: &str, _ctx: &QuotaRequestContext<'_>) -> QuotaResponse {
        self.verdict.clone()
    }

    fn refill(&self, group: &str, _ctx: &QuotaRequestContext<'_>, _tokens: u64) {
        self.refilled
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(group.to_owned());
    }
}
