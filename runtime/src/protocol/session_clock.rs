//! How long web sessions live: the runtime, not each store, decides when a session has
//! expired, records its use now and then, and has the store remove expired ones.
//!
//! A session ends when it has gone unused for [`Limits::session_idle_timeout`] or is older
//! than [`Limits::session_max_age`]. A store only keeps two times per session
//! ([`Session::created`], [`Session::last_used`]); recording every use would be a write per
//! request, so the use is recorded once it is older than a tenth of the idle timeout (at
//! most a minute), which keeps the idle timeout exact to that margin.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use crate::limits::Limits;
use crate::protocol::authenticator::{Authenticator, Session};

/// The longest time between sweeps of expired sessions that nobody presents again, and
/// between two records of one session's use.
const AT_MOST_EVERY: Duration = Duration::from_secs(60);

/// The session lifetimes of one service and when it last swept its store.
#[derive(Debug)]
pub struct SessionClock {
    idle: Duration,
    max_age: Duration,
    touch_after: Duration,
    sweep_every: Duration,
    /// Seconds since the epoch at which the next sweep is due.
    next_sweep: AtomicU64,
}

impl SessionClock {
    /// The lifetimes of `limits`; the first sweep is due at once.
    pub fn new(limits: &Limits) -> Self {
        SessionClock {
            idle: limits.session_idle_timeout,
            max_age: limits.session_max_age,
            touch_after: (limits.session_idle_timeout / 10).min(AT_MOST_EVERY),
            sweep_every: limits
                .session_idle_timeout
                .clamp(Duration::from_secs(1), AT_MOST_EVERY),
            next_sweep: AtomicU64::new(0),
        }
    }

    /// How long a session may last at most (the session cookie's `Max-Age`).
    pub fn max_age(&self) -> Duration {
        self.max_age
    }

    /// The session with `key` if it is still alive. An expired one is ended in the store
    /// and answered `None`, as if it had never existed; a live one has its use recorded
    /// when the last record is old. Now and then expired sessions are swept as well.
    pub async fn live_session<A: Authenticator>(
        &self,
        authenticator: &A,
        key: &str,
    ) -> Option<Session> {
        let session = authenticator.session(key).await?;
        let now = SystemTime::now();
        self.sweep_when_due(authenticator, now).await;
        if self.has_expired(&session, now) {
            tracing::debug!("session expired");
            authenticator.end_session(key).await;
            return None;
        }
        if age(session.last_used, now) >= self.touch_after {
            authenticator.touch_session(key, now).await;
        }
        Some(session)
    }

    /// True when `session` has gone unused too long or is too old at `now`.
    pub fn has_expired(&self, session: &Session, now: SystemTime) -> bool {
        age(session.last_used, now) > self.idle || age(session.created, now) > self.max_age
    }

    /// Has the store remove the expired sessions, at most once a minute (or once per idle
    /// timeout, when that is shorter, but at most once a second) across all requests: the
    /// first caller past the due time does it.
    pub async fn sweep_when_due<A: Authenticator>(&self, authenticator: &A, now: SystemTime) {
        let seconds = now
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let due = self.next_sweep.load(Ordering::Relaxed);
        if seconds < due
            || self
                .next_sweep
                .compare_exchange(
                    due,
                    seconds + self.sweep_every.as_secs(),
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .is_err()
        {
            return;
        }
        let used_before = now.checked_sub(self.idle).unwrap_or(SystemTime::UNIX_EPOCH);
        let created_before = now
            .checked_sub(self.max_age)
            .unwrap_or(SystemTime::UNIX_EPOCH);
        authenticator
            .end_expired_sessions(used_before, created_before)
            .await;
    }
}

/// How long ago `then` was at `now` (zero when the clock went back).
fn age(then: SystemTime, now: SystemTime) -> Duration {
    now.duration_since(then).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::context::Identity;
    use std::sync::Arc;

    fn session(created_ago: u64, used_ago: u64, now: SystemTime) -> Session {
        Session {
            key: "k".into(),
            identity: Arc::new(Identity::new("1", "alice")),
            xsrf_token: "x".into(),
            created: now - Duration::from_secs(created_ago),
            last_used: now - Duration::from_secs(used_ago),
        }
    }

    #[test]
    fn a_session_ends_when_idle_or_old() {
        let clock = SessionClock::new(&Limits {
            session_idle_timeout: Duration::from_secs(100),
            session_max_age: Duration::from_secs(1000),
            ..Limits::default()
        });
        let now = SystemTime::now();
        assert!(!clock.has_expired(&session(500, 50, now), now));
        assert!(clock.has_expired(&session(500, 101, now), now), "idle");
        assert!(clock.has_expired(&session(1001, 0, now), now), "old");
        // A clock that went back does not end sessions.
        assert!(!clock.has_expired(&session(0, 0, now + Duration::from_secs(5)), now));
    }
}
