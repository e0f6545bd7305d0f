//! The quota extension point (protocol 8): enforcers answer quota requests that the
//! runtime raises once per REST call, with the endpoint's quota group.
//!
//! The service enforces nothing by itself: with no enforcer registered every request
//! proceeds. A [`QuotaBackend`] asks every registered enforcer in turn; when one refuses,
//! the enforcers that already granted tokens get them back (refill) and the request is
//! answered 429 with the refusing enforcers' messages joined by ", ".

mod headers;
#[cfg(feature = "redis-quota")]
pub mod redis;
#[cfg(feature = "token-bucket")]
pub mod token_bucket;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Duration;

use crate::error::{ApiError, Condition};
use crate::message::context::{Caller, ResourceMetadata};

pub(crate) use headers::BudgetHeaders;
pub use headers::{EarlyRefusals, QuotaState, RateLimitHeaders, ResetFormat};

/// An enforcer's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuotaStatus {
    /// Granted (tokens may have been deducted).
    Ok,
    /// The enforcer does not handle this group; nothing was deducted.
    NoOp,
    /// Refused.
    Error,
}

/// An enforcer's answer to one quota request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotaResponse {
    /// The verdict.
    pub status: QuotaStatus,
    /// Tokens left, when the enforcer knows.
    pub available_tokens: Option<u64>,
    /// Why the request was refused.
    pub message: Option<String>,
    /// How long until a retry may succeed, when the enforcer knows.
    pub retry_after: Option<Duration>,
    /// How many tokens the budget holds when full, when the enforcer knows.
    pub limit: Option<u64>,
    /// How long until the budget is full again, when the enforcer knows.
    pub reset: Option<Duration>,
}

impl QuotaResponse {
    /// Granted.
    pub fn ok() -> Self {
        QuotaResponse {
            status: QuotaStatus::Ok,
            available_tokens: None,
            message: None,
            retry_after: None,
            limit: None,
            reset: None,
        }
    }

    /// Granted, with the tokens left.
    pub fn ok_with_tokens(available: u64) -> Self {
        QuotaResponse {
            available_tokens: Some(available),
            ..Self::ok()
        }
    }

    /// Not this enforcer's business.
    pub fn no_op() -> Self {
        QuotaResponse {
            status: QuotaStatus::NoOp,
            ..Self::ok()
        }
    }

    /// Refused, with a message for the client.
    pub fn error(message: impl Into<String>) -> Self {
        QuotaResponse {
            status: QuotaStatus::Error,
            message: Some(message.into()),
            ..Self::ok()
        }
    }

    /// Adds the budget's size and how long until it is full again (for the rate-limit
    /// headers a spec may name).
    #[must_use]
    pub fn with_limit(mut self, limit: u64, reset: Duration) -> Self {
        self.limit = Some(limit);
        self.reset = Some(reset);
        self
    }

    /// Adds when a retry may succeed.
    #[must_use]
    pub fn with_retry_after(mut self, wait: Duration) -> Self {
        self.retry_after = Some(wait);
        self
    }
}

/// What an enforcer knows about a quota request besides its group, borrowed from the
/// request: a quota check copies nothing.
#[derive(Debug, Clone, Copy)]
pub struct QuotaRequestContext<'a> {
    /// The calling user (with the impersonation bit and real user, when set).
    pub caller: &'a Caller,
    /// Metadata of the top-level resource (`Change.Id`, `Project.NameKey`, ...); empty when
    /// the family carries the user only or the path names no resource.
    pub resource: &'a ResourceMetadata,
    /// The client's address, when the service is served by [`serve`](fn@crate::serve): what
    /// anonymous callers are told apart by.
    pub remote_addr: Option<std::net::SocketAddr>,
    /// The request's headers (a client key, a plan), read only.
    pub headers: &'a http::HeaderMap,
}

impl<'a> QuotaRequestContext<'a> {
    /// The context of a request by `caller` on `resource`, from no known address and with
    /// no headers (what tests and benchmarks ask with).
    pub fn new(caller: &'a Caller, resource: &'a ResourceMetadata) -> Self {
        static NO_HEADERS: std::sync::LazyLock<http::HeaderMap> =
            std::sync::LazyLock::new(http::HeaderMap::new);
        QuotaRequestContext {
            caller,
            resource,
            remote_addr: None,
            headers: &NO_HEADERS,
        }
    }

    /// The same context, from `address`.
    #[must_use]
    pub fn with_remote_addr(mut self, address: std::net::SocketAddr) -> Self {
        self.remote_addr = Some(address);
        self
    }
}

/// A quota enforcer: the extension point a plugin implements.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicU64, Ordering};
///
/// use restspec_runtime::{QuotaBackend, QuotaEnforcer, QuotaRequestContext, QuotaResponse, Settings};
///
/// /// A hundred requests in all, for everyone together.
/// struct Hundred(AtomicU64);
///
/// impl QuotaEnforcer for Hundred {
///     fn request_tokens(&self, _: &str, _: &QuotaRequestContext<'_>, tokens: u64) -> QuotaResponse {
///         let taken = self.0.fetch_add(tokens, Ordering::Relaxed) + tokens;
///         if taken <= 100 {
///             QuotaResponse::ok_with_tokens(100 - taken)
///         } else {
///             QuotaResponse::error("a hundred requests is all")
///         }
///     }
///     fn dry_run(&self, _: &str, _: &QuotaRequestContext<'_>, tokens: u64) -> QuotaResponse {
///         match self.0.load(Ordering::Relaxed) + tokens {
///             taken if taken <= 100 => QuotaResponse::ok_with_tokens(100 - taken),
///             _ => QuotaResponse::error("a hundred requests is all"),
///         }
///     }
///     fn available_tokens(&self, _: &str, _: &QuotaRequestContext<'_>) -> QuotaResponse {
///         QuotaResponse::ok_with_tokens(100u64.saturating_sub(self.0.load(Ordering::Relaxed)))
///     }
///     fn refill(&self, _: &str, _: &QuotaRequestContext<'_>, tokens: u64) {
///         self.0.fetch_sub(tokens, Ordering::Relaxed);
///     }
/// }
///
/// let mut quota = QuotaBackend::new();
/// quota.register(Arc::new(Hundred(AtomicU64::new(0))));
/// let settings = Settings::default().quota(quota);
/// # let _ = settings;
/// ```
pub trait QuotaEnforcer: Send + Sync + 'static {
    /// Asks for `tokens` tokens of `group`; may deduct them.
    fn request_tokens(
        &self,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        tokens: u64,
    ) -> QuotaResponse;
    /// Like [`request_tokens`](Self::request_tokens) but never deducts.
    fn dry_run(&self, group: &str, ctx: &QuotaRequestContext<'_>, tokens: u64) -> QuotaResponse;
    /// How many tokens are available, without deducting.
    fn available_tokens(&self, group: &str, ctx: &QuotaRequestContext<'_>) -> QuotaResponse;
    /// Gives back tokens granted by an earlier request that was refused elsewhere.
    fn refill(&self, group: &str, ctx: &QuotaRequestContext<'_>, tokens: u64);

    /// True when a call may block (a remote store, a lock held elsewhere). The runtime
    /// then asks the enforcers of a request on a blocking thread, under the request
    /// timeout: a call that hangs costs that request a 503 and a blocking thread, not an
    /// async worker and everyone else's requests. Enforcers that answer from memory keep
    /// the default (`false`) and are asked inline, for nothing.
    fn may_block(&self) -> bool {
        false
    }
}

/// The answers of every enforcer to one request.
#[derive(Debug, Clone, Default)]
pub struct Aggregated {
    /// Each enforcer's answer, in registration order.
    pub responses: Vec<QuotaResponse>,
}

impl Aggregated {
    /// True when some enforcer refused.
    pub fn has_error(&self) -> bool {
        self.responses
            .iter()
            .any(|r| r.status == QuotaStatus::Error)
    }

    /// The refusing enforcers' messages joined with ", ".
    pub fn error_message(&self) -> String {
        self.responses
            .iter()
            .filter(|r| r.status == QuotaStatus::Error)
            .filter_map(|r| r.message.as_deref())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The smallest token count reported by a granting enforcer.
    pub fn available_tokens(&self) -> Option<u64> {
        self.responses
            .iter()
            .filter(|r| r.status == QuotaStatus::Ok)
            .filter_map(|r| r.available_tokens)
            .min()
    }

    /// The longest wait any refusing enforcer asked for.
    pub fn retry_after(&self) -> Option<Duration> {
        self.responses
            .iter()
            .filter(|r| r.status == QuotaStatus::Error)
            .filter_map(|r| r.retry_after)
            .max()
    }

    /// `Ok` when nobody refused, else the 429 the client gets.
    pub fn into_result(self) -> Result<(), ApiError> {
        if !self.has_error() {
            return Ok(());
        }
        let message = self.error_message();
        let mut error = ApiError::condition(Condition::QuotaExhausted);
        if !message.is_empty() {
            error = error.with_message(message);
        }
        if let Some(wait) = self.retry_after() {
            error = error.with_retry_after(wait);
        }
        Err(error)
    }
}

/// A request the enforcers refused (or could not answer): the error the client gets, and
/// the budget as the refusing enforcers tell it (for the rate-limit headers).
#[derive(Debug, Clone)]
pub struct QuotaRefusal {
    /// The 429 (or 500) the client gets.
    pub error: ApiError,
    /// The caller's budget: nothing left, and when it refills.
    pub state: QuotaState,
}

impl From<ApiError> for QuotaRefusal {
    fn from(error: ApiError) -> Self {
        QuotaRefusal {
            error,
            state: QuotaState::default(),
        }
    }
}

impl From<QuotaRefusal> for ApiError {
    fn from(refusal: QuotaRefusal) -> Self {
        refusal.error
    }
}

/// Asks every registered enforcer; the runtime calls it once per REST request.
#[derive(Clone, Default)]
pub struct QuotaBackend {
    enforcers: Vec<Arc<dyn QuotaEnforcer>>,
    may_block: bool,
}

impl std::fmt::Debug for QuotaBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QuotaBackend")
            .field("enforcers", &self.enforcers.len())
            .finish()
    }
}

impl QuotaBackend {
    /// A backend with no enforcers: nothing is enforced.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers an enforcer; enforcers are asked in registration order.
    pub fn register(&mut self, enforcer: Arc<dyn QuotaEnforcer>) {
        self.may_block |= enforcer.may_block();
        self.enforcers.push(enforcer);
    }

    /// True when some enforcer [may block](QuotaEnforcer::may_block).
    pub fn may_block(&self) -> bool {
        self.may_block
    }

    /// True when no enforcer is registered.
    pub fn is_empty(&self) -> bool {
        self.enforcers.is_empty()
    }

    /// Requests `tokens` tokens of `group` from every enforcer. When one refuses, refills
    /// the ones that granted. An enforcer that panics makes the request fail with a 500
    /// after the same refill.
    pub fn request_tokens(
        &self,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        tokens: u64,
    ) -> Result<Aggregated, ApiError> {
        let mut responses = Vec::with_capacity(self.enforcers.len());
        for enforcer in &self.enforcers {
            let answer = catch_unwind(AssertUnwindSafe(|| {
                enforcer.request_tokens(group, ctx, tokens)
            }));
            match answer {
                Ok(response) => responses.push(response),
                Err(_) => {
                    tracing::error!(group, "quota enforcer panicked");
                    self.refill_granted(&responses, group, ctx, tokens);
                    return Err(ApiError::condition(Condition::InternalError));
                }
            }
        }
        let aggregated = Aggregated { responses };
        if aggregated.has_error() {
            self.refill_granted(&aggregated.responses, group, ctx, tokens);
        }
        Ok(aggregated)
    }

    /// Requests one token of `group` from every enforcer, as the runtime does once per REST
    /// request: the caller's budget as the tightest granting enforcer tells it when nobody
    /// refused, else the 429 (or, when an enforcer panicked, the 500) the client gets. The
    /// enforcers that granted get their token back when another refuses. Allocates only to
    /// report a refusal.
    pub fn check(
        &self,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
    ) -> Result<QuotaState, QuotaRefusal> {
        let mut granted = Granted::default();
        let mut refused: Vec<QuotaResponse> = Vec::new();
        let mut state = QuotaState::default();
        for (index, enforcer) in self.enforcers.iter().enumerate() {
            let answer = catch_unwind(AssertUnwindSafe(|| enforcer.request_tokens(group, ctx, 1)));
            match answer {
                Ok(response) => match response.status {
                    QuotaStatus::Ok => {
                        granted.insert(index);
                        let tighter = match (response.available_tokens, state.remaining) {
                            (Some(left), Some(least)) => left < least,
                            (Some(_), None) => true,
                            (None, _) => false,
                        };
                        if tighter {
                            state = QuotaState::of(std::slice::from_ref(&response));
                        }
                    }
                    QuotaStatus::Error => refused.push(response),
                    QuotaStatus::NoOp => {}
                },
                Err(_) => {
                    tracing::error!(group, "quota enforcer panicked");
                    self.refill_where(|i| granted.contains(i), group, ctx, 1);
                    return Err(ApiError::condition(Condition::InternalError).into());
                }
            }
        }
        if refused.is_empty() {
            return Ok(state);
        }
        self.refill_where(|i| granted.contains(i), group, ctx, 1);
        let state = QuotaState::of(&refused);
        match (Aggregated { responses: refused }).into_result() {
            Err(error) => Err(QuotaRefusal { error, state }),
            Ok(()) => Ok(state),
        }
    }

    fn refill_where(
        &self,
        granted: impl Fn(usize) -> bool,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        tokens: u64,
    ) {
        for (index, enforcer) in self.enforcers.iter().enumerate() {
            if granted(index) {
                let _ = catch_unwind(AssertUnwindSafe(|| enforcer.refill(group, ctx, tokens)));
            }
        }
    }

    /// Asks every enforcer without deducting.
    pub fn dry_run(&self, group: &str, ctx: &QuotaRequestContext<'_>, tokens: u64) -> Aggregated {
        Aggregated {
            responses: self
                .enforcers
                .iter()
                .map(|e| e.dry_run(group, ctx, tokens))
                .collect(),
        }
    }

    /// Asks every enforcer how many tokens are available.
    pub fn available_tokens(&self, group: &str, ctx: &QuotaRequestContext<'_>) -> Aggregated {
        Aggregated {
            responses: self
                .enforcers
                .iter()
                .map(|e| e.available_tokens(group, ctx))
                .collect(),
        }
    }

    fn refill_granted(
        &self,
        responses: &[QuotaResponse],
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        tokens: u64,
    ) {
        for (enforcer, response) in self.enforcers.iter().zip(responses) {
            if response.status == QuotaStatus::Ok {
                let _ = catch_unwind(AssertUnwindSafe(|| enforcer.refill(group, ctx, tokens)));
            }
        }
    }
}
/// Which enforcers granted: a bit each for the first 64, a list for any beyond (so the
/// usual request allocates nothing).
#[derive(Default)]
struct Granted {
    first: u64,
    more: Vec<usize>,
}

impl Granted {
    fn insert(&mut self, index: usize) {
        match u32::try_from(index).ok().and_then(|i| 1u64.checked_shl(i)) {
            Some(bit) => self.first |= bit,
            None => self.more.push(index),
        }
    }

    fn contains(&self, index: usize) -> bool {
        match u32::try_from(index).ok().and_then(|i| 1u64.checked_shl(i)) {
            Some(bit) => self.first & bit != 0,
            None => self.more.contains(&index),
        }
    }
}

#[cfg(feature = "redis-quota")]
pub use self::redis::{FailPolicy, RedisQuotaEnforcer, RedisQuotaError, RedisQuotaOptions};
#[cfg(feature = "token-bucket")]
pub use token_bucket::{QuotaConfigError, QuotaRule, TokenBucketEnforcer};
