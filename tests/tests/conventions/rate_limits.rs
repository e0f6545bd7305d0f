//! The rate-limit headers beyond the budget's size: what was used and the budget's
//! category (`used`, `resource`, GitHub's `X-RateLimit-Used` and `X-RateLimit-Resource`,
//! in `fixtures/common_style`), and refusals answered before the quota check telling the
//! budget, charged (`fixtures/common_style`, as GitHub counts them) or only shown
//! (`fixtures/conventions`).

use std::sync::Arc;

use restspec_runtime::quota::TokenBucketEnforcer;
use restspec_runtime::{QuotaBackend, Settings};
use restspec_tests::common_style::CommonStyle;

use super::{Answer, client, send, server_with};

/// A budget of `burst` requests, hardly refilled, for the groups `glob` matches.
fn quota(glob: &str, burst: u32) -> QuotaBackend {
    let rules =
        format!("rules:\n  - group: \"{glob}\"\n    burst: {burst}\n    refill_per_second: 0.01\n");
    let enforcer = TokenBucketEnforcer::from_yaml("quota.yaml", &rules).expect("valid rules");
    let mut backend = QuotaBackend::new();
    backend.register(Arc::new(enforcer));
    backend
}

/// `(limit, remaining, used, resource)` as an answer tells them.
fn budget(answer: &Answer) -> [Option<&str>; 4] {
    [
        answer.header("ratelimit-limit"),
        answer.header("ratelimit-remaining"),
        answer.header("x-ratelimit-used"),
        answer.header("x-ratelimit-resource"),
    ]
}

#[tokio::test]
async fn answers_tell_what_was_used_and_the_category_of_the_budget() {
    let base = CommonStyle::new()
        .serve(Settings::default().quota(quota("/teams/notes*", 3)))
        .await
        .expect("a loopback server starts");
    let note = send(
        client()
            .get(format!("{base}/api/v1/teams/notes/1"))
            .header("Origin", "https://app.example"),
    )
    .await;
    assert_eq!(note.status, 200, "{}", note.text());
    assert_eq!(
        budget(&note),
        [Some("3"), Some("2"), Some("1"), Some("core")],
        "the spec's `default_resource`"
    );
    // Browser scripts may read them, as they read the other rate-limit headers.
    let exposed = note
        .header("access-control-expose-headers")
        .unwrap_or_default();
    for name in [
        "X-RateLimit-Used",
        "X-RateLimit-Resource",
        "RateLimit-Remaining",
    ] {
        assert!(exposed.contains(name), "{name} in {exposed}");
    }
    let search = send(
        client()
            .post(format!("{base}/api/v1/teams/notes/search?in=title"))
            .header("Content-Type", "application/json")
            .body(r#"{"text":"first"}"#),
    )
    .await;
    assert_eq!(search.status, 200, "{}", search.text());
    assert_eq!(
        budget(&search),
        [Some("3"), Some("1"), Some("2"), Some("search")],
        "the endpoint's own `rate_limit_resource`"
    );
}

/// `early_refusals: charged`: a 401 for an unknown token (the address's budget) and a 404
/// for a note that does not exist cost a request and tell the budget; once nothing is
/// left the quota's 429 answers them; a path no endpoint serves costs nothing.
#[tokio::test]
async fn refusals_before_the_quota_check_are_charged_where_the_spec_says() {
    let base = CommonStyle::new()
        .serve(Settings::default().quota(quota("/teams/notes*", 3)))
        .await
        .expect("a loopback server starts");
    let note = format!("{base}/api/v1/teams/notes/1");
    let unknown = send(client().get(&note).bearer_auth("wrong-token")).await;
    assert_eq!(unknown.status, 401, "{}", unknown.text());
    assert_eq!(
        budget(&unknown),
        [Some("3"), Some("2"), Some("1"), Some("core")]
    );
    let nowhere = send(client().get(format!("{base}/api/v1/nothing/here"))).await;
    assert_eq!(
        (nowhere.status, nowhere.header("ratelimit-remaining")),
        (404, None),
        "no endpoint, no budget"
    );
    let missing = send(client().get(format!("{base}/api/v1/teams/notes/9"))).await;
    assert_eq!(missing.status, 404, "{}", missing.text());
    assert_eq!(
        budget(&missing),
        [Some("3"), Some("1"), Some("2"), Some("core")]
    );
    let last = send(client().get(&note)).await;
    assert_eq!(
        (last.status, last.header("ratelimit-remaining")),
        (200, Some("0"))
    );
    let spent = send(client().get(&note).bearer_auth("wrong-token")).await;
    assert_eq!(spent.status, 429, "{}", spent.text());
    assert_eq!(spent.header("ratelimit-remaining"), Some("0"));
    assert!(spent.header("retry-after").is_some());
    let missing = send(client().get(format!("{base}/api/v1/teams/notes/9"))).await;
    assert_eq!(missing.status, 429, "{}", missing.text());
}

/// `early_refusals: shown` (`fixtures/conventions`): a 404 for a thing that does not
/// exist and a 401 for a wrong password tell the budget as it stands, without spending
/// from it.
#[tokio::test]
async fn refusals_before_the_quota_check_show_the_budget_without_spending() {
    let s = server_with(Settings::default().quota(quota("/restapi/things:*", 2))).await;
    let missing = || {
        send(
            client()
                .get(s.url("/a/things/nope"))
                .basic_auth("alice", Some("alice-pw")),
        )
    };
    let first = missing().await;
    assert_eq!(
        (first.status, first.header("x-ratelimit-remaining")),
        (404, Some("2")),
        "{}",
        first.text()
    );
    let found = send(
        client()
            .get(s.url("/a/things/x"))
            .basic_auth("alice", Some("alice-pw")),
    )
    .await;
    assert_eq!(
        (found.status, found.header("x-ratelimit-remaining")),
        (200, Some("1"))
    );
    let again = missing().await;
    assert_eq!(
        (again.status, again.header("x-ratelimit-remaining")),
        (404, Some("1")),
        "nothing spent by the 404s"
    );
    let wrong = send(
        client()
            .get(s.url("/a/things/x"))
            .basic_auth("alice", Some("not-the-pw")),
    )
    .await;
    assert_eq!(
        (wrong.status, wrong.header("x-ratelimit-remaining")),
        (401, Some("2")),
        "the anonymous budget of the address, untouched"
    );
}

/// The spec's mistakes about these keys, each located with what to write instead.
#[test]
fn mistakes_in_the_new_keys_are_located_errors() {
    use restspec_tests::spec_sources::minimal_with;

    let errors = |conventions: &str, endpoint: &str| {
        minimal_with(conventions, endpoint)
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    let headers = errors(
        "  rate_limit_headers:\n    remaining: X-RateLimit-Remaining\n    \
         default_resource: core\n    early_refusals: always\n",
        "",
    );
    for expected in [
        "service.yaml:13:23: `default_resource` names a category no header carries\n  \
         hint: add `resource: X-RateLimit-Resource` beside it, or remove it",
        "service.yaml:14:21: unknown `early_refusals` `always`",
    ] {
        assert!(headers.contains(expected), "{expected:?} in {headers}");
    }
    let uncarried = errors("", "    rate_limit_resource: search\n");
    assert!(
        uncarried.contains(
            "`rate_limit_resource` names a category no header carries\n  \
             hint: add `resource: X-RateLimit-Resource` to `conventions.rate_limit_headers`"
        ),
        "{uncarried}"
    );
    let category = errors(
        "  rate_limit_headers:\n    resource: X-RateLimit-Resource\n",
        "    rate_limit_resource: full text\n",
    );
    assert!(
        category.contains("`full text` is not a quota category a header can carry"),
        "{category}"
    );
    let prefix = errors("  request_id_prefix: req_\n", "");
    assert!(
        prefix.contains(
            "service.yaml:11:22: `request_id_prefix` needs a `request_id_header` to carry the ids"
        ),
        "{prefix}"
    );
    let echoes = errors(
        "  echo_headers:\n    - { header: Stripe Version }\n    - { header: X-Api, default: v1 }\n    \
         - { header: x-api }\n",
        "",
    );
    for expected in [
        "service.yaml:12:17: `Stripe Version` is not a valid header name",
        "service.yaml:14:17: `x-api` is echoed twice",
    ] {
        assert!(echoes.contains(expected), "{expected:?} in {echoes}");
    }
    assert_eq!(
        errors(
            "  request_id_header: Request-Id\n  request_id_prefix: req_\n  rate_limit_headers:\n    \
             used: X-RateLimit-Used\n    resource: X-RateLimit-Resource\n    \
             default_resource: core\n    early_refusals: charged\n  echo_headers:\n    \
             - { header: Stripe-Version, default: \"2024-06-20\" }\n",
            "    rate_limit_resource: search\n",
        ),
        "",
        "all of them together are a valid spec"
    );
}
