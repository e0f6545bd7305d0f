//! The one revision of a change: its commit and files.

use reqwest::StatusCode;
use serde_json::json as j;

use super::{As, create, get};
use crate::example::{Server, send, send_text};

#[tokio::test]
async fn the_one_revision_has_a_commit_and_files() {
    let server = Server::start().await;
    let change = create(&server, As::Admin, j!({ "subject": "Revise" })).await;
    let change_id = change["change_id"].as_str().expect("a Change-Id");
    let (_, current) = get(&server, As::Admin, "/changes/1?o=CURRENT_REVISION").await;
    let sha = current["current_revision"]
        .as_str()
        .expect("a revision")
        .to_owned();

    for revision in ["current", "1", sha.as_str(), &sha[..7]] {
        let (status, detail) = get(
            &server,
            As::Admin,
            &format!("/changes/1/revisions/{revision}/detail"),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{revision}");
        assert_eq!(
            detail["revisions"][&sha]["files"]["/COMMIT_MSG"]["status"],
            "A"
        );
    }
    for revision in ["2", "0", "deadbeef", "edit"] {
        let (status, body) = send_text(As::Admin.send(
            &server,
            "GET",
            &format!("/changes/1/revisions/{revision}/commit"),
        ))
        .await;
        assert_eq!(
            (status, body),
            (StatusCode::NOT_FOUND, format!("Not found: {revision}\n")),
            "{revision}"
        );
    }

    let (status, commit) = get(
        &server,
        As::Admin,
        "/changes/1/revisions/current/commit?links",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(commit["commit"], sha.as_str());
    assert_eq!(commit["subject"], "Revise");
    assert_eq!(
        commit["message"],
        format!("Revise\n\nChange-Id: {change_id}\n")
    );
    assert_eq!(commit["author"]["name"], "Administrator");
    assert_eq!(commit["author"], commit["committer"]);
    assert_eq!(commit["author"]["tz"], 0);
    assert_eq!(commit["parents"], j!([]), "the first commit of master");

    let (status, files) = get(&server, As::Admin, "/changes/1/revisions/1/files/").await;
    assert_eq!(status, StatusCode::OK);
    let keys: Vec<&String> = files.as_object().expect("a map").keys().collect();
    assert_eq!(keys, ["/COMMIT_MSG"]);
    let file = &files["/COMMIT_MSG"];
    assert_eq!(file["size"], file["size_delta"]);
    assert!(file["lines_inserted"].as_i64().unwrap_or(0) >= 7, "{file}");
    let (_, none) = get(&server, As::Admin, "/changes/1/revisions/1/files?q=src").await;
    assert_eq!(none, j!({}));
    let (status, body) =
        send_text(As::Admin.send(&server, "GET", "/changes/1/revisions/1/files?parent=2")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::BAD_REQUEST, "invalid parent number: 2\n")
    );
    let (status, _) =
        send_text(As::Admin.send(&server, "GET", "/changes/1/revisions/1/files?nope=1")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Once merged, the next change's commit has this one as parent.
    assert_eq!(
        send(As::Admin.send(&server, "POST", "/changes/1/submit"))
            .await
            .status(),
        StatusCode::OK
    );
    create(&server, As::Admin, j!({ "subject": "Next" })).await;
    let (_, next) = get(&server, As::Admin, "/changes/2/revisions/current/commit").await;
    assert_eq!(
        next["parents"],
        j!([{ "commit": sha, "subject": "Revise" }])
    );
}
