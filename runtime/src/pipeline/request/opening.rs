//! The request's first step, before its future exists: what must be known of every request
//! before anything can refuse it (its id, when it started, its spans), and the future's
//! wrapper, which enters those spans on every poll and closes the server span at the end.
//!
//! The spans are opened here, on the request head as it came, so that the whole request,
//! admission included, runs inside them; the wrapper holds them apart from the request's
//! own state, in a box made only when there is a span (server spans on, or a traced
//! request with a site directory for its error log).

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Instant;

use http::request::Parts;
use tracing::Span;

use crate::message::body::Response;
use crate::message::request_id::{self, RequestId};
use crate::pipeline::state::ServiceState;
use crate::protocol::cors;
use crate::spec::{EndpointSpec, ServiceSpec};
use crate::trace::{self, TraceRequest, server_span};

/// What the way out needs of the request's start.
#[derive(Debug)]
pub(crate) struct Opening {
    /// When the request started, when the access log or the metrics time it.
    pub(crate) since: Option<Instant>,
    /// Whether the access log records the request.
    pub(crate) logged: bool,
    /// The demand for tracing, read here only when a span needed its id; the request's
    /// steps read it from the head themselves otherwise, borrowing it.
    pub(crate) trace: Option<Box<TraceRequest<'static>>>,
}

/// The spans a request runs in.
#[derive(Debug)]
pub(crate) struct Spans {
    server: Option<Span>,
    request: Option<Span>,
}

/// Opens `parts`: the request id (kept in its extensions, where handlers and the way out
/// find it), the start time, and the spans.
pub(crate) fn open<P, A>(
    shared: &ServiceState<P, A>,
    service: &'static ServiceSpec,
    parts: &mut Parts,
    remote: Option<SocketAddr>,
) -> (Opening, Option<Box<Spans>>) {
    let logged = trace::start_access().is_some();
    let since = (logged || shared.metrics.is_some()).then(Instant::now);
    let server = server_span::open(parts, remote);
    let conventions = &service.conventions;
    if let Some(name) = &shared.headers.request_id {
        let id = request_id::of(
            &parts.headers,
            name,
            conventions.request_id_prefix.unwrap_or_default(),
        );
        server_span::record_request_id(server.as_ref(), id.as_str());
        parts.extensions.insert(id);
    }
    let site = shared.settings.site_dir.as_deref();
    let preflight = cors::is_preflight(&parts.method, &parts.headers);
    // Only a span needs the trace id now; then it is kept (copied) for the way out.
    let trace = if (server.is_some() || site.is_some()) && !preflight {
        trace::requested_trace(parts.uri.query(), &parts.headers, conventions.trace)
            .map(|demand| Box::new(demand.into_owned()))
    } else {
        None
    };
    let request = match (&trace, site) {
        (Some(demand), Some(site)) => {
            let id = demand.primary_id();
            server_span::record_trace_id(server.as_ref(), id);
            let secrets: Vec<&str> = conventions.secret_parameters().collect();
            Some(trace::request_span(
                id,
                &trace::error_log_path(site),
                &parts.method,
                parts.uri.path_and_query().map_or("/", |p| p.as_str()),
                &secrets,
            ))
        }
        (Some(demand), None) => {
            server_span::record_trace_id(server.as_ref(), demand.primary_id());
            None
        }
        _ => None,
    };
    let spans =
        (server.is_some() || request.is_some()).then(|| Box::new(Spans { server, request }));
    let opening = Opening {
        since,
        logged,
        trace,
    };
    (opening, spans)
}

/// The request id [`open`] kept in the request's extensions, if the spec names a header
/// for one.
pub(crate) fn request_id(parts: &Parts) -> Option<&RequestId> {
    parts.extensions.get::<RequestId>()
}

/// `respond`'s answer, made inside `spans`, which are then closed: for a request answered
/// without its steps' future (`unread`).
pub(crate) fn answered_in(
    spans: Option<Box<Spans>>,
    respond: impl FnOnce() -> Response,
) -> Response {
    let Some(spans) = spans else {
        return respond();
    };
    let response = spans.within(respond);
    spans.close(None, &response);
    response
}

impl Spans {
    /// `f`, run inside the spans.
    fn within<R>(&self, f: impl FnOnce() -> R) -> R {
        let _server = self.server.as_ref().map(Span::enter);
        let _request = self.request.as_ref().map(Span::enter);
        f()
    }

    /// Closes the server span with the endpoint the request reached and its answer's status.
    fn close(&self, endpoint: Option<&EndpointSpec>, response: &Response) {
        if let Some(span) = &self.server {
            server_span::close(span, endpoint, response.status());
        }
    }
}

pin_project_lite::pin_project! {
    /// A request's future inside its spans: `inner` answers the response and the endpoint
    /// the request reached, which the server span is closed with.
    pub(crate) struct InSpans<F> {
        #[pin]
        inner: F,
        spans: Option<Box<Spans>>,
    }
}

impl<F> InSpans<F> {
    pub(crate) fn new(inner: F, spans: Option<Box<Spans>>) -> Self {
        InSpans { inner, spans }
    }
}

impl<F> Future for InSpans<F>
where
    F: Future<Output = (Response, Option<&'static EndpointSpec>)>,
{
    type Output = Result<Response, std::convert::Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let Some(spans) = this.spans.as_deref() else {
            let (response, _) = ready!(this.inner.poll(cx));
            return Poll::Ready(Ok(response));
        };
        let polled = spans.within(|| this.inner.poll(cx));
        let (response, endpoint) = ready!(polled);
        spans.close(endpoint, &response);
        Poll::Ready(Ok(response))
    }
}
