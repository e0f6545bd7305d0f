//! What the hostile cases need: data to attack and credentials to attack with.

use restspec_tests::cookies::set_cookie;

use super::basic;

/// What the cases need that the set-up made: credentials and a session.
pub(super) struct Fixture {
    pub(super) admin: String,
    pub(super) alice: String,
    pub(super) session: String,
    pub(super) xsrf: String,
    pub(super) admin_xsrf: String,
}

impl Fixture {
    /// Creates `alice`, project `victim`, group `victims` and one change, and logs alice
    /// and the administrator in.
    pub(super) async fn set_up(base: &str) -> Fixture {
        let client = reqwest::Client::new();
        let admin = |method: reqwest::Method, path: &str| {
            client
                .request(method, format!("{base}{path}"))
                .basic_auth("admin", Some("persist-pw"))
        };
        for (method, path, body) in [
            (
                reqwest::Method::PUT,
                "/a/accounts/alice",
                r#"{"http_password":"alice-pw-1"}"#,
            ),
            (
                reqwest::Method::PUT,
                "/a/projects/victim",
                r#"{"description":"keep me"}"#,
            ),
            (reqwest::Method::PUT, "/a/groups/victims", "{}"),
            (
                reqwest::Method::POST,
                "/a/changes/",
                r#"{"project":"All-Projects","branch":"master","subject":"keep me"}"#,
            ),
        ] {
            let answer = admin(method, path)
                .header("Content-Type", "application/json")
                .body(body)
                .send()
                .await
                .expect("set-up request");
            assert!(answer.status().is_success(), "{path}: {}", answer.status());
        }
        let login = |user: &'static str, password: &'static str| {
            let client = client.clone();
            let url = format!("{base}/login");
            async move {
                let answer = client
                    .post(url)
                    .basic_auth(user, Some(password))
                    .send()
                    .await
                    .expect("login");
                let cookie = |name: &str| set_cookie(answer.headers(), name).expect("a cookie");
                (cookie("ReviewSession"), cookie("XSRF_TOKEN"))
            }
        };
        let (session, xsrf) = login("alice", "alice-pw-1").await;
        let (_, admin_xsrf) = login("admin", "persist-pw").await;
        Fixture {
            admin: basic("admin", "persist-pw"),
            alice: basic("alice", "alice-pw-1"),
            session,
            xsrf,
            admin_xsrf,
        }
    }
}
