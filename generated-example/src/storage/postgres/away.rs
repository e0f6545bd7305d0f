//! [`Away`]: whether the PostgreSQL server is away (restarting, cut off), so that storage
//! calls fail at once while it is, and a probe that finds out when it is back.
//!
//! Without it, every call of every request would wait out its whole deadline while the
//! server answers nothing, and a request that makes several calls (its credentials, then
//! its data) would wait several deadlines. With it, only the calls under way when the
//! server went away wait; the others answer 503 at once, and a background probe (`SELECT
//! 1`, every [`PROBE_INTERVAL`]) clears the state as soon as the server answers.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::Deadline;
use super::pool::Pool;
use crate::storage::{StorageError, StorageResult};

/// How often the probe asks the server whether it is back.
const PROBE_INTERVAL: Duration = Duration::from_millis(250);
/// How long the probe waits for its answer.
const PROBE_TIMEOUT: Duration = Duration::from_secs(1);

/// How long after a call found the server away a lookup that found nothing is still not
/// believed ([`Away::recently`]): the probe may clear the state between a request's failed
/// lookup and its question.
const DOUBT: Duration = Duration::from_secs(1);

/// Whether the server is away: a flag every call reads (one relaxed load), the reason and
/// when (written only when a call fails), and whether a probe runs.
#[derive(Debug, Default)]
pub(super) struct Away {
    now: AtomicBool,
    last: Mutex<Option<(String, Instant)>>,
    probing: AtomicBool,
}

impl Away {
    /// `Err` with the reason while the server is away.
    pub(super) fn check(&self) -> Result<(), String> {
        if !self.now.load(Ordering::Relaxed) {
            return Ok(());
        }
        Err(self.reason())
    }

    /// `Err` with the reason while the server is away or within a second of it (of the
    /// last failure, or of the probe's success): the answer to "can a lookup that found
    /// nothing be believed?".
    pub(super) fn recently(&self) -> Result<(), String> {
        self.check()?;
        let last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        match &*last {
            Some((why, at)) if at.elapsed() < DOUBT => Err(why.clone()),
            _ => Ok(()),
        }
    }

    fn reason(&self) -> String {
        let last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        last.as_ref()
            .map_or_else(String::new, |(why, _)| why.clone())
    }

    /// Takes note of a call's outcome: one that found the server away marks it away and
    /// starts the probe (with connections from `pool`) unless one runs.
    pub(super) fn record<T>(self: &Arc<Self>, outcome: &StorageResult<T>, pool: &Arc<Pool>) {
        let Err(StorageError::Unavailable(why)) = outcome else {
            return;
        };
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) =
            Some((why.clone(), Instant::now()));
        self.now.store(true, Ordering::Relaxed);
        if !self.probing.swap(true, Ordering::AcqRel) {
            tracing::warn!(%why, "the database is away; probing every {PROBE_INTERVAL:?}");
            let (away, pool) = (self.clone(), pool.clone());
            let started = std::thread::Builder::new()
                .name("postgres-probe".into())
                .spawn(move || probe(&away, &pool));
            if let Err(err) = started {
                // The next failing call tries again.
                self.probing.store(false, Ordering::Release);
                tracing::error!(%err, "cannot start the database probe");
            }
        }
    }
}

/// Asks the server every [`PROBE_INTERVAL`] until it answers, then clears `away`.
fn probe(away: &Away, pool: &Pool) {
    loop {
        std::thread::sleep(PROBE_INTERVAL);
        let deadline = Deadline::after(PROBE_TIMEOUT);
        let Ok(mut lease) = pool.take(deadline) else {
            continue;
        };
        let conn = lease.conn();
        if let Ok(Ok(_)) = conn
            .driver
            .run(conn.client.simple_query("SELECT 1"), deadline)
        {
            lease.give_back();
            break;
        }
    }
    // Lookups that failed just before are still in doubt for a moment ([`Away::recently`]).
    if let Some((_, at)) = &mut *away.last.lock().unwrap_or_else(PoisonError::into_inner) {
        *at = Instant::now();
    }
    away.now.store(false, Ordering::Relaxed);
    away.probing.store(false, Ordering::Release);
    tracing::info!("the database answers again");
}
