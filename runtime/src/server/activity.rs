//! What one connection is doing, as far as its timeouts care: whether a request is under
//! way, since when it has been idle or sending a request head, since when its writes have
//! been blocked. The connection's reads and writes and the service's calls record it
//! with a few atomic stores; a watchdog per connection reads it and closes the
//! connection when a deadline of [`Limits`] passes, or when the server evicts it.
//!
//! A leaf module: the service records requests here and the serving loop watches, so
//! neither needs the other.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use crate::limits::Limits;
use crate::metrics::ConnectionClosed;

/// "Not now" for the `*_since` fields.
const NEVER: u64 = u64::MAX;

/// Why a connection's watchdog closed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CloseReason {
    /// No request and no byte of one for [`Limits::idle_timeout`].
    Idle,
    /// A request head took longer than [`Limits::header_read_timeout`].
    SlowHead,
    /// The client did not read the response for [`Limits::write_timeout`].
    BlockedWrite,
    /// The server needed the slot for a new connection.
    Evicted,
}

impl CloseReason {
    /// The words of the log line.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            CloseReason::Idle => "idle timeout",
            CloseReason::SlowHead => "request head timeout",
            CloseReason::BlockedWrite => "write timeout",
            CloseReason::Evicted => "evicted for a new connection at the cap",
        }
    }

    /// The reason as the metrics count it.
    pub(crate) fn counted_as(self) -> ConnectionClosed {
        match self {
            CloseReason::Idle => ConnectionClosed::Idle,
            CloseReason::SlowHead => ConnectionClosed::SlowHead,
            CloseReason::BlockedWrite => ConnectionClosed::BlockedWrite,
            CloseReason::Evicted => ConnectionClosed::Evicted,
        }
    }
}

/// One connection's activity. Times are milliseconds since the connection opened.
#[derive(Debug)]
pub(crate) struct Activity {
    opened: Instant,
    in_flight: AtomicU32,
    idle_since: AtomicU64,
    head_since: AtomicU64,
    write_blocked_since: AtomicU64,
    evicted: Notify,
}

impl Activity {
    /// A connection that has just opened: idle, nothing received.
    pub(crate) fn new() -> Arc<Self> {
        Arc::new(Activity {
            opened: Instant::now(),
            in_flight: AtomicU32::new(0),
            idle_since: AtomicU64::new(0),
            head_since: AtomicU64::new(NEVER),
            write_blocked_since: AtomicU64::new(NEVER),
            evicted: Notify::new(),
        })
    }

    fn now(&self) -> u64 {
        u64::try_from(self.opened.elapsed().as_millis()).unwrap_or(NEVER - 1)
    }

    /// Bytes arrived: while no request is under way they start a request head.
    pub(crate) fn read(&self) {
        if self.in_flight.load(Ordering::Relaxed) == 0
            && self.head_since.load(Ordering::Relaxed) == NEVER
        {
            self.head_since.store(self.now(), Ordering::Relaxed);
        }
    }

    /// A write could not proceed (the client is not reading) or went through.
    pub(crate) fn write_blocked(&self, blocked: bool) {
        let since = self.write_blocked_since.load(Ordering::Relaxed);
        if blocked && since == NEVER {
            self.write_blocked_since
                .store(self.now(), Ordering::Relaxed);
        } else if !blocked && since != NEVER {
            self.write_blocked_since.store(NEVER, Ordering::Relaxed);
        }
    }

    /// A request's head is complete and the service runs it; the guard marks its end.
    pub(crate) fn request_started(self: &Arc<Self>) -> RequestUnderWay {
        self.in_flight.fetch_add(1, Ordering::Relaxed);
        self.head_since.store(NEVER, Ordering::Relaxed);
        RequestUnderWay(self.clone())
    }

    /// True when no request is under way: the connection may be evicted.
    pub(crate) fn is_idle(&self) -> bool {
        self.in_flight.load(Ordering::Relaxed) == 0
    }

    /// When the connection last became idle (it opened, or its last request ended): the
    /// server evicts the one idle the longest.
    pub(crate) fn idle_since(&self) -> Instant {
        self.opened + Duration::from_millis(self.idle_since.load(Ordering::Relaxed))
    }

    /// Asks the connection's watchdog to close it.
    pub(crate) fn evict(&self) {
        self.evicted.notify_one();
    }

    /// The earliest deadline that applies now, with what passing it means.
    fn deadline(&self, limits: &Limits) -> Option<(u64, CloseReason)> {
        let millis = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(NEVER);
        let blocked = self.write_blocked_since.load(Ordering::Relaxed);
        let write = (blocked != NEVER).then(|| {
            (
                blocked.saturating_add(millis(limits.write_timeout)),
                CloseReason::BlockedWrite,
            )
        });
        let waiting = self.is_idle().then(|| {
            let head = self.head_since.load(Ordering::Relaxed);
            if head == NEVER {
                let idle = self.idle_since.load(Ordering::Relaxed);
                (
                    idle.saturating_add(millis(limits.idle_timeout)),
                    CloseReason::Idle,
                )
            } else {
                (
                    head.saturating_add(millis(limits.header_read_timeout)),
                    CloseReason::SlowHead,
                )
            }
        });
        [write, waiting]
            .into_iter()
            .flatten()
            .min_by_key(|(at, _)| *at)
    }

    /// Completes when the connection must close, with the reason.
    ///
    /// It sleeps until the earliest deadline that applies, or at most the shortest of the
    /// timeouts, then looks again: every deadline is an event's time plus one of those
    /// timeouts, so a deadline that arises while it sleeps cannot pass before it wakes.
    pub(crate) async fn watch(&self, limits: &Limits) -> CloseReason {
        let longest_nap = limits
            .idle_timeout
            .min(limits.header_read_timeout)
            .min(limits.write_timeout)
            .max(Duration::from_millis(1));
        loop {
            let now = self.now();
            let nap = match self.deadline(limits) {
                Some((at, reason)) if at <= now => return reason,
                Some((at, _)) => Duration::from_millis(at - now).min(longest_nap),
                None => longest_nap,
            };
            tokio::select! {
                () = tokio::time::sleep(nap) => {}
                () = self.evicted.notified() => return CloseReason::Evicted,
            }
        }
    }
}

/// A request under way on a connection; dropping it marks the connection idle again.
#[derive(Debug)]
pub(crate) struct RequestUnderWay(Arc<Activity>);

impl Drop for RequestUnderWay {
    fn drop(&mut self) {
        let activity = &self.0;
        if activity.in_flight.fetch_sub(1, Ordering::Relaxed) == 1 {
            activity.idle_since.store(activity.now(), Ordering::Relaxed);
            activity.head_since.store(NEVER, Ordering::Relaxed);
        }
    }
}
