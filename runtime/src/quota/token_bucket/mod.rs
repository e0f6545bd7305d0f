//! A per-user, per-rule token-bucket quota enforcer configured from YAML.
//!
//! Each rule is a glob over quota group names (`*` matches any run of characters, `/`
//! included, and the whole group must match), a bucket size (`burst`) and a refill rate.
//! Every caller (the identity's id, or the anonymous user) has one bucket per rule; a
//! request is granted only when every matching rule's bucket holds enough tokens, and then
//! all of them are charged. Buckets start full.
//!
//! The buckets are written by hand rather than with `governor`: governor's GCRA limiters
//! can only test-and-consume, so they cannot peek (`dry_run`, `available_tokens`), give
//! tokens back (`refill`), or check several rules before charging any of them.
//!
//! Memory is one small entry per (rule, caller) that has spent tokens; entries whose
//! bucket has refilled to full are dropped from time to time, since a missing bucket means
//! a full one.

mod config;
mod glob;
mod value;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

pub use config::QuotaConfigError;

use super::{QuotaEnforcer, QuotaRequestContext, QuotaResponse};

/// Slack for float arithmetic, so that 10 s at 0.1 tokens/s counts as one whole token.
pub(crate) const EPSILON: f64 = 1e-9;
/// The longest `retry_after` reported (about 136 years), so callers can do arithmetic on it.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(u32::MAX as u64);
/// Bucket count below which full buckets are never swept.
const SWEEP_THRESHOLD: usize = 1024;

/// One rule: callers whose quota group matches `group` are limited to `burst` tokens at
/// once, refilled at `refill_per_second`.
#[derive(Debug, Clone, PartialEq)]
pub struct QuotaRule {
    /// Glob over quota group names; `*` matches any run of characters, `/` included.
    pub group: String,
    /// Tokens in a full bucket.
    pub burst: u32,
    /// Tokens added per second.
    pub refill_per_second: f64,
}

/// Whose buckets: an account id, or the anonymous user (never confused with an account
/// whose id is the string `anonymous`). Borrowed from the request: a check looks buckets up
/// without copying the id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CallerKey<'a> {
    /// Anonymous, from an unknown address.
    Anonymous,
    /// Anonymous, from this address.
    Address(std::net::IpAddr),
    Account(&'a str),
}

impl<'a> CallerKey<'a> {
    fn of(ctx: &QuotaRequestContext<'a>) -> Self {
        match (ctx.caller.identity(), ctx.remote_addr) {
            (Some(identity), _) => CallerKey::Account(&identity.id),
            // Anonymous callers each get a budget of their own, by address.
            (None, Some(address)) => CallerKey::Address(address.ip()),
            (None, None) => CallerKey::Anonymous,
        }
    }
}

/// One caller's buckets, by rule.
type Buckets = HashMap<usize, Bucket>;

/// A rule as the enforcer uses it, with the rate made safe for arithmetic.
#[derive(Debug)]
struct Rule {
    burst: f64,
    /// Finite and >= 0 (0: never refills).
    rate: f64,
    /// The rule as configured: its glob, and its numbers for messages.
    configured: QuotaRule,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

#[derive(Debug, Default)]
struct State {
    accounts: HashMap<String, Buckets>,
    addresses: HashMap<std::net::IpAddr, Buckets>,
    anonymous: Buckets,
    /// Buckets in all.
    count: usize,
    sweep_at: usize,
}

impl State {
    fn bucket(&self, key: CallerKey<'_>, rule: usize) -> Option<&Bucket> {
        match key {
            CallerKey::Anonymous => self.anonymous.get(&rule),
            CallerKey::Address(ip) => self.addresses.get(&ip)?.get(&rule),
            CallerKey::Account(id) => self.accounts.get(id)?.get(&rule),
        }
    }

    /// Sets a bucket; allocates only for a caller or rule seen for the first time.
    fn set(&mut self, key: CallerKey<'_>, rule: usize, bucket: Bucket) {
        let buckets = match key {
            CallerKey::Anonymous => &mut self.anonymous,
            CallerKey::Address(ip) => self.addresses.entry(ip).or_default(),
            CallerKey::Account(id) => {
                if !self.accounts.contains_key(id) {
                    self.accounts.insert(id.to_owned(), Buckets::new());
                }
                match self.accounts.get_mut(id) {
                    Some(buckets) => buckets,
                    None => return,
                }
            }
        };
        if buckets.insert(rule, bucket).is_none() {
            self.count += 1;
        }
    }
}

/// What checking one request against its matching rules found.
struct Verdict {
    /// Fewest tokens left over the matching rules (before any deduction).
    available: f64,
    /// The refusing rule with the longest wait, and that wait (`None`: never).
    refusal: Option<(usize, Option<Duration>)>,
    /// The rule with the fewest tokens left: the budget the caller is told about.
    tightest: Option<usize>,
}

/// A [`QuotaEnforcer`] with one token bucket per rule and caller.
pub struct TokenBucketEnforcer {
    rules: Vec<Rule>,
    /// The rules' group patterns, in rule order.
    groups: globset::GlobSet,
    state: Mutex<State>,
    clock: Box<dyn Fn() -> Instant + Send + Sync>,
}

impl std::fmt::Debug for TokenBucketEnforcer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenBucketEnforcer")
            .field("rules", &self.rules)
            .finish_non_exhaustive()
    }
}

impl TokenBucketEnforcer {
    /// An enforcer for `rules`, which are taken as they are: a `burst` of 0 refuses every
    /// request, and a refill rate that is not a positive number never refills (an
    /// infinite rate always refills). [`from_yaml`](Self::from_yaml) rejects such rules.
    pub fn new(rules: Vec<QuotaRule>) -> Self {
        Self::with_clock(rules, Instant::now)
    }

    /// Like [`new`](Self::new), reading the time from `clock`.
    pub(crate) fn with_clock(
        rules: Vec<QuotaRule>,
        clock: impl Fn() -> Instant + Send + Sync + 'static,
    ) -> Self {
        let groups = compile_groups(&rules).unwrap_or_else(|err| {
            tracing::error!("quota rules cannot be compiled ({err}): no rule applies");
            globset::GlobSet::empty()
        });
        let rules = rules
            .into_iter()
            .map(|rule| Rule {
                burst: f64::from(rule.burst),
                rate: match rule.refill_per_second {
                    r if r == f64::INFINITY => f64::MAX,
                    r if r.is_finite() && r > 0.0 => r,
                    _ => 0.0,
                },
                configured: rule,
            })
            .collect();
        TokenBucketEnforcer {
            rules,
            groups,
            state: Mutex::new(State::default()),
            clock: Box::new(clock),
        }
    }

    /// Parses a YAML configuration; `file_name` only names it in errors.
    pub fn from_yaml(file_name: &str, text: &str) -> Result<Self, QuotaConfigError> {
        parse_rules(file_name, text).map(Self::new)
    }

    /// Reads and parses a YAML configuration file.
    pub fn from_file(path: &Path) -> Result<Self, QuotaConfigError> {
        read_rules(path).map(Self::new)
    }

    /// The rules, as configured.
    pub fn rules(&self) -> impl Iterator<Item = &QuotaRule> {
        self.rules.iter().map(|r| &r.configured)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // Nothing panics while the lock is held; recover the state if something ever did.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Tokens in a bucket at `now`; a missing bucket is full.
    fn level(&self, state: &State, rule: usize, key: CallerKey<'_>, now: Instant) -> f64 {
        let r = &self.rules[rule];
        match state.bucket(key, rule) {
            None => r.burst,
            Some(b) => {
                let elapsed = now.saturating_duration_since(b.updated).as_secs_f64();
                (b.tokens + elapsed * r.rate).min(r.burst)
            }
        }
    }

    fn check(
        &self,
        state: &State,
        rules: &[usize],
        key: CallerKey<'_>,
        now: Instant,
        n: u64,
    ) -> Verdict {
        let wanted = n as f64;
        let mut verdict = Verdict {
            available: f64::INFINITY,
            refusal: None,
            tightest: None,
        };
        for &i in rules {
            let tokens = self.level(state, i, key, now);
            if tokens < verdict.available {
                verdict.available = tokens;
                verdict.tightest = Some(i);
            }
            if tokens + EPSILON >= wanted {
                continue;
            }
            let rule = &self.rules[i];
            let wait = wait_for(wanted, tokens, rule.burst, rule.rate);
            keep_longest(&mut verdict.refusal, i, wait);
        }
        verdict
    }

    fn refusal(&self, group: &str, rule: usize, wait: Option<Duration>, n: u64) -> QuotaResponse {
        refusal(&self.rules[rule].configured, group, wait, n)
    }

    fn answer(
        &self,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        n: u64,
        deduct: bool,
    ) -> QuotaResponse {
        let rules = self.groups.matches(group);
        if rules.is_empty() {
            return QuotaResponse::no_op();
        }
        let key = CallerKey::of(ctx);
        let mut state = self.lock();
        // Read under the lock, so that buckets never see time go backwards.
        let now = (self.clock)();
        let verdict = self.check(&state, &rules, key, now, n);
        if let Some((rule, wait)) = verdict.refusal {
            tracing::debug!(group, rule = %self.rules[rule].configured.group, "quota refused");
            let mut refused = self.refusal(group, rule, wait, n);
            refused.limit = Some(self.rules[rule].burst as u64);
            return refused;
        }
        let wanted = n as f64;
        if deduct && n > 0 {
            for &i in &rules {
                let tokens = (self.level(&state, i, key, now) - wanted).max(0.0);
                state.set(
                    key,
                    i,
                    Bucket {
                        tokens,
                        updated: now,
                    },
                );
            }
            self.sweep(&mut state, now);
        }
        let left = if deduct {
            verdict.available - wanted
        } else {
            verdict.available
        };
        let granted = QuotaResponse::ok_with_tokens(whole_tokens(left));
        match verdict.tightest.map(|i| &self.rules[i]) {
            Some(rule) => {
                granted.with_limit(rule.burst as u64, full_again(rule.burst, rule.rate, left))
            }
            None => granted,
        }
    }

    /// Drops buckets that have refilled to full once there are many of them, so memory
    /// follows the callers that spent tokens recently rather than every caller ever seen.
    fn sweep(&self, state: &mut State, now: Instant) {
        if state.count < state.sweep_at.max(SWEEP_THRESHOLD) {
            return;
        }
        let not_full = |rule: &usize, b: &mut Bucket| {
            let r = &self.rules[*rule];
            let elapsed = now.saturating_duration_since(b.updated).as_secs_f64();
            b.tokens + elapsed * r.rate + EPSILON < r.burst
        };
        state.anonymous.retain(not_full);
        state.addresses.retain(|_, buckets| {
            buckets.retain(not_full);
            !buckets.is_empty()
        });
        state.accounts.retain(|_, buckets| {
            buckets.retain(not_full);
            !buckets.is_empty()
        });
        state.count = state.anonymous.len()
            + state.addresses.values().map(HashMap::len).sum::<usize>()
            + state.accounts.values().map(HashMap::len).sum::<usize>();
        state.sweep_at = state.count.saturating_mul(2);
    }
}

/// Parses and validates a YAML rule file's text; `file_name` only names it in errors. Shared
/// with the Redis enforcer, so that both read one format with the same errors.
pub(crate) fn parse_rules(file_name: &str, text: &str) -> Result<Vec<QuotaRule>, QuotaConfigError> {
    config::parse_rules(file_name, text)
}

/// Reads, parses and validates a YAML rule file (see [`parse_rules`]).
pub(crate) fn read_rules(path: &Path) -> Result<Vec<QuotaRule>, QuotaConfigError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| QuotaConfigError::whole_file(&name, format!("cannot read: {e}")))?;
    parse_rules(&name, &text)
}

/// The rules' group patterns compiled into one set; [`globset::GlobSet::matches`] answers
/// rule indices. Fails only for patterns beyond `globset`'s size limits.
pub(crate) fn compile_groups(rules: &[QuotaRule]) -> Result<globset::GlobSet, globset::Error> {
    glob::compile(rules.iter().map(|r| r.group.as_str()))
}

/// Whole tokens in a (possibly fractional) level.
pub(crate) fn whole_tokens(level: f64) -> u64 {
    // `as` saturates: NaN and negatives become 0, huge values u64::MAX.
    (level + EPSILON).floor() as u64
}

impl QuotaEnforcer for TokenBucketEnforcer {
    fn request_tokens(
        &self,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        tokens: u64,
    ) -> QuotaResponse {
        self.answer(group, ctx, tokens, true)
    }

    fn dry_run(&self, group: &str, ctx: &QuotaRequestContext<'_>, tokens: u64) -> QuotaResponse {
        self.answer(group, ctx, tokens, false)
    }

    fn available_tokens(&self, group: &str, ctx: &QuotaRequestContext<'_>) -> QuotaResponse {
        self.answer(group, ctx, 0, false)
    }

    fn refill(&self, group: &str, ctx: &QuotaRequestContext<'_>, tokens: u64) {
        let rules = self.groups.matches(group);
        if rules.is_empty() || tokens == 0 {
            return;
        }
        let key = CallerKey::of(ctx);
        let mut state = self.lock();
        // Read under the lock, so that buckets never see time go backwards.
        let now = (self.clock)();
        for i in rules {
            // A missing bucket is full already.
            if state.bucket(key, i).is_some() {
                let level = self.level(&state, i, key, now);
                let tokens = (level + tokens as f64).min(self.rules[i].burst);
                state.set(
                    key,
                    i,
                    Bucket {
                        tokens,
                        updated: now,
                    },
                );
            }
        }
    }
}

#[cfg(test)]
mod tests;

/// How long a bucket of `burst` tokens refilled at `rate` a second, holding `left`, takes to
/// be full again (for the rate-limit headers; one computation for every enforcer of these
/// rules).
pub(crate) fn full_again(burst: f64, rate: f64, left: f64) -> Duration {
    let missing = (burst - left.max(0.0)).max(0.0);
    if missing <= EPSILON {
        Duration::ZERO
    } else if rate > 0.0 {
        Duration::try_from_secs_f64(missing / rate).unwrap_or(Duration::MAX)
    } else {
        Duration::MAX
    }
}

/// The refusal of `n` tokens of `group` by `rule`, with when to retry: one wording for every
/// enforcer of these rules (in process or in Redis).
pub(crate) fn refusal(
    rule: &QuotaRule,
    group: &str,
    wait: Option<Duration>,
    n: u64,
) -> QuotaResponse {
    let response = if n > u64::from(rule.burst) {
        QuotaResponse::error(format!(
            "quota exceeded for {group} ({n} tokens requested, at most {} at once)",
            rule.burst
        ))
    } else {
        QuotaResponse::error(format!(
            "quota exceeded for {group} (burst {}, refilled at {} per second)",
            rule.burst, rule.refill_per_second
        ))
    };
    match wait {
        Some(wait) => response.with_retry_after(wait),
        None => response,
    }
}

/// How long until a bucket of `burst` at `tokens`, refilled at `rate` per second, holds
/// `wanted`; `None` when it never will (more than a full bucket, or no refill).
pub(crate) fn wait_for(wanted: f64, tokens: f64, burst: f64, rate: f64) -> Option<Duration> {
    if wanted <= burst && rate > 0.0 {
        let seconds = (wanted - tokens) / rate;
        Some(
            Duration::try_from_secs_f64(seconds)
                .map_or(MAX_RETRY_AFTER, |d| d.min(MAX_RETRY_AFTER)),
        )
    } else {
        None
    }
}

/// Keeps, of the refusals of one request, the rule whose wait is longest (a rule that
/// never refills enough counts as the longest): it is the one the client waits for.
pub(crate) fn keep_longest(
    refusal: &mut Option<(usize, Option<Duration>)>,
    rule: usize,
    wait: Option<Duration>,
) {
    let longer = match *refusal {
        None => true,
        Some((_, None)) => false,
        Some((_, Some(previous))) => wait.is_none_or(|w| w > previous),
    };
    if longer {
        *refusal = Some((rule, wait));
    }
}
