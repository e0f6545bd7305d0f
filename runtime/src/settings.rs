//! Run-time settings of a generated service: what is not in the spec because it differs
//! between installations.

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::idempotency::{IdempotencyStore, MemoryIdempotencyStore};
use crate::limits::Limits;
use crate::metrics::health::ReadinessCheck;
use crate::protocol::auth::{Authenticator, NoAccounts};
use crate::protocol::cors::AllowedOrigins;
use crate::quota::QuotaBackend;

/// Run-time settings of a generated service, generic over the service's authenticator
/// (the default knows nobody).
///
/// ```
/// use std::time::Duration;
///
/// use restspec_runtime::{Limits, Settings};
///
/// let settings = Settings::default()
///     .public_url("https://git.example.com")
///     .limits(Limits {
///         request_timeout: Duration::from_secs(10),
///         ..Limits::default()
///     });
/// assert_eq!(settings.public_url.as_deref(), Some("https://git.example.com"));
/// ```
pub struct Settings<A = NoAccounts> {
    /// Checks credentials and finds sessions.
    pub authenticator: Arc<A>,
    /// The quota enforcers (none: nothing is enforced).
    pub quota: QuotaBackend,
    /// Origins allowed to use the service cross-origin (`site.allowOriginRegex`).
    pub allowed_origins: AllowedOrigins,
    /// The site directory: traced requests log to `logs/error_log` below it.
    pub site_dir: Option<PathBuf>,
    /// Timeouts, the connection cap and the body limit.
    pub limits: Limits,
    /// The URL clients reach the service at (`https://git.example.com`), without a trailing
    /// slash: what handlers build absolute links from and what pagination links start
    /// with. Unset, it is `http://` and the request's `Host`.
    pub public_url: Option<Arc<str>>,
    /// Where idempotency keys live, for a spec that switches them on (in memory unless
    /// set).
    pub idempotency: Arc<dyn IdempotencyStore>,
    /// Read the public URL from `Forwarded` (or `X-Forwarded-Proto`/`-Host`) when no
    /// [`public_url`](Self::public_url) is set: only behind a proxy that sets them.
    pub trust_forwarded: bool,
    /// What the readiness path (`readiness_path`) asks before answering `200`: each
    /// dependency's check ([`Settings::readiness`]).
    pub readiness_checks: Vec<ReadinessCheck>,
    /// How long, after the shutdown signal, the service goes on accepting and answering
    /// while its readiness path answers `503`, so that a load balancer stops sending it
    /// requests before it stops listening ([`Settings::drain_delay`]). Default: none.
    pub drain_delay: Duration,
}

impl<A> Clone for Settings<A> {
    fn clone(&self) -> Self {
        Settings {
            authenticator: self.authenticator.clone(),
            quota: self.quota.clone(),
            allowed_origins: self.allowed_origins.clone(),
            site_dir: self.site_dir.clone(),
            limits: self.limits,
            public_url: self.public_url.clone(),
            idempotency: self.idempotency.clone(),
            trust_forwarded: self.trust_forwarded,
            readiness_checks: self.readiness_checks.clone(),
            drain_delay: self.drain_delay,
        }
    }
}

impl Default for Settings<NoAccounts> {
    fn default() -> Self {
        Settings {
            authenticator: Arc::new(NoAccounts),
            quota: QuotaBackend::new(),
            allowed_origins: AllowedOrigins::none(),
            site_dir: None,
            limits: Limits::default(),
            public_url: None,
            idempotency: Arc::new(MemoryIdempotencyStore::new()),
            trust_forwarded: false,
            readiness_checks: Vec::new(),
            drain_delay: Duration::ZERO,
        }
    }
}

impl<A> std::fmt::Debug for Settings<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("quota", &self.quota)
            .field("allowed_origins", &self.allowed_origins)
            .field("site_dir", &self.site_dir)
            .field("limits", &self.limits)
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}

impl<A: Authenticator> Settings<A> {
    /// Uses `authenticator` for `/a/` requests and sessions.
    #[must_use]
    pub fn authenticator<B: Authenticator>(self, authenticator: B) -> Settings<B> {
        Settings {
            authenticator: Arc::new(authenticator),
            quota: self.quota,
            allowed_origins: self.allowed_origins,
            site_dir: self.site_dir,
            limits: self.limits,
            public_url: self.public_url,
            idempotency: self.idempotency,
            trust_forwarded: self.trust_forwarded,
            readiness_checks: self.readiness_checks,
            drain_delay: self.drain_delay,
        }
    }

    /// Allows cross-origin use from origins fully matching one of `patterns` (the values
    /// of `site.allowOriginRegex`).
    pub fn allow_origin_regex<S: AsRef<str>>(
        mut self,
        patterns: &[S],
    ) -> Result<Self, regex::Error> {
        self.allowed_origins = AllowedOrigins::from_patterns(patterns)?;
        Ok(self)
    }

    /// Sets the site directory (for `logs/error_log`).
    #[must_use]
    pub fn site_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.site_dir = Some(dir.into());
        self
    }

    /// Serves with `limits` instead of [`Limits::default`].
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets the URL clients reach the service at (`https://git.example.com`), which
    /// absolute links start with; a trailing slash is dropped. Behind a proxy that changes
    /// the scheme, host or port, set it: otherwise links use `http://` and the `Host` the
    /// request arrived with.
    #[must_use]
    pub fn public_url(mut self, url: &str) -> Self {
        self.public_url = Some(Arc::from(url.trim_end_matches('/')));
        self
    }

    /// Builds absolute links on the scheme and host a proxy in front reports (`Forwarded`,
    /// else `X-Forwarded-Proto` and `X-Forwarded-Host`) when no public URL is set. Only
    /// behind a proxy that sets those headers: a client could send them itself.
    #[must_use]
    pub fn trust_forwarded_headers(mut self) -> Self {
        self.trust_forwarded = true;
        self
    }

    /// Keeps idempotency keys in `store` (a database the instances share, so that they
    /// agree: `idempotency::PostgresIdempotencyStore` with the feature
    /// `postgres-idempotency`, or a store of your own) instead of in memory.
    #[must_use]
    pub fn idempotency_store(mut self, store: impl IdempotencyStore) -> Self {
        self.idempotency = Arc::new(store);
        self
    }

    /// Uses `quota` to enforce quotas.
    #[must_use]
    pub fn quota(mut self, quota: QuotaBackend) -> Self {
        self.quota = quota;
        self
    }

    /// Adds a readiness check: the readiness path answers `503` with the check's reason
    /// while it fails (a database or quota store that does not answer). Checks run at most
    /// once a second whatever the number of probes, each within two seconds (a check
    /// slower than that fails); put no address or credential in the reason, which anyone
    /// may read.
    ///
    /// ```
    /// let settings = restspec_runtime::Settings::default()
    ///     .readiness(|| async { Ok::<(), String>(()) });
    /// assert_eq!(settings.readiness_checks.len(), 1);
    /// ```
    #[must_use]
    pub fn readiness<F, Fut>(mut self, check: F) -> Self
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<(), String>> + Send + 'static,
    {
        self.readiness_checks
            .push(Arc::new(move || Box::pin(check())));
        self
    }

    /// After the shutdown signal, goes on serving for `delay` while the readiness path
    /// answers `503 draining`, then stops accepting and finishes the requests under way:
    /// long enough for a load balancer's health check to take the instance out (a few of
    /// its intervals).
    #[must_use]
    pub fn drain_delay(mut self, delay: Duration) -> Self {
        self.drain_delay = delay;
        self
    }
}
