//! Impersonation (protocol 5.9): an administrator acts as another account through the
//! `X-Service-RunAs` header; nobody else may, and the header must name an account.

use serde_json::json;

use super::{PASSWORD, Server, send_json, send_text};

const RUN_AS: &str = "X-Service-RunAs";

#[tokio::test]
async fn an_administrator_acts_as_another_account() {
    let server = Server::start().await;
    let bob = server.create_account("bob").await;

    // Resolved like an account id in a URL: username, email or numeric id.
    for target in [
        "bob".to_owned(),
        "bob@example.com".to_owned(),
        bob.to_string(),
    ] {
        let (status, me) = send_json(
            server
                .get("/a/accounts/self")
                .basic_auth("admin", Some(PASSWORD))
                .header(RUN_AS, &target),
        )
        .await;
        assert_eq!(status, 200, "run as {target}");
        assert_eq!(me["_account_id"], bob, "self is the target ({target})");
    }

    // What it creates is the target's.
    let (status, change) = send_json(
        server
            .post("/a/changes/")
            .basic_auth("admin", Some(PASSWORD))
            .header(RUN_AS, "bob")
            .json(&json!({ "project": "All-Projects", "branch": "master", "subject": "as bob" })),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(change["owner"]["_account_id"], bob, "owned by the target");
}

#[tokio::test]
async fn impersonation_needs_the_capability_a_caller_and_an_account() {
    let server = Server::start().await;
    server.create_account("bob").await;
    server.create_account("carol").await;

    let (status, text) = send_text(
        server
            .get("/a/accounts/self")
            .basic_auth("bob", Some("bob-pw"))
            .header(RUN_AS, "carol"),
    )
    .await;
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("runAs"), "{text}");

    let (status, text) = send_text(server.get("/accounts/carol").header(RUN_AS, "carol")).await;
    assert_eq!(status, 403, "anonymous: {text}");

    let (status, text) = send_text(
        server
            .get("/a/accounts/self")
            .basic_auth("admin", Some(PASSWORD))
            .header(RUN_AS, "nobody"),
    )
    .await;
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("nobody"), "{text}");
}

#[tokio::test]
async fn administrators_membership_grants_the_capability() {
    let server = Server::start().await;
    server.create_account("bob").await;
    server.create_account("carol").await;
    let as_bob_running_as_carol = || {
        server
            .get("/a/accounts/self")
            .basic_auth("bob", Some("bob-pw"))
            .header(RUN_AS, "carol")
    };
    assert_eq!(send_text(as_bob_running_as_carol()).await.0, 403);

    let (status, _) = send_text(
        server
            .put("/a/groups/Administrators/members/bob")
            .basic_auth("admin", Some(PASSWORD)),
    )
    .await;
    assert!(status.is_success(), "bob joins Administrators: {status}");
    let (status, me) = send_json(as_bob_running_as_carol()).await;
    assert_eq!(status, 200);
    assert_eq!(me["username"], "carol");

    let (status, capabilities) = send_json(
        server
            .get("/a/accounts/bob/capabilities")
            .basic_auth("admin", Some(PASSWORD)),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(capabilities["administrateServer"], true, "{capabilities}");
    assert_eq!(capabilities["runAs"], true, "{capabilities}");

    let (status, _) = send_text(
        server
            .delete("/a/groups/Administrators/members/bob")
            .basic_auth("admin", Some(PASSWORD)),
    )
    .await;
    assert!(status.is_success());
    assert_eq!(
        send_text(as_bob_running_as_carol()).await.0,
        403,
        "taken away again"
    );
}
