//! Talking to Redis: reusable connections, a deadline on every call, and the backoff and
//! warnings while Redis is away.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use ::redis::{Client, Connection, RedisError, RedisResult, Script};

use super::FailPolicy;

/// Idle connections kept for reuse; a burst of concurrent requests opens more, and closes
/// those beyond this after use.
const MAX_IDLE: usize = 16;

/// Further ahead than any backoff anyone means, for durations too long to add to an
/// `Instant`.
const FAR: Duration = Duration::from_secs(100 * 365 * 86_400);

/// The connection side of the enforcer: runs the script on Redis within the timeout, or
/// says the request is to be answered by policy.
pub(super) struct Store {
    client: Client,
    script: Script,
    /// Where Redis is (host and port, or socket path), for logs: the URL may hold a password.
    place: String,
    timeout: Duration,
    backoff: Duration,
    warn_interval: Duration,
    policy: FailPolicy,
    idle: Mutex<Vec<Connection>>,
    /// False from a failure until the next success; while true, requests skip `health`.
    healthy: AtomicBool,
    health: Mutex<Health>,
}

/// What the enforcer knows of an outage.
#[derive(Debug, Default)]
struct Health {
    /// Until when requests are answered by policy without trying Redis.
    retry_at: Option<Instant>,
    /// When the current outage began.
    down_since: Option<Instant>,
    /// Whether the current outage was warned about (its end is then logged at info).
    warned: bool,
    last_warning: Option<Instant>,
    /// Failures left out of the log since the last warning.
    suppressed: u64,
    /// Requests answered by policy since the last warning.
    by_policy: u64,
}

impl Store {
    pub(super) fn new(
        client: Client,
        script: Script,
        timeout: Duration,
        backoff: Duration,
        warn_interval: Duration,
        policy: FailPolicy,
    ) -> Self {
        let place = client.get_connection_info().addr().to_string();
        Store {
            client,
            script,
            place,
            timeout,
            backoff,
            warn_interval,
            policy,
            idle: Mutex::new(Vec::new()),
            healthy: AtomicBool::new(true),
            health: Mutex::new(Health::default()),
        }
    }

    /// Where Redis is, credentials left out.
    pub(super) fn place(&self) -> &str {
        &self.place
    }

    /// Runs the script with `keys` and `args` and reads its reply with `parse` (`None`: the
    /// reply is not what the script returns, which counts as a failure). `None` when the
    /// request is to be answered by policy: Redis failed now, or recently.
    pub(super) fn eval<T>(
        &self,
        keys: &[String],
        args: &[String],
        parse: impl Fn(Vec<String>) -> Option<T>,
    ) -> Option<T> {
        if !self.may_try() {
            return None;
        }
        let result = self.with_connection(|con| {
            let mut invocation = self.script.prepare_invoke();
            for key in keys {
                invocation.key(key.as_str());
            }
            for arg in args {
                invocation.arg(arg.as_str());
            }
            // EVALSHA; on NOSCRIPT (a restarted or flushed Redis) SCRIPT LOAD and again.
            let reply: Vec<String> = invocation.invoke(con)?;
            parse(reply).ok_or_else(|| {
                io::Error::new(io::ErrorKind::InvalidData, "unexpected reply to the script").into()
            })
        });
        match result {
            Ok(value) => {
                self.succeeded();
                Some(value)
            }
            Err(error) => {
                self.failed(&error);
                None
            }
        }
    }

    /// Sends PING, ignoring the backoff and leaving the outage bookkeeping alone.
    pub(super) fn ping(&self) -> RedisResult<()> {
        self.with_connection(|con| ::redis::cmd("PING").query::<String>(con).map(drop))
    }

    /// Runs `op` on an idle connection or a new one, everything within `timeout`. A pooled
    /// connection the server has closed (a restart, its idle timeout) is replaced once,
    /// within the same deadline. A connection that failed is dropped with every idle one:
    /// after a timeout its state is unknown, and the idle ones probably share its fate.
    fn with_connection<T>(&self, op: impl Fn(&mut Connection) -> RedisResult<T>) -> RedisResult<T> {
        let deadline = later(Instant::now(), self.timeout);
        let pooled = self.lock_idle().pop();
        let reused = pooled.is_some();
        let mut con = match pooled {
            Some(con) => con,
            None => self.connect(deadline)?,
        };
        let mut result = run(&mut con, deadline, &op);
        let dropped = |e: &RedisError| e.is_connection_dropped() && !e.is_timeout();
        if reused && result.as_ref().is_err_and(dropped) {
            self.lock_idle().clear();
            con = self.connect(deadline)?;
            result = run(&mut con, deadline, &op);
        }
        match result {
            Ok(value) => {
                let mut idle = self.lock_idle();
                if idle.len() < MAX_IDLE {
                    idle.push(con);
                }
                Ok(value)
            }
            Err(error) => {
                self.lock_idle().clear();
                Err(error)
            }
        }
    }

    fn connect(&self, deadline: Instant) -> RedisResult<Connection> {
        // Bounds the TCP connect and the handshake together (not the name lookup).
        self.client
            .get_connection_with_timeout(remaining(deadline)?)
    }

    /// True when Redis may be asked: it is healthy, or the backoff is over, in which case
    /// this request probes and the next ones wait for another backoff (or its success).
    fn may_try(&self) -> bool {
        if self.healthy.load(Ordering::Acquire) {
            return true;
        }
        let mut health = self.lock_health();
        let now = Instant::now();
        match health.retry_at {
            Some(at) if now < at => {
                health.by_policy = health.by_policy.saturating_add(1);
                false
            }
            _ => {
                health.retry_at = Some(later(now, self.backoff));
                true
            }
        }
    }

    fn failed(&self, error: &RedisError) {
        let now = Instant::now();
        let mut health = self.lock_health();
        self.healthy.store(false, Ordering::Release);
        health.retry_at = Some(later(now, self.backoff));
        health.by_policy = health.by_policy.saturating_add(1);
        if health.down_since.is_none() {
            health.down_since = Some(now);
            health.warned = false;
        }
        let due = health
            .last_warning
            .is_none_or(|at| now.saturating_duration_since(at) >= self.warn_interval);
        if !due {
            health.suppressed = health.suppressed.saturating_add(1);
            return;
        }
        tracing::warn!(
            store = %self.place,
            %error,
            suppressed_warnings = health.suppressed,
            answered_by_policy = health.by_policy,
            "quota store unavailable: {} until it answers (next try in {:?})",
            self.policy.describe(),
            self.backoff,
        );
        health.last_warning = Some(now);
        health.suppressed = 0;
        health.by_policy = 0;
        health.warned = true;
    }

    fn succeeded(&self) {
        if self.healthy.load(Ordering::Acquire) {
            return;
        }
        let mut health = self.lock_health();
        if let Some(since) = health.down_since.take() {
            let lasted = since.elapsed();
            if health.warned {
                tracing::info!(
                    store = %self.place,
                    ?lasted,
                    answered_by_policy = health.by_policy,
                    "quota store reachable again"
                );
                health.by_policy = 0;
            } else {
                // The outage was not warned about; the next warning counts its requests.
                tracing::debug!(store = %self.place, ?lasted, "quota store reachable again");
            }
        }
        health.retry_at = None;
        health.warned = false;
        self.healthy.store(true, Ordering::Release);
    }

    fn lock_idle(&self) -> MutexGuard<'_, Vec<Connection>> {
        // Nothing panics while the lock is held; recover the pool if something ever did.
        self.idle.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn lock_health(&self) -> MutexGuard<'_, Health> {
        self.health.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Runs `op` with the connection's read and write timeouts set to what is left until
/// `deadline`.
fn run<T>(
    con: &mut Connection,
    deadline: Instant,
    op: &impl Fn(&mut Connection) -> RedisResult<T>,
) -> RedisResult<T> {
    let left = remaining(deadline)?;
    con.set_read_timeout(Some(left))?;
    con.set_write_timeout(Some(left))?;
    op(con)
}

/// The time left until `deadline`; an error once it has passed.
fn remaining(deadline: Instant) -> RedisResult<Duration> {
    match deadline.checked_duration_since(Instant::now()) {
        Some(left) if !left.is_zero() => Ok(left),
        _ => {
            Err(io::Error::new(io::ErrorKind::TimedOut, "the quota store's timeout passed").into())
        }
    }
}

/// `now + wait`, saturating far in the future rather than overflowing.
fn later(now: Instant, wait: Duration) -> Instant {
    now.checked_add(wait)
        .or_else(|| now.checked_add(FAR))
        .unwrap_or(now)
}
