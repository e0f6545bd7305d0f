//! What a caller may do with a change and its revision: the actions follow the change's
//! state and the caller's rights, and an invisible change is 404.

use super::*;

/// The keys of an `ActionInfo` map.
fn views(actions: &Value) -> Vec<&str> {
    actions
        .as_object()
        .expect("a map of actions")
        .keys()
        .map(String::as_str)
        .collect()
}

#[tokio::test]
async fn the_actions_follow_the_state_and_the_callers_rights() {
    let server = Server::start().await;
    server.create_account("alice").await;
    server.create_account("bob").await;
    create(
        &server,
        As::User("alice"),
        j!({ "subject": "Alice's change" }),
    )
    .await;

    let (status, open) = get(&server, As::User("alice"), "/changes/1/actions").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        views(&open),
        ["abandon", "hashtags", "private", "topic", "wip"],
        "{open}"
    );
    assert_eq!(
        open["abandon"],
        j!({ "method": "POST", "label": "Abandon", "title": "Abandon the change", "enabled": true })
    );
    let (_, revision) = get(
        &server,
        As::User("alice"),
        "/changes/1/revisions/current/actions",
    )
    .await;
    assert_eq!(views(&revision), ["submit"]);
    assert_eq!(revision["submit"]["method"], "POST");

    // Someone who may see the change but not act on it, and anonymous callers: nothing.
    for who in [As::User("bob"), As::Anonymous] {
        let (status, none) = get(&server, who, "/changes/1/actions").await;
        assert_eq!((status, none), (StatusCode::OK, j!({})));
        let (_, none) = get(&server, who, "/changes/1/revisions/1/actions").await;
        assert_eq!(none, j!({}));
    }

    // Abandoned: restore or delete, nothing to submit; administrators act too.
    let (status, _) =
        send_json(As::User("alice").send(&server, "POST", "/changes/1/abandon")).await;
    assert_eq!(status, StatusCode::OK);
    let (_, abandoned) = get(&server, As::Admin, "/changes/1/actions").await;
    assert_eq!(views(&abandoned), ["/", "restore"], "{abandoned}");
    let (_, revision) = get(&server, As::Admin, "/changes/1/revisions/current/actions").await;
    assert_eq!(revision, j!({}));

    // Merged: nothing at all.
    let (status, _) = send_text(As::Admin.send(&server, "POST", "/changes/1/restore")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = send_json(As::Admin.send(&server, "POST", "/changes/1/submit")).await;
    assert_eq!(status, StatusCode::OK);
    let (_, merged) = get(&server, As::User("alice"), "/changes/1/actions").await;
    assert_eq!(merged, j!({}));
}

#[tokio::test]
async fn work_in_progress_and_privacy_offer_their_opposites() {
    let server = Server::start().await;
    server.create_account("alice").await;
    create(
        &server,
        As::User("alice"),
        j!({ "subject": "Draft", "is_private": true }),
    )
    .await;
    let (status, _) = send_text(As::User("alice").send(&server, "POST", "/changes/1/wip")).await;
    assert!(status.is_success(), "{status}");
    let (_, actions) = get(&server, As::User("alice"), "/changes/1/actions").await;
    assert_eq!(
        views(&actions),
        ["abandon", "hashtags", "private.delete", "ready", "topic"],
        "{actions}"
    );
    assert_eq!(actions["private.delete"]["method"], "DELETE");
}

#[tokio::test]
async fn the_actions_of_an_invisible_change_or_an_unknown_revision_are_404() {
    let server = Server::start().await;
    alices_private_change(&server).await;
    let (status, _) = send_text(As::User("bob").send(&server, "GET", "/changes/1/actions")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) =
        send_text(As::User("alice").send(&server, "GET", "/changes/1/revisions/7/actions")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
