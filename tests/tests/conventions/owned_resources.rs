//! `family.owner` on `fixtures/common_style`: `/repos/{owner}/{repo}`, a top-level resource
//! named by two segments, resolved once (owner and name together) before the quota check,
//! which carries what the resolver found.

use std::sync::Arc;

use restspec_runtime::example_tests::QuotaRecorder;
use restspec_runtime::{QuotaBackend, Settings};
use restspec_tests::common_style::CommonStyle;

use super::{client, send};

async fn start(recorder: &Arc<QuotaRecorder>) -> (CommonStyle, String) {
    let service = CommonStyle::new();
    let mut quota = QuotaBackend::new();
    quota.register(recorder.clone());
    let base = service
        .clone()
        .serve(Settings::default().quota(quota))
        .await
        .expect("a loopback server starts");
    (service, base)
}

fn pair(owner: &str, repo: &str) -> (String, String) {
    (owner.to_owned(), repo.to_owned())
}

#[tokio::test]
async fn both_segments_are_resolved_once_before_the_quota_check() {
    let recorder = Arc::new(QuotaRecorder::default());
    let (service, base) = start(&recorder).await;
    let answer = send(client().get(format!("{base}/api/v1/repos/alice/tools"))).await;
    assert_eq!(answer.status, 200, "{}", answer.text());
    let body: serde_json::Value = serde_json::from_slice(&answer.body).expect("JSON");
    assert_eq!(body["full_name"], "alice/tools");
    assert_eq!(service.resolved_repos(), [pair("alice", "tools")], "once");
    let seen = recorder.calls();
    assert_eq!(seen.len(), 1);
    assert_eq!(
        seen[0].metadata,
        [("Repo.FullName".to_owned(), "alice/tools".to_owned())],
        "the quota check carries what the resolver found"
    );

    let topics = send(client().get(format!("{base}/api/v1/repos/bob/tools/topics"))).await;
    assert_eq!(topics.text().trim_end(), r#"["shell"]"#);
    assert_eq!(
        service.resolved_repos(),
        [pair("alice", "tools"), pair("bob", "tools")],
        "the owner tells `bob/tools` from `alice/tools`"
    );
    assert_eq!(
        service.repo_lookups_in_handlers(),
        0,
        "each handler read the repository its resolver handed on"
    );
}

#[tokio::test]
async fn an_unknown_pair_is_a_404_before_the_quota_check() {
    let recorder = Arc::new(QuotaRecorder::default());
    let (service, base) = start(&recorder).await;
    for path in [
        "/api/v1/repos/bob/notes",
        "/api/v1/repos/carol/tools/topics",
    ] {
        let answer = send(client().get(format!("{base}{path}"))).await;
        assert_eq!(answer.status, 404, "{path}");
        let body: serde_json::Value = serde_json::from_slice(&answer.body).expect("JSON");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(message.starts_with("404 "), "the spec's error body: {body}");
    }
    // The 404 is answered before the quota check; the fixture's `early_refusals: charged`
    // then charges it, as GitHub does, once per request.
    assert_eq!(
        recorder.calls().len(),
        2,
        "each refusal charged once, after the resolver found nothing"
    );
    assert_eq!(
        service.resolved_repos(),
        [pair("bob", "notes"), pair("carol", "tools")]
    );
}

#[tokio::test]
async fn the_typed_client_names_both_segments() {
    use restspec_tests::build_script::common_style::client::Client;
    let (_, base) = start(&Arc::new(QuotaRecorder::default())).await;
    let client = Client::new(&base).expect("a client");
    let repo = client.get_repo("alice", "tools").await.expect("found");
    assert_eq!(
        (repo.full_name.as_str(), repo.topics.len()),
        ("alice/tools", 2)
    );
    let missing = client.get_repo("alice", "nothing").await;
    assert!(missing.is_err(), "{missing:?}");
}
