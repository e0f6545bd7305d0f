//! JSON error bodies as APIs write them: members in the order the spec writes them, a
//! typed body with the shape's constant members, values several rows share, the field and
//! code a handler attaches, challenges as the spec lists them, and a handler's undeclared
//! error caught (`fixtures/common_style`, GitHub's style; `fixtures/payments`, Stripe's).

use restspec_runtime::Settings;
use restspec_tests::common_style::{CommonStyle, TOKEN, UNDECLARED_NOTE};
use restspec_tests::payments::Payments;

use super::{client, send};

async fn common_style() -> String {
    CommonStyle::new()
        .serve(Settings::default())
        .await
        .expect("a loopback server starts")
}

async fn payments() -> String {
    Payments::new()
        .serve()
        .await
        .expect("a loopback server starts")
}

/// A row with a typed body (`validation_failed: { body: ValidationFailed }`) answers its
/// body with the members of `error_body` the same for every error of the row (`status`,
/// `documentation_url` with the row's name), not those of one error (`message`, `param`).
#[tokio::test]
async fn a_typed_body_gets_the_error_shape_s_constant_members() {
    let base = common_style().await;
    let refused = send(
        client()
            .patch(format!("{base}/api/v1/teams/notes/2"))
            .bearer_auth(TOKEN)
            .header("Content-Type", "application/json")
            .body(r#"{"title":""}"#),
    )
    .await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    assert_eq!(
        refused.text(),
        concat!(
            r#"{"message":"Validation Failed","errors":[{"resource":"Note","field":"title","#,
            r#""code":"missing_field"}],"status":422,"#,
            r#""documentation_url":"https://docs.example/errors#validation_failed"}"#
        )
    );
}

/// A handler answering a status its endpoint's `errors:` does not declare is a mistake:
/// the caller gets a 500 in the spec's shape (the detail goes to the error log), never a
/// status the OpenAPI document does not list.
#[tokio::test]
async fn an_undeclared_error_of_a_handler_is_a_500() {
    let base = common_style().await;
    let answer = send(client().get(format!("{base}/api/v1/teams/notes/{UNDECLARED_NOTE}"))).await;
    assert_eq!(answer.status, 500, "{}", answer.text());
    let body: serde_json::Value = serde_json::from_slice(&answer.body).expect("a JSON body");
    assert_eq!(body["status"], 500);
    assert!(!answer.text().contains("not declared"), "{}", answer.text());
    // The same handler's declared 404 is answered as it is.
    let missing = send(client().get(format!("{base}/api/v1/teams/notes/9"))).await;
    assert_eq!(missing.status, 404);
}

/// A condition no row raises is named by the condition: a 405's `{name}` (and a body's own
/// placeholder without a row) is `method_not_allowed`, not `error`.
#[tokio::test]
async fn a_condition_without_a_row_is_named_by_the_condition() {
    let base = common_style().await;
    let refused = send(client().delete(format!("{base}/api/v1/teams/notes/2"))).await;
    assert_eq!(refused.status, 405);
    let body: serde_json::Value = serde_json::from_slice(&refused.body).expect("a JSON body");
    assert_eq!(
        body["documentation_url"],
        "https://docs.example/errors#method_not_allowed"
    );
    let base = payments().await;
    let refused = send(client().delete(format!("{base}/v1/customers"))).await;
    assert_eq!(refused.status, 405);
    let body: serde_json::Value = serde_json::from_slice(&refused.body).expect("a JSON body");
    assert_eq!(body["error"]["type"], "method_not_allowed");
}

/// Stripe's shape: rows share `type: invalid_request_error` through their `values`, the
/// handler attaches the parameter and a code (`with_field`, `with_code`), members in the
/// order written, and a 401 challenges as `challenges` says.
#[tokio::test]
async fn rows_share_values_and_handlers_attach_a_field_and_a_code() {
    let base = payments().await;
    let bad_cursor = send(client().get(format!("{base}/v1/customers?starting_after=cus_99"))).await;
    assert_eq!(bad_cursor.status, 400, "{}", bad_cursor.text());
    assert_eq!(
        bad_cursor.text(),
        concat!(
            r#"{"error":{"code":"resource_missing","message":"No such customer: 'cus_99'","#,
            r#""param":"starting_after","type":"invalid_request_error"}}"#
        )
    );
    let missing = send(client().get(format!("{base}/v1/customers/cus_404"))).await;
    assert_eq!(missing.status, 404);
    let body: serde_json::Value = serde_json::from_slice(&missing.body).expect("a JSON body");
    assert_eq!(body["error"]["type"], "invalid_request_error", "{body}");
    assert_eq!(body["error"]["code"], serde_json::Value::Null);
    let unknown = send(
        client()
            .get(format!("{base}/v1/customers"))
            .bearer_auth("sk_wrong"),
    )
    .await;
    assert_eq!(unknown.status, 401, "{}", unknown.text());
    let body: serde_json::Value = serde_json::from_slice(&unknown.body).expect("a JSON body");
    assert_eq!(body["error"]["type"], "invalid_request_error", "{body}");
    assert_eq!(
        unknown.headers_named("www-authenticate"),
        [r#"Basic realm="Payments""#]
    );
}
