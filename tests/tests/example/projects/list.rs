//! Project lists: `GET /projects/` and its options.

use serde_json::{Value, json as j};

use super::create;
use crate::example::{Server, admin, expect, expect_text, send};

#[tokio::test]
async fn the_root_projects_exist_and_the_list_is_a_map_keyed_by_name() {
    let server = Server::start().await;
    let list = expect(send(server.get("/projects/")).await, 200).await;
    assert_eq!(
        list,
        j!({
            "All-Projects": { "id": "All-Projects", "state": "ACTIVE" },
            "All-Users": { "id": "All-Users", "state": "ACTIVE" }
        })
    );
    let without_slash = expect(send(server.get("/projects")).await, 200).await;
    assert_eq!(without_slash, list);

    let root = expect(send(server.get("/projects/All-Projects")).await, 200).await;
    assert_eq!(
        root,
        j!({
            "id": "All-Projects",
            "name": "All-Projects",
            "description": "Access inherited by all other projects.",
            "state": "ACTIVE"
        })
    );
    let users = expect(send(server.get("/projects/All-Users/")).await, 200).await;
    assert_eq!(users["parent"], "All-Projects");
    let parent = expect(send(server.get("/projects/All-Projects/parent")).await, 200).await;
    assert_eq!(parent, "");
}

#[tokio::test]
async fn list_options_filter_page_and_add_fields() {
    let server = Server::start().await;
    create(
        &server,
        "alpha",
        j!({ "description": "A", "create_empty_commit": true }),
    )
    .await;
    create(&server, "beta", j!({ "parent": "alpha" })).await;
    create(
        &server,
        "Gamma",
        j!({ "create_empty_commit": true, "branches": ["stable"] }),
    )
    .await;

    let names =
        |v: &Value| -> Vec<String> { v.as_object().expect("a map").keys().cloned().collect() };
    let all = expect(send(server.get("/projects/")).await, 200).await;
    assert_eq!(
        names(&all),
        ["All-Projects", "All-Users", "Gamma", "alpha", "beta"]
    );

    let limited = expect(send(server.get("/projects/?n=2")).await, 200).await;
    assert_eq!(names(&limited), ["All-Projects", "All-Users"]);
    let skipped = expect(send(server.get("/projects/?n=2&S=2")).await, 200).await;
    assert_eq!(names(&skipped), ["Gamma", "alpha"]);
    let prefix = expect(send(server.get("/projects/?p=All-")).await, 200).await;
    assert_eq!(names(&prefix), ["All-Projects", "All-Users"]);
    let substring = expect(send(server.get("/projects/?m=GAM")).await, 200).await;
    assert_eq!(names(&substring), ["Gamma"]);
    let regex_as_text = expect(send(server.get("/projects/?r=lph")).await, 200).await;
    assert_eq!(names(&regex_as_text), ["alpha"]);

    for on in ["d", "d=", "d=yes", "d=1", "d=true", "d=on"] {
        let list = expect(
            send(server.get(&format!("/projects/?p=alpha&{on}"))).await,
            200,
        )
        .await;
        assert_eq!(list["alpha"]["description"], "A", "{on}");
    }
    for off in ["d=no", "d=0", "d=false", "d=off"] {
        let list = expect(
            send(server.get(&format!("/projects/?p=alpha&{off}"))).await,
            200,
        )
        .await;
        assert!(list["alpha"].get("description").is_none(), "{off}");
    }
    let tree = expect(send(server.get("/projects/?t&p=beta")).await, 200).await;
    assert_eq!(
        tree,
        j!({ "beta": { "id": "beta", "parent": "alpha", "state": "ACTIVE" } })
    );

    let with_branch = expect(send(server.get("/projects/?b=master")).await, 200).await;
    assert_eq!(names(&with_branch), ["alpha"]);
    let revision = with_branch["alpha"]["branches"]["master"]
        .as_str()
        .expect("a sha");
    assert_eq!(revision.len(), 40);
    let stable = expect(send(server.get("/projects/?b=stable&b=master")).await, 200).await;
    assert_eq!(names(&stable), ["Gamma", "alpha"]);
    assert!(stable["Gamma"]["branches"]["stable"].is_string());

    let active = expect(
        send(server.get("/projects/?s=ACTIVE&state=active")).await,
        200,
    )
    .await;
    assert_eq!(names(&active).len(), 5);
    let hidden = expect(send(admin(server.get("/a/projects/?all"))).await, 200).await;
    assert_eq!(names(&hidden).len(), 5);

    for bad in [
        "/projects/?p=a&m=b",
        "/projects/?all&s=ACTIVE",
        "/projects/?s=SLEEPING",
        "/projects/?type=docs",
        "/projects/?n=many",
        "/projects/?d=maybe",
        "/projects/?unknown=1",
    ] {
        expect_text(send(server.get(bad)).await, 400).await;
    }
}
