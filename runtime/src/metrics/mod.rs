//! What an operator watches: the metrics path (the spec's `metrics_path`, Prometheus text
//! format) and the health paths (`liveness_path`, `readiness_path`).
//!
//! Every series is resolved when the service starts, from the spec's endpoint table, which
//! is static: counting a request is an index into that table and a few relaxed atomic
//! increments, with no label string built or looked up. Labels come only from the spec
//! (endpoint names, quota groups) and from fixed sets (methods, status codes, reasons), so
//! their number is bounded by the spec and no path, query, credential or header value ever
//! reaches the metrics page. A request routed to no endpoint is counted under the endpoint
//! `unmatched`: unknown paths, 405s, the OpenAPI document and the session paths, and the
//! requests refused before routing (credentials not accepted, a malformed override).
//! Probes of the metrics and health paths are not counted, so that scraping and probing
//! do not show up as traffic.
//!
//! Without `metrics_path` nothing is counted: the service holds no `Metrics` and each hook
//! is one `Option` check.

// Items here are `pub` for the crate's rooms to share.
#![allow(unreachable_pub)]

mod encode;
pub(crate) mod health;
mod histogram;
mod labels;

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

use bytes::Bytes;
use http::{Method, StatusCode};

use crate::message::body::Response;
use crate::spec::{EndpointSpec, ServiceSpec};
use histogram::Histogram;
use labels::{METHODS, STATUS_SLOTS, method_row, status_slot};

/// The label of requests routed to no endpoint.
pub const UNMATCHED: &str = "unmatched";

/// The `Content-Type` of the Prometheus text exposition format.
const TEXT_FORMAT: &str = "text/plain; version=0.0.4; charset=utf-8";

/// One endpoint's requests (or the unmatched ones): a row of status counters per method,
/// and the latency of all of them.
#[derive(Debug)]
struct Series {
    endpoint: &'static str,
    /// The method label of each row.
    methods: &'static [&'static str],
    /// `methods.len()` rows of [`STATUS_SLOTS`] counters.
    counts: Box<[AtomicU64]>,
    latency: Histogram,
}

impl Series {
    fn new(endpoint: &'static str, methods: &'static [&'static str]) -> Self {
        Series {
            endpoint,
            methods,
            counts: (0..methods.len() * STATUS_SLOTS)
                .map(|_| AtomicU64::new(0))
                .collect(),
            latency: Histogram::default(),
        }
    }

    fn count(&self, row: usize, status: StatusCode, elapsed: Duration) {
        if let Some(counter) = self.counts.get(row * STATUS_SLOTS + status_slot(status)) {
            counter.fetch_add(1, Ordering::Relaxed);
        }
        self.latency.observe(elapsed);
    }
}

/// A quota group's checks and refusals.
#[derive(Debug)]
struct QuotaGroup {
    name: &'static str,
    checks: AtomicU64,
    refusals: AtomicU64,
}

/// Why a request body was refused.
#[derive(Debug, Clone, Copy)]
pub(crate) enum BodyRefusal {
    /// Larger than `Limits::max_body_bytes` (413).
    TooLarge,
    /// Not received within the body timeouts (408).
    TooSlow,
    /// The connection failed while it was read (400).
    Unreadable,
}

/// What ran past the request timeout (503).
#[derive(Debug, Clone, Copy)]
pub(crate) enum TimedOut {
    /// The handler.
    Handler,
    /// The quota enforcers.
    Quota,
}

/// Why a connection was closed by the server.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ConnectionClosed {
    /// Idle past `Limits::idle_timeout`.
    Idle,
    /// A request head slower than `Limits::header_read_timeout`.
    SlowHead,
    /// A client not reading its answer within `Limits::write_timeout`.
    BlockedWrite,
    /// Closed for a new connection at the connection cap.
    Evicted,
}

const BODY_REFUSALS: [&str; 3] = ["too_large", "too_slow", "unreadable"];
const TIMEOUTS: [&str; 2] = ["handler", "quota"];
const CLOSE_REASONS: [&str; 4] = ["idle", "slow_head", "blocked_write", "evicted"];

/// A service's metrics, resolved at start-up from its endpoint table.
#[derive(Debug)]
pub struct Metrics {
    /// By endpoint index.
    endpoints: Box<[Option<Series>]>,
    unmatched: Series,
    groups: Box<[QuotaGroup]>,
    /// By endpoint index: the endpoint's place in `groups`.
    group_of: Box<[usize]>,
    authentication_failures: AtomicU64,
    connections_open: AtomicI64,
    connections_closed: [AtomicU64; 4],
    body_refusals: [AtomicU64; 3],
    timeouts: [AtomicU64; 2],
}

impl Metrics {
    /// The metrics of `service`, when its spec serves them (`metrics_path`).
    pub(crate) fn of(service: &'static ServiceSpec) -> Option<Arc<Self>> {
        service.conventions.metrics_path?;
        let slots = service.endpoint_slots();
        let mut endpoints: Vec<Option<Series>> = (0..slots).map(|_| None).collect();
        let mut groups: Vec<QuotaGroup> = Vec::new();
        let mut group_of = vec![0; slots];
        for endpoint in service.endpoints {
            let methods = endpoint_methods(endpoint);
            if let Some(slot) = endpoints.get_mut(endpoint.index) {
                *slot = Some(Series::new(endpoint.name, methods));
            }
            let group = match groups.iter().position(|g| g.name == endpoint.quota_group) {
                Some(found) => found,
                None => {
                    groups.push(QuotaGroup {
                        name: endpoint.quota_group,
                        checks: AtomicU64::new(0),
                        refusals: AtomicU64::new(0),
                    });
                    groups.len() - 1
                }
            };
            if let Some(slot) = group_of.get_mut(endpoint.index) {
                *slot = group;
            }
        }
        Some(Arc::new(Metrics {
            endpoints: endpoints.into_boxed_slice(),
            unmatched: Series::new(UNMATCHED, &METHODS),
            groups: groups.into_boxed_slice(),
            group_of: group_of.into_boxed_slice(),
            authentication_failures: AtomicU64::new(0),
            connections_open: AtomicI64::new(0),
            connections_closed: Default::default(),
            body_refusals: Default::default(),
            timeouts: Default::default(),
        }))
    }

    /// Counts one answered request: to `endpoint`, when it reached one, with its method,
    /// status and time taken.
    pub(crate) fn count_request(
        &self,
        endpoint: Option<&EndpointSpec>,
        method: &Method,
        status: StatusCode,
        elapsed: Duration,
    ) {
        match endpoint.map(|e| e.index) {
            Some(index) => {
                if let Some(Some(series)) = self.endpoints.get(index) {
                    let row = usize::from(*method == Method::HEAD && series.methods.len() > 1);
                    series.count(row, status, elapsed);
                }
            }
            None => self.unmatched.count(method_row(method), status, elapsed),
        }
    }

    /// Counts a quota check of `endpoint`'s group, and whether it was refused.
    pub(crate) fn count_quota(&self, endpoint: &EndpointSpec, refused: bool) {
        let group = self
            .group_of
            .get(endpoint.index)
            .and_then(|g| self.groups.get(*g));
        if let Some(group) = group {
            group.checks.fetch_add(1, Ordering::Relaxed);
            if refused {
                group.refusals.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Counts presented credentials the service did not accept (or a caller past its
    /// failed-password budget).
    pub(crate) fn count_authentication_failure(&self) {
        self.authentication_failures.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a refused request body.
    pub(crate) fn count_body_refusal(&self, why: BodyRefusal) {
        self.body_refusals[why as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a request that ran past the request timeout.
    pub(crate) fn count_timeout(&self, what: TimedOut) {
        self.timeouts[what as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// A connection opened: counted open until the returned guard drops.
    pub(crate) fn connection_opened(self: &Arc<Self>) -> OpenConnection {
        self.connections_open.fetch_add(1, Ordering::Relaxed);
        OpenConnection(self.clone())
    }

    /// Counts a connection the server closed.
    pub(crate) fn count_connection_closed(&self, why: ConnectionClosed) {
        self.connections_closed[why as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// The metrics page: every series in the Prometheus text exposition format.
    pub(crate) fn page(self: &Arc<Self>) -> Response {
        crate::message::body::response(
            StatusCode::OK,
            Some(http::HeaderValue::from_static(TEXT_FORMAT)),
            Bytes::from(encode::text(self)),
        )
    }
}

/// The method labels of an endpoint's rows: its own, and `HEAD` for a `GET` endpoint,
/// which serves it.
fn endpoint_methods(endpoint: &'static EndpointSpec) -> &'static [&'static str] {
    match endpoint.method {
        Method::GET => &["GET", "HEAD"],
        Method::HEAD => &["HEAD"],
        Method::POST => &["POST"],
        Method::PUT => &["PUT"],
        Method::PATCH => &["PATCH"],
        Method::DELETE => &["DELETE"],
        Method::OPTIONS => &["OPTIONS"],
        _ => &["other"],
    }
}

/// One open connection, counted until it drops.
#[derive(Debug)]
pub(crate) struct OpenConnection(Arc<Metrics>);

impl Drop for OpenConnection {
    fn drop(&mut self) {
        self.0.connections_open.fetch_sub(1, Ordering::Relaxed);
    }
}
