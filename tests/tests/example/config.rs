//! `/config/` of the example service, with `/plugins/`, `/access/` and `/Documentation/`.

use reqwest::StatusCode;
use serde_json::{Value, json as j};

use crate::example::{Server, admin, expect, expect_text, send, user};

#[tokio::test]
async fn version_info_and_capabilities() {
    let server = Server::start().await;
    let version = expect(send(server.get("/config/server/version")).await, 200).await;
    assert_eq!(version, "3.13.0-restspec");

    let info = expect(send(server.get("/config/server/info")).await, 200).await;
    assert_eq!(info["auth"]["auth_type"], "HTTP");
    assert_eq!(
        info["gerrit"],
        j!({ "all_projects": "All-Projects", "all_users": "All-Users", "doc_search": true })
    );
    assert_eq!(
        info["user"]["anonymous_coward_name"],
        "Name of user not set"
    );
    let http = &info["download"]["schemes"]["http"];
    assert_eq!(http["url"], "http://localhost:8080/${project}");
    assert!(
        http["clone_commands"]["Clone"]
            .as_str()
            .expect("a command")
            .starts_with("git clone")
    );
    assert_eq!(info["change"]["update_delay"], 300);

    let capabilities = expect(send(server.get("/config/server/capabilities")).await, 200).await;
    for id in review_service::api::capabilities::ALL {
        assert_eq!(capabilities[id]["id"], *id, "{id}");
        assert!(capabilities[id]["name"].is_string(), "{id}");
    }
    assert_eq!(
        capabilities["createProject"],
        j!({ "id": "createProject", "name": "Create Project" })
    );
    assert_eq!(
        capabilities["runGC"],
        j!({ "id": "runGC", "name": "Run Garbage Collection" })
    );
}

#[tokio::test]
async fn caches_are_listed_and_flushed() {
    let server = Server::start().await;
    server.create_account("jane").await;

    let caches = expect(
        send(admin(server.get("/a/config/server/caches/"))).await,
        200,
    )
    .await;
    let names: Vec<&String> = caches.as_object().expect("a map").keys().collect();
    assert_eq!(
        names,
        [
            "accounts",
            "changes",
            "groups",
            "projects",
            "sessions",
            "web_sessions"
        ]
    );
    assert_eq!(
        caches["projects"],
        j!({ "type": "MEM", "entries": {}, "hit_ratio": {} })
    );
    let one = expect(
        send(admin(server.get("/a/config/server/caches/accounts"))).await,
        200,
    )
    .await;
    assert_eq!(
        one,
        j!({ "name": "accounts", "type": "MEM", "entries": {}, "hit_ratio": {} })
    );
    let prefixed = expect(
        send(admin(server.get("/a/config/server/caches/gerrit-accounts"))).await,
        200,
    )
    .await;
    assert_eq!(prefixed, one);

    let flushed = send(admin(server.post("/a/config/server/caches/projects/flush"))).await;
    assert_eq!(flushed.status(), StatusCode::NO_CONTENT);
    let flush_all = send(
        admin(server.post("/a/config/server/caches/")).json(&j!({ "operation": "FLUSH_ALL" })),
    )
    .await;
    assert_eq!(flush_all.status(), StatusCode::NO_CONTENT);
    let flush_some = send(
        admin(server.post("/a/config/server/caches/"))
            .json(&j!({ "operation": "FLUSH", "caches": ["accounts", "groups"] })),
    )
    .await;
    assert_eq!(flush_some.status(), StatusCode::NO_CONTENT);

    let unknown_in_body = send(
        admin(server.post("/a/config/server/caches/"))
            .json(&j!({ "operation": "FLUSH", "caches": ["accounts", "nope"] })),
    )
    .await;
    assert_eq!(
        expect_text(unknown_in_body, 422).await,
        "cache nope not found\n"
    );
    let no_caches =
        send(admin(server.post("/a/config/server/caches/")).json(&j!({ "operation": "FLUSH" })))
            .await;
    expect_text(no_caches, 400).await;
    let bad_operation =
        send(admin(server.post("/a/config/server/caches/")).json(&j!({ "operation": "DROP" })))
            .await;
    expect_text(bad_operation, 400).await;
    let malformed = send(
        admin(server.post("/a/config/server/caches/"))
            .header("Content-Type", "application/json")
            .body("{"),
    )
    .await;
    expect_text(malformed, 400).await;

    let unknown = send(admin(server.get("/a/config/server/caches/nope"))).await;
    assert_eq!(expect_text(unknown, 404).await, "Not found: nope\n");
    expect_text(
        send(admin(server.post("/a/config/server/caches/nope/flush"))).await,
        404,
    )
    .await;

    let forbidden = send(user(server.get("/a/config/server/caches/"), "jane")).await;
    assert_eq!(
        expect_text(forbidden, 403).await,
        "not permitted: viewCaches\n"
    );
    expect_text(
        send(server.get("/config/server/caches/accounts")).await,
        403,
    )
    .await;
    let flush_forbidden = send(user(
        server.post("/a/config/server/caches/accounts/flush"),
        "jane",
    ))
    .await;
    expect_text(flush_forbidden, 403).await;
}

#[tokio::test]
async fn summary_and_tasks() {
    let server = Server::start().await;
    server.create_account("jane").await;

    let summary = expect(
        send(admin(server.get("/a/config/server/summary?jvm"))).await,
        200,
    )
    .await;
    assert_eq!(summary["task_summary"], j!({}));
    assert!(summary["mem_summary"]["used"].is_string());
    assert!(summary["thread_summary"]["cpus"].as_i64().expect("cpus") >= 1);
    assert!(summary["jvm_summary"]["os_name"].is_string());
    let without_jvm = expect(
        send(admin(server.get("/a/config/server/summary?jvm=false&gc"))).await,
        200,
    )
    .await;
    assert!(without_jvm.get("jvm_summary").is_none());
    expect_text(
        send(user(server.get("/a/config/server/summary"), "jane")).await,
        403,
    )
    .await;

    let tasks = expect(
        send(admin(server.get("/a/config/server/tasks/"))).await,
        200,
    )
    .await;
    assert_eq!(tasks, j!([]));
    let task = send(admin(server.get("/a/config/server/tasks/1a2b3c"))).await;
    assert_eq!(expect_text(task, 404).await, "Not found: 1a2b3c\n");
    expect_text(
        send(user(server.get("/a/config/server/tasks/"), "jane")).await,
        403,
    )
    .await;
}

#[tokio::test]
async fn plugins_are_listed_disabled_enabled_and_reloaded() {
    let server = Server::start().await;
    server.create_account("jane").await;

    let plugins = expect(send(admin(server.get("/a/plugins/"))).await, 200).await;
    assert_eq!(
        plugins["replication"],
        j!({
            "id": "replication", "version": "3.13.0",
            "index_url": "plugins/replication/", "filename": "replication.jar"
        })
    );
    let names =
        |v: &Value| -> Vec<String> { v.as_object().expect("a map").keys().cloned().collect() };
    assert_eq!(
        names(&plugins),
        ["download-commands", "replication", "webhooks"]
    );

    let disabled = send(admin(server.post("/a/plugins/webhooks/gerrit~disable"))).await;
    assert_eq!(expect(disabled, 200).await["disabled"], true);
    let enabled_only = expect(send(admin(server.get("/a/plugins/"))).await, 200).await;
    assert_eq!(names(&enabled_only), ["download-commands", "replication"]);
    let all = expect(send(admin(server.get("/a/plugins/?all"))).await, 200).await;
    assert_eq!(
        names(&all),
        ["download-commands", "replication", "webhooks"]
    );
    assert_eq!(all["webhooks"]["disabled"], true);
    let status = expect(
        send(admin(server.get("/a/plugins/webhooks/gerrit~status"))).await,
        200,
    )
    .await;
    assert_eq!(status["disabled"], true);

    let reload_disabled = send(admin(server.post("/a/plugins/webhooks/gerrit~reload"))).await;
    expect_text(reload_disabled, 409).await;
    let enabled = send(admin(server.post("/a/plugins/webhooks/gerrit~enable"))).await;
    assert!(expect(enabled, 200).await.get("disabled").is_none());
    let reloaded = send(admin(server.post("/a/plugins/webhooks/gerrit~reload"))).await;
    assert_eq!(expect(reloaded, 200).await["id"], "webhooks");
    let deleted = send(admin(server.delete("/a/plugins/replication"))).await;
    assert_eq!(expect(deleted, 200).await["disabled"], true);

    let filtered = expect(send(admin(server.get("/a/plugins/?all&p=web"))).await, 200).await;
    assert_eq!(names(&filtered), ["webhooks"]);
    let substring = expect(
        send(admin(server.get("/a/plugins/?all=yes&m=COMMANDS"))).await,
        200,
    )
    .await;
    assert_eq!(names(&substring), ["download-commands"]);
    let paged = expect(
        send(admin(server.get("/a/plugins/?all&S=1&n=1"))).await,
        200,
    )
    .await;
    assert_eq!(names(&paged), ["replication"]);
    expect_text(send(admin(server.get("/a/plugins/?p=a&m=b"))).await, 400).await;

    let unknown = send(admin(server.get("/a/plugins/nope/gerrit~status"))).await;
    expect_text(unknown, 404).await;
    expect_text(
        send(admin(server.post("/a/plugins/nope/gerrit~enable"))).await,
        404,
    )
    .await;
    let forbidden = send(user(server.get("/a/plugins/"), "jane")).await;
    assert_eq!(
        expect_text(forbidden, 403).await,
        "not permitted: viewPlugins\n"
    );
    let disable_forbidden = send(user(
        server.post("/a/plugins/webhooks/gerrit~disable"),
        "jane",
    ))
    .await;
    expect_text(disable_forbidden, 403).await;
}

#[tokio::test]
async fn access_of_several_projects_is_a_map() {
    let server = Server::start().await;
    let access = expect(
        send(server.get("/access/?project=All-Projects&project=All-Users")).await,
        200,
    )
    .await;
    let names: Vec<&String> = access.as_object().expect("a map").keys().collect();
    assert_eq!(names, ["All-Projects", "All-Users"]);
    assert_eq!(access["All-Users"]["inherits_from"]["id"], "All-Projects");
    assert!(access["All-Projects"]["local"]["refs/heads/*"].is_object());
    assert_eq!(
        access["All-Projects"]["local"]["refs/heads/*"]["permissions"]["label-Code-Review"]["label"],
        "Code-Review"
    );

    let none = expect(send(server.get("/access/")).await, 200).await;
    assert_eq!(none, j!({}));
    let unknown = send(server.get("/access/?project=All-Projects&project=nope")).await;
    assert_eq!(expect_text(unknown, 404).await, "Not found: nope\n");
}

#[tokio::test]
async fn documentation_search() {
    let server = Server::start().await;
    let found = expect(send(server.get("/Documentation/?q=projects")).await, 200).await;
    assert_eq!(
        found,
        j!([{
            "title": "Code Review Service - /projects/ REST API",
            "url": "Documentation/rest-api-projects.html"
        }])
    );
    let every = expect(send(server.get("/Documentation/?q=rest%20API")).await, 200).await;
    assert_eq!(every.as_array().expect("a list").len(), 9);
    let none = expect(send(server.get("/Documentation/?q=frobnicate")).await, 200).await;
    assert_eq!(none, j!([]));
    expect_text(send(server.get("/Documentation/")).await, 400).await;
}

#[tokio::test]
async fn the_openapi_document_is_served_raw_to_anyone() {
    let server = Server::start().await;
    for path in ["/openapi.json", "/a/openapi.json"] {
        let answer = send(server.get(path)).await;
        assert_eq!(answer.status(), StatusCode::OK, "{path}");
        assert_eq!(
            answer.headers()["content-type"],
            "application/json; charset=UTF-8"
        );
        let text = answer.text().await.expect("a body");
        assert!(text.starts_with('{'), "no prefix line: {}", &text[..20]);
        assert_eq!(text, review_service::api::OPENAPI, "the generated constant");
        let document: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(document["openapi"], "3.1.0");
        assert_eq!(
            document["paths"]["/a/changes/{change-id}"]["get"]["operationId"],
            "get_change"
        );
        assert_eq!(
            document["paths"]["/changes/{change-id}"]["get"]["x-quota-group"],
            "/restapi/changes:GET"
        );
    }
}
