//! Protocol 4.5: `trace`, `trace=<id>` or `X-Service-Trace: <id>` turn tracing on for one
//! request; the id comes back in `X-Service-Trace`; that request's debug logs (and only
//! that request's) go to `logs/error_log` under the site directory, each line with the id;
//! secrets never appear there.

use std::path::PathBuf;
use std::sync::Once;

use restspec_runtime::Settings;

use super::{client, send, server_with};

/// The process-wide subscriber: nothing on stdout, traced requests to their error log.
fn logging() {
    static INIT: Once = Once::new();
    INIT.call_once(|| restspec_runtime::trace::init_logging("off"));
}

fn site(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("restspec-trace-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn error_log(site: &std::path::Path) -> String {
    std::fs::read_to_string(site.join("logs/error_log")).unwrap_or_default()
}

#[tokio::test]
async fn a_trace_parameter_logs_that_request_with_its_id() {
    logging();
    let dir = site("param");
    let s = server_with(Settings::default().site_dir(&dir)).await;
    let a = send(client().get(s.url("/things/x?trace=issue-42&pp=0"))).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.headers_named("x-service-trace"), ["issue-42"]);
    let untraced = send(client().get(s.url("/things/a%2Fb"))).await;
    assert_eq!(untraced.header("x-service-trace"), None);

    let log = error_log(&dir);
    let lines: Vec<&str> = log.lines().collect();
    assert!(lines.len() >= 3, "{log}");
    assert!(
        lines.iter().all(|l| l.contains("[issue-42]")),
        "every line carries the id:\n{log}"
    );
    assert!(
        log.contains("endpoint matched") && log.contains("get_thing"),
        "{log}"
    );
    assert!(
        !log.contains("a%2Fb") && !log.contains("a/b"),
        "the untraced request is not logged:\n{log}"
    );
}

#[tokio::test]
async fn the_header_and_a_bare_parameter_turn_tracing_on_too() {
    logging();
    let dir = site("header");
    let s = server_with(Settings::default().site_dir(&dir)).await;
    let a = send(
        client()
            .get(s.url("/things/x"))
            .header("X-Service-Trace", "from-header"),
    )
    .await;
    assert_eq!(a.headers_named("x-service-trace"), ["from-header"]);

    let a = send(client().get(s.url("/things/x?trace"))).await;
    let generated = a
        .header("x-service-trace")
        .expect("a generated id")
        .to_owned();
    let (millis, hex) = generated.split_once('-').expect("<millis>-<hex>");
    assert!(
        millis.len() >= 13 && millis.bytes().all(|b| b.is_ascii_digit()),
        "{generated}"
    );
    assert!(
        hex.len() == 8 && hex.bytes().all(|b| b.is_ascii_hexdigit()),
        "{generated}"
    );
    assert!(error_log(&dir).contains(&format!("[{generated}]")));

    let a = send(
        client()
            .get(s.url("/things/x?trace=second"))
            .header("X-Service-Trace", "first"),
    )
    .await;
    assert_eq!(a.headers_named("x-service-trace"), ["first", "second"]);
}

#[tokio::test]
async fn secrets_never_reach_the_error_log() {
    logging();
    let dir = site("secrets");
    let s = server_with(Settings::default().site_dir(&dir)).await;
    let login = send(
        client()
            .post(s.url("/login"))
            .basic_auth("alice", Some("alice-pw")),
    )
    .await;
    let key = login
        .headers_named("set-cookie")
        .iter()
        .find_map(|c| c.strip_prefix("TestSession="))
        .and_then(|r| r.split(';').next())
        .unwrap_or_default()
        .to_owned();
    let a =
        send(client().get(s.url(&format!("/accounts/self?trace=t-1&access_token={key}")))).await;
    assert_eq!(a.status, 200);
    let a = send(
        client()
            .get(s.url("/a/things/x?trace=t-2"))
            .basic_auth("bob", Some("bob-pw")),
    )
    .await;
    assert_eq!(a.status, 200);
    let log = error_log(&dir);
    assert!(log.contains("[t-1]") && log.contains("[t-2]"), "{log}");
    assert!(!log.contains(&key), "the access token is redacted:\n{log}");
    assert!(
        !log.contains("bob-pw") && !log.contains("Ym9i"),
        "no password, no Authorization:\n{log}"
    );
}

#[tokio::test]
async fn errors_of_a_traced_request_carry_the_id_too() {
    logging();
    let dir = site("errors");
    let s = server_with(Settings::default().site_dir(&dir)).await;
    let a = send(
        client()
            .get(s.url("/a/things/x?trace=t-401"))
            .basic_auth("bob", Some("wrong")),
    )
    .await;
    assert_eq!(a.status, 401);
    assert_eq!(a.headers_named("x-service-trace"), ["t-401"]);
    let a = send(client().get(s.url("/things/ghost?trace=t-404"))).await;
    assert_eq!(
        (a.status, a.headers_named("x-service-trace")),
        (404, vec!["t-404".to_owned()])
    );
    assert!(error_log(&dir).contains("[t-404]"));
}
