//! Enforcer semantics, on a fake clock.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{QuotaRule, TokenBucketEnforcer};
use crate::message::context::{AuthMethod, Caller, Identity, ResourceMetadata};
use crate::quota::{QuotaEnforcer, QuotaRequestContext, QuotaResponse, QuotaStatus};

const PROJECTS: &str = "/restapi/projects:GET";

/// A clock the test moves by hand.
#[derive(Clone)]
struct FakeClock(Arc<Mutex<Instant>>);

impl FakeClock {
    fn new() -> Self {
        FakeClock(Arc::new(Mutex::new(Instant::now())))
    }

    fn advance(&self, by: Duration) {
        let mut now = self.0.lock().unwrap();
        *now += by;
    }
}

fn rule(group: &str, burst: u32, refill_per_second: f64) -> QuotaRule {
    QuotaRule {
        group: group.to_owned(),
        burst,
        refill_per_second,
    }
}

fn enforcer(rules: Vec<QuotaRule>) -> (TokenBucketEnforcer, FakeClock) {
    let clock = FakeClock::new();
    let handle = clock.clone();
    let enforcer = TokenBucketEnforcer::with_clock(rules, move || *handle.0.lock().unwrap());
    (enforcer, clock)
}

static NO_RESOURCE: ResourceMetadata = ResourceMetadata::empty();

/// The context of a quota request by `caller` (leaked: a test lives briefly).
fn context_of(caller: Caller) -> QuotaRequestContext<'static> {
    QuotaRequestContext::new(Box::leak(Box::new(caller)), &NO_RESOURCE)
}

fn user(id: &str) -> QuotaRequestContext<'static> {
    context_of(Caller::user(
        Identity::new(id, format!("user{id}")),
        AuthMethod::Basic,
    ))
}

fn anonymous() -> QuotaRequestContext<'static> {
    context_of(Caller::anonymous())
}

fn take(e: &TokenBucketEnforcer, group: &str, ctx: &QuotaRequestContext<'_>) -> QuotaResponse {
    tokens_only(e.request_tokens(group, ctx, 1))
}

/// An answer without the budget's size and reset (tested on their own), so that answers
/// compare by verdict and tokens.
fn tokens_only(response: QuotaResponse) -> QuotaResponse {
    QuotaResponse {
        limit: None,
        reset: None,
        ..response
    }
}

fn available(e: &TokenBucketEnforcer, group: &str, ctx: &QuotaRequestContext<'_>) -> Option<u64> {
    let response = e.available_tokens(group, ctx);
    assert_eq!(response.status, QuotaStatus::Ok, "{response:?}");
    response.available_tokens
}

#[test]
fn no_matching_rule_is_no_op() {
    let (e, _) = enforcer(vec![rule("/restapi/projects/*", 1, 1.0)]);
    let alice = user("1000000");
    assert_eq!(take(&e, PROJECTS, &alice), QuotaResponse::no_op());
    assert_eq!(e.dry_run(PROJECTS, &alice, 1), QuotaResponse::no_op());
    assert_eq!(e.available_tokens(PROJECTS, &alice), QuotaResponse::no_op());
    e.refill(PROJECTS, &alice, 1);
}

#[test]
fn exhaustion_refuses_with_retry_after_one_token_time() {
    let (e, _) = enforcer(vec![rule("/restapi/projects*", 3, 0.5)]);
    let alice = user("1000000");
    for left in [2, 1, 0] {
        assert_eq!(
            take(&e, PROJECTS, &alice),
            QuotaResponse::ok_with_tokens(left)
        );
    }
    let refused = take(&e, PROJECTS, &alice);
    assert_eq!(refused.status, QuotaStatus::Error);
    assert_eq!(
        refused.message.as_deref(),
        Some("quota exceeded for /restapi/projects:GET (burst 3, refilled at 0.5 per second)")
    );
    let wait = refused.retry_after.unwrap();
    assert!((wait.as_secs_f64() - 2.0).abs() < 1e-6, "{wait:?}");
    assert_eq!(available(&e, PROJECTS, &alice), Some(0));
}

#[test]
fn buckets_refill_over_time_up_to_burst() {
    let (e, clock) = enforcer(vec![rule("/restapi/*", 2, 0.1)]);
    let alice = user("1000000");
    assert_eq!(
        tokens_only(e.request_tokens(PROJECTS, &alice, 2)),
        QuotaResponse::ok_with_tokens(0)
    );
    clock.advance(Duration::from_secs(5));
    let refused = take(&e, PROJECTS, &alice);
    assert_eq!(refused.status, QuotaStatus::Error);
    let wait = refused.retry_after.unwrap().as_secs_f64();
    assert!((wait - 5.0).abs() < 1e-6, "{wait}");
    clock.advance(Duration::from_secs(5));
    assert_eq!(take(&e, PROJECTS, &alice), QuotaResponse::ok_with_tokens(0));
    clock.advance(Duration::from_secs(3600));
    assert_eq!(available(&e, PROJECTS, &alice), Some(2));
    assert_eq!(take(&e, PROJECTS, &alice), QuotaResponse::ok_with_tokens(1));
}

#[test]
fn callers_have_separate_buckets() {
    let (e, _) = enforcer(vec![rule("*", 1, 1.0)]);
    let (alice, bob, anon) = (user("1000000"), user("1000001"), anonymous());
    assert_eq!(take(&e, PROJECTS, &alice).status, QuotaStatus::Ok);
    assert_eq!(take(&e, PROJECTS, &alice).status, QuotaStatus::Error);
    assert_eq!(take(&e, PROJECTS, &bob).status, QuotaStatus::Ok);
    assert_eq!(take(&e, PROJECTS, &anon).status, QuotaStatus::Ok);
    assert_eq!(take(&e, PROJECTS, &anonymous()).status, QuotaStatus::Error);
    // An account whose id is "anonymous" is not the anonymous user.
    assert_eq!(
        take(&e, PROJECTS, &user("anonymous")).status,
        QuotaStatus::Ok
    );
    // Impersonation charges the impersonated user.
    let as_bob = context_of(
        Caller::user(Identity::new("1000002", "carol"), AuthMethod::Basic)
            .impersonating(Identity::new("1000001", "bob")),
    );
    assert_eq!(take(&e, PROJECTS, &as_bob).status, QuotaStatus::Error);
}

#[test]
fn refill_gives_tokens_back_capped_at_burst() {
    let (e, _) = enforcer(vec![rule("*", 3, 0.001)]);
    let alice = user("1000000");
    assert_eq!(
        tokens_only(e.request_tokens(PROJECTS, &alice, 3)),
        QuotaResponse::ok_with_tokens(0)
    );
    e.refill(PROJECTS, &alice, 2);
    assert_eq!(available(&e, PROJECTS, &alice), Some(2));
    e.refill(PROJECTS, &alice, 10);
    assert_eq!(available(&e, PROJECTS, &alice), Some(3));
    // Refilling a caller that never spent anything changes nothing.
    e.refill(PROJECTS, &user("1000001"), 5);
    assert_eq!(available(&e, PROJECTS, &user("1000001")), Some(3));
}

#[test]
fn dry_run_never_deducts() {
    let (e, _) = enforcer(vec![rule("*", 2, 1.0)]);
    let alice = user("1000000");
    for _ in 0..5 {
        assert_eq!(
            tokens_only(e.dry_run(PROJECTS, &alice, 2)),
            QuotaResponse::ok_with_tokens(2)
        );
    }
    let refused = e.dry_run(PROJECTS, &alice, 3);
    assert_eq!(refused.status, QuotaStatus::Error);
    assert_eq!(
        refused.retry_after, None,
        "3 tokens never fit a bucket of 2"
    );
    assert_eq!(
        refused.message.as_deref(),
        Some("quota exceeded for /restapi/projects:GET (3 tokens requested, at most 2 at once)")
    );
    assert_eq!(take(&e, PROJECTS, &alice), QuotaResponse::ok_with_tokens(1));
    assert_eq!(
        tokens_only(e.dry_run(PROJECTS, &alice, 1)),
        QuotaResponse::ok_with_tokens(1)
    );
    assert_eq!(e.dry_run(PROJECTS, &alice, 2).status, QuotaStatus::Error);
    assert_eq!(available(&e, PROJECTS, &alice), Some(1));
}

#[test]
fn all_matching_rules_are_charged() {
    let (e, _) = enforcer(vec![
        rule("/restapi/projects*", 3, 1.0),
        rule("*:GET", 2, 0.25),
        rule("/restapi/changes*", 1, 1.0),
    ]);
    let alice = user("1000000");
    // Both matching buckets are charged; the answer is the lower level.
    assert_eq!(take(&e, PROJECTS, &alice), QuotaResponse::ok_with_tokens(1));
    assert_eq!(available(&e, "/restapi/projects:POST", &alice), Some(2));
    assert_eq!(available(&e, "/restapi/accounts:GET", &alice), Some(1));
    assert_eq!(take(&e, PROJECTS, &alice), QuotaResponse::ok_with_tokens(0));
    // "*:GET" is empty: refused, and "/restapi/projects*" is not charged.
    let refused = take(&e, PROJECTS, &alice);
    assert_eq!(refused.status, QuotaStatus::Error);
    assert_eq!(
        refused.message.as_deref(),
        Some("quota exceeded for /restapi/projects:GET (burst 2, refilled at 0.25 per second)")
    );
    assert!((refused.retry_after.unwrap().as_secs_f64() - 4.0).abs() < 1e-6);
    assert_eq!(available(&e, "/restapi/projects:POST", &alice), Some(1));
    // The other way round: an empty "/restapi/projects*" leaves "*:GET" alone.
    assert_eq!(
        take(&e, "/restapi/projects:POST", &alice).status,
        QuotaStatus::Ok
    );
    e.refill("/restapi/accounts:GET", &alice, 2);
    assert_eq!(available(&e, "/restapi/accounts:GET", &alice), Some(2));
    assert_eq!(take(&e, PROJECTS, &alice).status, QuotaStatus::Error);
    assert_eq!(available(&e, "/restapi/accounts:GET", &alice), Some(2));
}

#[test]
fn the_longest_wait_is_reported() {
    let (e, _) = enforcer(vec![rule("*", 1, 1.0), rule("/restapi/*", 1, 0.1)]);
    let alice = user("1000000");
    assert_eq!(take(&e, PROJECTS, &alice).status, QuotaStatus::Ok);
    let wait = take(&e, PROJECTS, &alice).retry_after.unwrap();
    assert!((wait.as_secs_f64() - 10.0).abs() < 1e-6, "{wait:?}");
}

#[test]
fn degenerate_rules_and_requests_do_not_panic() {
    let (e, clock) = enforcer(vec![
        rule("zero-burst", 0, 1.0),
        rule("no-refill", 1, 0.0),
        rule("nan", 1, f64::NAN),
        rule("negative", 1, -1.0),
        rule("infinite", 1, f64::INFINITY),
        rule("tiny", 1, 1e-300),
    ]);
    let alice = user("1000000");
    let refused = take(&e, "zero-burst", &alice);
    assert_eq!(
        (refused.status, refused.retry_after),
        (QuotaStatus::Error, None)
    );
    for group in ["no-refill", "nan", "negative"] {
        assert_eq!(take(&e, group, &alice).status, QuotaStatus::Ok);
        clock.advance(Duration::from_secs(1_000_000));
        let refused = take(&e, group, &alice);
        assert_eq!(
            (refused.status, refused.retry_after),
            (QuotaStatus::Error, None)
        );
    }
    for _ in 0..3 {
        assert_eq!(take(&e, "infinite", &alice).status, QuotaStatus::Ok);
        clock.advance(Duration::from_nanos(1));
    }
    assert_eq!(take(&e, "tiny", &alice).status, QuotaStatus::Ok);
    let refused = take(&e, "tiny", &alice);
    assert_eq!(refused.retry_after, Some(super::MAX_RETRY_AFTER));
    assert_eq!(
        e.request_tokens("infinite", &alice, u64::MAX).status,
        QuotaStatus::Error
    );
    assert_eq!(
        e.request_tokens("infinite", &alice, 0).status,
        QuotaStatus::Ok
    );
    e.refill("tiny", &alice, u64::MAX);
    assert_eq!(available(&e, "tiny", &alice), Some(1));
}

#[test]
fn full_buckets_are_swept() {
    let (e, clock) = enforcer(vec![rule("*", 1, 1.0)]);
    // Empty buckets are kept: forgetting them would hand out tokens.
    for id in 0..2000 {
        assert_eq!(
            take(&e, PROJECTS, &user(&id.to_string())).status,
            QuotaStatus::Ok
        );
    }
    assert_eq!(e.lock().count, 2000);
    // Once refilled they are as good as absent, and the next sweep drops them.
    clock.advance(Duration::from_secs(2));
    for id in 0..100 {
        take(&e, PROJECTS, &user(&format!("later{id}")));
    }
    // Only the 100 buckets spent since are left.
    assert_eq!(e.lock().count, 100);
    assert_eq!(available(&e, PROJECTS, &user("0")), Some(1));
}

#[test]
fn from_yaml_and_from_file() {
    let text =
        "rules:\n  - group: \"/restapi/projects/*\"\n    burst: 5\n    refill_per_second: 0.5\n";
    let e = TokenBucketEnforcer::from_yaml("quota.yaml", text).unwrap();
    assert_eq!(
        e.rules().collect::<Vec<_>>(),
        [&rule("/restapi/projects/*", 5, 0.5)]
    );
    let missing = std::path::Path::new("/nonexistent/quota.yaml");
    let error = TokenBucketEnforcer::from_file(missing).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("/nonexistent/quota.yaml: cannot read: "),
        "{error}"
    );
    assert_eq!(error.line(), None);
}

#[test]
fn concurrent_requests_never_overspend() {
    let (e, _) = enforcer(vec![
        rule("*", 100, 0.000_001),
        rule("/restapi/*", 150, 1e-6),
    ]);
    let e = Arc::new(e);
    let granted: u64 = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..8)
            .map(|_| {
                let e = Arc::clone(&e);
                scope.spawn(move || {
                    let alice = user("1000000");
                    (0..50)
                        .filter(|_| take(&e, PROJECTS, &alice).status == QuotaStatus::Ok)
                        .count() as u64
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    assert_eq!(granted, 100);
    assert_eq!(available(&e, "/restapi/x", &user("1000000")), Some(0));
    assert_eq!(available(&e, "other", &user("1000000")), Some(0));
}

#[test]
fn works_behind_the_quota_backend() {
    let (e, _) = enforcer(vec![rule("/restapi/projects*", 1, 0.25)]);
    let mut backend = crate::quota::QuotaBackend::new();
    backend.register(Arc::new(e));
    let alice = user("1000000");
    let first = backend.request_tokens(PROJECTS, &alice, 1).unwrap();
    assert_eq!(first.available_tokens(), Some(0));
    assert!(first.into_result().is_ok());
    let second = backend.request_tokens(PROJECTS, &alice, 1).unwrap();
    assert_eq!(second.retry_after(), Some(Duration::from_secs(4)));
    assert_eq!(
        second.error_message(),
        "quota exceeded for /restapi/projects:GET (burst 1, refilled at 0.25 per second)"
    );
    assert!(second.into_result().is_err());
}

#[test]
fn answers_tell_the_tightest_budget_and_when_it_is_full_again() {
    let (e, _) = enforcer(vec![
        rule("/restapi/*", 10, 2.0),
        rule("/restapi/projects*", 4, 0.5),
    ]);
    let alice = user("1000000");
    let granted = e.request_tokens(PROJECTS, &alice, 1);
    assert_eq!(granted.available_tokens, Some(3));
    assert_eq!(granted.limit, Some(4), "the tighter rule");
    assert_eq!(
        granted.reset,
        Some(Duration::from_secs(2)),
        "1 token at 0.5 per second"
    );
    let full = e.dry_run("/restapi/accounts:GET", &alice, 0);
    assert_eq!(
        (full.limit, full.reset),
        (Some(10), Some(Duration::from_millis(500)))
    );
}

#[test]
fn anonymous_callers_get_a_budget_per_address() {
    let (e, _) = enforcer(vec![rule("*", 1, 0.0)]);
    let anonymous = Caller::anonymous();
    let from = |ip: &str| {
        QuotaRequestContext::new(&anonymous, &NO_RESOURCE)
            .with_remote_addr(std::net::SocketAddr::new(ip.parse().unwrap(), 4000))
    };
    assert_eq!(
        take(&e, PROJECTS, &from("10.0.0.1")).status,
        QuotaStatus::Ok
    );
    assert_eq!(
        take(&e, PROJECTS, &from("10.0.0.1")).status,
        QuotaStatus::Error
    );
    assert_eq!(
        take(&e, PROJECTS, &from("10.0.0.2")).status,
        QuotaStatus::Ok,
        "another address"
    );
}
