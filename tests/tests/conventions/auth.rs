//! Protocol 5: anonymous by default; basic authentication on `/a/` (401 with a challenge
//! otherwise); access tokens; cookie sessions whose mutations need the XSRF header;
//! `self`; global capabilities; invisible resources are 404.

use super::{Answer, client, send, server};

const INVALID_METHOD: &str = "Invalid authentication method. In order to authenticate, prefix the REST endpoint URL with /a/ (e.g. http://localhost:8080/a/).\n";

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

async fn login(s: &restspec_tests::support::TestServer, user: &str) -> (Answer, String, String) {
    let a = send(
        client()
            .post(s.url("/login"))
            .basic_auth(user, Some(format!("{user}-pw"))),
    )
    .await;
    let cookies = a.headers_named("set-cookie");
    let value = |name: &str| {
        cookies
            .iter()
            .find_map(|c| c.strip_prefix(&format!("{name}=")))
            .and_then(|rest| rest.split(';').next())
            .unwrap_or_default()
            .to_owned()
    };
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
async fn logout_ends_the_session() {
    let s = server().await;
    let (_, session, _) = login(&s, "alice").await;
    let cookie = format!("TestSession={session}");
    let out = send(client().post(s.url("/logout")).header("Cookie", &cookie)).await;
    assert_eq!(out.status, 204);
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
