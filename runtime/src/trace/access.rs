//! The access log: one `INFO` event per answered request, target [`ACCESS_TARGET`], with
//! the method (after any `$m` override), the path (never the query, which may hold an
//! access token), the status, the time taken and, for a traced request, its trace id.
//!
//! Path and trace id are written as they are: `http` admits no control characters in a
//! path, and the runtime none in a trace id, so a line cannot be forged.
//!
//! With no subscriber listening at `INFO` for the target, a request pays one cached
//! callsite check and does not even read the clock.

use std::time::{Duration, Instant};

use http::{Method, StatusCode};

/// The target of the access log's events (filter with `RUST_LOG=restspec::access=off`).
pub const ACCESS_TARGET: &str = "restspec::access";

/// When the request started, if anyone listens to the access log.
pub(crate) fn start() -> Option<Instant> {
    tracing::enabled!(target: ACCESS_TARGET, tracing::Level::INFO).then(Instant::now)
}

/// Logs the answered request (nothing when [`start`] found nobody listening).
pub(crate) fn record(
    started: Option<Instant>,
    method: &Method,
    path: &str,
    status: StatusCode,
    trace_id: Option<&str>,
    request_id: Option<&str>,
) {
    let Some(started) = started else { return };
    let millis = millis(started.elapsed());
    let status = status.as_u16();
    match (trace_id, request_id) {
        (Some(trace), Some(id)) => {
            tracing::info!(target: ACCESS_TARGET, %method, %path, status, millis, %trace, request_id = %id, "request")
        }
        (Some(trace), None) => {
            tracing::info!(target: ACCESS_TARGET, %method, %path, status, millis, %trace, "request")
        }
        (None, Some(id)) => {
            tracing::info!(target: ACCESS_TARGET, %method, %path, status, millis, request_id = %id, "request")
        }
        (None, None) => {
            tracing::info!(target: ACCESS_TARGET, %method, %path, status, millis, "request")
        }
    }
}

/// Milliseconds with three decimals: `0.412`.
fn millis(elapsed: Duration) -> f64 {
    (elapsed.as_micros() as f64) / 1000.0
}
