//! Failed authentication attempts, counted per account and address and per address, so
//! that guessing passwords is slowed down without locking the account's owner out.
//!
//! Each key has a budget of failures that refills steadily (a token bucket). A failed
//! attempt spends one from two budgets: that of the account at the client's address, and
//! that of the address for all accounts (ten times larger and ten times faster to refill,
//! against one client trying one password on many accounts). While either is spent,
//! attempts from that address for that account are answered 429 with `Retry-After`
//! without the password being checked, which also spares the slow password hash. The
//! owner, elsewhere, is not affected; a success clears the account's budget at its address.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::limits::Limits;

/// How many keys are tracked at most; past it, full budgets are dropped, then everything.
const MAX_KEYS: usize = 100_000;

/// One key's budget.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
    /// When it has refilled to the top, and is as good as none.
    full_at: Instant,
}

/// The failure budgets of one service. See the module documentation.
#[derive(Debug)]
pub struct FailureBudget {
    allowed: f64,
    refill: Duration,
    hasher: RandomState,
    buckets: Mutex<HashMap<u64, Bucket>>,
    /// Whether any budget is tracked: while none is (no attempt has failed lately, the usual
    /// state), checks and successes answer without hashing the keys or taking the lock.
    tracking: AtomicBool,
}

/// The two budgets an attempt draws on.
#[derive(Debug, Clone, Copy)]
struct Keys {
    account: u64,
    address: u64,
}

/// A success drops the budgets that have refilled when at most this many are tracked (a
/// few mistyped passwords, not an attack), so that the checks get their fast path back.
const PRUNED_ON_SUCCESS: usize = 64;

/// How much larger (and faster to refill) an address's budget is than an account's.
const ADDRESS_FACTOR: f64 = 10.0;

impl FailureBudget {
    /// Budgets of [`Limits::auth_failures_allowed`] failures, one more every
    /// [`Limits::auth_failure_refill`].
    pub fn new(limits: &Limits) -> Self {
        FailureBudget {
            allowed: f64::from(limits.auth_failures_allowed.max(1)),
            refill: limits.auth_failure_refill.max(Duration::from_millis(1)),
            hasher: RandomState::new(),
            buckets: Mutex::new(HashMap::new()),
            tracking: AtomicBool::new(false),
        }
    }

    fn keys(&self, username: &str, address: Option<IpAddr>) -> Keys {
        Keys {
            account: self.hasher.hash_one((0u8, username, address)),
            address: self.hasher.hash_one((1u8, address)),
        }
    }

    /// `Ok` when `username` may try a password from `address`; otherwise how long until it
    /// may.
    pub fn check(&self, username: &str, address: Option<IpAddr>) -> Result<(), Duration> {
        if !self.tracking.load(Ordering::Acquire) {
            return Ok(());
        }
        let keys = self.keys(username, address);
        let now = Instant::now();
        let buckets = self.buckets();
        let wait = |key: u64, allowed: f64, refill: Duration| -> Option<Duration> {
            let bucket = buckets.get(&key)?;
            let tokens = refilled(bucket, now, allowed, refill);
            (tokens < 1.0).then(|| refill.mul_f64(1.0 - tokens))
        };
        let account = wait(keys.account, self.allowed, self.refill);
        let address = wait(
            keys.address,
            self.allowed * ADDRESS_FACTOR,
            self.refill.div_f64(ADDRESS_FACTOR),
        );
        match account.into_iter().chain(address).max() {
            Some(wait) => Err(wait),
            None => Ok(()),
        }
    }

    /// Records a failed attempt of `username` from `address`.
    pub fn failed(&self, username: &str, address: Option<IpAddr>) {
        let keys = self.keys(username, address);
        let now = Instant::now();
        let mut buckets = self.buckets();
        self.tracking.store(true, Ordering::Release);
        if buckets.len() + 2 > MAX_KEYS {
            let (allowed, refill) = (self.allowed, self.refill);
            // A budget refilled to the top is as good as none.
            buckets.retain(|_, b| refilled(b, now, allowed, refill) < allowed);
            if buckets.len() + 2 > MAX_KEYS {
                buckets.clear();
            }
        }
        spend(&mut buckets, keys.account, now, self.allowed, self.refill);
        spend(
            &mut buckets,
            keys.address,
            now,
            self.allowed * ADDRESS_FACTOR,
            self.refill.div_f64(ADDRESS_FACTOR),
        );
    }

    /// Records a successful attempt: the account's budget at `address` is full again.
    pub fn succeeded(&self, username: &str, address: Option<IpAddr>) {
        if !self.tracking.load(Ordering::Acquire) {
            return;
        }
        let keys = self.keys(username, address);
        let mut buckets = self.buckets();
        buckets.remove(&keys.account);
        if buckets.len() <= PRUNED_ON_SUCCESS {
            let now = Instant::now();
            buckets.retain(|_, b| b.full_at > now);
        }
        if buckets.is_empty() {
            // Stored under the lock: a failure recorded meanwhile sets it again after.
            self.tracking.store(false, Ordering::Release);
        }
    }

    fn buckets(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Bucket>> {
        self.buckets.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The bucket's tokens at `now`.
fn refilled(bucket: &Bucket, now: Instant, allowed: f64, refill: Duration) -> f64 {
    let elapsed = now.saturating_duration_since(bucket.updated);
    (bucket.tokens + elapsed.as_secs_f64() / refill.as_secs_f64()).min(allowed)
}

fn spend(
    buckets: &mut HashMap<u64, Bucket>,
    key: u64,
    now: Instant,
    allowed: f64,
    refill: Duration,
) {
    let tokens = buckets
        .get(&key)
        .map_or(allowed, |b| refilled(b, now, allowed, refill));
    let tokens = (tokens - 1.0).max(0.0);
    buckets.insert(
        key,
        Bucket {
            tokens,
            updated: now,
            full_at: now + refill.mul_f64(allowed - tokens),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(allowed: u32, refill_ms: u64) -> FailureBudget {
        FailureBudget::new(&Limits {
            auth_failures_allowed: allowed,
            auth_failure_refill: Duration::from_millis(refill_ms),
            ..Limits::default()
        })
    }

    #[test]
    fn failures_beyond_the_budget_wait_and_the_budget_refills() {
        let budget = budget(3, 200);
        let attacker = Some(IpAddr::from([10, 0, 0, 1]));
        let owner = Some(IpAddr::from([10, 0, 0, 2]));
        for _ in 0..3 {
            assert!(budget.check("alice", attacker).is_ok());
            budget.failed("alice", attacker);
        }
        let wait = budget.check("alice", attacker).unwrap_err();
        assert!(wait > Duration::from_millis(100) && wait <= Duration::from_millis(200));
        assert!(budget.check("alice", owner).is_ok(), "the owner elsewhere");
        assert!(budget.check("bob", attacker).is_ok(), "other accounts");
        std::thread::sleep(Duration::from_millis(220));
        assert!(
            budget.check("alice", attacker).is_ok(),
            "one more after the refill"
        );
        budget.failed("alice", attacker);
        assert!(budget.check("alice", attacker).is_err());
        budget.succeeded("alice", attacker);
        assert!(budget.check("alice", attacker).is_ok());
    }

    #[test]
    fn a_success_after_refilled_failures_stops_the_tracking() {
        let budget = budget(3, 20);
        let client = Some(IpAddr::from([10, 0, 0, 3]));
        budget.failed("alice", client);
        assert!(budget.tracking.load(Ordering::Relaxed));
        budget.succeeded("alice", client);
        // The address's budget is still being refilled: tracked.
        assert!(budget.tracking.load(Ordering::Relaxed));
        std::thread::sleep(Duration::from_millis(30));
        budget.succeeded("alice", client);
        assert!(!budget.tracking.load(Ordering::Relaxed));
        assert!(budget.buckets().is_empty());
        // And a new failure is counted again.
        for _ in 0..3 {
            budget.failed("bob", client);
        }
        assert!(budget.check("bob", client).is_err());
    }

    #[test]
    fn one_address_trying_many_accounts_is_slowed_down_too() {
        let budget = budget(2, 60_000);
        let sprayer = Some(IpAddr::from([10, 0, 0, 9]));
        for n in 0..20 {
            budget.failed(&format!("user{n}"), sprayer);
        }
        assert!(budget.check("user99", sprayer).is_err());
        assert!(budget.check("user99", None).is_ok());
    }
}
