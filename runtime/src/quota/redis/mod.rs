//! A token-bucket quota enforcer whose buckets live in Redis, so that every instance of a
//! service shares one budget per rule and caller.
//!
//! The rules are [`TokenBucketEnforcer`](super::TokenBucketEnforcer)'s, read from the same
//! YAML file with the same errors, and so are the answers: the same grants, refusals,
//! messages, token counts and `retry_after`, so that a service moves from one enforcer to
//! the other without its clients noticing. Every caller (the identity's id, or the anonymous
//! user) has one bucket per rule; a request is granted only when every matching rule's
//! bucket holds enough tokens, and then all of them are charged. Buckets start full.
//!
//! # One script
//!
//! All bucket arithmetic happens on the server, in one Lua script (`redis/bucket.lua`) that
//! is sent once (`SCRIPT LOAD`) and then called by its SHA-1 (`EVALSHA`, loaded again when a
//! restarted or flushed Redis has forgotten it). A request's matching rules are the keys of
//! one call, and Redis runs a script alone, so checking every bucket and charging all or none
//! happens with nothing in between, whichever instance asks: N instances never spend more
//! than one budget. The script refills each bucket for the time elapsed, then takes (all or
//! nothing), peeks (`dry_run`, `available_tokens`: never writes) or refunds (`refill`:
//! capped at the burst), and returns each bucket's level so that the answer is worked out
//! here exactly as the in-process enforcer works it out.
//!
//! # Keys and expiry
//!
//! A bucket is the hash `{tokens, ts}` at `{key_prefix}:r{index}-{hash}:{caller}`: `index`
//! is the rule's position in the file and `hash` 12 hex digits of SHA-256 over its group,
//! burst and rate, so instances reading the same file share buckets and a changed rule starts
//! afresh instead of inheriting the old rule's buckets; `caller` is `id:` followed by the
//! account id, `ip:` followed by an anonymous caller's address, or `anon` for an anonymous
//! caller whose address is unknown (an account whose id is `anonymous` is not the anonymous
//! user). Each write sets a `PEXPIRE` of the time the bucket takes to
//! refill to full, and a bucket that would be full is deleted: a missing key is a full
//! bucket, and Redis holds only the buckets of callers who spent tokens recently. (A rule
//! that never refills, which only [`new`](RedisQuotaEnforcer::new) accepts, keeps its
//! buckets.)
//!
//! # Time
//!
//! The script reads the server's clock (`TIME`, in microseconds), never the instances': their
//! clocks may disagree, the server's is one timeline for all. If it goes back (a failover to
//! a replica whose clock is behind), buckets refill nothing until it catches up.
//!
//! # When Redis is away
//!
//! The runtime calls a quota check on every request, so it must not wait long: connecting
//! (with the handshake) and each command wait at most what is left of
//! [`timeout`](RedisQuotaOptions::timeout) since the call began (name lookup aside: give an
//! address, or a name the resolver answers at once). Connections are reused (up to 16 kept
//! idle); one that failed is dropped with the idle ones, and an idle one the server closed is
//! replaced once within the same deadline. When Redis fails (down, too slow, an error), the
//! request is answered by [`on_unavailable`](RedisQuotaOptions::on_unavailable): granted
//! ([`FailPolicy::Open`]) or refused with "quota store unavailable" ([`FailPolicy::Closed`]),
//! and so is every request for the next [`backoff`](RedisQuotaOptions::backoff), without
//! trying Redis; then one request tries again while the others keep waiting. A Redis that is
//! down costs one timeout per backoff, not one per request. An outage is logged at warn level
//! at most once per [`warn_interval`](RedisQuotaOptions::warn_interval), with the count of
//! the warnings and requests left out since, and its end at info level.
//!
//! Needs Redis 5 or later (or Valkey), on one node or a primary: Redis Cluster is not
//! supported, as a request's keys may lie in different slots.

mod options;
mod store;
#[cfg(test)]
mod tests;

use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use sha2::{Digest, Sha256};

pub use options::{FailPolicy, RedisQuotaError, RedisQuotaOptions};

use super::token_bucket::{
    self, EPSILON, compile_groups, keep_longest, parse_rules, read_rules, wait_for, whole_tokens,
};
use super::{QuotaConfigError, QuotaEnforcer, QuotaRequestContext, QuotaResponse, QuotaRule};
use store::Store;

/// The refusal while Redis cannot be asked, under [`FailPolicy::Closed`].
const UNAVAILABLE: &str = "quota store unavailable";

/// A rule as the enforcer uses it: numbers made safe for arithmetic, and what identifies its
/// buckets in Redis.
#[derive(Debug)]
struct Rule {
    burst: f64,
    /// Finite and >= 0 (0: never refills).
    rate: f64,
    /// `r{index}-{hash}`, the rule's part of its buckets' keys.
    id: String,
    /// The burst and rate as the script reads them (`{:e}` round-trips a double).
    burst_arg: String,
    rate_arg: String,
    /// The rule as configured: its glob, and its numbers for messages.
    configured: QuotaRule,
}

/// What the script is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Take,
    Peek,
    Refund,
}

impl Mode {
    fn as_str(self) -> &'static str {
        match self {
            Mode::Take => "take",
            Mode::Peek => "peek",
            Mode::Refund => "refund",
        }
    }
}

/// The script's answer: whether every bucket held the tokens asked for, and each matching
/// rule's level before any deduction.
struct Levels {
    granted: bool,
    levels: Vec<f64>,
}

/// A [`QuotaEnforcer`] with one token bucket per rule and caller, kept in Redis and shared
/// by every instance that uses the same Redis, rules and key prefix.
pub struct RedisQuotaEnforcer {
    rules: Vec<Rule>,
    /// The rules' group patterns, in rule order.
    groups: globset::GlobSet,
    key_prefix: String,
    policy: FailPolicy,
    backoff: Duration,
    store: Store,
}

impl std::fmt::Debug for RedisQuotaEnforcer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisQuotaEnforcer")
            .field("store", &self.store.place())
            .field("key_prefix", &self.key_prefix)
            .field("rules", &self.rules)
            .finish_non_exhaustive()
    }
}

impl RedisQuotaEnforcer {
    /// An enforcer for `rules`, taken as they are (as
    /// [`TokenBucketEnforcer::new`](super::TokenBucketEnforcer::new) takes them: a `burst` of
    /// 0 refuses every request, a rate that is not a positive number never refills).
    /// Checks the options and the URL but does not connect: instances may start before
    /// Redis does; [`ping`](Self::ping) says whether it is reachable.
    pub fn new(rules: Vec<QuotaRule>, options: RedisQuotaOptions) -> Result<Self, RedisQuotaError> {
        if options.timeout.is_zero() {
            return Err(RedisQuotaError::InvalidOption(
                "the timeout must be longer than 0".into(),
            ));
        }
        let invalid_url = |reason: String| RedisQuotaError::InvalidUrl {
            url: options::redact(&options.url),
            reason,
        };
        let client =
            ::redis::Client::open(options.url.as_str()).map_err(|e| invalid_url(e.to_string()))?;
        if !client.get_connection_info().addr().is_supported() {
            return Err(invalid_url(
                "this build connects over TCP or a Unix socket, without TLS".into(),
            ));
        }
        let groups = compile_groups(&rules).map_err(|err| {
            let problem = format!("the groups cannot be compiled: {err}");
            QuotaConfigError::whole_file("quota rules", problem)
        })?;
        let rules = rules
            .into_iter()
            .enumerate()
            .map(|(index, rule)| Rule::new(index, rule))
            .collect();
        let script = ::redis::Script::new(include_str!("bucket.lua"));
        let store = Store::new(
            client,
            script,
            options.timeout,
            options.backoff,
            options.warn_interval,
            options.on_unavailable,
        );
        Ok(RedisQuotaEnforcer {
            rules,
            groups,
            key_prefix: options.key_prefix,
            policy: options.on_unavailable,
            backoff: options.backoff,
            store,
        })
    }

    /// Parses a YAML rule configuration, the format of
    /// [`TokenBucketEnforcer::from_yaml`](super::TokenBucketEnforcer::from_yaml);
    /// `file_name` only names it in errors.
    pub fn from_yaml(
        file_name: &str,
        text: &str,
        options: RedisQuotaOptions,
    ) -> Result<Self, RedisQuotaError> {
        Self::new(parse_rules(file_name, text)?, options)
    }

    /// Reads and parses a YAML rule file, the format of
    /// [`TokenBucketEnforcer::from_file`](super::TokenBucketEnforcer::from_file), with the
    /// same errors (as [`RedisQuotaError::Config`]).
    pub fn from_file(path: &Path, options: RedisQuotaOptions) -> Result<Self, RedisQuotaError> {
        Self::new(read_rules(path)?, options)
    }

    /// Whether Redis answers now (within the timeout), for a service to log at start;
    /// requests do not depend on it.
    pub fn ping(&self) -> Result<(), RedisQuotaError> {
        self.store.ping().map_err(|e| RedisQuotaError::Unavailable {
            at: self.store.place().to_owned(),
            reason: e.to_string(),
        })
    }

    /// A readiness check for [`Settings::readiness`](crate::Settings::readiness): fails
    /// with "quota store does not answer" while Redis does not answer a `PING` within the
    /// timeout (asked on a blocking thread; the reason names no address).
    pub fn readiness_check(
        self: &Arc<Self>,
    ) -> impl Fn() -> Pin<Box<dyn Future<Output = Result<(), String>> + Send>> + Send + Sync + 'static
    {
        let enforcer = self.clone();
        move || {
            let enforcer = enforcer.clone();
            Box::pin(async move {
                let pinged = tokio::task::spawn_blocking(move || enforcer.ping()).await;
                match pinged {
                    Ok(Ok(())) => Ok(()),
                    Ok(Err(error)) => {
                        tracing::warn!(%error, "readiness: the quota store does not answer");
                        Err("quota store does not answer".to_owned())
                    }
                    Err(_) => Err("quota store check failed".to_owned()),
                }
            })
        }
    }

    /// The rules, as configured.
    pub fn rules(&self) -> impl Iterator<Item = &QuotaRule> {
        self.rules.iter().map(|r| &r.configured)
    }

    /// Asks the script about the buckets of `rules` for the caller of `ctx`; `None` when
    /// Redis cannot be asked.
    fn levels(
        &self,
        rules: &[usize],
        ctx: &QuotaRequestContext<'_>,
        mode: Mode,
        n: u64,
    ) -> Option<Levels> {
        // Anonymous callers each have buckets of their own, by address, as in process.
        let caller = match (ctx.caller.identity(), ctx.remote_addr) {
            (Some(identity), _) => format!("id:{}", identity.id),
            (None, Some(address)) => format!("ip:{}", address.ip()),
            (None, None) => "anon".to_owned(),
        };
        let mut keys = Vec::with_capacity(rules.len());
        let mut args = Vec::with_capacity(2 + 2 * rules.len());
        args.extend([mode.as_str().to_owned(), n.to_string()]);
        for rule in rules.iter().filter_map(|&i| self.rules.get(i)) {
            keys.push(format!("{}:{}:{caller}", self.key_prefix, rule.id));
            args.extend([rule.burst_arg.clone(), rule.rate_arg.clone()]);
        }
        self.store.eval(&keys, &args, |reply| {
            let mut reply = reply.into_iter();
            let granted = match reply.next()?.as_str() {
                "1" => true,
                "0" => false,
                _ => return None,
            };
            let levels = reply
                .map(|level| level.parse::<f64>().ok().filter(|l| !l.is_nan()))
                .collect::<Option<Vec<f64>>>()?;
            (levels.len() == keys.len()).then_some(Levels { granted, levels })
        })
    }

    /// The answer while Redis cannot be asked.
    fn by_policy(&self) -> QuotaResponse {
        match self.policy {
            FailPolicy::Open => QuotaResponse::ok(),
            FailPolicy::Closed => QuotaResponse::error(UNAVAILABLE)
                .with_retry_after(self.backoff.max(Duration::from_secs(1))),
        }
    }

    fn answer(
        &self,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        n: u64,
        mode: Mode,
    ) -> QuotaResponse {
        let rules = self.groups.matches(group);
        if rules.is_empty() {
            return QuotaResponse::no_op();
        }
        let Some(Levels { granted, levels }) = self.levels(&rules, ctx, mode, n) else {
            return self.by_policy();
        };
        // What follows is the in-process enforcer's `check`, on the levels the script saw.
        let wanted = n as f64;
        let mut available = f64::INFINITY;
        let mut tightest: Option<usize> = None;
        let mut refusal: Option<(usize, Option<Duration>)> = None;
        for (&i, &tokens) in rules.iter().zip(&levels) {
            if tokens < available {
                available = tokens;
                tightest = Some(i);
            }
            if tokens + EPSILON >= wanted {
                continue;
            }
            let Some(rule) = self.rules.get(i) else {
                continue;
            };
            let wait = wait_for(wanted, tokens, rule.burst, rule.rate);
            keep_longest(&mut refusal, i, wait);
        }
        if !granted {
            // The script and this loop compare the same doubles; should they ever disagree,
            // the script's refusal stands and the first rule is named.
            let (rule, wait) = refusal.unwrap_or((rules[0], None));
            tracing::debug!(group, rule = %self.rules[rule].configured.group, "quota refused");
            let mut refused = self.refusal(group, rule, wait, n);
            refused.limit = Some(self.rules[rule].burst as u64);
            return refused;
        }
        let left = if mode == Mode::Take {
            available - wanted
        } else {
            available
        };
        let granted = QuotaResponse::ok_with_tokens(whole_tokens(left));
        match tightest.and_then(|i| self.rules.get(i)) {
            Some(rule) => granted.with_limit(
                rule.burst as u64,
                token_bucket::full_again(rule.burst, rule.rate, left),
            ),
            None => granted,
        }
    }

    /// The in-process enforcer's refusal, word for word.
    fn refusal(&self, group: &str, rule: usize, wait: Option<Duration>, n: u64) -> QuotaResponse {
        token_bucket::refusal(&self.rules[rule].configured, group, wait, n)
    }
}

impl Rule {
    fn new(index: usize, configured: QuotaRule) -> Self {
        let rate = match configured.refill_per_second {
            r if r == f64::INFINITY => f64::MAX,
            r if r.is_finite() && r > 0.0 => r,
            _ => 0.0,
        };
        Rule {
            burst: f64::from(configured.burst),
            rate,
            id: rule_id(index, &configured),
            burst_arg: configured.burst.to_string(),
            rate_arg: format!("{rate:e}"),
            configured,
        }
    }
}

/// `r{index}-{hash}`: the rule's position, and 12 hex digits of SHA-256 over its group,
/// burst and rate as configured. Stable across instances reading the same file; changes
/// with the rule.
fn rule_id(index: usize, rule: &QuotaRule) -> String {
    let mut hasher = Sha256::new();
    hasher.update(rule.group.as_bytes());
    hasher.update([0]);
    hasher.update(rule.burst.to_be_bytes());
    hasher.update(rule.refill_per_second.to_bits().to_be_bytes());
    let digest = hasher.finalize();
    let hash: String = digest
        .iter()
        .take(6)
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!("r{index}-{hash}")
}

impl QuotaEnforcer for RedisQuotaEnforcer {
    fn request_tokens(
        &self,
        group: &str,
        ctx: &QuotaRequestContext<'_>,
        tokens: u64,
    ) -> QuotaResponse {
        self.answer(group, ctx, tokens, Mode::Take)
    }

    fn dry_run(&self, group: &str, ctx: &QuotaRequestContext<'_>, tokens: u64) -> QuotaResponse {
        self.answer(group, ctx, tokens, Mode::Peek)
    }

    fn available_tokens(&self, group: &str, ctx: &QuotaRequestContext<'_>) -> QuotaResponse {
        self.answer(group, ctx, 0, Mode::Peek)
    }

    /// Gives the tokens back in Redis; while Redis cannot be asked they are lost (the
    /// request they were granted for was refused anyway).
    fn refill(&self, group: &str, ctx: &QuotaRequestContext<'_>, tokens: u64) {
        let rules = self.groups.matches(group);
        if rules.is_empty() || tokens == 0 {
            return;
        }
        let _ = self.levels(&rules, ctx, Mode::Refund, tokens);
    }

    /// Always true: every answer may wait on Redis (within the timeout), so the runtime asks
    /// on a blocking thread.
    fn may_block(&self) -> bool {
        true
    }
}
