//! The OpenTelemetry side of one server span (feature `otlp`): joining the client's trace and
//! naming the span once the route is known. [`super::server_span`] calls these while it
//! records a request; the exporter that sends the spans is [`super::otlp`], which in turn
//! turns the server spans on, so these live apart from both.

use opentelemetry::propagation::TextMapPropagator;
use opentelemetry::trace::TraceContextExt as _;
use opentelemetry_http::HeaderExtractor;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use tracing_opentelemetry::OpenTelemetrySpanExt as _;

/// Makes `span` a child of the client's span when the request carries a W3C `traceparent`.
pub(crate) fn adopt_remote_parent(span: &tracing::Span, headers: &http::HeaderMap) {
    if !headers.contains_key("traceparent") {
        return;
    }
    let parent = TraceContextPropagator::new().extract(&HeaderExtractor(headers));
    // An error means no OpenTelemetry layer records the span: nothing to join then.
    let _ = span.set_parent(parent);
}

/// Renames the OpenTelemetry span of `span`, which has started by the time the route is
/// known.
pub(crate) fn rename(span: &tracing::Span, name: String) {
    span.context().span().update_name(name);
}
