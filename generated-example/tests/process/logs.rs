//! What the real binary writes about its requests: no secret ever (passwords, session
//! keys, XSRF tokens, access tokens however their parameter is spelt), on stdout, stderr
//! or the error log, even with every log at `DEBUG` and every request traced; and the
//! error log rotated by size with a bounded number of files.

use std::process::Stdio;

use base64::Engine;
use restspec_tests::cookies::set_cookie;

use super::binary::{binary, command, free_port, fresh_site, start_command};

/// The administrator's password the binary is started with (see `binary::command`).
const ADMIN_PASSWORD: &str = "persist-pw";
const WRONG_PASSWORD: &str = "Wr0ng-guess-7Q";
const NEW_PASSWORD: &str = "N3w-account-pw-5K";
/// Rotation at this size, two old files kept.
const LOG_BYTES: u64 = 8_000;

#[tokio::test]
async fn no_secret_reaches_any_log_and_the_error_log_stays_bounded() {
    let bin = binary();
    let site = fresh_site("logs");
    let port = free_port();
    std::fs::create_dir_all(&site).expect("site");
    let stdout = std::fs::File::create(site.join("stdout")).expect("stdout file");
    let stderr = std::fs::File::create(site.join("stderr")).expect("stderr file");
    let mut cmd = command(&bin, &site, port);
    cmd.args(["--error-log-max-bytes", &LOG_BYTES.to_string()])
        .args(["--error-log-files", "2"])
        .env("RUST_LOG", "debug")
        .stdout(Stdio::from(stdout))
        .stderr(Stdio::from(stderr));
    let running = start_command(cmd, port).await;
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let traced = |method: reqwest::Method, path: &str| {
        client
            .request(method, format!("{base}{path}"))
            .header("X-Service-Trace", "secret-check")
    };

    // Basic credentials, right and wrong, and a new account's password in a body.
    let ok = traced(reqwest::Method::GET, "/a/accounts/self/detail")
        .basic_auth("admin", Some(ADMIN_PASSWORD))
        .send()
        .await
        .expect("answered");
    assert_eq!(ok.status(), 200);
    let wrong = traced(reqwest::Method::GET, "/a/accounts/self/detail")
        .basic_auth("admin", Some(WRONG_PASSWORD))
        .send()
        .await
        .expect("answered");
    assert_eq!(wrong.status(), 401);
    let created = traced(reqwest::Method::PUT, "/a/accounts/carol")
        .basic_auth("admin", Some(ADMIN_PASSWORD))
        .json(&serde_json::json!({ "http_password": NEW_PASSWORD }))
        .send()
        .await
        .expect("answered");
    assert_eq!(created.status(), 201);

    // A session: its key and XSRF token in cookies, a header and the query.
    let login = traced(reqwest::Method::POST, "/login")
        .basic_auth("carol", Some(NEW_PASSWORD))
        .send()
        .await
        .expect("answered");
    assert_eq!(login.status(), 204);
    let cookie = |name: &str| set_cookie(login.headers(), name).expect("the cookie");
    let (session, xsrf) = (cookie("ReviewSession"), cookie("XSRF_TOKEN"));
    let mutation = traced(reqwest::Method::PUT, "/accounts/self/name")
        .header("Cookie", format!("ReviewSession={session}"))
        .header("X-Service-Auth", &xsrf)
        .json(&serde_json::json!({ "name": "Carol" }))
        .send()
        .await
        .expect("answered");
    assert_eq!(mutation.status(), 200);
    for spelling in [
        "access_token",
        "access%5Ftoken",
        "access_toke%6E",
        "ACCESS_TOKEN",
    ] {
        let answer = traced(
            reqwest::Method::GET,
            &format!("/accounts/self?{spelling}={session}"),
        )
        .send()
        .await
        .expect("answered");
        assert!(
            answer.status().as_u16() < 500,
            "{spelling}: {}",
            answer.status()
        );
    }
    let logout = traced(reqwest::Method::POST, "/logout")
        .header("Cookie", format!("ReviewSession={session}"))
        .header("X-Service-Auth", &xsrf)
        .send()
        .await
        .expect("answered");
    assert_eq!(logout.status(), 204);

    // Enough traced requests to rotate the error log several times.
    for n in 0..300 {
        let answer = traced(reqwest::Method::GET, &format!("/projects/?n={n}"))
            .send()
            .await
            .expect("answered");
        assert_eq!(answer.status(), 200);
    }
    drop(running);

    let logs = site.join("logs");
    let mut names: Vec<String> = std::fs::read_dir(&logs)
        .expect("the logs directory")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["error_log", "error_log.1", "error_log.2"],
        "two old files kept"
    );
    for name in &names {
        let size = std::fs::metadata(logs.join(name)).expect("size").len();
        assert!(size <= LOG_BYTES, "{name} is {size} bytes");
    }

    let basic = |user: &str, password: &str| {
        base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
    };
    let secrets = [
        ADMIN_PASSWORD.to_owned(),
        WRONG_PASSWORD.to_owned(),
        NEW_PASSWORD.to_owned(),
        session.clone(),
        xsrf.clone(),
        basic("admin", ADMIN_PASSWORD),
        basic("admin", WRONG_PASSWORD),
        basic("carol", NEW_PASSWORD),
    ];
    let mut written = String::new();
    for path in names
        .iter()
        .map(|n| logs.join(n))
        .chain([site.join("stdout"), site.join("stderr")])
    {
        let text = std::fs::read_to_string(&path).expect("a log");
        assert!(
            !text.is_empty() || path.ends_with("stderr"),
            "{} is empty",
            path.display()
        );
        written.push_str(&text);
    }
    assert!(
        written.contains("secret-check"),
        "the traced requests were logged"
    );
    for secret in &secrets {
        assert!(
            !written.contains(secret.as_str()),
            "`{secret}` was logged:\n{}",
            written
                .lines()
                .filter(|l| l.contains(secret.as_str()))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    let _ = std::fs::remove_dir_all(&site);
}
