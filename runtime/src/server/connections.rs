//! The open connections and their cap ([`Limits::max_connections`](crate::Limits)).
//!
//! A connection takes a slot before it is accepted. At the cap, the connection that has
//! waited the longest for a request (an idle keep-alive connection, or one still sending
//! its request head, which is what a slow-header attack holds) is closed to make room,
//! so that a client holding the cap with slow connections cannot lock others out. When
//! every connection has a request under way, new ones wait in the listen backlog until a
//! slot frees up; nothing is refused after being accepted.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::server::activity::Activity;

/// How often a full server looks again for a connection to evict while every connection
/// is busy.
const RECHECK: Duration = Duration::from_millis(100);

/// How often at most the "cap reached" warning is logged.
const WARN_EVERY: Duration = Duration::from_secs(10);

/// The open connections of one server.
pub(super) struct Connections {
    permits: Arc<Semaphore>,
    open: Mutex<HashMap<u64, Arc<Activity>>>,
    next_id: AtomicU64,
    last_warning: Mutex<Option<Instant>>,
}

/// One connection's place among the open ones: dropping it frees the slot.
pub(super) struct Slot {
    id: u64,
    connections: Arc<Connections>,
    _permit: OwnedSemaphorePermit,
}

impl Connections {
    /// Room for `max` connections (at least one).
    pub(super) fn new(max: usize) -> Arc<Self> {
        Arc::new(Connections {
            permits: Arc::new(Semaphore::new(max.clamp(1, Semaphore::MAX_PERMITS))),
            open: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(0),
            last_warning: Mutex::new(None),
        })
    }

    /// A free slot, evicting the connection idle the longest when there is none.
    pub(super) async fn reserve(self: &Arc<Self>) -> OwnedSemaphorePermit {
        loop {
            if let Ok(permit) = self.permits.clone().try_acquire_owned() {
                return permit;
            }
            self.warn_at_cap();
            self.evict_longest_idle();
            tokio::select! {
                permit = self.permits.clone().acquire_owned() => {
                    if let Ok(permit) = permit {
                        return permit;
                    }
                }
                () = tokio::time::sleep(RECHECK) => {}
            }
        }
    }

    /// Registers an accepted connection in the slot `permit` reserved.
    pub(super) fn open(
        self: &Arc<Self>,
        permit: OwnedSemaphorePermit,
        activity: Arc<Activity>,
    ) -> Slot {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.lock().insert(id, activity);
        Slot {
            id,
            connections: self.clone(),
            _permit: permit,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Activity>>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Closes the connection without a request under way that became idle first. It
    /// leaves the table at once, so that it is not chosen twice while it closes.
    fn evict_longest_idle(&self) {
        let mut open = self.lock();
        let victim = open
            .iter()
            .filter(|(_, activity)| activity.is_idle())
            .min_by_key(|(_, activity)| activity.idle_since())
            .map(|(id, _)| *id);
        if let Some(activity) = victim.and_then(|id| open.remove(&id)) {
            activity.evict();
        }
    }

    /// Closes every connection still open (a shutdown whose time is up).
    pub(super) fn close_all(&self) {
        for (_, activity) in self.lock().drain() {
            activity.evict();
        }
    }

    fn warn_at_cap(&self) {
        let mut last = self
            .last_warning
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if last.is_none_or(|at| at.elapsed() >= WARN_EVERY) {
            *last = Some(Instant::now());
            tracing::warn!(
                open = self.lock().len(),
                "connection cap reached: closing the longest idle connection for each new one"
            );
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.connections.lock().remove(&self.id);
    }
}
