//! `fixtures/common_style`'s request bodies, as GitHub reads them: JSON whatever the
//! `Content-Type` says (`request_content_type: any`), a field no type declares refused by
//! name (`unknown_fields: reject`), and `null` refused where a field is optional but not
//! nullable (`null_optional_fields: reject`), while a nullable one is still cleared by it.

use restspec_tests::common_style::TOKEN;

use super::common_style::start;
use super::{Answer, client, send};

fn json(answer: &Answer) -> serde_json::Value {
    serde_json::from_slice(&answer.body).expect("a JSON body")
}

/// PATCHes note 1 with `body`, sent as `content_type` (or with none).
async fn patch(base: &str, content_type: Option<&str>, body: &'static str) -> Answer {
    let mut request = client()
        .patch(format!("{base}/api/v1/teams/notes/1"))
        .bearer_auth(TOKEN)
        .body(body);
    if let Some(content_type) = content_type {
        request = request.header("Content-Type", content_type);
    }
    send(request).await
}

const JSON: Option<&str> = Some("application/json");

#[tokio::test]
async fn null_on_a_field_that_is_not_nullable_is_refused_by_name() {
    let base = start().await;
    let refused = patch(&base, JSON, r#"{"title":null}"#).await;
    assert_eq!(refused.status, 400, "{}", refused.text());
    let body = json(&refused);
    assert_eq!(body["param"], "title", "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("null is not allowed")),
        "{body}"
    );
    let note = send(client().get(format!("{base}/api/v1/teams/notes/1"))).await;
    assert_eq!(json(&note)["title"], "first", "nothing changed");

    // `due` is nullable: `null` clears it, as before.
    let cleared = patch(&base, JSON, r#"{"due":null}"#).await;
    assert_eq!(cleared.status, 200, "{}", cleared.text());
    let renamed = patch(&base, JSON, r#"{"title":"renamed"}"#).await;
    assert_eq!(json(&renamed)["title"], "renamed");
}

#[tokio::test]
async fn a_misspelt_field_is_refused_by_name_and_changes_nothing() {
    let base = start().await;
    let refused = patch(&base, JSON, r#"{"titel":"x"}"#).await;
    assert_eq!(refused.status, 400, "{}", refused.text());
    let body = json(&refused);
    assert_eq!(body["param"], "titel", "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("unknown field `titel`")),
        "{body}"
    );
    let note = send(client().get(format!("{base}/api/v1/teams/notes/1"))).await;
    assert_eq!(json(&note)["title"], "first", "nothing changed");
}

#[tokio::test]
async fn json_is_read_whatever_the_content_type_says() {
    let base = start().await;
    // What `curl -d '{...}'` sends.
    let form_typed = patch(
        &base,
        Some("application/x-www-form-urlencoded"),
        r#"{"title":"from curl"}"#,
    )
    .await;
    assert_eq!(form_typed.status, 200, "{}", form_typed.text());
    assert_eq!(json(&form_typed)["title"], "from curl");
    let untyped = patch(&base, None, r#"{"body":"no type"}"#).await;
    assert_eq!(untyped.status, 200, "{}", untyped.text());
    assert_eq!(json(&untyped)["body"], "no type");
    let text = patch(&base, Some("text/plain"), "{}").await;
    assert_eq!(text.status, 200, "{}", text.text());
    let empty = patch(&base, Some("application/x-www-form-urlencoded"), "").await;
    assert_eq!(
        empty.status,
        200,
        "an empty body is `{{}}`: {}",
        empty.text()
    );

    // Still JSON: what is not is malformed, whatever it claims to be.
    let not_json = patch(&base, Some("text/plain"), "title=x").await;
    assert_eq!(not_json.status, 400, "{}", not_json.text());
    let empty_json = patch(&base, JSON, "").await;
    assert_eq!(empty_json.status, 400, "{}", empty_json.text());
}
