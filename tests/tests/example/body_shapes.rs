//! A record body is read from a JSON object only (protocol 4.2): a positional array, which
//! serde would otherwise match to the record's fields in order, is 400 and changes nothing.

use super::{PASSWORD, Server, send_json, send_text};

#[tokio::test]
async fn an_array_where_a_record_is_expected_is_400_and_creates_nothing() {
    let server = Server::start().await;
    let (status, text) = send_text(
        server
            .post("/a/changes/")
            .basic_auth("admin", Some(PASSWORD))
            .header("content-type", "application/json")
            .body(r#"["All-Projects", "master", "positional subject"]"#),
    )
    .await;
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("as a JSON object"), "{text}");

    let (status, changes) = send_json(
        server
            .get("/a/changes/?q=status:open")
            .basic_auth("admin", Some(PASSWORD)),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(changes, serde_json::json!([]), "nothing was created");

    // Every record body is as strict: the account input with its fields in an array.
    let (status, text) = send_text(
        server
            .put("/a/accounts/positional")
            .basic_auth("admin", Some(PASSWORD))
            .header("content-type", "application/json")
            .body(r#"["Positional", "p@example.com", "pw"]"#),
    )
    .await;
    assert_eq!(status, 400, "{text}");
    let (status, _) = send_text(server.get("/accounts/positional")).await;
    assert_eq!(status, 404, "no account was created");
}
