//! The Redis quota enforcer when Redis is away or silent (answered by the fail policy,
//! counting resumed after), groups it never asks Redis about, and instances charging at
//! once never spending more than the budget.

use std::net::TcpListener;
use std::time::{Duration, Instant};

use restspec_runtime::quota::{
    FailPolicy, QuotaEnforcer, QuotaResponse, QuotaStatus, RedisQuotaEnforcer, RedisQuotaError,
    RedisQuotaOptions, TokenBucketEnforcer,
};

use super::server::{RedisServer, free_port};
use super::{PROJECTS, SLACK, UNAVAILABLE, available, enforcer, rule, take, user};

#[test]
#[ignore = "needs redis-server (Debian package redis-server); .ci/run runs it with --include-ignored"]
fn a_redis_outage_is_answered_by_policy_then_counting_resumes() {
    let server = RedisServer::start();
    let port = server.port;
    let rules = vec![rule("*", 5, 1e-6)];
    let make = |policy| {
        let mut options = RedisQuotaOptions::new(server.url());
        options.on_unavailable = policy;
        RedisQuotaEnforcer::new(rules.clone(), options).unwrap()
    };
    let (open, closed) = (make(FailPolicy::Open), make(FailPolicy::Closed));
    let timeout = RedisQuotaOptions::new("redis://x").timeout;
    let alice = user("1000000");
    assert_eq!(
        take(&open, PROJECTS, &alice),
        QuotaResponse::ok_with_tokens(4)
    );
    assert_eq!(
        take(&closed, PROJECTS, &alice),
        QuotaResponse::ok_with_tokens(3)
    );
    drop(server);

    for (e, policy) in [(&open, FailPolicy::Open), (&closed, FailPolicy::Closed)] {
        let started = Instant::now();
        let mut slowest = Duration::ZERO;
        for _ in 0..20 {
            let call = Instant::now();
            let response = take(e, PROJECTS, &alice);
            slowest = slowest.max(call.elapsed());
            match policy {
                FailPolicy::Open => assert_eq!(response, QuotaResponse::ok()),
                _ => {
                    assert_eq!(response.message.as_deref(), Some(UNAVAILABLE));
                    assert!(
                        response
                            .retry_after
                            .is_some_and(|w| w >= Duration::from_secs(1))
                    );
                }
            }
        }
        let total = started.elapsed();
        assert!(slowest < timeout + SLACK, "{slowest:?}");
        // Refused connections fail fast anyway; the silent-Redis test checks the backoff.
        assert!(total < timeout * 15, "{total:?}");
        assert!(e.ping().is_err());
    }

    let _server = RedisServer::start_on(port);
    std::thread::sleep(Duration::from_millis(1200));
    // A new, empty Redis: the buckets start full again.
    assert_eq!(
        take(&open, PROJECTS, &alice),
        QuotaResponse::ok_with_tokens(4)
    );
    assert_eq!(
        take(&closed, PROJECTS, &alice),
        QuotaResponse::ok_with_tokens(3)
    );
    open.ping().unwrap();
}

#[test]
fn a_silent_redis_costs_one_timeout_per_backoff() {
    // Accepts connections (the kernel does) and never answers.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("redis://{}", silent.local_addr().unwrap());
    for policy in [FailPolicy::Open, FailPolicy::Closed] {
        let mut options = RedisQuotaOptions::new(&url);
        options.on_unavailable = policy;
        let timeout = options.timeout;
        let e = RedisQuotaEnforcer::new(vec![rule("*", 5, 1.0)], options).unwrap();
        let started = Instant::now();
        let first = take(&e, PROJECTS, &user("1000000"));
        let elapsed = started.elapsed();
        assert!(
            elapsed >= timeout / 2 && elapsed < timeout + SLACK,
            "{elapsed:?}"
        );
        for _ in 0..20 {
            assert_eq!(take(&e, PROJECTS, &user("1000000")), first);
        }
        // Without the backoff, 21 tries would take 21 timeouts at least.
        assert!(started.elapsed() < timeout * 15, "{:?}", started.elapsed());
        match policy {
            FailPolicy::Open => assert_eq!(first, QuotaResponse::ok()),
            _ => assert_eq!(first.message.as_deref(), Some(UNAVAILABLE)),
        }
        let started = Instant::now();
        assert!(matches!(e.ping(), Err(RedisQuotaError::Unavailable { .. })));
        assert!(started.elapsed() < timeout + SLACK);
    }
}

#[test]
fn groups_without_a_rule_never_ask_redis_and_file_errors_are_the_in_process_ones() {
    let mut options = RedisQuotaOptions::new(format!("redis://127.0.0.1:{}", free_port()));
    options.on_unavailable = FailPolicy::Closed;
    let e = RedisQuotaEnforcer::new(vec![rule("/restapi/projects/*", 1, 1.0)], options.clone())
        .unwrap();
    let alice = user("1000000");
    assert_eq!(take(&e, PROJECTS, &alice), QuotaResponse::no_op());
    assert_eq!(e.dry_run(PROJECTS, &alice, 1), QuotaResponse::no_op());
    assert_eq!(e.available_tokens(PROJECTS, &alice), QuotaResponse::no_op());
    e.refill(PROJECTS, &alice, 1);
    assert!(e.may_block());

    let missing = std::path::Path::new("/nonexistent/quota.yaml");
    let ours = RedisQuotaEnforcer::from_file(missing, options.clone()).unwrap_err();
    let theirs = TokenBucketEnforcer::from_file(missing).unwrap_err();
    assert_eq!(ours, RedisQuotaError::Config(theirs));
    let text = "rules:\n  - {group: x, burst: 0, refill_per_second: 1}\n";
    let ours = RedisQuotaEnforcer::from_yaml("q.yaml", text, options).unwrap_err();
    let theirs = TokenBucketEnforcer::from_yaml("q.yaml", text).unwrap_err();
    assert_eq!(ours.to_string(), theirs.to_string());
}

#[test]
#[ignore = "needs redis-server (Debian package redis-server); .ci/run runs it with --include-ignored"]
fn concurrent_instances_never_overspend() {
    let server = RedisServer::start();
    let rules = vec![rule("*", 100, 0.0), rule("/restapi/*", 150, 0.0)];
    let instances = [enforcer(&server, rules.clone()), enforcer(&server, rules)];
    let granted: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..8)
            .map(|t| {
                let e = &instances[t % 2];
                scope.spawn(move || {
                    let alice = user("1000000");
                    (0..50)
                        .filter(|_| take(e, PROJECTS, &alice).status == QuotaStatus::Ok)
                        .count()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    assert_eq!(granted, 100);
    assert_eq!(
        available(&instances[0], "/restapi/x", &user("1000000")),
        Some(0)
    );
    assert_eq!(available(&instances[1], "other", &user("1000000")), Some(0));
}
