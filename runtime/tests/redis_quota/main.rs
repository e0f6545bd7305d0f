//! The Redis quota enforcer against a real `redis-server` (one per test, on a free loopback
//! port): shared budgets across instances, all-or-nothing charging, refill-on-refusal, and
//! what happens while Redis is down or silent.
#![cfg(feature = "redis-quota")]

use std::sync::Arc;
use std::time::Duration;

mod outages;
mod server;

use server::RedisServer;

use restspec_runtime::quota::{
    FailPolicy, QuotaBackend, QuotaEnforcer, QuotaRequestContext, QuotaResponse, QuotaRule,
    QuotaStatus, RedisQuotaEnforcer, RedisQuotaOptions, TokenBucketEnforcer,
};
use restspec_runtime::{AuthMethod, Caller, Identity, ResourceMetadata};

const PROJECTS: &str = "/restapi/projects:GET";
const UNAVAILABLE: &str = "quota store unavailable";
/// What a loaded machine may add to a timeout: a bound, not a benchmark.
const SLACK: Duration = Duration::from_millis(900);

fn rule(group: &str, burst: u32, refill_per_second: f64) -> QuotaRule {
    QuotaRule {
        group: group.to_owned(),
        burst,
        refill_per_second,
    }
}

/// Options with a generous timeout: tests of counting must not fall back on the policy
/// because a loaded machine is slow.
fn options(url: &str, policy: FailPolicy) -> RedisQuotaOptions {
    let mut options = RedisQuotaOptions::new(url);
    options.timeout = Duration::from_secs(5);
    options.on_unavailable = policy;
    options
}

fn enforcer(server: &RedisServer, rules: Vec<QuotaRule>) -> RedisQuotaEnforcer {
    RedisQuotaEnforcer::new(rules, options(&server.url(), FailPolicy::Closed)).unwrap()
}

static NO_RESOURCE: ResourceMetadata = ResourceMetadata::empty();

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

fn take(e: &dyn QuotaEnforcer, group: &str, ctx: &QuotaRequestContext<'_>) -> QuotaResponse {
    tokens_only(e.request_tokens(group, ctx, 1))
}

/// An answer without the budget's size and reset (compared with the in-process
/// enforcer's apart), so that answers compare by verdict and tokens.
fn tokens_only(response: QuotaResponse) -> QuotaResponse {
    QuotaResponse {
        limit: None,
        reset: None,
        ..response
    }
}

fn available(e: &dyn QuotaEnforcer, group: &str, ctx: &QuotaRequestContext<'_>) -> Option<u64> {
    let response = e.available_tokens(group, ctx);
    assert_eq!(response.status, QuotaStatus::Ok, "{response:?}");
    response.available_tokens
}

#[test]
#[ignore = "needs redis-server (Debian package redis-server); .ci/run runs it with --include-ignored"]
fn two_instances_share_one_budget() {
    let server = RedisServer::start();
    let file = server.dir.join("quota.yaml");
    std::fs::write(
        &file,
        "rules:\n  - group: \"/restapi/projects*\"\n    burst: 5\n    refill_per_second: 0.001\n",
    )
    .unwrap();
    let open =
        |policy| RedisQuotaEnforcer::from_file(&file, options(&server.url(), policy)).unwrap();
    let instances = [open(FailPolicy::Closed), open(FailPolicy::Open)];
    instances[0].ping().unwrap();
    let alice = user("1000000");
    for (i, left) in [4, 3, 2, 1, 0].into_iter().enumerate() {
        assert_eq!(
            take(&instances[i % 2], PROJECTS, &alice),
            QuotaResponse::ok_with_tokens(left)
        );
    }
    for i in 5..7 {
        let refused = take(&instances[i % 2], PROJECTS, &alice);
        assert_eq!(
            refused.status,
            QuotaStatus::Error,
            "request {i}: {refused:?}"
        );
        assert_eq!(
            refused.message.as_deref(),
            Some(
                "quota exceeded for /restapi/projects:GET (burst 5, refilled at 0.001 per second)"
            )
        );
        let wait = refused.retry_after.unwrap();
        assert!(
            wait > Duration::from_secs(900) && wait <= Duration::from_secs(1000),
            "{wait:?}"
        );
    }
    assert_eq!(available(&instances[1], PROJECTS, &alice), Some(0));
}

#[test]
#[ignore = "needs redis-server (Debian package redis-server); .ci/run runs it with --include-ignored"]
fn all_matching_rules_are_charged_or_none() {
    let server = RedisServer::start();
    let rules = vec![
        rule("/restapi/projects*", 3, 1e-6),
        rule("*:GET", 2, 1e-6),
        rule("/restapi/changes*", 1, 1e-6),
    ];
    let e = enforcer(&server, rules);
    let alice = user("1000000");
    assert_eq!(take(&e, PROJECTS, &alice), QuotaResponse::ok_with_tokens(1));
    assert_eq!(available(&e, "/restapi/projects:POST", &alice), Some(2));
    assert_eq!(available(&e, "/restapi/accounts:GET", &alice), Some(1));
    assert_eq!(take(&e, PROJECTS, &alice), QuotaResponse::ok_with_tokens(0));
    // "*:GET" is empty: refused, and "/restapi/projects*" is not charged.
    for _ in 0..3 {
        let refused = take(&e, PROJECTS, &alice);
        assert_eq!(refused.status, QuotaStatus::Error);
        assert_eq!(
            refused.message.as_deref(),
            Some(
                "quota exceeded for /restapi/projects:GET (burst 2, refilled at 0.000001 per second)"
            )
        );
        assert_eq!(available(&e, "/restapi/projects:POST", &alice), Some(1));
    }
    // More than a bucket holds: refused for good, naming the limit.
    let refused = e.request_tokens("/restapi/changes:GET", &user("1000001"), 2);
    assert_eq!(refused.retry_after, None);
    assert_eq!(
        refused.message.as_deref(),
        Some("quota exceeded for /restapi/changes:GET (2 tokens requested, at most 1 at once)")
    );
    assert_eq!(
        available(&e, "/restapi/changes:GET", &user("1000001")),
        Some(1)
    );
}

#[test]
#[ignore = "needs redis-server (Debian package redis-server); .ci/run runs it with --include-ignored"]
fn answers_are_those_of_the_in_process_enforcer() {
    let server = RedisServer::start();
    let rules = vec![rule("/restapi/*", 3, 0.05), rule("*:POST", 2, 0.025)];
    let redis = enforcer(&server, rules.clone());
    let local = TokenBucketEnforcer::new(rules);
    let (alice, anon) = (user("1000000"), anonymous());
    let steps: [(&str, &QuotaRequestContext<'_>, u64, bool); 10] = [
        (PROJECTS, &alice, 1, true),
        ("/restapi/changes:POST", &alice, 1, true),
        ("/restapi/changes:POST", &alice, 1, false),
        ("/restapi/changes:POST", &alice, 2, true),
        ("/restapi/changes:POST", &alice, 1, true),
        (PROJECTS, &alice, 5, true),
        (PROJECTS, &alice, 1, true),
        ("/elsewhere", &alice, 1, true),
        ("x:POST", &anon, 3, false),
        ("x:POST", &anon, 2, true),
    ];
    for (step, (group, ctx, n, deduct)) in steps.into_iter().enumerate() {
        let (a, b) = if deduct {
            (
                redis.request_tokens(group, ctx, n),
                local.request_tokens(group, ctx, n),
            )
        } else {
            (redis.dry_run(group, ctx, n), local.dry_run(group, ctx, n))
        };
        assert_eq!(
            (a.status, &a.message, a.available_tokens, a.limit),
            (b.status, &b.message, b.available_tokens, b.limit),
            "step {step}"
        );
        let reset = |r: &QuotaResponse| r.reset.map(|w| w.as_secs_f64());
        match (reset(&a), reset(&b)) {
            (Some(x), Some(y)) => assert!((x - y).abs() < 0.5, "step {step}: {x} vs {y}"),
            (x, y) => assert_eq!(x, y, "step {step}"),
        }
        // The in-process clock and Redis's run apart by the test's own pace.
        let seconds = |r: &QuotaResponse| r.retry_after.map(|w| w.as_secs_f64());
        match (seconds(&a), seconds(&b)) {
            (Some(x), Some(y)) => assert!((x - y).abs() < 0.5, "step {step}: {x} vs {y}"),
            (x, y) => assert_eq!(x, y, "step {step}"),
        }
    }
}

#[test]
#[ignore = "needs redis-server (Debian package redis-server); .ci/run runs it with --include-ignored"]
fn tokens_come_back_when_another_enforcer_refuses() {
    let server = RedisServer::start();
    let redis = Arc::new(enforcer(&server, vec![rule("/restapi/*", 5, 1e-6)]));
    let local = Arc::new(TokenBucketEnforcer::new(vec![rule("*", 1, 1e-6)]));
    let alice = user("1000000");
    // The in-process enforcer has nothing left for alice.
    assert_eq!(take(&*local, PROJECTS, &alice).status, QuotaStatus::Ok);
    let mut backend = QuotaBackend::new();
    backend.register(redis.clone());
    backend.register(local);
    assert!(backend.may_block());
    assert_eq!(available(&*redis, PROJECTS, &alice), Some(5));
    for _ in 0..3 {
        let refused = backend.check(PROJECTS, &alice).unwrap_err();
        assert!(
            format!("{refused:?}").contains("quota exceeded"),
            "{refused:?}"
        );
        assert_eq!(available(&*redis, PROJECTS, &alice), Some(5));
    }
    let aggregated = backend.request_tokens(PROJECTS, &alice, 2).unwrap();
    assert!(aggregated.has_error());
    assert_eq!(available(&*redis, PROJECTS, &alice), Some(5));
}

#[test]
#[ignore = "needs redis-server (Debian package redis-server); .ci/run runs it with --include-ignored"]
fn peeking_never_deducts_refill_is_capped_and_time_refills() {
    let server = RedisServer::start();
    let e = enforcer(
        &server,
        vec![
            rule("peek", 2, 1.0),
            rule("refill", 3, 0.001),
            rule("fast", 10, 20.0),
        ],
    );
    let alice = user("1000000");
    for _ in 0..5 {
        assert_eq!(
            tokens_only(e.dry_run("peek", &alice, 2)),
            QuotaResponse::ok_with_tokens(2)
        );
        assert_eq!(available(&e, "peek", &alice), Some(2));
    }
    assert_eq!(e.dry_run("peek", &alice, 3).status, QuotaStatus::Error);
    assert_eq!(available(&e, "peek", &alice), Some(2));
    // Nothing was written for peeks.
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg("*")
        .query(&mut server.connection())
        .unwrap();
    assert!(keys.is_empty(), "{keys:?}");

    assert_eq!(
        tokens_only(e.request_tokens("refill", &alice, 3)),
        QuotaResponse::ok_with_tokens(0)
    );
    e.refill("refill", &alice, 2);
    assert_eq!(available(&e, "refill", &alice), Some(2));
    e.refill("refill", &alice, 10);
    assert_eq!(available(&e, "refill", &alice), Some(3));
    e.refill("refill", &user("1000001"), 5);
    assert_eq!(available(&e, "refill", &user("1000001")), Some(3));

    assert_eq!(
        tokens_only(e.request_tokens("fast", &alice, 10)),
        QuotaResponse::ok_with_tokens(0)
    );
    let mut con = server.connection();
    let keys = keys_like(&mut con, "restspec:quota:r2-*:id:1000000");
    let [key] = &keys[..] else {
        panic!("one bucket for the third rule: {keys:?}")
    };
    // Empty at 20 tokens a second: full, and gone, within half a second.
    let ttl: i64 = redis::cmd("PTTL").arg(key).query(&mut con).unwrap();
    assert!(ttl > 0 && ttl <= 501, "{ttl}");
    std::thread::sleep(Duration::from_millis(300));
    let level = available(&e, "fast", &alice).unwrap();
    assert!((6..=10).contains(&level), "{level}");
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(available(&e, "fast", &alice), Some(10));
}

fn keys_like(con: &mut redis::Connection, pattern: &str) -> Vec<String> {
    let mut keys: Vec<String> = redis::cmd("KEYS").arg(pattern).query(con).unwrap();
    keys.sort();
    keys
}

#[test]
#[ignore = "needs redis-server (Debian package redis-server); .ci/run runs it with --include-ignored"]
fn callers_have_separate_buckets() {
    let server = RedisServer::start();
    let e = enforcer(&server, vec![rule("*", 1, 1e-6)]);
    let (alice, bob) = (user("1000000"), user("1000001"));
    assert_eq!(take(&e, PROJECTS, &alice).status, QuotaStatus::Ok);
    assert_eq!(take(&e, PROJECTS, &alice).status, QuotaStatus::Error);
    assert_eq!(take(&e, PROJECTS, &bob).status, QuotaStatus::Ok);
    assert_eq!(take(&e, PROJECTS, &anonymous()).status, QuotaStatus::Ok);
    assert_eq!(take(&e, PROJECTS, &anonymous()).status, QuotaStatus::Error);
    // Anonymous callers from known addresses each have their own buckets.
    let from = |ip: &str| {
        anonymous().with_remote_addr(std::net::SocketAddr::new(ip.parse().unwrap(), 4000))
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
        QuotaStatus::Ok
    );
    // An account whose id is "anonymous" is not the anonymous user.
    assert_eq!(
        take(&e, PROJECTS, &user("anonymous")).status,
        QuotaStatus::Ok
    );
    assert_eq!(
        take(&e, PROJECTS, &user("anonymous")).status,
        QuotaStatus::Error
    );
    // Impersonation charges the impersonated user.
    let as_bob = context_of(
        Caller::user(Identity::new("1000002", "carol"), AuthMethod::Basic)
            .impersonating(Identity::new("1000001", "bob")),
    );
    assert_eq!(take(&e, PROJECTS, &as_bob).status, QuotaStatus::Error);
    let keys = keys_like(&mut server.connection(), "*");
    let callers: Vec<&str> = keys
        .iter()
        .map(|k| {
            let rest = k.strip_prefix("restspec:quota:r0-").unwrap();
            &rest[13..]
        })
        .collect();
    assert_eq!(
        callers,
        [
            "anon",
            "id:1000000",
            "id:1000001",
            "id:anonymous",
            "ip:10.0.0.1",
            "ip:10.0.0.2"
        ]
    );
}
