//! The metrics page, written by `prometheus-client`'s Prometheus text encoder from the
//! runtime's own counters: a collector reads them at each scrape.

use std::fmt::Error;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, NoLabelSet};
use prometheus_client::metrics::MetricType;
use prometheus_client::metrics::exemplar::Exemplar;
use prometheus_client::registry::Registry;

use super::labels::{STATUS_SLOTS, status_label};
use super::{BODY_REFUSALS, CLOSE_REASONS, Metrics, Series, TIMEOUTS};

/// No exemplar: the counters keep none.
const NO_EXEMPLAR: Option<&Exemplar<NoLabelSet, u64>> = None;

/// Every series of `metrics` as Prometheus text.
pub(super) fn text(metrics: &Arc<Metrics>) -> String {
    let mut registry = Registry::default();
    registry.register_collector(Box::new(Scrape(metrics.clone())));
    let mut out = String::new();
    // Writing into a `String` does not fail; an encoder error would leave the page short.
    if prometheus_client::encoding::prometheus_text::encode(&mut out, &registry).is_err() {
        tracing::error!("the metrics page could not be written whole");
    }
    out
}

/// One scrape of the metrics.
#[derive(Debug)]
struct Scrape(Arc<Metrics>);

impl Collector for Scrape {
    fn encode(&self, mut encoder: DescriptorEncoder<'_>) -> Result<(), Error> {
        let metrics = &*self.0;
        let series = || {
            metrics
                .endpoints
                .iter()
                .flatten()
                .chain([&metrics.unmatched])
        };
        requests(&mut encoder, series())?;
        latency(&mut encoder, series())?;
        quota(&mut encoder, metrics)?;
        let mut counter = encoder.encode_descriptor(
            "restspec_authentication_failures",
            "Requests whose credentials were not accepted (or past the failed-password budget).",
            None,
            MetricType::Counter,
        )?;
        let failures = metrics.authentication_failures.load(Ordering::Relaxed);
        counter.encode_counter(&failures, NO_EXEMPLAR)?;
        let mut open = encoder.encode_descriptor(
            "restspec_connections_open",
            "Connections open now.",
            None,
            MetricType::Gauge,
        )?;
        open.encode_gauge(&metrics.connections_open.load(Ordering::Relaxed))?;
        labelled(
            &mut encoder,
            (
                "restspec_connections_closed",
                "Connections the server closed, by reason (idle, slow_head, blocked_write, evicted at the cap).",
            ),
            "reason",
            CLOSE_REASONS.iter().zip(&metrics.connections_closed),
        )?;
        labelled(
            &mut encoder,
            (
                "restspec_request_body_refusals",
                "Request bodies refused, by reason (too_large: 413, too_slow: 408, unreadable).",
            ),
            "reason",
            BODY_REFUSALS.iter().zip(&metrics.body_refusals),
        )?;
        labelled(
            &mut encoder,
            (
                "restspec_timeouts",
                "Requests answered 503 past the request timeout, by what was waited for.",
            ),
            "stage",
            TIMEOUTS.iter().zip(&metrics.timeouts),
        )
    }
}

/// `restspec_requests_total{endpoint, method, status}`: the counters that are not zero.
fn requests<'a>(
    encoder: &mut DescriptorEncoder<'_>,
    series: impl Iterator<Item = &'a Series>,
) -> Result<(), Error> {
    let mut family = encoder.encode_descriptor(
        "restspec_requests",
        "Answered requests by endpoint (the spec's name, or unmatched), method and status.",
        None,
        MetricType::Counter,
    )?;
    for one in series {
        for (row, method) in one.methods.iter().enumerate() {
            for slot in 0..STATUS_SLOTS {
                let Some(count) = one.counts.get(row * STATUS_SLOTS + slot) else {
                    continue;
                };
                let count = count.load(Ordering::Relaxed);
                if count == 0 {
                    continue;
                }
                let labels = [
                    ("endpoint", one.endpoint),
                    ("method", *method),
                    ("status", status_label(slot)),
                ];
                family
                    .encode_family(&labels)?
                    .encode_counter(&count, NO_EXEMPLAR)?;
            }
        }
    }
    Ok(())
}

/// `restspec_request_duration_seconds{endpoint}`: the endpoints that answered a request.
fn latency<'a>(
    encoder: &mut DescriptorEncoder<'_>,
    series: impl Iterator<Item = &'a Series>,
) -> Result<(), Error> {
    let mut family = encoder.encode_descriptor(
        "restspec_request_duration_seconds",
        "Time from a request's head to its answer, by endpoint.",
        None,
        MetricType::Histogram,
    )?;
    for one in series.filter(|s| s.latency.count() > 0) {
        let (sum, count, buckets) = one.latency.snapshot();
        family
            .encode_family(&[("endpoint", one.endpoint)])?
            .encode_histogram::<NoLabelSet>(sum, count, &buckets, None)?;
    }
    Ok(())
}

/// `restspec_quota_checks_total{group}` and `restspec_quota_refusals_total{group}`.
fn quota(encoder: &mut DescriptorEncoder<'_>, metrics: &Metrics) -> Result<(), Error> {
    labelled(
        encoder,
        ("restspec_quota_checks", "Quota checks, by quota group."),
        "group",
        metrics.groups.iter().map(|g| (&g.name, &g.checks)),
    )?;
    labelled(
        encoder,
        (
            "restspec_quota_refusals",
            "Quota checks refused (429), by quota group.",
        ),
        "group",
        metrics.groups.iter().map(|g| (&g.name, &g.refusals)),
    )
}

/// A counter with one label, every value written (zero included).
fn labelled<'a>(
    encoder: &mut DescriptorEncoder<'_>,
    (name, help): (&str, &str),
    label: &'static str,
    values: impl Iterator<Item = (&'a &'static str, &'a std::sync::atomic::AtomicU64)>,
) -> Result<(), Error> {
    let mut family = encoder.encode_descriptor(name, help, None, MetricType::Counter)?;
    for (value, count) in values {
        let count = count.load(Ordering::Relaxed);
        family
            .encode_family(&[(label, *value)])?
            .encode_counter(&count, NO_EXEMPLAR)?;
    }
    Ok(())
}
