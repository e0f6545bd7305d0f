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
    assert_eq!(
        (a.status, a.text()),
        (404, "No such thing: ghost\n".to_owned())
    );
}

#[tokio::test]
async fn repeated_failures_wait_for_their_budget_without_the_password_being_checked() {
    use restspec_runtime::{Limits, Settings};
    let s = super::server_with(Settings::default().limits(Limits {
        auth_failures_allowed: 3,
        auth_failure_refill: std::time::Duration::from_secs(60),
        ..Limits::default()
    }))
    .await;
    let attempt = |user: &str, password: &str| {
        client()
            .get(s.url("/a/things/x"))
            .basic_auth(user, Some(password))
    };
    for _ in 0..3 {
        assert_eq!(send(attempt("alice", "guess")).await.status, 401);
    }
    for password in ["guess", "alice-pw"] {
        let a = send(attempt("alice", password)).await;
        assert_eq!(
            a.status, 429,
            "{password}: not checked while the budget is spent"
        );
        assert_eq!(
            a.text(),
            "Too many failed authentication attempts; retry in 60 s\n"
        );
        assert_eq!(a.header("retry-after"), Some("60"));
    }
    let login = send(
        client()
            .post(s.url("/login"))
            .basic_auth("alice", Some("alice-pw")),
    )
    .await;
    assert_eq!(login.status, 429, "logging in draws on the same budget");
    assert_eq!(
        send(attempt("bob", "bob-pw")).await.status,
        200,
        "another account from the same address is not held up"
    );
}
