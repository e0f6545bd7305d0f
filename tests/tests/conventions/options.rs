//! Query options (protocol 10.14 and 11.7): typed options reach the
//! handler; booleans read `true/t/yes/y/on/1` or no value as on; an option the endpoint
//! does not declare, or a value that does not fit, is 400; the runtime's own parameters
//! are never options.

use super::{client, send, server_with};
use restspec_runtime::Settings;
use restspec_tests::support::TestService;
use restspec_tests::test_server::TestServer;

async fn many() -> TestServer {
    TestServer::start(
        TestService::with_things(&["a1", "a2", "b1", "b2", "c1"]),
        Settings::default(),
    )
    .await
    .expect("a loopback server")
}

fn names(text: &str) -> Vec<String> {
    let json: serde_json::Value =
        serde_json::from_str(text.trim_start_matches(")]}'\n")).expect("JSON");
    json.as_object().expect("a map").keys().cloned().collect()
}

#[tokio::test]
async fn options_are_typed_and_reach_the_handler() {
    let s = many().await;
    let a = send(client().get(s.url("/things/?n=2&S=1&pp=0"))).await;
    assert_eq!(a.status, 200, "{}", a.text());
    assert_eq!(names(&a.text()), ["a2", "b1"]);
    let a = send(client().get(s.url("/things/?p=a&p=c"))).await;
    assert_eq!(
        names(&a.text()),
        ["a1", "a2", "c1"],
        "a repeated option is a list"
    );
}

#[tokio::test]
async fn boolean_options_accept_the_usual_spellings() {
    let s = server_with(Settings::default()).await;
    let _ = send(
        client()
            .post(s.url("/a/things/x/description"))
            .basic_auth("bob", Some("bob-pw"))
            .json(&serde_json::json!({"description": "described"})),
    )
    .await;
    for on in ["d", "d=", "d=true", "d=t", "d=YES", "d=y", "d=on", "d=1"] {
        let a = send(client().get(s.url(&format!("/things/?{on}&pp=0")))).await;
        assert!(
            a.text().contains("\"description\":\"described\""),
            "{on}: {}",
            a.text()
        );
    }
    for off in ["d=false", "d=f", "d=no", "d=n", "d=off", "d=0", ""] {
        let a = send(client().get(s.url(&format!("/things/?{off}")))).await;
        assert_eq!(a.status, 200);
        assert!(!a.text().contains("described"), "{off}: {}", a.text());
    }
    let a = send(client().get(s.url("/things/?d=maybe"))).await;
    assert_eq!(a.status, 400);
    assert!(
        a.text().contains("`maybe` is not a boolean"),
        "{}",
        a.text()
    );
}

#[tokio::test]
async fn unknown_options_and_values_that_do_not_fit_are_400() {
    let s = server_with(Settings::default()).await;
    let a = send(client().get(s.url("/things/?unknown"))).await;
    assert_eq!(
        (a.status, a.text()),
        (400, "\"unknown\" is not a valid option\n".to_owned())
    );
    let a = send(client().get(s.url("/things/x?n=1"))).await;
    assert_eq!(
        (a.status, a.text()),
        (400, "\"n\" is not a valid option\n".to_owned()),
        "get_thing has no options"
    );
    let a = send(client().get(s.url("/things/?n=ten"))).await;
    assert_eq!(a.status, 400);
    assert!(a.text().starts_with("invalid option"), "{}", a.text());
    let a = send(client().get(s.url("/things/x?pp=0&trace=t&access_token=none"))).await;
    assert_eq!(a.status, 200, "the runtime's parameters are not options");
}
