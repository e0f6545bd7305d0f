//! The three calls the protocol's quota section names as examples (protocol 8.1:
//! `POST /a/changes/`, a revision's detail, an account's detail) on the example service,
//! and through them the request and output conventions (protocol 4.2, 4.3), basic
//! authentication (protocol 5) and the status table (protocol 7).

use reqwest::StatusCode;
use serde_json::Value;

use super::{PASSWORD, Server, json};

async fn create_change(server: &Server) -> Value {
    let response = server
        .post("/a/changes/")
        .basic_auth("admin", Some(PASSWORD))
        .json(&serde_json::json!({
            "project": "All-Projects", "branch": "master", "subject": "Fix the frobnicator",
            "unknown_field": "ignored"
        }))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::CREATED);
    json(response).await.1
}

#[tokio::test]
async fn post_changes_creates_a_change() {
    let server = Server::start().await;
    let change = create_change(&server).await;
    assert_eq!(change["_number"], 1);
    assert_eq!(change["status"], "NEW");
    assert_eq!(change["id"], "All-Projects~1");
    assert_eq!(change["owner"]["_account_id"], 1_000_000);
    let created = change["created"].as_str().expect("a timestamp");
    assert_eq!(
        created.len(),
        "2026-11-22 07:24:05.000000000".len(),
        "{created}"
    );
}

#[tokio::test]
async fn get_revision_detail_answers_with_the_json_prefix() {
    let server = Server::start().await;
    create_change(&server).await;
    let response = server
        .get("/a/changes/All-Projects~1/revisions/current/detail")
        .basic_auth("admin", Some(PASSWORD))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "application/json; charset=UTF-8"
    );
    let (prefix, change) = json(response).await;
    assert_eq!(prefix, ")]}'");
    assert_eq!(change["subject"], "Fix the frobnicator");

    let missing = server
        .get("/changes/1/revisions/7/detail")
        .send()
        .await
        .expect("request");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn get_account_detail_resolves_self_for_authenticated_callers() {
    let server = Server::start().await;
    let response = server
        .get("/a/accounts/self/detail")
        .basic_auth("admin", Some(PASSWORD))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    let (_, account) = json(response).await;
    assert_eq!(account["_account_id"], 1_000_000);
    assert_eq!(account["username"], "admin");

    let anonymous = server
        .get("/accounts/self/detail")
        .send()
        .await
        .expect("request");
    assert_eq!(anonymous.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn wrong_credentials_on_the_authenticated_form_are_401_with_a_challenge() {
    let server = Server::start().await;
    let response = server
        .get("/a/accounts/self/detail")
        .basic_auth("admin", Some("wrong"))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        response.headers()["www-authenticate"],
        "Basic realm=\"Code Review Service\""
    );
    assert_eq!(response.text().await.expect("body"), "Unauthorized\n");
}

#[tokio::test]
async fn output_is_pretty_by_default_and_compact_on_request() {
    let server = Server::start().await;
    let pretty = server
        .get("/accounts/1000000")
        .send()
        .await
        .expect("request");
    let pretty = pretty.text().await.expect("body");
    assert!(
        pretty.starts_with(")]}'\n{\n  \"_account_id\": 1000000,"),
        "{pretty}"
    );
    let compact = server
        .get("/accounts/1000000?pp=0")
        .send()
        .await
        .expect("request");
    assert_eq!(
        compact.text().await.expect("body"),
        ")]}'\n{\"_account_id\":1000000,\"name\":\"Administrator\",\"username\":\"admin\"}\n"
    );
    let by_accept = server
        .get("/accounts/1000000")
        .header("Accept", "application/json")
        .send()
        .await
        .expect("request");
    assert!(
        by_accept
            .text()
            .await
            .expect("body")
            .starts_with(")]}'\n{\"_account_id\"")
    );
}

#[tokio::test]
async fn bad_requests_get_the_status_table_answers() {
    let server = Server::start().await;
    let malformed = server
        .post("/a/changes/")
        .basic_auth("admin", Some(PASSWORD))
        .header("Content-Type", "application/json")
        .body("{\"project\": ")
        .send()
        .await
        .expect("request");
    assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        malformed.headers()["content-type"],
        "text/plain; charset=UTF-8"
    );

    let missing_field = server
        .post("/a/changes/")
        .basic_auth("admin", Some(PASSWORD))
        .json(&serde_json::json!({ "project": "All-Projects" }))
        .send()
        .await
        .expect("request");
    assert_eq!(missing_field.status(), StatusCode::BAD_REQUEST);
    assert!(
        missing_field
            .text()
            .await
            .expect("body")
            .contains("missing field `branch`")
    );

    let anonymous = server
        .post("/changes/")
        .json(&serde_json::json!({}))
        .send()
        .await
        .expect("request");
    assert_eq!(anonymous.status(), StatusCode::FORBIDDEN);

    let unknown = server.get("/nowhere").send().await.expect("request");
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    assert_eq!(unknown.text().await.expect("body"), "Not Found\n");

    let wrong_method = server
        .client
        .delete(format!("{}/accounts/1000000", server.base))
        .send()
        .await
        .expect("request");
    assert_eq!(wrong_method.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(wrong_method.headers().contains_key("allow"));
}

#[tokio::test]
async fn collections_answer_with_and_without_trailing_slash() {
    let server = Server::start().await;
    for path in ["/a/changes/", "/a/changes", "/a//changes/"] {
        let response = server
            .post(path)
            .basic_auth("admin", Some(PASSWORD))
            .json(&serde_json::json!({ "project": "All-Projects", "branch": "master", "subject": "x" }))
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::CREATED, "{path}");
    }
    let member = server.get("/changes/2/").send().await.expect("request");
    assert_eq!(member.status(), StatusCode::OK);
}
