//! The groups included in a group.

use reqwest::StatusCode;
use serde_json::json as body;

use super::{create_group, keys, names};
use crate::example::{Server, admin, send_json, send_text, user};

#[tokio::test]
async fn subgroups() {
    let server = Server::start().await;
    server.create_account("alice").await;
    server.create_account("bob").await;
    create_group(
        &server,
        "devs",
        body!({"visible_to_all": true, "members": ["alice"]}),
    )
    .await;
    create_group(
        &server,
        "ops",
        body!({"owner": "Administrators", "members": ["bob"]}),
    )
    .await;
    create_group(&server, "qa", body!({"owner": "Administrators"})).await;

    let (status, text) = send_text(user(server.put("/a/groups/devs/groups/qa"), "bob")).await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::FORBIDDEN,
            "not permitted: not an owner of group 'devs'\n"
        )
    );
    let (status, added) = send_json(admin(server.put("/a/groups/devs/groups/ops"))).await;
    assert_eq!(
        (status, &added["name"]),
        (StatusCode::CREATED, &body!("ops"))
    );
    let (status, added) = send_json(
        admin(server.post("/a/groups/devs/groups.add")).json(&body!({
            "groups": ["qa", "Registered Users"]
        })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(names(&added), ["qa", "Registered Users"]);

    let (status, subgroups) = send_json(admin(server.get("/a/groups/devs/groups/"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        names(&subgroups),
        ["Registered Users", "ops", "qa"],
        "by name, as Java sorts"
    );
    let (status, sub) = send_json(admin(server.get("/a/groups/devs/groups/ops"))).await;
    assert_eq!(
        (status, &sub["owner"]),
        (StatusCode::OK, &body!("Administrators"))
    );
    let (_, detail) = send_json(admin(server.get("/a/groups/devs/detail"))).await;
    assert_eq!(
        names(&detail["includes"]),
        ["Registered Users", "ops", "qa"]
    );
    let (_, listed) = send_json(admin(server.get("/a/groups/?o=INCLUDES&o=members&q=devs"))).await;
    assert_eq!(keys(&listed), ["devs"]);
    assert_eq!(
        names(&listed["devs"]["includes"]),
        ["Registered Users", "ops", "qa"]
    );
    assert_eq!(
        names(&listed["devs"]["members"]),
        ["Administrator", "User alice"]
    );

    // Members of the included internal groups count with `recursive`; bob is in devs now
    // (so is everyone, through `Registered Users`).
    let (_, members) = send_json(admin(server.get("/a/groups/devs/members/?recursive"))).await;
    assert_eq!(names(&members), ["Administrator", "User alice", "User bob"]);
    let (_, groups) = send_json(user(server.get("/a/accounts/self/groups"), "bob")).await;
    assert_eq!(
        names(&groups),
        ["Anonymous Users", "Registered Users", "devs", "ops"]
    );

    let (status, text) = send_text(admin(server.put("/a/groups/devs/groups/nope"))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "Group Not Found: nope\n")
    );
    let (status, _) = send_text(
        admin(server.post("/a/groups/devs/groups.add")).json(&body!({"_one_group": "nope"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    let (status, _) = send_text(admin(server.delete("/a/groups/devs/groups/ops"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, text) = send_text(admin(server.get("/a/groups/devs/groups/ops"))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::NOT_FOUND, "Not found: ops\n")
    );
    let (status, _) = send_text(admin(server.delete("/a/groups/devs/groups/ops"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send_text(
        admin(server.post("/a/groups/devs/groups.delete")).json(&body!({
            "groups": ["qa", "global:Registered-Users"]
        })),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, subgroups) = send_json(admin(server.get("/a/groups/devs/groups"))).await;
    assert_eq!(subgroups, body!([]));
}
