//! An account's global capabilities.

use reqwest::StatusCode;
use serde_json::json as body;

use crate::example::{Server, admin, send_json, send_text, user};

#[tokio::test]
async fn capabilities() {
    let server = Server::start().await;
    server.create_account("alice").await;
    server.create_account("bob").await;

    let (status, caps) = send_json(admin(server.get("/a/accounts/self/capabilities"))).await;
    assert_eq!(status, StatusCode::OK);
    for held in [
        "administrateServer",
        "createAccount",
        "createGroup",
        "createProject",
        "viewCaches",
        "viewQueue",
    ] {
        assert_eq!(caps[held], true, "{held}: {caps}");
    }
    assert_eq!(
        caps["runAs"], true,
        "Administrators grants runAs (administrateServer alone does not imply it)"
    );
    assert_eq!(caps.get("accessDatabase"), None, "never implied");
    let (status, caps) = send_json(admin(
        server.get("/a/accounts/self/capabilities?q=createGroup&q=VIEWQUEUE&q=runAs"),
    ))
    .await;
    assert_eq!(
        (status, caps),
        (
            StatusCode::OK,
            body!({"createGroup": true, "viewQueue": true, "runAs": true})
        )
    );

    let (status, caps) =
        send_json(user(server.get("/a/accounts/self/capabilities"), "alice")).await;
    assert_eq!(
        (status, caps),
        (StatusCode::OK, body!({"emailReviewers": true}))
    );
    let (status, caps) = send_json(admin(server.get("/a/accounts/alice/capabilities"))).await;
    assert_eq!(
        (status, caps),
        (StatusCode::OK, body!({"emailReviewers": true}))
    );

    let (status, ok) = send_json(admin(
        server.get("/a/accounts/self/capabilities/createProject"),
    ))
    .await;
    assert_eq!((status, ok), (StatusCode::OK, body!("ok")));
    let (status, text) = send_text(user(
        server.get("/a/accounts/self/capabilities/createProject"),
        "alice",
    ))
    .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::NOT_FOUND, "Not found: createProject\n")
    );
    let (status, _) = send_text(admin(
        server.get("/a/accounts/self/capabilities/noSuchThing"),
    ))
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, text) = send_text(user(server.get("/a/accounts/bob/capabilities"), "alice")).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::FORBIDDEN, "not permitted: administrateServer\n")
    );
    let (status, _) = send_text(server.get("/accounts/self/capabilities")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = send_text(admin(server.get("/a/accounts/self/capabilities?x=1"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "unknown options are 400");
}
