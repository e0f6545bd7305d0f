//! What the service answers and reports of itself, before any endpoint: the metrics and
//! health paths, its OpenAPI document, the count of refused credentials, and what the
//! serving loop watches of it.

use std::sync::Arc;

use bytes::Bytes;

use super::Service;
use crate::error::ApiError;
use crate::message::body::Response;
use crate::metrics::Matched;
use crate::metrics::health::Health;
use crate::pipeline::api::Api;
use crate::protocol::auth::Authenticator;

impl<P: Api, A: Authenticator> Service<P, A> {
    /// The answer of the metrics or a health path, when `path` is one the spec names
    /// (marking the request a probe, which the metrics do not count).
    pub(super) async fn probe(&self, path: &str, matched: &Matched) -> Option<Response> {
        let conventions = &P::SERVICE.conventions;
        let is =
            |convention: Option<&str>| convention.is_some_and(|p| path == p.trim_end_matches('/'));
        let shared = &*self.shared;
        let answer = if is(conventions.metrics_path) {
            shared.metrics.as_ref()?.page()
        } else if is(conventions.liveness_path) {
            Health::live()
        } else if is(conventions.readiness_path) {
            shared.health.ready().await
        } else {
            return None;
        };
        matched.probe();
        Some(answer)
    }

    /// Counts an authentication failure in the metrics: credentials the service did not
    /// accept, or a caller past the failed-password budget.
    pub(super) fn count_refused_credentials<T>(
        &self,
        answer: Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        if answer.is_err()
            && let Some(metrics) = &self.shared.metrics
        {
            metrics.count_authentication_failure();
        }
        answer
    }

    /// What the serving loop needs: the metrics (connections) and the health (draining).
    pub(crate) fn watch(&self) -> ServiceWatch {
        let shared = &*self.shared;
        (
            shared.metrics.clone(),
            shared.health.clone(),
            shared.settings.drain_delay,
        )
    }
}

/// What the serving loop watches of a service: its metrics, its health and the drain delay.
pub(crate) type ServiceWatch = (
    Option<Arc<crate::metrics::Metrics>>,
    Arc<Health>,
    std::time::Duration,
);

/// The service's OpenAPI document as raw JSON: no prefix line, so that tools read it as is.
pub(super) fn openapi_document(document: &'static str) -> Response {
    crate::message::body::response(
        http::StatusCode::OK,
        Some(http::HeaderValue::from_static(
            crate::message::json::JSON_CONTENT_TYPE,
        )),
        Bytes::from_static(document.as_bytes()),
    )
}
