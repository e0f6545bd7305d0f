//! OpenTelemetry export (the runtime's `otlp` feature): the example service, exporting to a
//! collector on loopback that decodes what arrives with the OpenTelemetry project's own
//! protobuf definitions, answers requests; each becomes one server span with the route,
//! the status, the client's trace as parent and the request's trace id, and no secret.

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::KeyValue;
use opentelemetry_proto::tonic::common::v1::any_value::Value as AnyValue;
use opentelemetry_proto::tonic::trace::v1::Span;
use opentelemetry_proto::tonic::trace::v1::span::SpanKind;
use opentelemetry_proto::tonic::trace::v1::status::StatusCode;
use prost::Message as _;
use restspec_runtime::trace::otlp::OtlpExport;
use tracing_subscriber::layer::SubscriberExt as _;

use crate::example::{Server, admin};

/// What the client's tracer sent: W3C `traceparent` (version, trace id, parent span id,
/// sampled).
const TRACE_ID: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_SPAN_ID: &str = "00f067aa0ba902b7";

/// An OTLP/HTTP collector on loopback: `POST /v1/traces` with a protobuf
/// `ExportTraceServiceRequest`, kept for the test.
struct Collector {
    url: String,
    received: Arc<Mutex<Vec<ExportTraceServiceRequest>>>,
}

impl Collector {
    async fn start() -> Collector {
        let received = Arc::new(Mutex::new(Vec::new()));
        let kept = received.clone();
        let router = axum::Router::new().route(
            "/v1/traces",
            axum::routing::post(move |headers: axum::http::HeaderMap, body: Bytes| {
                let kept = kept.clone();
                async move {
                    assert_eq!(headers["content-type"], "application/x-protobuf");
                    let request = ExportTraceServiceRequest::decode(body).expect("OTLP protobuf");
                    kept.lock().unwrap().push(request);
                    (
                        [("content-type", "application/x-protobuf")],
                        ExportTraceServiceResponse::default().encode_to_vec(),
                    )
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let url = format!("http://{}/v1/traces", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await });
        Collector { url, received }
    }

    /// Every span received, with its resource's `service.name`.
    fn spans(&self) -> Vec<(String, Span)> {
        let received = self.received.lock().unwrap();
        let mut spans = Vec::new();
        for request in received.iter() {
            for resource_spans in &request.resource_spans {
                let attributes = resource_spans
                    .resource
                    .as_ref()
                    .map_or(&[][..], |r| &r.attributes[..]);
                let service = text(attributes, "service.name").unwrap_or_default();
                for scope in &resource_spans.scope_spans {
                    for span in &scope.spans {
                        spans.push((service.clone(), span.clone()));
                    }
                }
            }
        }
        spans
    }
}

/// The attribute `key`'s value as text (numbers written out).
fn text(attributes: &[KeyValue], key: &str) -> Option<String> {
    let value = attributes.iter().find(|a| a.key == key)?.value.as_ref()?;
    match value.value.as_ref()? {
        AnyValue::StringValue(s) => Some(s.clone()),
        AnyValue::IntValue(i) => Some(i.to_string()),
        other => Some(format!("{other:?}")),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The one span named `name`.
fn span<'a>(spans: &'a [(String, Span)], name: &str) -> &'a Span {
    let found: Vec<_> = spans.iter().filter(|(_, s)| s.name == name).collect();
    assert_eq!(found.len(), 1, "one span named {name}: {spans:#?}");
    &found[0].1
}

#[tokio::test]
async fn every_request_is_one_server_span_in_the_clients_trace() {
    let collector = Collector::start().await;
    let export = OtlpExport::to_collector(&collector.url, "review-test").expect("export");
    // This thread's subscriber only: the test's runtime runs the server on it too.
    let subscriber = tracing_subscriber::registry().with(export.layer());
    let default = tracing::subscriber::set_default(subscriber);
    let server = Server::start().await;

    let traced = server
        .get("/config/server/version?trace=issue-42")
        .header("traceparent", format!("00-{TRACE_ID}-{PARENT_SPAN_ID}-01"))
        .send()
        .await
        .unwrap();
    assert_eq!(traced.status(), 200);
    assert_eq!(traced.headers()["x-service-trace"], "issue-42");
    let missing = server.get("/no/such/path").send().await.unwrap();
    assert_eq!(missing.status(), 404);
    let account = admin(server.get("/a/accounts/self?access_token=SECRET-TOKEN-1"))
        .send()
        .await
        .unwrap();
    assert_eq!(account.status(), 200);

    drop(server);
    export.shutdown().await.expect("flushed");
    drop(default);

    let spans = collector.spans();
    assert_eq!(spans.len(), 3, "three requests, three spans: {spans:#?}");
    assert!(spans.iter().all(|(service, _)| service == "review-test"));

    let version = span(&spans, "GET /config/server/version");
    assert_eq!(version.kind, SpanKind::Server as i32);
    assert_eq!(hex(&version.trace_id), TRACE_ID, "the client's trace");
    assert_eq!(
        hex(&version.parent_span_id),
        PARENT_SPAN_ID,
        "the client's span"
    );
    let attributes = &version.attributes;
    assert_eq!(
        text(attributes, "http.request.method").as_deref(),
        Some("GET")
    );
    assert_eq!(
        text(attributes, "url.path").as_deref(),
        Some("/config/server/version")
    );
    assert_eq!(
        text(attributes, "http.route").as_deref(),
        Some("/config/server/version")
    );
    assert_eq!(
        text(attributes, "http.response.status_code").as_deref(),
        Some("200")
    );
    assert_eq!(
        text(attributes, "restspec.endpoint").as_deref(),
        Some("get_server_version")
    );
    assert_eq!(
        text(attributes, "restspec.trace_id").as_deref(),
        Some("issue-42")
    );
    assert_eq!(
        text(attributes, "client.address").as_deref(),
        Some("127.0.0.1")
    );
    let status = version.status.as_ref().map_or(0, |s| s.code);
    assert_eq!(status, StatusCode::Unset as i32);

    // Routed nowhere: named by the method alone, so paths never become span names.
    let unrouted = span(&spans, "GET");
    assert_eq!(
        text(&unrouted.attributes, "http.response.status_code").as_deref(),
        Some("404")
    );
    assert_eq!(text(&unrouted.attributes, "http.route"), None);
    assert_ne!(hex(&unrouted.trace_id), TRACE_ID, "a trace of its own");
    assert!(unrouted.parent_span_id.is_empty(), "a root span");

    let account = span(&spans, "GET /accounts/{account-id}");
    assert_eq!(
        text(&account.attributes, "url.path").as_deref(),
        Some("/a/accounts/self")
    );
    assert_eq!(
        text(&account.attributes, "restspec.trace_id"),
        None,
        "not traced"
    );

    // No credential reaches the collector: neither the token in the query nor the password.
    let sent = format!("{:?}", collector.received.lock().unwrap());
    assert!(!sent.contains("SECRET-TOKEN-1"));
    assert!(!sent.contains(crate::example::PASSWORD));
    assert!(!sent.to_ascii_lowercase().contains("authorization"));
}
