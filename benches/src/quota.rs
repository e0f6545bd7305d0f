//! The quota call both services make once per request, through the runtime's quota
//! extension point, and the enforcer behind it.
//!
//! This module and [`crate::generated`] are the only ones that use the runtime's API: the
//! hand-written service asks [`Quota::ask`] with plain values and gets a plain
//! [`Verdict`], so that a change of the runtime's quota types is ported here alone.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use restspec_runtime::http::header;
use restspec_runtime::{
    AuthMethod, Caller, Condition, Identity, QuotaBackend, QuotaEnforcer, QuotaRequestContext,
    QuotaResponse, ResourceMetadata,
};

use crate::fixtures::{Account, Change};

/// The resource metadata of an account (family `accounts`: `Account.Id`).
pub fn account_metadata(account: &Account) -> Vec<(&'static str, String)> {
    vec![("Account.Id", account.id.to_string())]
}

/// The resource metadata of a change (family `changes`: `Change.Id`, `Project.NameKey`).
pub fn change_metadata(change: &Change) -> Vec<(&'static str, String)> {
    vec![
        ("Change.Id", change.number.to_string()),
        ("Project.NameKey", change.project.clone()),
    ]
}

/// The account as the runtime sees it: id, user name and global capabilities.
pub fn identity(account: &Account) -> Identity {
    account.capabilities.iter().fold(
        Identity::new(account.id.to_string(), account.username.clone()),
        |identity, capability| identity.with_capability(capability.clone()),
    )
}

/// What the enforcers answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Go ahead.
    Granted,
    /// 429: the refusing enforcers' messages joined (may be empty), and how many seconds
    /// until a retry may succeed.
    Refused {
        /// The message for the client.
        message: String,
        /// `Retry-After`, in whole seconds.
        retry_after: Option<u64>,
    },
    /// An enforcer failed: 500.
    Failed,
}

/// The quota backend both services call: the runtime's `QuotaBackend` with one enforcer.
#[derive(Debug, Clone)]
pub struct Quota {
    backend: QuotaBackend,
}

impl Quota {
    /// A backend with `enforcer` as its only enforcer.
    pub fn with(enforcer: Arc<CountingEnforcer>) -> Self {
        let mut backend = QuotaBackend::new();
        backend.register(enforcer);
        Quota { backend }
    }

    /// The runtime's backend, for the generated service's settings.
    pub fn backend(&self) -> &QuotaBackend {
        &self.backend
    }

    /// Asks for one token of `group` for `caller` (an account authenticated with HTTP basic
    /// credentials, or anonymous) and the resource named by `resource`: what the runtime's
    /// pipeline does once per request.
    pub fn ask(
        &self,
        group: &str,
        caller: Option<&Account>,
        resource: Vec<(&'static str, String)>,
    ) -> Verdict {
        if self.backend.is_empty() {
            return Verdict::Granted;
        }
        let caller = match caller {
            Some(account) => Caller::user(identity(account), AuthMethod::Basic),
            None => Caller::anonymous(),
        };
        let resource = ResourceMetadata::new(resource);
        let ctx = QuotaRequestContext::new(&caller, &resource);
        match self.backend.check(group, &ctx) {
            Ok(_) => Verdict::Granted,
            Err(refusal) if refusal.error.as_condition() == Some(Condition::QuotaExhausted) => {
                let error = refusal.error;
                Verdict::Refused {
                    message: error.message().unwrap_or_default().to_owned(),
                    retry_after: error
                        .headers()
                        .iter()
                        .find(|(name, _)| name == header::RETRY_AFTER)
                        .and_then(|(_, value)| value.to_str().ok()?.parse().ok()),
                }
            }
            Err(_) => Verdict::Failed,
        }
    }
}

/// One quota request as the enforcer saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotaCall {
    /// The quota group.
    pub group: String,
    /// The caller's user name; `None` for anonymous callers.
    pub user: Option<String>,
    /// The resource metadata, name and value.
    pub resource: Vec<(String, String)>,
    /// How many tokens were asked for.
    pub tokens: u64,
}

/// A cheap enforcer that grants every request and counts the grants; it can also record
/// each request, for tests that check both services make the same quota call.
#[derive(Debug, Default)]
pub struct CountingEnforcer {
    granted: AtomicU64,
    recorded: Option<Mutex<Vec<QuotaCall>>>,
}

impl CountingEnforcer {
    /// An enforcer that counts.
    pub fn new() -> Self {
        Self::default()
    }

    /// An enforcer that counts and records every request.
    pub fn recording() -> Self {
        CountingEnforcer {
            granted: AtomicU64::new(0),
            recorded: Some(Mutex::new(Vec::new())),
        }
    }

    /// How many requests were granted.
    pub fn granted(&self) -> u64 {
        self.granted.load(Ordering::Relaxed)
    }

    /// The recorded requests, oldest first (empty unless [`recording`](Self::recording)).
    pub fn take_calls(&self) -> Vec<QuotaCall> {
        self.recorded
            .as_ref()
            .map(|calls| std::mem::take(&mut *calls.lock().unwrap_or_else(|e| e.into_inner())))
            .unwrap_or_default()
    }
}

impl QuotaEnforcer for CountingEnforcer {
    fn request_tokens(
        &self,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        tokens: u64,
    ) -> QuotaResponse {
        self.granted.fetch_add(1, Ordering::Relaxed);
        if let Some(calls) = &self.recorded {
            calls
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(QuotaCall {
                    group: group.to_owned(),
                    user: ctx.caller.identity().map(|i| i.username.clone()),
                    resource: ctx
                        .resource
                        .entries()
                        .iter()
                        .map(|(k, v)| ((*k).to_owned(), v.clone()))
                        .collect(),
                    tokens,
                });
        }
        QuotaResponse::ok()
    }

    fn dry_run(&self, _group: &str, _ctx: &QuotaRequestContext<'_>, _tokens: u64) -> QuotaResponse {
        QuotaResponse::ok()
    }

    fn available_tokens(&self, _group: &str, _ctx: &QuotaRequestContext<'_>) -> QuotaResponse {
        QuotaResponse::ok()
    }

    fn refill(&self, _group: &str, _ctx: &QuotaRequestContext<'_>, _tokens: u64) {}
}
