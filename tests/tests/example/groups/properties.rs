//! A group's name, description, options and owner.

use reqwest::StatusCode;
use serde_json::json as body;

use super::create_group;
use crate::example::{Server, admin, send_json, send_text, user};

#[tokio::test]
async fn name_description_options_and_owner() {
    let server = Server::start().await;
    server.create_account("alice").await;
    create_group(&server, "devs", body!({"visible_to_all": true})).await;
    create_group(&server, "ops", body!({"owner": "Administrators"})).await;

    let (status, name) = send_json(server.get("/groups/devs/name")).await;
    assert_eq!((status, name), (StatusCode::OK, body!("devs")));
    let (status, name) =
        send_json(admin(server.put("/a/groups/devs/name")).json(&body!({"name": "developers"})))
            .await;
    assert_eq!((status, name), (StatusCode::OK, body!("developers")));
    let (status, _) = send_text(server.get("/groups/devs")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, text) =
        send_text(admin(server.put("/a/groups/developers/name")).json(&body!({"name": "ops"})))
            .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::CONFLICT, "group 'ops' already exists\n")
    );
    let (status, text) =
        send_text(admin(server.put("/a/groups/developers/name")).json(&body!({}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("missing field `name`"), "{text}");

    let (_, description) = send_json(server.get("/groups/developers/description")).await;
    assert_eq!(description, body!(""));
    let (status, description) = send_json(
        admin(server.put("/a/groups/developers/description"))
            .json(&body!({"description": "All of them"})),
    )
    .await;
    assert_eq!(
        (status, description),
        (StatusCode::OK, body!("All of them"))
    );
    let (_, group) = send_json(server.get("/groups/developers")).await;
    assert_eq!(group["description"], "All of them");
    let (status, _) = send_text(admin(server.delete("/a/groups/developers/description"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, group) = send_json(server.get("/groups/developers")).await;
    assert_eq!(group.get("description"), None);

    let (status, options) = send_json(server.get("/groups/developers/options")).await;
    assert_eq!(
        (status, options),
        (StatusCode::OK, body!({"visible_to_all": true}))
    );
    let (status, options) =
        send_json(admin(server.put("/a/groups/developers/options")).json(&body!({}))).await;
    assert_eq!((status, options), (StatusCode::OK, body!({})));
    let (status, _) = send_text(server.get("/groups/developers")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "no longer visible to all");

    let (status, owner) = send_json(admin(server.get("/a/groups/developers/owner"))).await;
    assert_eq!(
        (status, &owner["name"]),
        (StatusCode::OK, &body!("developers"))
    );
    let (status, owner) =
        send_json(admin(server.put("/a/groups/developers/owner")).json(&body!({"owner": "ops"})))
            .await;
    assert_eq!((status, &owner["name"]), (StatusCode::OK, &body!("ops")));
    let (_, group) = send_json(admin(server.get("/a/groups/developers"))).await;
    assert_eq!(
        (&group["owner"], &group["owner_id"]),
        (&body!("ops"), &owner["id"])
    );
    let (status, text) =
        send_text(admin(server.put("/a/groups/developers/owner")).json(&body!({"owner": "nope"})))
            .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "Group Not Found: nope\n")
    );

    // Only owners (members of the owner group) and administrators change a group.
    let (status, _) = send_text(admin(server.put("/a/groups/ops/members/alice"))).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = send_json(
        user(server.put("/a/groups/developers/description"), "alice")
            .json(&body!({"description": "x"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "alice owns developers through ops");
    let (status, text) = send_text(
        user(server.put("/a/groups/ops/description"), "alice").json(&body!({"description": "x"})),
    )
    .await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::FORBIDDEN,
            "not permitted: not an owner of group 'ops'\n"
        )
    );
}
