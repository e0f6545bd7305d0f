//! Protocol 8: the quota extension point with the shipped token-bucket enforcer, and the exact
//! group and metadata of one call per family.

use std::sync::Arc;

use restspec_runtime::example_tests::QuotaRecorder;
use restspec_runtime::quota::TokenBucketEnforcer;
use restspec_runtime::{QuotaBackend, QuotaEnforcer, Settings};

use super::{client, send, server_with};

const RULES: &str = "rules:
  - group: \"/restapi/things:*\"
    burst: 2
    refill_per_second: 0.01
";

fn backend(enforcer: Arc<dyn QuotaEnforcer>) -> QuotaBackend {
    let mut backend = QuotaBackend::new();
    backend.register(enforcer);
    backend
}

#[tokio::test]
async fn the_token_bucket_refuses_with_429_and_retry_after_per_caller() {
    let enforcer = TokenBucketEnforcer::from_yaml("quota.yaml", RULES).expect("a valid config");
    let s = server_with(Settings::default().quota(backend(Arc::new(enforcer)))).await;
    let get = |user: &'static str| {
        send(
            client()
                .get(s.url("/a/things/x"))
                .basic_auth(user, Some(format!("{user}-pw"))),
        )
    };
    assert_eq!(get("alice").await.status, 200);
    assert_eq!(get("alice").await.status, 200);
    let refused = get("alice").await;
    assert_eq!(refused.status, 429);
    assert_eq!(
        refused.header("content-type"),
        Some("text/plain; charset=UTF-8")
    );
    assert!(
        refused
            .text()
            .starts_with("quota exceeded for /restapi/things:GET"),
        "{}",
        refused.text()
    );
    let wait: u64 = refused
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .expect("seconds");
    assert!(
        (90..=101).contains(&wait),
        "one token at 0.01/s is about 100 s, got {wait}"
    );
    assert_eq!(
        get("bob").await.status,
        200,
        "each caller has a bucket of their own"
    );
    let other_group = send(
        client()
            .get(s.url("/a/things/"))
            .basic_auth("alice", Some("alice-pw")),
    )
    .await;
    assert_eq!(
        other_group.status, 200,
        "`/restapi/things/:GET` does not match the rule"
    );
}

#[tokio::test]
async fn one_call_per_family_raises_its_group_and_metadata() {
    let recorder = Arc::new(QuotaRecorder::default());
    let s = server_with(Settings::default().quota(backend(recorder.clone()))).await;
    assert_eq!(
        send(
            client()
                .get(s.url("/a/things/a%2Fb/big"))
                .basic_auth("bob", Some("bob-pw"))
        )
        .await
        .status,
        200
    );
    assert_eq!(
        send(
            client()
                .get(s.url("/a/accounts/self"))
                .basic_auth("bob", Some("bob-pw"))
        )
        .await
        .status,
        200
    );
    assert_eq!(send(client().get(s.url("/things/"))).await.status, 200);
    let pair = |k: &str, v: &str| (k.to_owned(), v.to_owned());
    assert_eq!(
        recorder
            .calls()
            .into_iter()
            .map(|call| (call.group, call.metadata))
            .collect::<Vec<_>>(),
        vec![
            (
                "/restapi/things/big:GET".to_owned(),
                vec![pair("Thing.Name", "a/b")]
            ),
            (
                "/restapi/accounts:GET".to_owned(),
                vec![pair("Account.Id", "1000002")]
            ),
            ("/restapi/things/:GET".to_owned(), vec![]),
        ]
    );
}

#[tokio::test]
async fn the_quota_check_runs_before_preconditions_body_parsing_and_the_handler() {
    let refuse_all = TokenBucketEnforcer::from_yaml(
        "q.yaml",
        "rules:\n  - group: \"*\"\n    burst: 1\n    refill_per_second: 0.001\n",
    )
    .expect("valid");
    let s = server_with(Settings::default().quota(backend(Arc::new(refuse_all)))).await;
    let alice = |r: reqwest::RequestBuilder| r.basic_auth("alice", Some("alice-pw"));
    assert_eq!(
        send(alice(client().get(s.url("/a/things/x")))).await.status,
        200,
        "the one token"
    );
    let precondition = send(alice(
        client()
            .put(s.url("/a/things/x"))
            .header("If-None-Match", "*")
            .json(&serde_json::json!({})),
    ))
    .await;
    assert_eq!(precondition.status, 429, "quota before the 412");
    let malformed = send(alice(
        client()
            .post(s.url("/a/things/x/description"))
            .header("Content-Type", "application/json")
            .body("{"),
    ))
    .await;
    assert_eq!(malformed.status, 429, "quota before body parsing");
    let missing = send(alice(client().get(s.url("/a/things/ghost")))).await;
    assert_eq!(
        missing.status, 404,
        "an unknown resource is 404 before any quota check"
    );
}

/// An enforcer that misbehaves for `bob` (panics, or blocks four times the request
/// timeout: long enough to show the timeout, short enough for the test runtime to wait for
/// its blocking threads at the end) and grants everyone else.
#[derive(Debug)]
struct Misbehaving {
    hangs: bool,
}

impl Misbehaving {
    fn answer(
        &self,
        ctx: &restspec_runtime::QuotaRequestContext<'_>,
    ) -> restspec_runtime::QuotaResponse {
        if ctx.caller.identity().is_some_and(|i| i.username == "bob") {
            if self.hangs {
                std::thread::sleep(std::time::Duration::from_secs(4));
            } else {
                panic!("the enforcer broke");
            }
        }
        restspec_runtime::QuotaResponse::ok()
    }
}

impl QuotaEnforcer for Misbehaving {
    fn request_tokens(
        &self,
        _group: &str,
        ctx: &restspec_runtime::QuotaRequestContext<'_>,
        _tokens: u64,
    ) -> restspec_runtime::QuotaResponse {
        self.answer(ctx)
    }
    fn dry_run(
        &self,
        _group: &str,
        ctx: &restspec_runtime::QuotaRequestContext<'_>,
        _tokens: u64,
    ) -> restspec_runtime::QuotaResponse {
        self.answer(ctx)
    }
    fn available_tokens(
        &self,
        _group: &str,
        ctx: &restspec_runtime::QuotaRequestContext<'_>,
    ) -> restspec_runtime::QuotaResponse {
        self.answer(ctx)
    }
    fn refill(&self, _group: &str, _ctx: &restspec_runtime::QuotaRequestContext<'_>, _tokens: u64) {
    }
    fn may_block(&self) -> bool {
        self.hangs
    }
}

/// Bob's requests meet the misbehaving enforcer; alice's, sent meanwhile, are served.
async fn bob_fails_and_alice_is_served(hangs: bool) -> (u16, String) {
    let limits = restspec_runtime::Limits {
        request_timeout: std::time::Duration::from_secs(1),
        ..restspec_runtime::Limits::default()
    };
    let s = server_with(
        Settings::default()
            .limits(limits)
            .quota(backend(Arc::new(Misbehaving { hangs }))),
    )
    .await;
    let get = |user: &'static str| {
        send(
            client()
                .get(s.url("/a/things/x"))
                .basic_auth(user, Some(format!("{user}-pw"))),
        )
    };
    // Two of bob's at once: with a hanging enforcer, each holds a blocking thread.
    let bobs = async { tokio::join!(get("bob"), get("bob")) };
    let alices = async {
        let mut statuses = Vec::new();
        for _ in 0..5 {
            statuses.push(get("alice").await.status);
        }
        statuses
    };
    let ((first, second), alice) = tokio::join!(bobs, alices);
    assert_eq!(alice, [200; 5], "the others are served meanwhile");
    assert_eq!(first.status, second.status);
    (first.status, first.text())
}

#[tokio::test]
async fn a_panicking_enforcer_is_a_500_for_its_request_only() {
    let (status, text) = bob_fails_and_alice_is_served(false).await;
    assert_eq!((status, text.as_str()), (500, "Internal server error\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hanging_enforcer_is_a_503_after_the_request_timeout() {
    let started = std::time::Instant::now();
    let (status, text) = bob_fails_and_alice_is_served(true).await;
    assert_eq!(
        (status, text.as_str()),
        (503, "request timed out after 1 s\n")
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(4),
        "answered before the enforcer returned"
    );
}
