//! A latency histogram of atomics: observing is a few relaxed increments, no lock.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The upper bounds of the buckets, in seconds: from half a millisecond (an answer from
/// memory) to ten seconds (a request near its timeout).
pub(crate) const BOUNDS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The same bounds in nanoseconds, compared on the request path without floating point.
const BOUNDS_NANOS: [u64; 14] = {
    let mut nanos = [0; 14];
    let micros = [
        500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000,
        2_500_000, 5_000_000, 10_000_000,
    ];
    let mut i = 0;
    while i < nanos.len() {
        nanos[i] = micros[i] * 1_000;
        i += 1;
    }
    nanos
};

/// Durations counted by bucket (each bucket alone; the encoder cumulates them), their
/// count and their sum in nanoseconds.
#[derive(Debug, Default)]
pub(crate) struct Histogram {
    buckets: [AtomicU64; BOUNDS.len() + 1],
    count: AtomicU64,
    sum_nanos: AtomicU64,
}

impl Histogram {
    /// Counts one duration.
    pub(crate) fn observe(&self, elapsed: Duration) {
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        let bucket = BOUNDS_NANOS.partition_point(|bound| *bound < nanos);
        if let Some(bucket) = self.buckets.get(bucket) {
            bucket.fetch_add(1, Ordering::Relaxed);
        }
        self.sum_nanos.fetch_add(nanos, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
    }

    /// How many durations were counted.
    pub(crate) fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// The sum in seconds, the count, and each bucket's upper bound with the durations
    /// above the previous bound and up to it (`+Inf` last), as `prometheus-client`'s
    /// encoder takes them (it writes them cumulated).
    pub(crate) fn snapshot(&self) -> (f64, u64, Vec<(f64, u64)>) {
        let mut total = 0;
        let mut buckets = Vec::with_capacity(BOUNDS.len() + 1);
        for (bucket, bound) in self
            .buckets
            .iter()
            .zip(BOUNDS.iter().chain([&f64::INFINITY]))
        {
            let count = bucket.load(Ordering::Relaxed);
            total += count;
            buckets.push((*bound, count));
        }
        // The count is read after the buckets, and never written below their total.
        let count = self.count.load(Ordering::Relaxed).max(total);
        #[allow(clippy::cast_precision_loss)]
        let sum = self.sum_nanos.load(Ordering::Relaxed) as f64 / 1e9;
        (sum, count, buckets)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duration_is_counted_in_the_first_bucket_that_holds_it() {
        let histogram = Histogram::default();
        histogram.observe(Duration::from_micros(300));
        histogram.observe(Duration::from_millis(3));
        histogram.observe(Duration::from_secs(60));
        let (sum, count, buckets) = histogram.snapshot();
        assert_eq!(count, 3);
        assert!((sum - 60.0033).abs() < 1e-9, "{sum}");
        assert_eq!(buckets[0], (0.0005, 1));
        assert_eq!(buckets[2], (0.0025, 0));
        assert_eq!(buckets[3], (0.005, 1));
        assert_eq!(buckets[13], (10.0, 0));
        assert_eq!(buckets[14], (f64::INFINITY, 1));
    }
}
