//! Protocol 5.3 to 5.5: cookie sessions (login, logout, XSRF on mutations), access tokens,
//! and the sessions' lifetimes: unused for the idle timeout or older than the maximum age,
//! a session has ended and is removed from the store.

use std::time::Duration;

use restspec_runtime::{Limits, Settings};
use restspec_tests::cookies::set_cookie;

use super::{Answer, client, send, server, server_with};

const INVALID_METHOD: &str = "Invalid authentication method. In order to authenticate, prefix the REST endpoint URL with /a/ (e.g. http://localhost:8080/a/).\n";

pub(super) async fn login(
    s: &restspec_tests::test_server::TestServer,
    user: &str,
) -> (Answer, String, String) {
    let a = send(
        client()
            .post(s.url("/login"))
            .basic_auth(user, Some(format!("{user}-pw"))),
    )
    .await;
    let value = |name: &str| set_cookie(&a.headers, name).unwrap_or_default();
    let (session, xsrf) = (value("TestSession"), value("XSRF_TOKEN"));
    (a, session, xsrf)
}

#[tokio::test]
async fn login_sets_an_http_only_session_cookie_and_a_readable_xsrf_cookie() {
    let s = server().await;
    let (a, session, xsrf) = login(&s, "alice").await;
    assert_eq!(a.status, 204);
    let cookies = a.headers_named("set-cookie");
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("TestSession=") && c.contains("HttpOnly")),
        "{cookies:?}"
    );
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("XSRF_TOKEN=") && !c.contains("HttpOnly")),
        "{cookies:?}"
    );
    assert!(!session.is_empty() && !xsrf.is_empty());
    let bad = send(
        client()
            .post(s.url("/login"))
            .basic_auth("alice", Some("wrong")),
    )
    .await;
    assert_eq!(bad.status, 401);
}

#[tokio::test]
async fn cookie_mutations_need_the_xsrf_token_in_the_header() {
    let s = server().await;
    let (_, session, xsrf) = login(&s, "alice").await;
    let cookie = format!("TestSession={session}");
    let me = send(
        client()
            .get(s.url("/accounts/self?pp=0"))
            .header("Cookie", &cookie),
    )
    .await;
    assert_eq!(
        me.text(),
        ")]}'\n{\"_account_id\":1000001,\"username\":\"alice\"}\n"
    );

    let without = send(
        client()
            .delete(s.url("/things/x"))
            .header("Cookie", &cookie),
    )
    .await;
    assert_eq!(
        (without.status, without.text()),
        (403, INVALID_METHOD.to_owned())
    );
    let wrong = send(
        client()
            .delete(s.url("/things/x"))
            .header("Cookie", &cookie)
            .header("X-Service-Auth", "forged"),
    )
    .await;
    assert_eq!(wrong.status, 403);
    assert!(s.service.state.lock().unwrap().things.contains_key("x"));
    let right = send(
        client()
            .delete(s.url("/things/x"))
            .header("Cookie", &cookie)
            .header("X-Service-Auth", &xsrf),
    )
    .await;
    assert_eq!(right.status, 204);
}

#[tokio::test]
async fn logout_needs_the_xsrf_token_and_ends_the_session() {
    let s = server().await;
    let (_, session, xsrf) = login(&s, "alice").await;
    let cookie = format!("TestSession={session}");
    for forged in [None, Some("forged")] {
        let mut request = client().post(s.url("/logout")).header("Cookie", &cookie);
        if let Some(forged) = forged {
            request = request.header("X-Service-Auth", forged);
        }
        let refused = send(request).await;
        assert_eq!(
            (refused.status, refused.text()),
            (403, INVALID_METHOD.to_owned()),
            "a cross-site form cannot log the user out"
        );
        assert!(refused.headers_named("set-cookie").is_empty());
    }
    assert!(s.service.state().sessions.contains_key(&session));
    let out = send(
        client()
            .post(s.url("/logout"))
            .header("Cookie", &cookie)
            .header("X-Service-Auth", &xsrf),
    )
    .await;
    assert_eq!(out.status, 204);
    assert!(!s.service.state().sessions.contains_key(&session));
    assert!(
        out.headers_named("set-cookie")
            .iter()
            .any(|c| c.starts_with("TestSession=;") && c.contains("Max-Age=0"))
    );
    let me = send(
        client()
            .get(s.url("/accounts/self"))
            .header("Cookie", &cookie),
    )
    .await;
    assert_eq!(me.status, 403, "the old cookie is anonymous now");
}

#[tokio::test]
async fn an_access_token_authorizes_without_xsrf_and_an_unknown_one_is_anonymous() {
    let s = server().await;
    let (_, session, _) = login(&s, "alice").await;
    let a = send(client().delete(s.url(&format!("/things/x?access_token={session}")))).await;
    assert_eq!(a.status, 204);
    let a = send(client().get(s.url("/accounts/self?access_token=unknown"))).await;
    assert_eq!(
        a.status, 403,
        "an unknown token leaves the caller anonymous"
    );
    let a = send(client().get(s.url("/things/a%2Fb?access_token=unknown"))).await;
    assert_eq!(a.status, 200);
    let a = send(client().get(s.url(&format!(
        "/things/x?access_token={session}&access_token={session}"
    ))))
    .await;
    assert_eq!(
        (a.status, a.text()),
        (400, "duplicate access_token\n".to_owned())
    );
}

/// A server whose sessions end after `idle` unused or `max_age` in all.
async fn server_with_sessions(
    idle: Duration,
    max_age: Duration,
) -> restspec_tests::test_server::TestServer {
    server_with(Settings::default().limits(Limits {
        session_idle_timeout: idle,
        session_max_age: max_age,
        ..Limits::default()
    }))
    .await
}

/// What `GET /accounts/self` answers with the session cookie.
async fn me(s: &restspec_tests::test_server::TestServer, session: &str) -> u16 {
    send(
        client()
            .get(s.url("/accounts/self"))
            .header("Cookie", format!("TestSession={session}")),
    )
    .await
    .status
}

#[tokio::test]
async fn a_session_used_within_its_idle_timeout_lives_and_an_unused_one_ends() {
    let s = server_with_sessions(Duration::from_millis(1500), Duration::from_secs(3600)).await;
    let (_, session, _) = login(&s, "alice").await;
    // Used every 0.5 s for 2.5 s, longer than the idle timeout: still alive.
    for _ in 0..5 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(me(&s, &session).await, 200);
    }
    // Then unused for longer than the idle timeout: ended, and gone from the store.
    tokio::time::sleep(Duration::from_millis(1800)).await;
    assert_eq!(me(&s, &session).await, 403, "anonymous now");
    assert!(!s.service.state().sessions.contains_key(&session));
    let token = send(client().get(s.url(&format!("/accounts/self?access_token={session}")))).await;
    assert_eq!(token.status, 403, "not as an access token either");
}

#[tokio::test]
async fn a_session_ends_at_its_maximum_age_however_much_it_is_used() {
    let s = server_with_sessions(Duration::from_secs(3600), Duration::from_millis(1500)).await;
    let (a, session, _) = login(&s, "alice").await;
    assert!(
        a.headers_named("set-cookie")
            .iter()
            .all(|c| c.contains("Max-Age=1")),
        "the cookies last as long as the session may: {:?}",
        a.headers_named("set-cookie")
    );
    assert_eq!(me(&s, &session).await, 200);
    tokio::time::sleep(Duration::from_millis(1700)).await;
    assert_eq!(me(&s, &session).await, 403);
    assert!(!s.service.state().sessions.contains_key(&session));
}

#[tokio::test]
async fn expired_sessions_nobody_presents_again_are_swept_from_the_store() {
    let s = server_with_sessions(Duration::from_secs(1), Duration::from_secs(3600)).await;
    let (_, forgotten, _) = login(&s, "alice").await;
    tokio::time::sleep(Duration::from_millis(2200)).await;
    // Another login, never the forgotten session, is what finds it expired.
    let (_, fresh, _) = login(&s, "bob").await;
    let sessions = s.service.state().sessions.clone();
    assert!(!sessions.contains_key(&forgotten), "{sessions:?}");
    assert!(sessions.contains_key(&fresh));
}
