//! The GitLab subset over loopback, driven by its own generated typed client (which shares
//! `api::types` with the server) and by raw HTTP where the wire matters: tokens where the
//! spec puts them, `{"message"}` errors decoded into the typed `Error`, pages walked by
//! their `Link`, links on the configured public URL, absent/null/value in updates.

use gitlab_subset::api::client::{Client, ClientConfig};
use gitlab_subset::api::{Error, types};
use restspec_runtime::Tristate;
use restspec_runtime::client::ClientError;

async fn start_with(public_url: Option<&str>) -> String {
    let gitlab = gitlab_subset::Gitlab::seeded();
    let mut settings = gitlab_subset::settings(gitlab.clone());
    if let Some(url) = public_url {
        settings = settings.public_url(url);
    }
    let app = gitlab_subset::api::router(gitlab, settings);
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

fn alice(base: &str) -> Client {
    Client::with_config(ClientConfig::new(base).token("alice-token")).expect("a URL")
}

fn new_project(name: &str) -> types::ProjectCreate {
    types::ProjectCreate {
        name: name.to_owned(),
        path: None,
        description: Tristate::Absent,
        visibility: None,
    }
}

fn new_issue(title: &str) -> types::IssueCreate {
    types::IssueCreate {
        title: title.to_owned(),
        description: Tristate::Absent,
        labels: None,
        confidential: None,
        due_date: Tristate::Absent,
    }
}

#[tokio::test]
async fn the_typed_client_walks_every_page_and_reads_typed_errors() {
    let base = start_with(None).await;
    let client = alice(&base);
    let project = client
        .create_project(&new_project("Typed Walk"))
        .await
        .expect("created");
    assert_eq!(project.path_with_namespace, "alice/typed-walk");
    let id = project.id.to_string();
    for n in 1..=5 {
        client
            .create_issue(&id, &new_issue(&format!("issue {n}")))
            .await
            .expect("opened");
    }
    let options = Default::default();
    let all = client
        .list_issues(&id, &options)
        .page(1, 2)
        .all(10)
        .await
        .expect("every page");
    let mut iids: Vec<i64> = all.iter().map(|i| i.iid).collect();
    iids.sort_unstable();
    assert_eq!(iids, [1, 2, 3, 4, 5]);

    // By its path, URL-encoded by the client: the same project.
    let by_path = client
        .get_project("alice/typed-walk")
        .await
        .expect("found by path");
    assert_eq!(by_path.id, project.id);

    match client.get_project("alice/nothing-here").await {
        Err(ClientError::Api(failure)) => {
            assert_eq!(failure.status, 404);
            assert!(
                matches!(failure.error, Some(Error::NotFound(ref m)) if m == "404 Project Not Found"),
                "{failure:?}"
            );
        }
        other => panic!("expected a 404, got {other:?}"),
    }
    let stranger =
        Client::with_config(ClientConfig::new(&base).token("stolen-token")).expect("a URL");
    match stranger.get_project("1").await {
        Err(ClientError::Api(failure)) => assert_eq!(failure.status, 401, "{failure:?}"),
        other => panic!("expected a 401, got {other:?}"),
    }
}

#[tokio::test]
async fn an_update_leaves_absent_fields_clears_null_ones_and_sets_values() {
    let base = start_with(None).await;
    let client = alice(&base);
    let project = client
        .create_project(&new_project("Partial"))
        .await
        .expect("created");
    let id = project.id.to_string();
    let change = |description: Tristate<String>, name: Option<&str>| types::ProjectChanges {
        name: name.map(str::to_owned),
        description,
        default_branch: Tristate::Absent,
        visibility: None,
    };
    let set = client
        .update_project(&id, &change(Tristate::Value("kept".into()), None))
        .await
        .expect("set");
    assert_eq!(set.description.as_deref(), Some("kept"));
    let renamed = client
        .update_project(&id, &change(Tristate::Absent, Some("Partial Two")))
        .await
        .expect("renamed");
    assert_eq!(
        (renamed.name.as_str(), renamed.description.as_deref()),
        ("Partial Two", Some("kept"))
    );
    let cleared = client
        .update_project(&id, &change(Tristate::Null, None))
        .await
        .expect("cleared");
    assert_eq!(cleared.description, None);
}

#[tokio::test]
async fn links_and_web_urls_start_with_the_public_url() {
    let base = start_with(Some("https://git.example.com/")).await;
    let answer = reqwest::Client::new()
        .get(format!("{base}/api/v4/users?per_page=1&search=b"))
        .send()
        .await
        .expect("answered");
    assert_eq!(answer.status(), 200);
    let headers = answer.headers().clone();
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    assert_eq!(header("content-type"), Some("application/json"));
    assert_eq!(header("x-total"), Some("1"));
    assert_eq!(
        header("link"),
        Some(
            "<https://git.example.com/api/v4/users?search=b&page=1&per_page=1>; rel=\"first\", \
             <https://git.example.com/api/v4/users?search=b&page=1&per_page=1>; rel=\"last\""
        )
    );
    assert!(header("ratelimit-remaining").is_some());
    let users: serde_json::Value = answer.json().await.expect("JSON");
    assert_eq!(users[0]["web_url"], "https://git.example.com/bob");
    assert_eq!(
        users[0]["avatar_url"],
        serde_json::Value::Null,
        "null, not absent"
    );
}

#[tokio::test]
async fn typed_path_parameters_are_parsed_before_the_handler() {
    let base = start_with(None).await;
    let client = alice(&base);
    let mr = client
        .get_merge_request("alice/seed", 1)
        .await
        .expect("the first merge request of alice's first project");
    assert_eq!((mr.iid, mr.source_branch.as_str()), (1, "feature"));
    let raw = reqwest::Client::new()
        .get(format!("{base}/api/v4/projects/1/merge_requests/first"))
        .send()
        .await
        .expect("answered");
    assert_eq!(raw.status(), 404, "not a number: names nothing");
    let body: serde_json::Value = raw.json().await.expect("JSON");
    assert_eq!(body["message"], "404 Not Found");
}

#[tokio::test]
async fn a_refused_field_is_answered_with_the_typed_body_and_read_back_as_it() {
    let base = start_with(None).await;
    let client = alice(&base);
    match client.create_issue("1", &new_issue(" ")).await {
        Err(ClientError::Api(failure)) => {
            assert_eq!(failure.status, 400);
            let Some(Error::Invalid(body)) = failure.error else {
                panic!("expected the typed body, got {failure:?}");
            };
            assert_eq!(body.message["title"], ["can't be blank"]);
        }
        other => panic!("expected a 400, got {other:?}"),
    }
    let raw = reqwest::Client::new()
        .post(format!("{base}/api/v4/projects/1/issues"))
        .header("PRIVATE-TOKEN", "alice-token")
        .header("Content-Type", "application/json")
        .body(r#"{"title":""}"#)
        .send()
        .await
        .expect("answered");
    assert_eq!(raw.status(), 400);
    assert_eq!(
        raw.text().await.expect("a body"),
        r#"{"message":{"title":["can't be blank"]}}"#
    );
}
