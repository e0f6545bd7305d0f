//! An account's email addresses.

use reqwest::StatusCode;
use serde_json::json as body;

use crate::example::{Server, admin, send_json, send_text, user};

#[tokio::test]
async fn emails() {
    let server = Server::start().await;
    server.create_account("alice").await;
    server.create_account("bob").await;

    let (status, emails) = send_json(user(server.get("/a/accounts/self/emails"), "alice")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        emails,
        body!([{"email": "alice@example.com", "preferred": true}])
    );

    let (status, added) = send_json(
        user(
            server.put("/a/accounts/self/emails/alice@work.org"),
            "alice",
        )
        .json(&body!({})),
    )
    .await;
    assert_eq!(
        (status, added),
        (StatusCode::CREATED, body!({"email": "alice@work.org"}))
    );
    let (status, _) = send_text(user(
        server.put("/a/accounts/self/emails/alice@work.org/preferred"),
        "alice",
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, preferred) = send_json(user(
        server.get("/a/accounts/self/emails/preferred"),
        "alice",
    ))
    .await;
    assert_eq!(
        preferred,
        body!({"email": "alice@work.org", "preferred": true})
    );
    let (_, detail) = send_json(user(server.get("/a/accounts/self/detail"), "alice")).await;
    assert_eq!(detail["email"], "alice@work.org");
    assert_eq!(detail["secondary_emails"], body!(["alice@example.com"]));
    // The account is also found by its new email.
    let (status, account) = send_json(server.get("/accounts/alice@work.org")).await;
    assert_eq!(
        (status, &account["_account_id"]),
        (StatusCode::OK, &body!(1_000_001))
    );

    let (status, text) = send_text(
        user(
            server.put("/a/accounts/self/emails/bob@example.com"),
            "alice",
        )
        .json(&body!({})),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(text, "email 'bob@example.com' is already in use\n");
    let (status, text) = send_text(
        user(server.put("/a/accounts/self/emails/not-an-email"), "alice").json(&body!({})),
    )
    .await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "invalid email address 'not-an-email'\n"
        )
    );
    let (status, text) = send_text(
        user(server.put("/a/accounts/self/emails/a@b.org"), "alice")
            .json(&body!({"email": "c@d.org"})),
    )
    .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::BAD_REQUEST, "email address must match URL\n")
    );

    let (status, _) = send_text(user(
        server.delete("/a/accounts/self/emails/alice@example.com"),
        "alice",
    ))
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, text) = send_text(user(
        server.get("/a/accounts/self/emails/alice@example.com"),
        "alice",
    ))
    .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::NOT_FOUND, "Not found: alice@example.com\n")
    );
    let (status, _) = send_text(user(
        server.put("/a/accounts/self/emails/x@y.org/preferred"),
        "alice",
    ))
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Other users' emails are for administrators only.
    let (status, _) = send_text(user(server.get("/a/accounts/alice/emails"), "bob")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, emails) = send_json(admin(server.get("/a/accounts/alice/emails"))).await;
    assert_eq!(
        (status, emails),
        (
            StatusCode::OK,
            body!([{"email": "alice@work.org", "preferred": true}])
        )
    );
}
