//! `fixtures/affixed`: fixed text beside a parameter in one segment (`{key}.json`,
//! `{key}:move`, `copy-{key}`): each request reaches the endpoint whose text it has, the
//! handler gets the parameter without it, the typed client writes it, and OpenAPI keeps
//! the template as written. Its `Move` is a `closed` record; `Item` is open; `Labels` has
//! members beside its fields (`additional_fields`).

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use restspec_runtime::{RequestContext, Settings};

use super::{client, send};

restspec_runtime::generate!(mod shelf = "fixtures/affixed");
restspec_client::generate!(pub(super) mod shelf_client = "fixtures/affixed");

use shelf::types::{Item, Labels, Move};
use shelf::{Error, ItemsHandlers};

/// Items by key; each answer's `value` says which endpoint answered.
struct Shelf(Mutex<BTreeMap<String, String>>);

impl Shelf {
    fn item(&self, key: &str, by: &str) -> Result<Item, Error> {
        let items = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        match items.get(key) {
            Some(value) => Ok(Item {
                key: key.to_owned(),
                value: format!("{value} ({by})"),
            }),
            None => Err(Error::NotFound("no such item".into())),
        }
    }
}

#[allow(refining_impl_trait)]
impl ItemsHandlers for Shelf {
    async fn find_items(
        &self,
        _: RequestContext<'_>,
        options: shelf::options::FindItemsOptions,
    ) -> Result<Vec<Item>, Error> {
        Ok(options
            .key
            .iter()
            .filter_map(|key| self.item(key, "found").ok())
            .collect())
    }

    async fn get_item(&self, _: RequestContext<'_>, key: &str) -> Result<Item, Error> {
        self.item(key, "whole")
    }

    async fn get_item_json(&self, _: RequestContext<'_>, key: &str) -> Result<Item, Error> {
        self.item(key, "json")
    }

    async fn move_item(&self, _: RequestContext<'_>, key: &str, body: Move) -> Result<Item, Error> {
        let mut items = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if items.contains_key(&body.to) {
            return Err(Error::Conflict(Some(vec![body.to])));
        }
        let value = items
            .remove(key)
            .ok_or(Error::NotFound("no such item".into()))?;
        items.insert(body.to.clone(), value.clone());
        Ok(Item {
            key: body.to,
            value,
        })
    }

    async fn count_copies(
        &self,
        _: RequestContext<'_>,
        key: f64,
        options: shelf::options::CountCopiesOptions,
    ) -> Result<f64, Error> {
        assert_eq!(options.api_version, "2026-11-29");
        Ok(key * 2.0)
    }

    async fn label_item(
        &self,
        _: RequestContext<'_>,
        _: &str,
        labels: Labels,
    ) -> Result<restspec_runtime::Custom<Labels>, Error> {
        let accepted = labels.colour.is_none() && labels.additional_fields.is_empty();
        let reply = restspec_runtime::Custom::new(labels);
        Ok(match accepted {
            true => reply.status(restspec_runtime::http::StatusCode::ACCEPTED),
            false => reply,
        })
    }

    async fn item_owner(&self, ctx: RequestContext<'_>, _: &str) -> Result<String, Error> {
        Ok(ctx
            .caller
            .identity()
            .map_or("anonymous".to_owned(), |i| i.username.clone()))
    }

    async fn copy_item(&self, _: RequestContext<'_>, key: &str) -> Result<Item, Error> {
        let mut items = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let value = items
            .get(key)
            .cloned()
            .ok_or(Error::NotFound("no such item".into()))?;
        let copy = format!("{key}-copy");
        items.insert(copy.clone(), value.clone());
        Ok(Item { key: copy, value })
    }
}

pub(super) async fn start() -> String {
    let items = BTreeMap::from([("a".to_owned(), "one".to_owned())]);
    // `X-Key: k1` is `key`'s; the app keys `a` and `t` together are `app`'s.
    let lines = [
        restspec_runtime::FixedTokens::line("key", "k1", &[]),
        restspec_runtime::FixedTokens::line("app", "a:t", &[]),
    ];
    let tokens = restspec_runtime::FixedTokens::parse(&lines.join("\n")).expect("a token list");
    let app = shelf::router(
        Shelf(Mutex::new(items)),
        Settings::default().authenticator(tokens),
    );
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

/// The fixture's OpenAPI document, as `restspec openapi` writes it.
pub(super) fn openapi() -> serde_json::Value {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/affixed");
    let Ok(loaded) = restspec_codegen::load(&dir) else {
        panic!("the fixture loads");
    };
    restspec_codegen::openapi::document(&loaded.service)
}

#[tokio::test]
async fn each_request_reaches_the_endpoint_whose_text_it_has() {
    let base = start().await;
    let get = |path: &str| send(client().get(format!("{base}/items/{path}")));
    let whole = get("a").await;
    assert_eq!(whole.text(), "{\"key\":\"a\",\"value\":\"one (whole)\"}\n");
    let json = get("a.json").await;
    assert_eq!(json.text(), "{\"key\":\"a\",\"value\":\"one (json)\"}\n");
    // The text alone, with nothing between, is a parameter of the whole segment.
    let bare = get(".json").await;
    assert_eq!(bare.status, 404, "{}", bare.text());
    // The parameter between is decoded, the text around it is not.
    let encoded = get("%61.json").await;
    assert_eq!(encoded.text(), "{\"key\":\"a\",\"value\":\"one (json)\"}\n");
    // Its rules hold for what is between (`max_length: 10`), not the whole segment: ten
    // characters reach the handler, eleven do not.
    let ten = get("abcdefghij.json").await;
    assert!(ten.text().contains("no such item"), "{}", ten.text());
    let eleven = get("abcdefghijk.json").await;
    assert_eq!(eleven.status, 404, "{}", eleven.text());
    assert!(!eleven.text().contains("no such item"), "{}", eleven.text());
    let post = |path: &str, body: &'static str| {
        send(
            client()
                .post(format!("{base}/items/{path}"))
                .header("Content-Type", "application/json")
                .body(body),
        )
    };
    let copied = post("copy-a", "").await;
    assert_eq!(copied.text(), "{\"key\":\"a-copy\",\"value\":\"one\"}\n");
    let moved = post("a:move", r#"{"to":"b"}"#).await;
    assert_eq!(moved.text(), "{\"key\":\"b\",\"value\":\"one\"}\n");
    assert_eq!(get("a").await.status, 404);
    // A POST with neither text names nothing (404: the POSTs of this segment each need
    // theirs); a GET of `b:move` reads the key `b:move`.
    let neither = post("b", "{}").await;
    assert_eq!(neither.status, 404, "{}", neither.text());
    let read = get("b:move").await;
    assert!(read.text().contains("no such item"), "{}", read.text());
    let other = post("b:copy", "{}").await;
    assert_eq!(other.status, 404, "{}", other.text());
}

/// An endpoint declaring its path parameter again (`params:`) parses it as its own type:
/// a number here (`f64`), where the family's is text; what does not parse names nothing.
#[tokio::test]
async fn an_endpoint_may_give_a_parameter_its_own_type() {
    let base = start().await;
    let version = "api-version=2026-11-29";
    let counted = send(client().get(format!("{base}/items/1.25/copies?{version}"))).await;
    assert_eq!((counted.status, counted.text()), (200, "2.5\n".to_owned()));
    let word = send(client().get(format!("{base}/items/a/copies?{version}"))).await;
    assert_eq!(word.status, 404, "{}", word.text());
}

/// An option both required and with a default: a request without it is refused, and the
/// typed client sends the default (`Options::default()`), as Azure's `api-version` is.
#[tokio::test]
async fn a_required_option_with_a_default_is_sent_by_the_client() {
    let base = start().await;
    let without = send(client().get(format!("{base}/items/1/copies"))).await;
    assert_eq!(without.status, 400, "{}", without.text());
    assert!(without.text().contains("api-version"), "{}", without.text());
    let client = shelf_client::client::Client::new(&base).expect("a client");
    let options = shelf_client::options::CountCopiesOptions::default();
    assert_eq!(options.api_version, "2026-11-29");
    let counted = client.count_copies(4.0, &options).await.expect("counted");
    assert_eq!(counted, 8.0);
}

#[tokio::test]
async fn the_typed_client_writes_the_text_around_the_parameter() {
    let base = start().await;
    let client = shelf_client::client::Client::new(&base).expect("a client");
    let json = client.get_item_json("a").await.expect("read as json");
    assert_eq!(json.value, "one (json)");
    let copy = client.copy_item("a").await.expect("copied");
    assert_eq!(copy.key, "a-copy");
    let moved = client
        .move_item("a", &shelf_client::types::Move { to: "c".to_owned() })
        .await
        .expect("moved");
    assert_eq!(moved.key, "c");
    assert_eq!(
        client.get_item("c").await.expect("there").value,
        "one (whole)"
    );
}

/// `deprecated: 2026-06-30` sends the day in a `Deprecation` header (RFC 9745) on every
/// answer of the endpoint, errors too, and lists the header in OpenAPI; an endpoint that
/// is not deprecated sends none.
#[tokio::test]
async fn a_dated_deprecation_is_said_in_a_header() {
    let base = start().await;
    let json = send(client().get(format!("{base}/items/a.json"))).await;
    assert_eq!(json.header("deprecation"), Some("@1782777600"));
    let missing = send(client().get(format!("{base}/items/zz.json"))).await;
    assert_eq!(missing.status, 404, "{}", missing.text());
    assert_eq!(missing.header("deprecation"), Some("@1782777600"));
    let whole = send(client().get(format!("{base}/items/a"))).await;
    assert_eq!(whole.header("deprecation"), None);
    let document = openapi();
    let operation = &document["paths"]["/items/{key}.json"]["get"];
    assert_eq!(operation["deprecated"], true);
    let header = &operation["responses"]["200"]["headers"]["Deprecation"];
    assert_eq!(header["schema"]["const"], "@1782777600", "{operation}");
}

#[test]
fn openapi_keeps_the_template_as_written() {
    let document = openapi();
    let paths: Vec<&String> = document["paths"]
        .as_object()
        .expect("paths")
        .keys()
        .collect();
    for path in [
        "/items/{key}",
        "/items/{key}.json",
        "/items/{key}:move",
        "/items/copy-{key}",
    ] {
        assert!(paths.iter().any(|p| *p == path), "{path}: {paths:?}");
    }
}

/// A required list option holds one value at least: a request without it is a 400 naming
/// it, and OpenAPI says `required`, as YouTube's `part` is.
#[tokio::test]
async fn a_required_list_option_needs_one_value() {
    let base = start().await;
    let without = send(client().get(format!("{base}/items/"))).await;
    assert_eq!(without.status, 400, "{}", without.text());
    assert!(without.text().contains("key"), "{}", without.text());
    let found = send(client().get(format!("{base}/items/?key=a&key=zz"))).await;
    assert_eq!(
        found.text(),
        "[{\"key\":\"a\",\"value\":\"one (found)\"}]\n"
    );
    let client = shelf_client::client::Client::new(&base).expect("a client");
    let options = shelf_client::options::FindItemsOptions {
        key: vec!["a".to_owned()],
    };
    assert_eq!(client.find_items(&options).await.expect("found").len(), 1);
    let document = openapi();
    let parameter = &document["paths"]["/items/"]["get"]["parameters"][0];
    assert_eq!(parameter["required"], true, "{parameter}");
}
