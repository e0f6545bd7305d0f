//! Protocol 5: anonymous by default; basic authentication on `/a/` (401 with a challenge
//! otherwise); `self`; global capabilities; invisible resources are 404. Sessions and
//! access tokens: `sessions.rs`.

use super::{client, send, server};

#[tokio::test]
async fn anonymous_callers_read_but_do_not_write() {
    let s = server().await;
    assert_eq!(send(client().get(s.url("/things/x"))).await.status, 200);
    let a = send(client().delete(s.url("/things/x"))).await;
    assert_eq!(
        (a.status, a.text()),
        (403, "Authentication required\n".to_owned())
    );
    assert!(s.service.state.lock().unwrap().things.contains_key("x"));
}

#[tokio::test]
async fn the_authenticated_form_needs_valid_basic_credentials() {
    let s = server().await;
    for request in [
        client().get(s.url("/a/things/x")),
        client()
            .get(s.url("/a/things/x"))
            .basic_auth("alice", Some("wrong")),
        client()
            .get(s.url("/a/things/x"))
            .basic_auth("nobody", Some("nobody-pw")),
    ] {
        let a = send(request).await;
        assert_eq!(a.status, 401);
        assert_eq!(
            a.header("www-authenticate"),
            Some("Basic realm=\"Convention Test Service\"")
        );
        assert_eq!(a.text(), "Unauthorized\n");
    }
    let a = send(
        client()
            .delete(s.url("/a/things/x"))
            .basic_auth("alice", Some("alice-pw")),
    )
    .await;
    assert_eq!(a.status, 204, "basic authentication needs no XSRF token");
}

#[tokio::test]
async fn self_is_the_caller_and_forbidden_to_anonymous_callers() {
    let s = server().await;
    let a = send(client().get(s.url("/accounts/self"))).await;
    assert_eq!(
        (a.status, a.text()),
        (403, "Resolving account 'self' requires login\n".to_owned())
    );
    let a = send(
        client()
            .get(s.url("/a/accounts/self?pp=0"))
            .basic_auth("bob", Some("bob-pw")),
    )
    .await;
    assert_eq!(
        a.text(),
        ")]}'\n{\"_account_id\":1000002,\"username\":\"bob\"}\n"
    );
    let a = send(client().get(s.url("/accounts/1000001?pp=0"))).await;
    assert_eq!(
        a.text(),
        ")]}'\n{\"_account_id\":1000001,\"username\":\"alice\"}\n"
    );
}

#[tokio::test]
async fn global_capabilities_are_403_when_missing() {
    let s = server().await;
    let a = send(
        client()
            .put(s.url("/a/things/new"))
            .basic_auth("bob", Some("bob-pw"))
            .json(&serde_json::json!({})),
    )
    .await;
    assert_eq!(
        (a.status, a.text()),
        (403, "not permitted: createThing\n".to_owned())
    );
    let a = send(
        client()
            .put(s.url("/a/things/new"))
            .basic_auth("alice", Some("alice-pw"))
            .json(&serde_json::json!({})),
    )
    .await;
    assert_eq!(a.status, 201);
}

#[tokio::test]
async fn resources_that_do_not_exist_are_404_before_anything_else() {
    let s = server().await;
    let a = send(
        client()
            .post(s.url("/a/things/ghost/description"))
            .basic_auth("bob", Some("bob-pw"))
            .json(&serde_json::json!({"description": "d"})),
    )
    .await;
    assert_eq!((a.status, a.text()), (404, "Not found: ghost\n".to_owned()));
}
