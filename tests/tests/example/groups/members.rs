//! A group's members.

use reqwest::StatusCode;
use serde_json::json as body;

use super::{create_group, names};
use crate::example::{Server, admin, send_json, send_text, user};

#[tokio::test]
async fn members() {
    let server = Server::start().await;
    for name in ["alice", "bob", "carol"] {
        server.create_account(name).await;
    }
    create_group(&server, "devs", body!({"visible_to_all": true})).await;

    let (status, added) = send_json(admin(server.put("/a/groups/devs/members/bob"))).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        added,
        body!({"_account_id": 1_000_002, "name": "User bob", "email": "bob@example.com", "username": "bob"})
    );
    let (status, added) = send_json(admin(server.post("/a/groups/devs/members.add")).json(
        &body!({
            "members": ["alice@example.com", "1000003", "bob"]
        }),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(names(&added), ["User alice", "User carol", "User bob"]);

    let (status, members) = send_json(server.get("/groups/devs/members/")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        names(&members),
        ["Administrator", "User alice", "User bob", "User carol"]
    );
    assert_eq!(
        members[1].get("email"),
        None,
        "anonymous callers see no emails"
    );
    let (status, member) =
        send_json(user(server.get("/a/groups/devs/members/self"), "carol")).await;
    assert_eq!(
        (status, &member["username"]),
        (StatusCode::OK, &body!("carol"))
    );

    let (status, _) = send_text(admin(server.delete("/a/groups/devs/members/alice"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, text) = send_text(admin(server.get("/a/groups/devs/members/alice"))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::NOT_FOUND, "Not found: alice\n")
    );
    let (status, _) = send_text(admin(server.delete("/a/groups/devs/members/alice"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send_text(admin(server.get("/a/groups/devs/members/nobody"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send_text(
        admin(server.post("/a/groups/devs/members.delete")).json(&body!({
            "members": ["bob", "carol"]
        })),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, members) = send_json(admin(server.get("/a/groups/devs/members"))).await;
    assert_eq!(names(&members), ["Administrator"]);

    let (status, text) = send_text(admin(server.put("/a/groups/devs/members/nobody"))).await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Account 'nobody' not found\n"
        )
    );
    let (status, text) = send_text(
        admin(server.post("/a/groups/devs/members.add")).json(&body!({"_one_member": "nobody"})),
    )
    .await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Account 'nobody' not found\n"
        )
    );
    let (status, _) = send_text(
        admin(server.post("/a/groups/devs/members.delete")).json(&body!({"members": ["nobody"]})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = send_text(
        admin(server.post("/a/groups/devs/members.add")).json(&body!({"members": "bob"})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (status, text) = send_text(user(server.put("/a/groups/devs/members/alice"), "bob")).await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::FORBIDDEN,
            "not permitted: not an owner of group 'devs'\n"
        )
    );
    let (status, text) = send_text(server.put("/groups/devs/members/alice")).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::FORBIDDEN, "Authentication required\n")
    );
    let (status, _) = send_text(admin(server.put("/a/groups/nope/members/alice"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
