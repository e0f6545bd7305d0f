//! `fixtures/affixed`'s bodies: its `closed` record `Move` refuses fields it does not
//! declare, `Labels` keeps members beside its fields, and status rows write their answers
//! in their own format, a list among them; and an endpoint reads credentials at its own
//! places only.

use std::collections::BTreeMap;

use super::affixed::{openapi, shelf_client, start};
use super::{client, send};

/// A `closed` record (`Move`) refuses a field it does not declare, by name, in a request
/// body and wherever else it is read, and OpenAPI says `additionalProperties: false`; an
/// open one (`Item`) passes such a field over, as the service's `unknown_fields` says.
#[tokio::test]
async fn a_closed_record_refuses_fields_it_does_not_declare() {
    let base = start().await;
    let moved = send(
        client()
            .post(format!("{base}/items/a:move"))
            .header("Content-Type", "application/json")
            .body(r#"{"to":"b","from":"a"}"#),
    )
    .await;
    assert_eq!(moved.status, 400, "{}", moved.text());
    assert!(
        moved.text().contains("unknown field `from`"),
        "{}",
        moved.text()
    );
    let still = send(client().get(format!("{base}/items/a"))).await;
    assert_eq!(still.status, 200, "nothing moved: {}", still.text());

    let extra = r#"{"to":"b","from":"a"}"#;
    assert!(serde_json::from_str::<shelf_client::types::Move>(extra).is_err());
    let item = r#"{"key":"a","value":"one","colour":"red"}"#;
    let read: shelf_client::types::Item = serde_json::from_str(item).expect("an open record");
    assert_eq!(read.value, "one");

    let document = openapi();
    let schemas = &document["components"]["schemas"];
    assert_eq!(schemas["Move"]["additionalProperties"], false, "{schemas}");
    assert_eq!(
        schemas["Item"].get("additionalProperties"),
        None,
        "{schemas}"
    );
}

/// A status row may write its answers its own way: the 400s of the runtime's refusals as
/// the row's `Problem` record (`error_body`), which OpenAPI names alone, and the 405 with no
/// body (`error_format: empty`); the 404 keeps the service's plain text.
#[tokio::test]
async fn a_row_writes_its_answers_in_its_own_format() {
    let base = start().await;
    let refused = send(
        client()
            .post(format!("{base}/items/a:move"))
            .header("Content-Type", "application/json")
            .body("{"),
    )
    .await;
    assert_eq!(refused.status, 400, "{}", refused.text());
    assert_eq!(
        refused.header("content-type"),
        Some("application/json; charset=UTF-8")
    );
    let problem: shelf_client::types::Problem =
        serde_json::from_slice(&refused.body).expect("a Problem");
    assert_eq!(problem.status, 400);
    assert!(
        problem.error.contains("application/json"),
        "{}",
        problem.error
    );
    let not_allowed = send(client().delete(format!("{base}/items/a"))).await;
    assert_eq!(not_allowed.status, 405);
    assert!(not_allowed.body.is_empty(), "{}", not_allowed.text());
    assert_eq!(not_allowed.header("content-type"), None);
    let missing = send(client().get(format!("{base}/items/zz"))).await;
    assert_eq!(missing.status, 404);
    assert_eq!(
        missing.header("content-type"),
        Some("text/plain; charset=UTF-8")
    );

    let document = openapi();
    let bad = &document["paths"]["/items/{key}:move"]["post"]["responses"]["400"];
    assert_eq!(
        bad["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/Problem",
        "{bad}"
    );
}

/// A record with `additional_fields: Label` reads every member beside its fields as a
/// `Label`, checked as one (each violation at its path), writes them back beside the
/// fields, refuses a member of another kind, and says so in OpenAPI
/// (`additionalProperties`); the typed client sends and reads them.
#[tokio::test]
async fn members_beside_the_fields_are_values_of_their_type() {
    let base = start().await;
    let put = |body: &'static str| {
        send(
            client()
                .put(format!("{base}/items/a/labels"))
                .header("Content-Type", "application/json")
                .body(body),
        )
    };
    let labelled = put(r#"{"urgent":{"text":"now"},"colour":"red","later":{"text":"soon"}}"#).await;
    assert_eq!(
        (labelled.status, labelled.text()),
        (
            200,
            "{\"colour\":\"red\",\"later\":{\"text\":\"soon\"},\"urgent\":{\"text\":\"now\"}}\n"
                .to_owned()
        )
    );
    let long = put(r#"{"urgent":{"text":"at once"},"later":{"text":"after"}}"#).await;
    assert_eq!(long.status, 400, "{}", long.text());
    assert!(long.text().contains("urgent.text"), "{}", long.text());
    // Nothing to keep: `empty_successes: [202]` answers without a body.
    let accepted = put("{}").await;
    assert_eq!((accepted.status, accepted.text()), (202, String::new()));
    let plain = put(r#"{"urgent":"now"}"#).await;
    assert_eq!(plain.status, 400, "{}", plain.text());
    assert!(
        plain.text().contains("expected struct Label"),
        "{}",
        plain.text()
    );

    let client = shelf_client::client::Client::new(&base).expect("a client");
    let label = |text: &str| shelf_client::types::Label {
        text: text.to_owned(),
    };
    let sent = shelf_client::types::Labels {
        colour: None,
        additional_fields: BTreeMap::from([("soon".to_owned(), label("later"))]),
    };
    let read = client.label_item("a", &sent).await.expect("labelled");
    assert_eq!(read, sent);

    let document = openapi();
    let labels = &document["components"]["schemas"]["Labels"];
    assert_eq!(
        labels["additionalProperties"]["$ref"], "#/components/schemas/Label",
        "{labels}"
    );
    assert_eq!(labels["properties"]["colour"]["type"], "string", "{labels}");
    let answers = &document["paths"]["/items/{key}/labels"]["put"]["responses"];
    assert!(answers["200"].get("content").is_some(), "{answers}");
    assert_eq!(answers["202"].get("content"), None, "{answers}");
}

/// A status row's body may be any type (`body: list<string>`), and `null`
/// (`body_nullable`): the handler's `Error` variant carries it (an `Option`), it is the
/// answer's JSON, OpenAPI names its schema with `null`, and the typed client reads it back.
#[tokio::test]
async fn a_row_body_may_be_a_list() {
    let base = start().await;
    let taken = send(
        client()
            .post(format!("{base}/items/a:move"))
            .header("Content-Type", "application/json")
            .body(r#"{"to":"a"}"#),
    )
    .await;
    assert_eq!((taken.status, taken.text()), (409, "[\"a\"]".to_owned()));
    let client = shelf_client::client::Client::new(&base).expect("a client");
    let refused = client
        .move_item("a", &shelf_client::types::Move { to: "a".to_owned() })
        .await
        .expect_err("taken");
    assert!(
        matches!(refused.api().and_then(|f| f.error.as_ref()), Some(shelf_client::Error::Conflict(Some(keys))) if keys == &["a"]),
        "{refused:?}"
    );
    let document = openapi();
    let answer = &document["paths"]["/items/{key}:move"]["post"]["responses"]["409"];
    assert_eq!(
        answer["content"]["application/json"]["schema"],
        serde_json::json!({ "type": ["array", "null"], "items": { "type": "string" } }),
        "{answer}"
    );
}

/// An endpoint reading some of the service's places (`credentials:`) reads only those: a
/// caller with the service's `X-Key` is anonymous to it, one with the app keys carried
/// together (`together`) is the app; OpenAPI lists that requirement alone beside the
/// anonymous one, and the typed client sends `Credentials::Keys` there.
#[tokio::test]
async fn an_endpoint_reads_credentials_at_its_own_places_only() {
    let base = start().await;
    let owner = |headers: &[(&'static str, &'static str)]| {
        let mut request = client().get(format!("{base}/items/a/owner"));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        send(request)
    };
    let app = owner(&[("X-App-Key", "a"), ("X-App-Token", "t")]).await;
    assert_eq!(app.text(), "\"app\"\n");
    let key = owner(&[("X-Key", "k1")]).await;
    assert_eq!(key.text(), "\"anonymous\"\n");
    let half = owner(&[("X-App-Key", "a")]).await;
    assert_eq!(half.text(), "\"anonymous\"\n");
    let wrong = owner(&[("X-App-Key", "a"), ("X-App-Token", "x")]).await;
    assert_eq!(wrong.status, 401, "{}", wrong.text());

    let config = restspec_runtime::client::ClientConfig::new(&base).keys(["a", "t"]);
    let typed = shelf_client::client::Client::with_config(config).expect("a client");
    assert_eq!(typed.item_owner("a").await.expect("answered"), "app");

    let document = openapi();
    let security = &document["paths"]["/items/{key}/owner"]["get"]["security"];
    assert_eq!(
        *security,
        serde_json::json!([{}, { "X-App-Key": [], "X-App-Token": [] }]),
        "{security}"
    );
}
