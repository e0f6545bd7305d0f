//! What the service answers of itself, before authentication: the metrics and health
//! paths, its OpenAPI document and its docs page, each where the spec puts it.

use bytes::Bytes;
use http::request::Parts;

use crate::message::body::Response;
use crate::metrics::health::Health;
use crate::pipeline::api::{Answer, Api};
use crate::pipeline::state::ServiceState;

/// One of the service's own paths.
pub(super) enum OwnPath {
    /// Answered at once; `probe` when it is a metrics or health path, which the metrics do
    /// not count.
    Answered { answer: Answer, probe: bool },
    /// The readiness path: its checks are awaited.
    Readiness,
}

/// The own path `GET` or `HEAD` on `path` (normalised) reaches, if any.
pub(super) fn find<P: Api, A>(
    shared: &ServiceState<P, A>,
    parts: &Parts,
    path: &str,
) -> Option<OwnPath> {
    let service = P::SERVICE;
    let conventions = &service.conventions;
    let is = |convention: Option<&str>| convention.is_some_and(|p| path == p.trim_end_matches('/'));
    let probe = |answer: Response| OwnPath::Answered {
        answer: Ok(answer),
        probe: true,
    };
    if is(conventions.metrics_path)
        && let Some(metrics) = &shared.metrics
    {
        return Some(probe(metrics.page()));
    }
    if is(conventions.liveness_path) {
        return Some(probe(Health::live()));
    }
    if is(conventions.readiness_path) {
        return Some(OwnPath::Readiness);
    }
    if is(conventions.openapi_path) {
        return Some(OwnPath::Answered {
            answer: Ok(openapi_document(service.openapi)),
            probe: false,
        });
    }
    let docs = conventions.docs_path?;
    let answer = crate::docs_page::answer(service, docs, path, parts.uri.path(), &parts.headers)?;
    Some(OwnPath::Answered {
        answer,
        probe: false,
    })
}

/// The service's OpenAPI document as raw JSON: no prefix line, so that tools read it as is.
fn openapi_document(document: &'static str) -> Response {
    crate::message::body::response(
        http::StatusCode::OK,
        Some(http::HeaderValue::from_static(
            crate::message::json::JSON_CONTENT_TYPE,
        )),
        Bytes::from_static(document.as_bytes()),
    )
}
