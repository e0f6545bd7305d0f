//! 429 on the example: the token-bucket enforcer, configured from the command line's (protocol 11.6)
//! YAML with a small limit, refuses the third project creation of a caller and says when
//! to retry; other callers and other groups are not affected.

use super::{PASSWORD, Server};

#[tokio::test]
async fn the_token_bucket_enforcer_answers_429_with_retry_after() {
    let server = Server::start_with_quota(
        "example-quota",
        "rules:\n  - group: \"/restapi/projects:PUT\"\n    burst: 2\n    refill_per_second: 0.05\n",
    )
    .await;
    let create = |name: &'static str| {
        server
            .put(&format!("/a/projects/{name}"))
            .basic_auth("admin", Some(PASSWORD))
            .json(&serde_json::json!({}))
            .send()
    };
    assert_eq!(create("q1").await.expect("request").status(), 201);
    assert_eq!(create("q2").await.expect("request").status(), 201);
    let refused = create("q3").await.expect("request");
    assert_eq!(refused.status(), 429);
    let wait: u64 = refused.headers()["retry-after"]
        .to_str()
        .expect("text")
        .parse()
        .expect("seconds");
    assert!(
        (15..=21).contains(&wait),
        "one token at 0.05/s is about 20 s, got {wait}"
    );
    let body = refused.text().await.expect("body");
    assert!(
        body.starts_with("quota exceeded for /restapi/projects:PUT"),
        "{body}"
    );
    assert_eq!(
        server
            .get("/projects/q3")
            .send()
            .await
            .expect("request")
            .status(),
        404,
        "the refused request did nothing"
    );
    let reads = server
        .get("/a/projects/q1")
        .basic_auth("admin", Some(PASSWORD))
        .send()
        .await
        .expect("request");
    assert_eq!(reads.status(), 200, "other groups are not limited");
}
