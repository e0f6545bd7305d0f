//! An account's profile: name, status and username; active or not.

use reqwest::StatusCode;
use serde_json::json as body;

use crate::example::{Server, admin, send_json, send_text, user};

#[tokio::test]
async fn name_status_and_username() {
    let server = Server::start().await;
    server.create_account("alice").await;
    server.create_account("bob").await;

    let (status, name) = send_json(server.get("/accounts/alice/name")).await;
    assert_eq!((status, name), (StatusCode::OK, body!("User alice")));
    let (status, name) = send_json(
        user(server.put("/a/accounts/self/name"), "alice").json(&body!({"name": "Alice Liddell"})),
    )
    .await;
    assert_eq!((status, name), (StatusCode::OK, body!("Alice Liddell")));
    let (status, account) = send_json(server.get("/accounts/alice")).await;
    assert_eq!(
        (status, &account["name"]),
        (StatusCode::OK, &body!("Alice Liddell"))
    );
    let (status, text) = send_text(user(server.delete("/a/accounts/alice/name"), "alice")).await;
    assert_eq!((status, text.as_str()), (StatusCode::NO_CONTENT, ""));
    let (_, name) = send_json(server.get("/accounts/alice/name")).await;
    assert_eq!(name, body!(""));
    // An administrator may change any account; another user may not.
    let (status, name) =
        send_json(admin(server.put("/a/accounts/alice/name")).json(&body!({"name": "Alice"})))
            .await;
    assert_eq!((status, name), (StatusCode::OK, body!("Alice")));
    let (status, text) =
        send_text(user(server.put("/a/accounts/alice/name"), "bob").json(&body!({"name": "x"})))
            .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(text, "modify account not permitted\n");
    let (status, text) = send_text(
        server
            .put("/accounts/alice/name")
            .json(&body!({"name": "x"})),
    )
    .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::FORBIDDEN, "Authentication required\n")
    );

    let (_, status_text) = send_json(server.get("/accounts/alice/status")).await;
    assert_eq!(status_text, body!(""));
    let (status, new_status) = send_json(
        user(server.put("/a/accounts/self/status"), "alice")
            .json(&body!({"status": "On vacation"})),
    )
    .await;
    assert_eq!((status, new_status), (StatusCode::OK, body!("On vacation")));
    let (_, account) = send_json(server.get("/accounts/alice")).await;
    assert_eq!(account["status"], "On vacation");
    let (status, cleared) =
        send_json(user(server.put("/a/accounts/self/status"), "alice").json(&body!({}))).await;
    assert_eq!((status, cleared), (StatusCode::OK, body!("")));

    let (status, username) = send_json(server.get("/accounts/1000001/username")).await;
    assert_eq!((status, username), (StatusCode::OK, body!("alice")));
    let (status, text) = send_text(
        user(server.put("/a/accounts/self/username"), "alice").json(&body!({"username": "al"})),
    )
    .await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::METHOD_NOT_ALLOWED,
            "Username cannot be changed.\n"
        )
    );
    let (status, text) =
        send_text(user(server.put("/a/accounts/self/username"), "alice").json(&body!({}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("missing field `username`"), "{text}");
    let (status, _) = send_text(
        user(server.put("/a/accounts/bob/username"), "alice").json(&body!({"username": "al"})),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, detail) = send_json(user(server.get("/a/accounts/self/detail"), "alice")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(detail["_account_id"], 1_000_001);
    assert_eq!(detail["email"], "alice@example.com");
    assert!(
        detail["registered_on"]
            .as_str()
            .is_some_and(|t| t.len() == 29),
        "{detail}"
    );
}

#[tokio::test]
async fn activating_and_deactivating() {
    let server = Server::start().await;
    server.create_account("alice").await;
    server.create_account("bob").await;

    let (status, active) = send_json(server.get("/accounts/alice/active")).await;
    assert_eq!((status, active), (StatusCode::OK, body!("ok")));
    let (status, text) = send_text(user(server.delete("/a/accounts/bob/active"), "alice")).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::FORBIDDEN, "not permitted: modifyAccount\n")
    );
    let (status, text) = send_text(admin(server.delete("/a/accounts/self/active"))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::CONFLICT, "cannot deactivate own account\n")
    );

    let (status, _) = send_text(admin(server.delete("/a/accounts/alice/active"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, active) = send_json(server.get("/accounts/alice/active")).await;
    assert_eq!(active, body!(""));
    let (_, account) = send_json(server.get("/accounts/alice")).await;
    assert_eq!(account["inactive"], true);
    let (status, _) = send_text(user(server.get("/a/accounts/self"), "alice")).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "inactive accounts cannot log in"
    );
    let (status, text) = send_text(admin(server.delete("/a/accounts/alice/active"))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::CONFLICT, "account not active\n")
    );

    let (status, text) = send_text(admin(server.put("/a/accounts/alice/active"))).await;
    assert_eq!((status, text.as_str()), (StatusCode::CREATED, ""));
    let (status, _) = send_text(user(server.get("/a/accounts/self"), "alice")).await;
    assert_eq!(status, StatusCode::OK);
}
