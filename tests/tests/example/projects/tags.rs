//! The tags of a project, lightweight and annotated, and the commit they name.

use reqwest::StatusCode;
use serde_json::json as j;

use super::create;
use crate::example::{Server, admin, expect, expect_text, send};

#[tokio::test]
async fn tags_and_commits() {
    let server = Server::start().await;
    create(&server, "p", j!({ "create_empty_commit": true })).await;
    let tip = expect(send(server.get("/projects/p/branches/master")).await, 200).await["revision"]
        .as_str()
        .expect("a sha")
        .to_owned();

    let light = send(admin(server.put("/a/projects/p/tags/v1.0")).json(&j!({}))).await;
    let light = expect(light, 201).await;
    assert_eq!(light["ref"], "refs/tags/v1.0");
    assert_eq!(light["revision"], tip.as_str());
    assert!(light.get("object").is_none() && light.get("tagger").is_none());

    let annotated = send(
        admin(server.put("/a/projects/p/tags/v2.0"))
            .json(&j!({ "revision": "master", "message": "Second" })),
    )
    .await;
    let annotated = expect(annotated, 201).await;
    assert_eq!(annotated["object"], tip.as_str());
    assert_eq!(annotated["message"], "Second");
    assert_eq!(annotated["tagger"]["name"], "Administrator");
    assert_ne!(annotated["revision"], tip.as_str());

    let taken = send(admin(server.put("/a/projects/p/tags/v1.0")).json(&j!({}))).await;
    expect_text(taken, 409).await;
    let bad_revision = send(
        admin(server.put("/a/projects/p/tags/v3"))
            .json(&j!({ "revision": "0000000000000000000000000000000000000000" })),
    )
    .await;
    expect_text(bad_revision, 422).await;

    let tags = expect(send(server.get("/projects/p/tags/")).await, 200).await;
    let refs: Vec<&str> = tags
        .as_array()
        .expect("a list")
        .iter()
        .map(|t| t["ref"].as_str().expect("ref"))
        .collect();
    assert_eq!(refs, ["refs/tags/v1.0", "refs/tags/v2.0"]);
    let limited = expect(send(server.get("/projects/p/tags/?n=1&S=1")).await, 200).await;
    assert_eq!(limited[0]["ref"], "refs/tags/v2.0");
    let one = expect(
        send(server.get("/projects/p/tags/refs%2Ftags%2Fv2.0")).await,
        200,
    )
    .await;
    assert_eq!(one["message"], "Second");
    expect_text(send(server.get("/projects/p/tags/v9")).await, 404).await;

    let deleted = send(admin(server.delete("/a/projects/p/tags/v1.0"))).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    expect_text(
        send(admin(server.delete("/a/projects/p/tags/v1.0"))).await,
        404,
    )
    .await;

    let commit = expect(
        send(server.get(&format!("/projects/p/commits/{tip}"))).await,
        200,
    )
    .await;
    assert_eq!(commit["commit"], tip.as_str());
    assert_eq!(commit["subject"], "Initial empty repository");
    assert_eq!(commit["parents"], j!([]));
    assert_eq!(commit["author"]["name"], "Administrator");
    let unknown =
        send(server.get("/projects/p/commits/0123456789012345678901234567890123456789")).await;
    expect_text(unknown, 404).await;
    let other_project = send(server.get(&format!("/projects/All-Users/commits/{tip}"))).await;
    expect_text(other_project, 404).await;
}
