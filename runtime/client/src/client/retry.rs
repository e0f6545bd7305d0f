//! When a refused call (429) is tried again: after the time the service asks for in
//! `Retry-After`, or else with exponential backoff and full jitter, within a budget.

use std::time::Duration;

/// How a client retries answers 429 (too many requests).
///
/// Attempt `n` (from 0) waits what `Retry-After` says plus up to `initial` of jitter (so
/// that clients refused together do not return together), or without `Retry-After` a random
/// time up to `initial * 2^n` capped at `max_delay`. A call gives up, answering the 429,
/// after `max_retries` retries or when the next wait would take the time spent waiting past
/// `budget`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retries after the first attempt (0 turns retrying off).
    pub max_retries: u32,
    /// The first backoff, and the jitter added to a `Retry-After`.
    pub initial: Duration,
    /// The longest single backoff.
    pub max_delay: Duration,
    /// The most time one call spends waiting between attempts.
    pub budget: Duration,
}

impl Default for RetryPolicy {
    /// Three retries, 200 ms first backoff, 10 s at most per wait, 30 s in all.
    fn default() -> Self {
        RetryPolicy {
            max_retries: 3,
            initial: Duration::from_millis(200),
            max_delay: Duration::from_secs(10),
            budget: Duration::from_secs(30),
        }
    }
}

impl RetryPolicy {
    /// No retries: a 429 is answered at once.
    pub fn none() -> Self {
        RetryPolicy {
            max_retries: 0,
            ..RetryPolicy::default()
        }
    }

    /// The wait before retry `attempt` (from 0), given what has been waited so far and the
    /// answer's `Retry-After`; `None` when the policy gives up. `unit` is a random number
    /// in `[0, 1)`, the jitter.
    pub fn delay(
        &self,
        attempt: u32,
        waited: Duration,
        retry_after: Option<Duration>,
        unit: f64,
    ) -> Option<Duration> {
        if attempt >= self.max_retries {
            return None;
        }
        let wait = match retry_after {
            Some(asked) => asked + self.initial.mul_f64(unit),
            None => {
                let ceiling = self
                    .initial
                    .saturating_mul(1u32.checked_shl(attempt).unwrap_or(u32::MAX))
                    .min(self.max_delay);
                ceiling.mul_f64(unit)
            }
        };
        (waited + wait <= self.budget).then_some(wait)
    }
}

/// A random number in `[0, 1)` from the operating system (jitter needs no strong
/// randomness, but this is one call per retry and needs no new dependency).
pub(super) fn unit_random() -> f64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        return 0.5;
    }
    (u64::from_le_bytes(bytes) >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    fn policy() -> RetryPolicy {
        RetryPolicy {
            max_retries: 4,
            initial: 100 * MS,
            max_delay: 300 * MS,
            budget: 1000 * MS,
        }
    }

    #[test]
    fn backoff_doubles_up_to_the_cap_and_jitter_scales_it() {
        let p = policy();
        assert_eq!(
            p.delay(0, Duration::ZERO, None, 0.999_999),
            Some(p.initial.mul_f64(0.999_999))
        );
        assert_eq!(p.delay(1, Duration::ZERO, None, 0.5), Some(100 * MS));
        assert_eq!(p.delay(2, Duration::ZERO, None, 0.5), Some(150 * MS));
        assert_eq!(p.delay(3, Duration::ZERO, None, 0.5), Some(150 * MS));
        assert_eq!(p.delay(3, Duration::ZERO, None, 0.0), Some(Duration::ZERO));
    }

    #[test]
    fn retry_after_is_honoured_plus_jitter() {
        let p = policy();
        assert_eq!(
            p.delay(0, Duration::ZERO, Some(400 * MS), 0.5),
            Some(450 * MS)
        );
        assert_eq!(
            p.delay(0, Duration::ZERO, Some(400 * MS), 0.0),
            Some(400 * MS)
        );
    }

    #[test]
    fn gives_up_after_the_retries_or_past_the_budget() {
        let p = policy();
        assert_eq!(p.delay(4, Duration::ZERO, None, 0.5), None);
        assert_eq!(p.delay(0, 900 * MS, Some(200 * MS), 0.0), None);
        assert_eq!(p.delay(0, 800 * MS, Some(200 * MS), 0.0), Some(200 * MS));
        assert_eq!(
            RetryPolicy::none().delay(0, Duration::ZERO, None, 0.5),
            None
        );
    }

    #[test]
    fn random_units_stay_below_one() {
        assert!(
            (0..1000)
                .map(|_| unit_random())
                .all(|u| (0.0..1.0).contains(&u))
        );
    }
}
