//! The reviewers of a change.

use reqwest::StatusCode;
use serde_json::json as j;

use super::{As, create, get};
use crate::example::{Server, send, send_json, send_text};

#[tokio::test]
async fn reviewers_are_added_listed_and_removed() {
    let server = Server::start().await;
    let alice = server.create_account("alice").await;
    let bob = server.create_account("bob").await;
    create(&server, As::Admin, j!({ "subject": "Review me" })).await;

    let (status, added) = send_json(
        As::Admin
            .send(&server, "POST", "/changes/1/reviewers")
            .json(&j!({ "reviewer": "alice" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        added,
        j!({
            "input": "alice",
            "reviewers": [{
                "_account_id": alice, "name": "User alice", "email": "alice@example.com",
                "username": "alice", "approvals": {}
            }]
        })
    );
    let (status, cc) = send_json(
        As::Admin
            .send(&server, "POST", "/changes/1/reviewers")
            .json(&j!({ "reviewer": "bob@example.com", "state": "CC" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cc["ccs"][0]["_account_id"], bob);
    assert!(cc.get("reviewers").is_none());

    let (status, body) = send_text(
        As::Admin
            .send(&server, "POST", "/changes/1/reviewers")
            .json(&j!({ "reviewer": "nobody" })),
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Account 'nobody' not found\n"
        )
    );
    let (status, body) = send_text(
        As::Admin
            .send(&server, "POST", "/changes/1/reviewers")
            .json(&j!({})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("missing field `reviewer`"), "{body}");

    // Groups: the active members of an internal group; system groups are refused.
    let (status, group) = send_json(
        As::Admin
            .send(&server, "POST", "/changes/1/reviewers")
            .json(&j!({ "reviewer": "Administrators" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(group["reviewers"][0]["username"], "admin");
    let (status, group) = send_json(
        As::Admin
            .send(&server, "POST", "/changes/1/reviewers")
            .json(&j!({ "reviewer": "Registered Users" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        group,
        j!({ "input": "Registered Users", "error": "The group Registered Users cannot be added as reviewer." })
    );
    assert_eq!(
        send(As::Admin.send(&server, "DELETE", "/changes/1/reviewers/self"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );

    let (status, list) = get(&server, As::Anonymous, "/changes/1/reviewers/").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<i64> = list
        .as_array()
        .expect("a list")
        .iter()
        .map(|r| r["_account_id"].as_i64().unwrap_or(0))
        .collect();
    assert_eq!(ids, [alice, bob]);
    assert!(
        list[0].get("email").is_none(),
        "no emails for anonymous callers"
    );

    let (status, one) = get(&server, As::Admin, &format!("/changes/1/reviewers/{alice}")).await;
    assert_eq!(
        (status, one["username"].as_str()),
        (StatusCode::OK, Some("alice"))
    );
    let (status, one) = get(&server, As::User("bob"), "/changes/1/reviewers/self").await;
    assert_eq!(
        (status, one["username"].as_str()),
        (StatusCode::OK, Some("bob"))
    );
    let (status, body) =
        send_text(As::Admin.send(&server, "GET", "/changes/1/reviewers/admin")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::NOT_FOUND, "Not found: admin\n")
    );

    let (_, detail) = get(&server, As::Admin, "/changes/1/detail").await;
    assert_eq!(detail["reviewers"]["REVIEWER"][0]["username"], "alice");
    assert_eq!(detail["reviewers"]["CC"][0]["username"], "bob");
    assert_eq!(detail["messages"][0]["message"], "Uploaded patch set 1.");
    assert_eq!(detail["owner"]["username"], "admin");
    let (_, reviewing) = get(&server, As::User("alice"), "/changes/?q=reviewer:self").await;
    assert_eq!(reviewing.as_array().map(Vec::len), Some(1));

    let (status, body) = send_text(As::User("alice").send(
        &server,
        "DELETE",
        &format!("/changes/1/reviewers/{bob}"),
    ))
    .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::FORBIDDEN, "remove reviewer not permitted\n")
    );
    assert_eq!(
        send(As::Admin.send(&server, "DELETE", "/changes/1/reviewers/alice"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    let (status, _) =
        send_text(As::Admin.send(&server, "DELETE", "/changes/1/reviewers/alice")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, messages) = get(&server, As::Admin, "/changes/1/messages").await;
    assert_eq!(messages[1]["message"], "Removed reviewer Administrator.");
    assert_eq!(messages[2]["message"], "Removed reviewer User alice.");
    assert_eq!(messages[2]["tag"], "autogenerated:gerrit:deleteReviewer");
}
