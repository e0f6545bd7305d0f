//! Header parameters (`headers:` on an endpoint), on `fixtures/common_style`'s
//! `GET /repos/{owner}/{repo}/headers`: typed, required, defaulted and bounded as query
//! options are (a `number` among them), a repeated header read as one comma-separated
//! list, and every refusal a 400 in the spec's error body naming the header; the typed
//! client sends them.

use restspec_runtime::Settings;
use restspec_tests::common_style::CommonStyle;

use super::{Answer, client, send};

const PATH: &str = "/api/v1/repos/alice/tools/headers";

async fn start() -> String {
    CommonStyle::new()
        .serve(Settings::default())
        .await
        .expect("a loopback server starts")
}

async fn get(base: &str, headers: &[(&str, &str)]) -> Answer {
    let mut request = client().get(format!("{base}{PATH}"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    send(request).await
}

fn json(answer: &Answer) -> serde_json::Value {
    serde_json::from_slice(&answer.body).expect("JSON")
}

#[tokio::test]
async fn header_parameters_reach_the_handler_typed() {
    let base = start().await;
    let answer = get(
        &base,
        &[
            ("X-Requested-By", "alice"),
            ("x-github-api-version", "2026-03-10"),
            ("X-Page-Limit", "20"),
            ("X-Labels", "a, b"),
            ("X-Labels", "c"),
            ("X-Min-Score", "0.75"),
            ("X-Dry-Run", "false"),
        ],
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(
        json(&answer),
        serde_json::json!({
            "api_version": "2026-03-10", "requested_by": "alice", "limit": 20,
            "labels": ["a", "b", "c"], "min_score": 0.75, "dry_run": false
        })
    );
    // Left out: the default, none, an empty list.
    let answer = get(&base, &[("X-Requested-By", "bob"), ("X-Dry-Run", "on")]).await;
    assert_eq!(
        json(&answer),
        serde_json::json!({
            "api_version": "2022-11-28", "requested_by": "bob", "labels": [], "min_score": 0.5,
            "dry_run": true
        })
    );
}

#[tokio::test]
async fn a_header_that_is_missing_or_does_not_fit_is_a_400_naming_it() {
    let base = start().await;
    for (headers, message) in [
        (vec![], "400 header X-Requested-By is missing"),
        // A required switch is said, on or off: left out, it is missing.
        (
            vec![("X-Requested-By", "a")],
            "400 header X-Dry-Run is missing",
        ),
        (
            vec![("X-Requested-By", "a"), ("X-Page-Limit", "500")],
            "400 invalid header X-Page-Limit: 500 is above 100",
        ),
        (
            vec![("X-Requested-By", "a"), ("X-Page-Limit", "many")],
            "400 invalid header X-Page-Limit: \"many\" is not a whole number",
        ),
        (
            vec![
                ("X-Requested-By", "a"),
                ("X-GitHub-Api-Version", "1999"),
                ("X-Dry-Run", "1"),
            ],
            "400 invalid header X-GitHub-Api-Version",
        ),
    ] {
        let answer = get(&base, &headers).await;
        assert_eq!(answer.status, 400, "{headers:?}: {}", answer.text());
        let body = json(&answer);
        let said = body["message"].as_str().unwrap_or_default();
        assert!(said.starts_with(message), "{headers:?}: {said}");
    }
    // Within its bounds, but none of its `values`.
    let answer = get(
        &base,
        &[
            ("X-Requested-By", "a"),
            ("X-Page-Limit", "30"),
            ("X-Dry-Run", "0"),
        ],
    )
    .await;
    assert_eq!(answer.status, 400, "{}", answer.text());
    let said = json(&answer)["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        said.contains("X-Page-Limit: not one of 10, 20, 50, 100"),
        "{said}"
    );
}

#[tokio::test]
async fn the_typed_client_sends_header_parameters() {
    use restspec_tests::build_script::common_style::client::Client;
    use restspec_tests::build_script::common_style::headers::GetRepoHeadersHeaders;
    use restspec_tests::build_script::common_style::types::ApiVersion;
    let base = start().await;
    let client = Client::new(&base).expect("a client");
    let headers = GetRepoHeadersHeaders {
        x_git_hub_api_version: ApiVersion::N20260310,
        x_requested_by: "carol".to_owned(),
        x_page_limit: Some(50),
        x_labels: vec!["x".to_owned(), "y".to_owned()],
        x_min_score: 1.5,
        x_dry_run: true,
    };
    let got = client
        .get_repo_headers("alice", "tools", &headers)
        .await
        .expect("an answer");
    assert_eq!(
        (
            got.api_version,
            got.requested_by.as_str(),
            got.limit,
            got.labels.len()
        ),
        (ApiVersion::N20260310, "carol", Some(50), 2)
    );
    assert_eq!((got.min_score, got.dry_run), (1.5, true));
}
