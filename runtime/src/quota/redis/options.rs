//! What the Redis enforcer is told (where Redis is, how long to wait, what to answer while it
//! is away) and what can go wrong setting it up.

use std::fmt;
use std::time::Duration;

use crate::quota::QuotaConfigError;

/// What the enforcer answers while Redis cannot be asked (down, slower than the timeout, or
/// answering errors), so that a service chooses between its availability and its quotas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FailPolicy {
    /// Grant every request, unmetered: an outage of the quota store does not become an
    /// outage of the service. The default.
    #[default]
    Open,
    /// Refuse every request ("quota store unavailable", retry after the backoff): for
    /// quotas that protect something dearer than the service's availability.
    Closed,
}

impl FailPolicy {
    /// What requests get meanwhile, for the logs.
    pub(super) fn describe(self) -> &'static str {
        match self {
            FailPolicy::Open => "granting every request",
            FailPolicy::Closed => "refusing every request",
        }
    }
}

/// How to reach Redis and how to behave when it does not answer. Start from
/// [`new`](Self::new), which sets the defaults, and change the fields that need it; more
/// fields may come, hence `#[non_exhaustive]`.
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub struct RedisQuotaOptions {
    /// `redis://[user:password@]host[:port][/db]` (also `valkey://`, or
    /// `redis+unix:///path/to.sock`); TLS (`rediss://`) is not compiled in.
    pub url: String,
    /// Bounds connecting (with the handshake) and each command. 100 ms by default: a quota
    /// check sits on every request's path, and an answer that comes later than that is
    /// worth less than answering by [`on_unavailable`](Self::on_unavailable) now.
    pub timeout: Duration,
    /// What to answer while Redis cannot be asked; [`FailPolicy::Open`] by default.
    pub on_unavailable: FailPolicy,
    /// The start of every bucket's key; `restspec:quota` by default. Services that must not
    /// share budgets on one Redis use different prefixes (or databases).
    pub key_prefix: String,
    /// At most one warning about an outage per this interval (10 s by default); the next
    /// warning counts the ones left out.
    pub warn_interval: Duration,
    /// After a failure, how long requests are answered by policy without trying Redis (1 s
    /// by default), so that a Redis that is down costs one timeout per backoff rather than
    /// one per request. Then one request tries again while the others keep waiting.
    pub backoff: Duration,
}

impl RedisQuotaOptions {
    /// The defaults, for Redis at `url`.
    pub fn new(url: impl Into<String>) -> Self {
        RedisQuotaOptions {
            url: url.into(),
            timeout: Duration::from_millis(100),
            on_unavailable: FailPolicy::Open,
            key_prefix: "restspec:quota".to_owned(),
            warn_interval: Duration::from_secs(10),
            backoff: Duration::from_secs(1),
        }
    }
}

/// The URL may carry a password: it is shown with its credentials hidden.
impl fmt::Debug for RedisQuotaOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisQuotaOptions")
            .field("url", &redact(&self.url))
            .field("timeout", &self.timeout)
            .field("on_unavailable", &self.on_unavailable)
            .field("key_prefix", &self.key_prefix)
            .field("warn_interval", &self.warn_interval)
            .field("backoff", &self.backoff)
            .finish()
    }
}

/// Why a [`RedisQuotaEnforcer`](super::RedisQuotaEnforcer) could not be built, or why
/// [`ping`](super::RedisQuotaEnforcer::ping) failed. URLs in it have their credentials
/// hidden, so it can be logged.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RedisQuotaError {
    /// The rule file could not be read or is malformed (the same errors as
    /// [`TokenBucketEnforcer::from_file`](crate::quota::TokenBucketEnforcer::from_file)).
    Config(QuotaConfigError),
    /// The URL is not one this build can connect to.
    InvalidUrl {
        /// The URL, credentials hidden.
        url: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An option is out of range.
    InvalidOption(String),
    /// Redis could not be reached, or answered an error.
    Unavailable {
        /// Where Redis was looked for (host and port, or socket path).
        at: String,
        /// What went wrong.
        reason: String,
    },
}

impl fmt::Display for RedisQuotaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RedisQuotaError::Config(e) => e.fmt(f),
            RedisQuotaError::InvalidUrl { url, reason } => {
                write!(f, "invalid Redis URL for the quota store {url:?}: {reason}")
            }
            RedisQuotaError::InvalidOption(problem) => {
                write!(f, "invalid quota store option: {problem}")
            }
            RedisQuotaError::Unavailable { at, reason } => {
                write!(f, "quota store (Redis at {at}) unavailable: {reason}")
            }
        }
    }
}

impl std::error::Error for RedisQuotaError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RedisQuotaError::Config(e) => Some(e),
            _ => None,
        }
    }
}

impl From<QuotaConfigError> for RedisQuotaError {
    fn from(e: QuotaConfigError) -> Self {
        RedisQuotaError::Config(e)
    }
}

/// `url` with the user and password (what lies between `://` and the last `@` of the
/// authority) replaced by `***`.
pub(super) fn redact(url: &str) -> String {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return url.to_owned();
    };
    let rest = &url[scheme_end..];
    let authority_len = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    match rest[..authority_len].rfind('@') {
        Some(at) => format!("{}***{}", &url[..scheme_end], &rest[at..]),
        None => url.to_owned(),
    }
}
