//! OpenTelemetry trace export over OTLP (feature `otlp`): every request's server span
//! (see [`super::emit_server_spans`] for what it records), with the spans
//! and events of the handlers inside it, sent to a collector.
//!
//! A service turns it on with the standard variables of the OpenTelemetry SDKs, so that an
//! operator configures it like any other service: `OTEL_EXPORTER_OTLP_ENDPOINT` (the
//! collector, `http://localhost:4318`; `/v1/traces` is appended) or
//! `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the full URL), `OTEL_EXPORTER_OTLP_HEADERS`
//! (`key=value,...`, say an API key), `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES`.
//! Without an endpoint, [`OtlpExport::from_env`] answers `None` and nothing is exported.
//!
//! ```no_run
//! # async fn start() -> Result<(), Box<dyn std::error::Error>> {
//! use restspec_runtime::trace::otlp::{OtlpExport, init_logging_exporting};
//!
//! let export = OtlpExport::from_env("bookshop")?;
//! match &export {
//!     Some(export) => init_logging_exporting("info", export),
//!     None => restspec_runtime::trace::init_logging("info"),
//! }
//! // ... serve until shutdown ...
//! if let Some(export) = export {
//!     export.shutdown().await?; // sends the spans still buffered
//! }
//! # Ok(()) }
//! ```
//!
//! Spans are sent in batches, in the background, as protobuf over HTTP (OTLP/HTTP, the
//! protocol every collector accepts on port 4318), with hyper's client on the service's own
//! tokio runtime: plain `http://` only, the usual case of a collector beside the service. For
//! TLS, gRPC or another backend, build an `opentelemetry_sdk` tracer provider with the
//! exporter of your choice and hand it to [`OtlpExport::with_provider`]; the crates are
//! re-exported here so that the versions match.
//!
//! A client's W3C `traceparent` header makes the server span a child of the client's span,
//! in the client's trace, so a trace crosses the service.

use std::time::Duration;

use bytes::Bytes;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_http::{HttpClient, HttpError};
use opentelemetry_otlp::{WithExportConfig, WithHttpConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::{SdkTracerProvider, Tracer};
use tracing::Subscriber;
use tracing_subscriber::Layer;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt as _;

pub use opentelemetry;
pub use opentelemetry_otlp;
pub use opentelemetry_sdk;
pub use tracing_opentelemetry;

use super::server_span::emit_server_spans;
use super::{ACCESS_TARGET, REQUEST_SPAN_TARGET, Rotation};

/// The variables that name a collector; without either, nothing is exported.
const ENDPOINT_VARIABLES: [&str; 2] = [
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
];

/// How long one export may take when `OTEL_EXPORTER_OTLP_TIMEOUT` does not say (the
/// OpenTelemetry default).
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// Why trace export could not be set up or shut down.
#[derive(Debug)]
pub struct OtlpError(String);

impl std::fmt::Display for OtlpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OtlpError {}

/// A tracer provider that exports spans, and the handle to flush and stop it.
///
/// Keep it until the service stops, then call [`shutdown`](Self::shutdown): spans are sent
/// in batches, and the last batch goes only then.
#[derive(Debug, Clone)]
pub struct OtlpExport {
    provider: SdkTracerProvider,
}

impl OtlpExport {
    /// The export the standard `OTEL_*` variables describe (see the [module](self)), or
    /// `None` when neither `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` nor
    /// `OTEL_EXPORTER_OTLP_ENDPOINT` is set, or `OTEL_SDK_DISABLED` is `true`.
    /// `service_name` is the `service.name` unless `OTEL_SERVICE_NAME` names one.
    ///
    /// Call it inside the service's tokio runtime: the exporter sends on it.
    pub fn from_env(service_name: &str) -> Result<Option<OtlpExport>, OtlpError> {
        let set = |name: &str| std::env::var(name).is_ok_and(|value| !value.trim().is_empty());
        let disabled = std::env::var("OTEL_SDK_DISABLED")
            .is_ok_and(|value| value.trim().eq_ignore_ascii_case("true"));
        if disabled || !ENDPOINT_VARIABLES.iter().any(|name| set(name)) {
            return Ok(None);
        }
        Self::build(None, service_name).map(Some)
    }

    /// An export to the collector at `traces_url` (the full URL, such as
    /// `http://127.0.0.1:4318/v1/traces`), whatever the environment says of the endpoint.
    ///
    /// Call it inside the service's tokio runtime: the exporter sends on it.
    pub fn to_collector(traces_url: &str, service_name: &str) -> Result<OtlpExport, OtlpError> {
        Self::build(Some(traces_url), service_name)
    }

    /// An export through a tracer provider built by the service itself (another exporter,
    /// a sampler, TLS).
    pub fn with_provider(provider: SdkTracerProvider) -> OtlpExport {
        OtlpExport { provider }
    }

    fn build(traces_url: Option<&str>, service_name: &str) -> Result<OtlpExport, OtlpError> {
        let runtime = tokio::runtime::Handle::try_current().map_err(|_| {
            OtlpError(
                "OTLP export must be set up inside a tokio runtime, which sends the spans".into(),
            )
        })?;
        let timeout = timeout_from_env();
        let client = OnRuntime {
            client: opentelemetry_http::hyper::HyperClient::with_default_connector(timeout, None),
            runtime,
        };
        let mut exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_http_client(client)
            .with_timeout(timeout);
        if let Some(url) = traces_url {
            exporter = exporter.with_endpoint(url);
        }
        let exporter = exporter
            .build()
            .map_err(|error| OtlpError(format!("cannot set up the OTLP exporter: {error}")))?;
        let mut resource = Resource::builder();
        if std::env::var_os("OTEL_SERVICE_NAME").is_none() {
            resource = resource.with_service_name(service_name.to_owned());
        }
        let provider = SdkTracerProvider::builder()
            .with_batch_exporter(exporter)
            .with_resource(resource.build())
            .build();
        Ok(OtlpExport { provider })
    }

    /// The tracer the export's spans are made with (to build a layer of your own).
    pub fn tracer(&self) -> Tracer {
        self.provider.tracer("restspec")
    }

    /// The layer to add to a subscriber: it exports spans and events at `INFO` or above
    /// (the server spans and what happens inside them, the handlers' own spans included),
    /// except the runtime's access log and traced-request spans, which repeat what the
    /// server span says. It turns the server spans on ([`emit_server_spans`]).
    pub fn layer<S>(&self) -> impl Layer<S> + Send + Sync + 'static
    where
        S: Subscriber + for<'span> LookupSpan<'span> + Send + Sync,
    {
        emit_server_spans(true);
        let exported = Targets::new()
            .with_default(LevelFilter::INFO)
            .with_target(ACCESS_TARGET, LevelFilter::OFF)
            .with_target(REQUEST_SPAN_TARGET, LevelFilter::OFF);
        tracing_opentelemetry::layer()
            .with_tracer(self.tracer())
            .with_filter(exported)
    }

    /// Sends the spans still buffered and stops exporting. It waits on a blocking thread,
    /// so that the runtime stays free to send them.
    pub async fn shutdown(self) -> Result<(), OtlpError> {
        emit_server_spans(false);
        let provider = self.provider;
        tokio::task::spawn_blocking(move || provider.shutdown())
            .await
            .map_err(|error| OtlpError(format!("the trace export's shutdown failed: {error}")))?
            .map_err(|error| OtlpError(format!("the trace export's shutdown failed: {error}")))
    }
}

/// [`init_logging`](super::init_logging)'s subscriber, with `export`'s layer: stdout,
/// traced requests' error logs, and the spans sent to the collector. The stdout filter
/// leaves out the server spans (`restspec::http=off`) unless `RUST_LOG` names them.
pub fn init_logging_exporting(default_filter: &str, export: &OtlpExport) {
    init_logging_exporting_with(default_filter, Rotation::default(), export);
}

/// [`init_logging_exporting`] with the error logs rotated at `rotation`.
pub fn init_logging_exporting_with(default_filter: &str, rotation: Rotation, export: &OtlpExport) {
    let (stdout_filter, ansi) = super::logging::stdout_settings(default_filter);
    let _already_set = super::logging::logging_subscriber(stdout_filter, ansi, rotation)
        .with(export.layer())
        .try_init();
}

/// `OTEL_EXPORTER_OTLP_TRACES_TIMEOUT` or `OTEL_EXPORTER_OTLP_TIMEOUT`, in milliseconds.
fn timeout_from_env() -> Duration {
    [
        "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT",
        "OTEL_EXPORTER_OTLP_TIMEOUT",
    ]
    .iter()
    .find_map(|name| std::env::var(name).ok()?.trim().parse::<u64>().ok())
    .map_or(DEFAULT_TIMEOUT, Duration::from_millis)
}

/// hyper's client, run on the service's tokio runtime. The SDK's batch processor exports
/// from a thread of its own, outside any runtime, where hyper's client (tokio's sockets and
/// timers) cannot run; spawning the request onto the runtime and awaiting its handle works
/// from any thread.
#[derive(Debug)]
struct OnRuntime {
    client: opentelemetry_http::hyper::HyperClient,
    runtime: tokio::runtime::Handle,
}

#[async_trait::async_trait]
impl HttpClient for OnRuntime {
    async fn send_bytes(
        &self,
        request: http::Request<Bytes>,
    ) -> Result<http::Response<Bytes>, HttpError> {
        let client = self.client.clone();
        self.runtime
            .spawn(async move { client.send_bytes(request).await })
            .await?
    }
}
