//! A table of hostile requests against the real binary, over raw TCP so that nothing
//! between the test and the server tidies them up: each gets its expected status (or is
//! closed without one), and afterwards the service still answers, printed no panic, and
//! no data changed (projects, accounts, groups and changes read before and after).

mod cases;
mod fixture;
mod input;
mod protocol;
mod table;

use std::process::Stdio;
use std::time::Duration;

use base64::Engine;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

use restspec_tests::slow_client::read_until_closed;

use super::binary::{binary, command, free_port, fresh_site, start_command};
use fixture::Fixture;
use table::{Case, Expect};

/// The binary's limits, small so that the limit cases are cheap.
const FLAGS: &[&str] = &[
    "--max-body-bytes",
    "65536",
    "--max-json-bytes",
    "16384",
    "--body-read-timeout",
    "1",
    "--header-timeout",
    "2",
    "--allow-origin-regex",
    r"https://good\.example\.com",
];

#[tokio::test]
async fn hostile_requests_get_their_status_and_change_nothing() {
    let bin = binary();
    let site = fresh_site("hostile");
    std::fs::create_dir_all(&site).expect("site");
    let port = free_port();
    let output = std::fs::File::create(site.join("output")).expect("output file");
    let mut cmd = command(&bin, &site, port);
    cmd.args(FLAGS)
        .stdout(Stdio::from(output.try_clone().expect("clone")))
        .stderr(Stdio::from(output));
    let running = start_command(cmd, port).await;
    let base = format!("http://127.0.0.1:{port}");
    let fixture = Fixture::set_up(&base).await;

    let before = snapshot(&base).await;
    let table = cases::all(&fixture);
    assert!(table.len() >= 100, "{} cases", table.len());
    println!("{} hostile requests", table.len());
    let mut failures = Vec::new();
    let address = format!("127.0.0.1:{port}");
    for case in &table {
        let answer = exchange(&address, case).await;
        if let Err(problem) = judge(case, &answer) {
            failures.push(format!(
                "{}: {problem}\n  answered: {}",
                case.name,
                head(&answer)
            ));
        }
    }
    let after = snapshot(&base).await;
    drop(running);
    let output = std::fs::read_to_string(site.join("output")).expect("output");
    let _ = std::fs::remove_dir_all(&site);

    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        table.len(),
        failures.join("\n")
    );
    assert_eq!(before, after, "a hostile request changed the data");
    assert!(
        !output.contains("panicked"),
        "the service panicked:\n{output}"
    );
}

/// Sends the case's bytes on a fresh connection and reads until the server closes it.
async fn exchange(address: &str, case: &Case) -> Vec<u8> {
    let mut stream = TcpStream::connect(address).await.expect("connects");
    // A server may answer (and close) before reading everything: a failed write is fine.
    let _ = stream.write_all(&case.raw).await;
    read_until_closed(&mut stream, Duration::from_secs(10))
        .await
        .unwrap_or_else(|| b"(still open after 10 s)".to_vec())
}

/// The status codes of every answer in `received` (several when pipelined).
fn statuses(received: &[u8]) -> Vec<u16> {
    let text = String::from_utf8_lossy(received);
    text.match_indices("HTTP/1.")
        .filter_map(|(at, _)| text.get(at + 9..at + 12)?.parse().ok())
        .collect()
}

fn judge(case: &Case, received: &[u8]) -> Result<(), String> {
    let got = statuses(received);
    match &case.expect {
        Expect::Status(code) if got.first() != Some(code) => {
            return Err(format!("expected {code}, got {got:?}"));
        }
        Expect::Statuses(codes) if got != *codes => {
            return Err(format!("expected {codes:?}, got {got:?}"));
        }
        Expect::StatusOrClosed(code) if !got.is_empty() && got.first() != Some(code) => {
            return Err(format!("expected {code} or no answer, got {got:?}"));
        }
        _ => {}
    }
    let text = String::from_utf8_lossy(received);
    let head = text.split("\r\n\r\n").next().unwrap_or_default();
    if let Some(absent) = case.absent_from_head
        && head
            .to_ascii_lowercase()
            .contains(&absent.to_ascii_lowercase())
    {
        return Err(format!("the answer's head contains {absent:?}"));
    }
    if let Some(wanted) = case.body_contains
        && !text.contains(wanted)
    {
        return Err(format!("the answer does not contain {wanted:?}"));
    }
    Ok(())
}

/// The first line of an answer, for failure messages.
fn head(received: &[u8]) -> String {
    String::from_utf8_lossy(received)
        .lines()
        .next()
        .unwrap_or("(nothing)")
        .to_owned()
}

/// What the administrator sees of the data: any change is a hostile request that got
/// through.
async fn snapshot(base: &str) -> Vec<String> {
    let client = reqwest::Client::new();
    let mut out = Vec::new();
    for path in [
        "/a/projects/?d&t",
        "/a/accounts/?q=is:active&o=DETAILS",
        "/a/groups/?o=MEMBERS",
        "/a/changes/?q=status:open",
        "/a/changes/?q=status:closed",
        "/a/accounts/alice/name",
        "/a/projects/victim/description",
    ] {
        let answer = client
            .get(format!("{base}{path}"))
            .basic_auth("admin", Some("persist-pw"))
            .send()
            .await
            .expect("the service still answers");
        let status = answer.status();
        out.push(format!(
            "{path} {status} {}",
            answer.text().await.expect("a body")
        ));
    }
    out
}

/// `Authorization: Basic` for `user:password`.
fn basic(user: &str, password: &str) -> String {
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
    )
}
