//! The children of a project and the access rights it has or inherits.

use serde_json::json as j;

use super::create;
use crate::example::{Server, admin, expect, expect_text, send};

#[tokio::test]
async fn children_and_access_rights() {
    let server = Server::start().await;
    create(&server, "parent", j!({})).await;
    create(&server, "parent%2Fchild", j!({ "parent": "parent" })).await;
    create(&server, "grandchild", j!({ "parent": "parent/child" })).await;

    let children = expect(send(server.get("/projects/parent/children/")).await, 200).await;
    assert_eq!(
        children,
        j!([{ "id": "parent%2Fchild", "name": "parent/child", "parent": "parent", "state": "ACTIVE" }])
    );
    let recursive = expect(
        send(server.get("/projects/parent/children/?recursive")).await,
        200,
    )
    .await;
    let names: Vec<&str> = recursive
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| p["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["grandchild", "parent/child"]);
    let child = expect(
        send(server.get("/projects/parent/children/parent%2Fchild")).await,
        200,
    )
    .await;
    assert_eq!(child["name"], "parent/child");
    expect_text(
        send(server.get("/projects/parent/children/grandchild")).await,
        404,
    )
    .await;
    let deep = expect(
        send(server.get("/projects/parent/children/grandchild?recursive=true")).await,
        200,
    )
    .await;
    assert_eq!(deep["parent"], "parent/child");
    expect_text(
        send(server.get("/projects/parent/children/nope")).await,
        404,
    )
    .await;

    let root_access = expect(
        send(admin(server.get("/a/projects/All-Projects/access"))).await,
        200,
    )
    .await;
    assert_eq!(root_access["is_owner"], true);
    assert_eq!(root_access["owner_of"], j!(["refs/*"]));
    assert_eq!(root_access["revision"].as_str().expect("a sha").len(), 40);
    assert!(root_access.get("inherits_from").is_none());
    assert_eq!(
        root_access["local"]["refs/*"]["permissions"]["read"]["rules"]["global:Anonymous-Users"],
        j!({ "action": "ALLOW" })
    );
    assert_eq!(
        root_access["groups"]["global:Anonymous-Users"],
        j!({ "name": "Anonymous Users" })
    );

    let child_access = expect(
        send(server.get("/projects/parent%2Fchild/access")).await,
        200,
    )
    .await;
    assert_eq!(child_access["inherits_from"]["id"], "parent");
    assert_eq!(child_access["local"], j!({}));
    assert_eq!(child_access["owner_of"], j!([]));
    assert!(child_access.get("is_owner").is_none());
    expect_text(send(server.get("/projects/nope/access")).await, 404).await;
}
