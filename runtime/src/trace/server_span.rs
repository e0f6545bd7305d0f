//! The server span: one span per request, named and described the way OpenTelemetry's HTTP
//! conventions describe a server's work, for a subscriber that exports spans (the `otlp`
//! feature's [`OtlpExport`](super::otlp::OtlpExport), or a service's own
//! `tracing-opentelemetry` layer).
//!
//! It is off until [`emit_server_spans`] turns it on: a service that exports nothing pays one
//! relaxed load per request, and a stdout subscriber at `INFO` is not handed a span per
//! request to format. When on, the span is opened before anything of the request is read,
//! so everything the runtime and the handlers log during the request happens inside it,
//! and it is completed when the answer leaves. Its fields are listed at
//! [`emit_server_spans`].
//!
//! Labels are bounded by the spec like the metrics': the name carries the template, not the
//! path. No header, credential or query value is recorded.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};

use http::StatusCode;
use tracing::Span;
use tracing::field::Empty;

use super::SERVER_SPAN_TARGET;
use crate::spec::EndpointSpec;

/// Whether requests open a server span; see [`emit_server_spans`].
static ON: AtomicBool = AtomicBool::new(false);

/// Turns the server span on (or off) for every service in the process.
///
/// Each request then runs in a span at `INFO`, target [`SERVER_SPAN_TARGET`], with:
///
/// | field | value |
/// |---|---|
/// | `otel.name` | `GET /changes/{change-id}`: the method and the endpoint's path template once routed; the method alone for a request no endpoint took (404, 405, preflights) |
/// | `otel.kind` | `server` |
/// | `http.request.method` | the method as sent (before a `$m`-style override) |
/// | `url.path` | the path as sent, never the query (which may hold an access token) |
/// | `http.route` | the endpoint's path template |
/// | `http.response.status_code` | the status answered |
/// | `otel.status_code` | `error` for a 5xx answer, unset otherwise (a 4xx is the client's mistake, not the server's) |
/// | `client.address` | the peer's IP address, when served by [`serve`](fn@crate::serve) |
/// | `restspec.endpoint` | the endpoint's name in the spec |
/// | `restspec.trace_id` | the request's trace id, when the client asked for tracing (the spec's trace header or parameter), so that an id a client reports finds the span |
/// | `restspec.request_id` | the request id, when the spec names a request-id header |
///
/// [`OtlpExport::layer`](super::otlp::OtlpExport::layer) calls it; call it yourself when
/// your own subscriber exports spans (a `tracing-opentelemetry` layer with an exporter of
/// your choice). The span is at `INFO` under the target [`SERVER_SPAN_TARGET`]; leave it out
/// of stdout formatters with the directive `restspec::http=off`, as
/// [`init_logging`](super::init_logging) does.
pub fn emit_server_spans(on: bool) {
    ON.store(on, Ordering::Relaxed);
}

/// Whether [`emit_server_spans`] turned the server span on.
pub fn server_spans_enabled() -> bool {
    ON.load(Ordering::Relaxed)
}

/// The server span of `request`, when server spans are on and a subscriber wants it. With
/// the `otlp` feature, a W3C `traceparent` header on the request makes the span part of the
/// client's trace.
pub(crate) fn open(request: &http::request::Parts, remote: Option<SocketAddr>) -> Option<Span> {
    if !server_spans_enabled() {
        return None;
    }
    let method = request.method.as_str();
    let span = tracing::info_span!(
        target: SERVER_SPAN_TARGET,
        "http_request",
        otel.name = method,
        otel.kind = "server",
        http.request.method = method,
        url.path = request.uri.path(),
        http.route = Empty,
        http.response.status_code = Empty,
        otel.status_code = Empty,
        client.address = Empty,
        restspec.endpoint = Empty,
        restspec.trace_id = Empty,
        restspec.request_id = Empty,
    );
    if span.is_disabled() {
        return None;
    }
    if let Some(remote) = remote {
        span.record("client.address", tracing::field::display(remote.ip()));
    }
    #[cfg(feature = "otlp")]
    super::otel_span::adopt_remote_parent(&span, &request.headers);
    Some(span)
}

/// Records the request's trace id on its server span.
pub(crate) fn record_trace_id(span: Option<&Span>, trace_id: &str) {
    if let Some(span) = span {
        span.record("restspec.trace_id", trace_id);
    }
}

/// Records the request id on its server span.
pub(crate) fn record_request_id(span: Option<&Span>, request_id: &str) {
    if let Some(span) = span {
        span.record("restspec.request_id", request_id);
    }
}

/// Completes the server span with the endpoint the request reached, if any, and the status
/// answered.
pub(crate) fn close(span: &Span, endpoint: Option<&EndpointSpec>, status: StatusCode) {
    if let Some(endpoint) = endpoint {
        let name = format!("{} {}", endpoint.method, endpoint.template);
        // An OpenTelemetry layer takes a span's name when the span is first entered and
        // ignores later `otel.name` records, so the exported span is renamed directly.
        #[cfg(feature = "otlp")]
        super::otel_span::rename(span, name.clone());
        span.record("otel.name", name);
        span.record("http.route", endpoint.template);
        span.record("restspec.endpoint", endpoint.name);
    }
    span.record("http.response.status_code", status.as_u16());
    if status.is_server_error() {
        span.record("otel.status_code", "error");
    }
}

#[cfg(test)]
#[cfg(feature = "error-log")]
mod tests {
    use std::sync::{Arc, Mutex};

    use tracing::field::{Field, Visit};
    use tracing::span::{Attributes, Id, Record};
    use tracing_subscriber::layer::{Context, Layer, SubscriberExt as _};

    use super::*;

    /// Every field recorded on any span, as `name=value` in order.
    #[derive(Clone, Default)]
    struct Recorded(Arc<Mutex<Vec<String>>>);

    impl Visit for Recorded {
        fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
            let line = format!("{}={value:?}", field.name());
            self.0.lock().unwrap().push(line.replace('"', ""));
        }
    }

    impl<S: tracing::Subscriber> Layer<S> for Recorded {
        fn on_new_span(&self, attrs: &Attributes<'_>, _: &Id, _: Context<'_, S>) {
            attrs.record(&mut self.clone());
        }
        fn on_record(&self, _: &Id, values: &Record<'_>, _: Context<'_, S>) {
            values.record(&mut self.clone());
        }
    }

    /// What a request to `path` answered with `status` records on its server span, with the
    /// server spans on.
    fn recorded(path: &str, status: StatusCode) -> Vec<String> {
        let recorded = Recorded::default();
        let subscriber = tracing_subscriber::registry().with(recorded.clone());
        tracing::subscriber::with_default(subscriber, || {
            emit_server_spans(true);
            let request = http::Request::get(path).body(()).unwrap();
            let span = open(&request.into_parts().0, None).expect("a span while on");
            record_trace_id(Some(&span), "issue-42");
            close(&span, None, status);
            emit_server_spans(false);
        });
        recorded.0.lock().unwrap().clone()
    }

    #[test]
    fn a_server_error_marks_the_span_failed_and_a_client_error_does_not() {
        let failed = recorded("/changes/?q=secret", StatusCode::SERVICE_UNAVAILABLE);
        assert!(
            failed.contains(&"otel.status_code=error".to_owned()),
            "{failed:?}"
        );
        assert!(failed.contains(&"http.response.status_code=503".to_owned()));
        assert!(
            failed.contains(&"url.path=/changes/".to_owned()),
            "no query: {failed:?}"
        );
        assert!(failed.contains(&"restspec.trace_id=issue-42".to_owned()));
        assert!(!failed.iter().any(|field| field.contains("secret")));
        let refused = recorded("/changes/", StatusCode::NOT_FOUND);
        assert!(refused.contains(&"http.response.status_code=404".to_owned()));
        assert!(
            !refused
                .iter()
                .any(|field| field.starts_with("otel.status_code"))
        );
    }
}
