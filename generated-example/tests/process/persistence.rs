//! The real binary. Data survives a `kill -9`: it is started on a site directory, answers a
//! write with 2xx, is killed without warning, started again on the same site, and still
//! has the data (and the login session).

use std::process::{Command, Stdio};

use super::binary::{binary, free_port, fresh_site, start, start_with};
use super::json;

#[tokio::test]
async fn writes_answered_2xx_survive_kill_9() {
    let bin = binary();
    let site = fresh_site("persist");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();

    let mut first = start(&bin, &site, port).await;
    let created = client
        .put(format!("{base}/a/projects/kept"))
        .basic_auth("admin", Some("persist-pw"))
        .json(&serde_json::json!({ "description": "survives", "create_empty_commit": true }))
        .send()
        .await
        .expect("request");
    assert_eq!(created.status(), 201);
    let change = client
        .post(format!("{base}/a/changes/"))
        .basic_auth("admin", Some("persist-pw"))
        .json(&serde_json::json!({ "project": "kept", "branch": "master", "subject": "kept too" }))
        .send()
        .await
        .expect("request");
    assert_eq!(change.status(), 201);
    let number = json(change).await.1["_number"].as_i64().expect("a number");
    let login = client
        .post(format!("{base}/login"))
        .basic_auth("admin", Some("persist-pw"))
        .send()
        .await
        .expect("request");
    assert_eq!(login.status(), 204);
    let session = login
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("ReviewSession="))
        .and_then(|r| r.split(';').next())
        .expect("a session cookie")
        .to_owned();

    // SIGKILL: no graceful shutdown, no chance to flush anything.
    first.0.kill().expect("kill -9");
    let _ = first.0.wait();

    let _second = start(&bin, &site, port).await;
    let project = client
        .get(format!("{base}/projects/kept"))
        .send()
        .await
        .expect("request");
    assert_eq!(project.status(), 200);
    assert_eq!(json(project).await.1["description"], "survives");
    let change = client
        .get(format!("{base}/changes/{number}"))
        .send()
        .await
        .expect("request");
    assert_eq!(json(change).await.1["subject"], "kept too");
    let me = client
        .get(format!("{base}/accounts/self?access_token={session}"))
        .send()
        .await
        .expect("request");
    assert_eq!(me.status(), 200, "the session survived too");
    let _ = std::fs::remove_dir_all(&site);
}

#[tokio::test]
async fn a_start_that_cannot_listen_creates_nothing() {
    let bin = binary();
    let site = fresh_site("taken-port");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = taken.local_addr().expect("bound").port();
    let out = Command::new(&bin)
        .args(["--listen", &format!("127.0.0.1:{port}"), "--site"])
        .arg(&site)
        .output()
        .expect("the binary runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot listen on"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("Generated HTTP password"), "{stdout}");
    let files: Vec<_> = std::fs::read_dir(&site)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name())
                .collect()
        })
        .unwrap_or_default();
    assert!(files.is_empty(), "the site holds {files:?}");
    let _ = std::fs::remove_dir_all(&site);
}

#[tokio::test]
async fn the_binary_logs_one_info_line_per_request() {
    let bin = binary();
    let site = fresh_site("access-log");
    let port = free_port();
    let mut running = start_with(&bin, &site, port, Stdio::piped(), &[]).await;
    let stdout = running.0.stdout.take().expect("piped");
    let client = reqwest::Client::new();
    let traced = client
        .get(format!(
            "http://127.0.0.1:{port}/config/server/version?access_token=secret"
        ))
        .header("X-Service-Trace", "log-test-id")
        .send()
        .await
        .expect("request");
    assert_eq!(traced.status(), 200);
    let missing = client
        .get(format!("http://127.0.0.1:{port}/projects/nothing-here"))
        .send()
        .await
        .expect("request");
    assert_eq!(missing.status(), 404);
    drop(running);
    let mut log = String::new();
    std::io::Read::read_to_string(&mut { stdout }, &mut log).expect("readable");
    let lines: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("restspec::access"))
        .collect();
    // The first line is the start's readiness request.
    assert_eq!(lines.len(), 3, "one line per request:\n{log}");
    for (line, want) in lines[1..].iter().zip([
        [
            "method=GET",
            "path=/config/server/version",
            "trace=log-test-id",
        ],
        ["method=GET", "path=/projects/nothing-here", "status=404"],
    ]) {
        assert!(line.contains(" INFO "), "{line}");
        assert!(line.contains("millis="), "{line}");
        for part in want {
            assert!(line.contains(part), "{line} lacks {part}");
        }
    }
    assert!(!log.contains("secret"), "the query is never logged:\n{log}");
    assert!(!lines[2].contains("trace="), "untraced: {}", lines[2]);
    let _ = std::fs::remove_dir_all(&site);
}
