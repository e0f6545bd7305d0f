//! Protocol 2.1 and 4.2: identifiers decoded per segment, collections with and without trailing
//! slash, JSON bodies, `$m`/`$ct`, `If-None-Match: *`.

use restspec_runtime::Settings;

use super::{client, send, server, server_with};

#[tokio::test]
async fn an_encoded_slash_stays_inside_one_identifier() {
    let s = server().await;
    let a = send(client().get(s.url("/things/a%2Fb?pp=0"))).await;
    assert_eq!(a.status, 200);
    assert!(
        a.text().starts_with(")]}'\n{\"name\":\"a/b\""),
        "{}",
        a.text()
    );
    assert_eq!(send(client().get(s.url("/things/a/b"))).await.status, 404);
}

#[tokio::test]
async fn paths_answer_with_and_without_a_trailing_slash() {
    let s = server().await;
    for path in [
        "/things",
        "/things/",
        "/things/x/",
        "/a/things/x/",
        "//things//x",
    ] {
        let request = client().get(s.url(path)).basic_auth("bob", Some("bob-pw"));
        assert_eq!(send(request).await.status, 200, "{path}");
    }
}

#[tokio::test]
async fn json_bodies_need_the_json_content_type_and_valid_json() {
    let s = server().await;
    let post = |body: &'static str, content_type: Option<&'static str>| {
        let mut request = client()
            .post(s.url("/a/things/x/description"))
            .basic_auth("bob", Some("bob-pw"))
            .body(body);
        if let Some(ct) = content_type {
            request = request.header("Content-Type", ct);
        }
        send(request)
    };
    let a = post("{\"description\": \"d\"}", Some("text/html")).await;
    assert_eq!(
        (a.status, a.text()),
        (400, "Expected Content-Type: application/json\n".to_owned())
    );
    let a = post("{\"description\": ", Some("application/json")).await;
    assert_eq!(a.status, 400);
    assert!(
        a.text()
            .starts_with("Invalid application/json in request: "),
        "{}",
        a.text()
    );
    let a = post("{\"other\": 1}", Some("application/json")).await;
    assert_eq!(a.status, 400);
    assert!(
        a.text().contains("missing field `description`"),
        "{}",
        a.text()
    );
    let a = post(
        "{\"description\": \"d\", \"unknown\": [1, 2]}",
        Some("application/json;charset=UTF-8"),
    )
    .await;
    assert_eq!(
        (a.status, a.text()),
        (200, ")]}'\n\"d\"\n".to_owned()),
        "unknown fields are ignored"
    );
}

#[tokio::test]
async fn an_empty_body_without_content_type_is_empty_input() {
    let s = server().await;
    let a = send(
        client()
            .put(s.url("/a/things/empty"))
            .basic_auth("alice", Some("alice-pw")),
    )
    .await;
    assert_eq!(a.status, 201);
    let a = send(
        client()
            .post(s.url("/a/things/x/description"))
            .basic_auth("alice", Some("alice-pw")),
    )
    .await;
    assert_eq!(a.status, 400, "empty input still lacks the required field");
}

#[tokio::test]
async fn if_none_match_star_on_an_existing_resource_is_412() {
    let s = server().await;
    let put = |name: &'static str| {
        send(
            client()
                .put(s.url(&format!("/a/things/{name}")))
                .basic_auth("alice", Some("alice-pw"))
                .header("If-None-Match", "*")
                .json(&serde_json::json!({})),
        )
    };
    let a = put("x").await;
    assert_eq!(
        (a.status, a.text()),
        (412, "Resource already exists\n".to_owned())
    );
    assert_eq!(put("fresh").await.status, 201);
}

#[tokio::test]
async fn method_and_content_type_overrides_turn_a_text_post_into_the_real_request() {
    let settings = Settings::default()
        .allow_origin_regex(&["https://app\\.example"])
        .expect("a valid pattern");
    let s = server_with(settings).await;
    let (_, session, _) = {
        let a = send(
            client()
                .post(s.url("/login"))
                .basic_auth("alice", Some("alice-pw")),
        )
        .await;
        let cookie = a.headers_named("set-cookie");
        let key = cookie
            .iter()
            .find_map(|c| c.strip_prefix("TestSession="))
            .and_then(|r| r.split(';').next())
            .unwrap_or_default()
            .to_owned();
        (a, key, ())
    };
    let url = s.url(&format!(
        "/things/made?$m=PUT&$ct=application/json&access_token={session}"
    ));
    let a = send(
        client()
            .post(&url)
            .header("Origin", "https://app.example")
            .header("Content-Type", "text/plain")
            .body("{\"description\": \"by override\"}"),
    )
    .await;
    assert_eq!(a.status, 201, "{}", a.text());
    assert_eq!(
        a.header("access-control-allow-origin"),
        Some("https://app.example")
    );
    assert_eq!(
        a.header("access-control-max-age"),
        None,
        "overrides get the reduced set"
    );
    assert_eq!(
        s.service.state.lock().unwrap().things["made"]
            .description
            .as_deref(),
        Some("by override")
    );

    let refused = [
        (
            "/things/x?$m=DELETE",
            Some("https://evil.example"),
            "origin not allowed\n",
        ),
        ("/things/x?$m=DELETE", None, "origin not allowed\n"),
        (
            "/things/x?$m=PATCH",
            Some("https://app.example"),
            "invalid $m\n",
        ),
        (
            "/things/x?$m=DELETE&$m=DELETE",
            Some("https://app.example"),
            "duplicate $m\n",
        ),
        (
            "/things/x?$ct=application/json",
            Some("https://app.example"),
            "$ct requires $m\n",
        ),
        (
            "/things/x?$m=PUT",
            Some("https://app.example"),
            "$ct required\n",
        ),
    ];
    for (path, origin, message) in refused {
        let mut request = client()
            .post(s.url(path))
            .header("Content-Type", "text/plain")
            .body("{}");
        if let Some(origin) = origin {
            request = request.header("Origin", origin);
        }
        let a = send(request).await;
        assert_eq!((a.status, a.text()), (400, message.to_owned()), "{path}");
    }
}
