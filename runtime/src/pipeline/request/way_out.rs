//! The way out, which every answer takes: errors rendered in the format their endpoint's
//! row names, the endpoint's `Deprecation`, the conventions of the way out (trace ids,
//! CORS, gzip), the security headers, the request id, the echoed headers, the access log
//! line and the metrics.

use http::Method;
use http::request::Parts;

use super::opening::{self, Opening};
use crate::error::ApiError;
use crate::message::body::{Body, Response};
use crate::pipeline::api::{Answer, Api};
use crate::pipeline::state::ServiceState;
use crate::protocol::envelope::{self, AnswerFlags};
use crate::spec::{EndpointSpec, ServiceSpec};
use crate::trace::TraceRequest;

/// `error` in the row of its code `endpoint` lists with a format of its own
/// (`EndpointSpec::refusals`), whatever raised it: the runtime's refusals of the request
/// too, before routing (its credentials) or after (its input, quota, a missing resource).
pub(crate) fn in_endpoint_row(
    error: ApiError,
    endpoint: Option<&EndpointSpec>,
    service: &ServiceSpec,
) -> ApiError {
    let Some(refusals) = endpoint.map(|e| e.refusals).filter(|r| !r.is_empty()) else {
        return error;
    };
    let code = error.code(service);
    match refusals.iter().find(|(c, _)| *c == code) {
        Some((_, format)) => error.in_format_over_row(*format),
        None => error,
    }
}

/// Adds the endpoint's `Deprecation` header, when its spec dates its deprecation, to every
/// answer, success or error.
pub(super) fn with_deprecation(answer: Answer, endpoint: &EndpointSpec) -> Answer {
    let Some(date) = endpoint.deprecation else {
        return answer;
    };
    // Generated as `@` and digits: always a header value.
    let value = http::HeaderValue::from_static(date);
    match answer {
        Ok(mut response) => {
            response.headers_mut().insert(DEPRECATION, value);
            Ok(response)
        }
        Err(error) => Err(error.with_header(DEPRECATION, value)),
    }
}

/// RFC 9745's header.
const DEPRECATION: http::HeaderName = http::HeaderName::from_static("deprecation");

/// What the request's steps leave for the way out.
pub(super) struct Reached<'r> {
    /// The endpoint the request reached, if it was routed.
    pub(super) endpoint: Option<&'static EndpointSpec>,
    /// The request was a probe of the metrics or health paths, which the metrics do not
    /// count.
    pub(super) probe: bool,
    /// What the conventions of the way out need, unless the request was a preflight
    /// (answered at once: nothing else of it is read).
    pub(super) answer_flags: Option<AnswerFlags>,
    /// The request's demand for tracing.
    pub(super) trace: Option<&'r TraceRequest<'r>>,
}

/// The way out of `answer`: an error becomes its answer; an answer to `HEAD` loses its
/// body; the conventions of the way out apply to an answer to a request they read; then
/// every answer gets the security headers (unless the spec switches them off), the request
/// id, the echoed headers, its access log line, and its count in the metrics.
pub(super) fn leave<P: Api, A>(
    shared: &ServiceState<P, A>,
    answer: Answer,
    parts: &Parts,
    opening: &Opening,
    reached: &Reached<'_>,
) -> Response {
    let service = P::SERVICE;
    let conventions = &service.conventions;
    let mut response = answer.unwrap_or_else(|error| error.into_response_for(service));
    if parts.method == Method::HEAD {
        *response.body_mut() = Body::default();
    }
    if let Some(answer_flags) = reached.answer_flags {
        envelope::finish(
            &mut response,
            &parts.headers,
            answer_flags,
            reached.trace,
            shared.headers.trace.as_ref(),
            conventions,
        );
    }
    if conventions.security_headers {
        crate::protocol::security_headers::apply(response.headers_mut());
    }
    let request_id = opening::request_id(parts);
    if let (Some(name), Some(id)) = (&shared.headers.request_id, request_id) {
        response.headers_mut().insert(name.clone(), id.0.clone());
    }
    crate::message::echo::answer(&shared.headers.echo, &parts.headers, response.headers_mut());
    crate::trace::record_access(
        opening.since.filter(|_| opening.logged),
        &parts.method,
        parts.uri.path(),
        response.status(),
        reached.trace.map(TraceRequest::primary_id),
        request_id.map(|id| id.as_str()),
    );
    if let (Some(metrics), Some(since)) = (&shared.metrics, opening.since)
        && !reached.probe
    {
        metrics.count_request(
            reached.endpoint,
            &parts.method,
            response.status(),
            since.elapsed(),
        );
    }
    response
}
