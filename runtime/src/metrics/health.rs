//! The health paths: liveness (`200 ok` while the process answers) and readiness (`503`
//! while the service drains for shutdown or a check the service registered fails).
//!
//! Readiness checks run at most once per [`CACHE_FOR`], one probe at a time, each within
//! [`CHECK_TIMEOUT`]: a flood of probes costs the database one query a second, and probes
//! arriving while a check runs wait for its answer instead of starting their own.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::{HeaderValue, StatusCode};

use crate::message::body::Response;

/// How long a readiness answer is reused.
pub const CACHE_FOR: Duration = Duration::from_secs(1);

/// How long one readiness check may take before it counts as failed.
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

/// A readiness check: `Ok` while the dependency it watches answers, else the reason,
/// which the readiness path answers (so it should name the dependency, not its address or
/// credentials).
pub type ReadinessCheck =
    Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Result<(), String>> + Send>> + Send + Sync>;

/// The last readiness answer and when it was found.
type Cached = Option<(Instant, Result<(), Arc<str>>)>;

/// A service's health: whether it drains, its readiness checks and their last answer.
pub struct Health {
    draining: AtomicBool,
    checks: Vec<ReadinessCheck>,
    cached: tokio::sync::Mutex<Cached>,
}

impl std::fmt::Debug for Health {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Health")
            .field("draining", &self.draining)
            .field("checks", &self.checks.len())
            .finish_non_exhaustive()
    }
}

impl Health {
    /// The health of a service with `checks`.
    pub(crate) fn new(checks: Vec<ReadinessCheck>) -> Arc<Self> {
        Arc::new(Health {
            draining: AtomicBool::new(false),
            checks,
            cached: tokio::sync::Mutex::new(None),
        })
    }

    /// From now on the service is not ready: it is shutting down.
    pub(crate) fn begin_draining(&self) {
        self.draining.store(true, Ordering::Relaxed);
    }

    /// The liveness answer.
    pub(crate) fn live() -> Response {
        text(StatusCode::OK, "ok")
    }

    /// The readiness answer: `503 draining` during shutdown, `503` with the failed checks'
    /// reasons, else `200 ok`.
    pub(crate) async fn ready(&self) -> Response {
        if self.draining.load(Ordering::Relaxed) {
            return text(StatusCode::SERVICE_UNAVAILABLE, "draining");
        }
        match self.checked().await {
            Ok(()) => text(StatusCode::OK, "ok"),
            Err(reason) => text(StatusCode::SERVICE_UNAVAILABLE, &reason),
        }
    }

    /// The checks' answer, from the cache when it is fresh.
    async fn checked(&self) -> Result<(), Arc<str>> {
        if self.checks.is_empty() {
            return Ok(());
        }
        let mut cached = self.cached.lock().await;
        if let Some((at, answer)) = &*cached
            && at.elapsed() < CACHE_FOR
        {
            return answer.clone();
        }
        let answers = futures_util::future::join_all(self.checks.iter().map(|check| async {
            match tokio::time::timeout(CHECK_TIMEOUT, check()).await {
                Ok(answer) => answer,
                Err(_) => Err(format!(
                    "a check did not answer within {} s",
                    CHECK_TIMEOUT.as_secs()
                )),
            }
        }))
        .await;
        let reasons: Vec<String> = answers.into_iter().filter_map(Result::err).collect();
        let answer = if reasons.is_empty() {
            Ok(())
        } else {
            tracing::warn!(reasons = %reasons.join("; "), "not ready");
            Err(Arc::from(reasons.join("; ")))
        };
        *cached = Some((Instant::now(), answer.clone()));
        answer
    }
}

/// A short `text/plain` answer that no cache keeps.
fn text(status: StatusCode, body: &str) -> Response {
    let mut response = crate::message::body::response(
        status,
        Some(HeaderValue::from_static("text/plain; charset=utf-8")),
        Bytes::from(format!("{body}\n")),
    );
    response.headers_mut().insert(
        http::header::CACHE_CONTROL,
        HeaderValue::from_static("no-store"),
    );
    response
}
