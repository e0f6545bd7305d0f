//! `fixtures/selected`: operations sharing one method and path (`POST /`, `GET /`), each
//! selected by a header's or a query parameter's fixed value, as AWS's protocols tell
//! theirs apart (`X-Amz-Target`, `Action`), or by which query option is there (`GET
//! /weather?city=` or `?lat=&lon=`, as Weatherbit's): routed by it, refused as naming
//! nothing without one, called by the typed client, and listed in OpenAPI under AWS's
//! fragments.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use restspec_runtime::{RequestContext, Settings};

use super::{client, send};

restspec_runtime::generate!(mod store = "fixtures/selected");
restspec_client::generate!(mod store_client = "fixtures/selected");

use store::options::DescribeStoreOptions;
use store::types::{Description, Item, ItemKey, Weather};
use store::{Error, RootHandlers};

/// Items by key.
#[derive(Default)]
struct Store(Mutex<BTreeMap<String, String>>);

#[allow(refining_impl_trait)]
impl RootHandlers for Store {
    async fn get_item(&self, _: RequestContext<'_>, body: ItemKey) -> Result<Item, Error> {
        let items = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        match items.get(&body.key) {
            Some(value) => Ok(Item {
                value: value.clone(),
                key: body.key,
            }),
            // An error body of any shape (`body: any`).
            None => Err(Error::ResourceNotFound(serde_json::json!({
                "__type": "ResourceNotFoundException",
                "message": format!("no item {}", body.key),
            }))),
        }
    }

    async fn put_item(&self, _: RequestContext<'_>, body: Item) -> Result<ItemKey, Error> {
        let mut items = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        items.insert(body.key.clone(), body.value);
        Ok(ItemKey { key: body.key })
    }

    async fn find_item(&self, _: RequestContext<'_>, body: ItemKey) -> Result<Option<Item>, Error> {
        let items = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        Ok(items.get(&body.key).map(|value| Item {
            value: value.clone(),
            key: body.key,
        }))
    }

    async fn weather_by_city(
        &self,
        _: RequestContext<'_>,
        options: store::options::WeatherByCityOptions,
    ) -> Result<Weather, Error> {
        let country = options.country.map_or(String::new(), |c| format!(", {c}"));
        Store::weather(format!("{}{country}", options.city))
    }

    async fn weather_at(
        &self,
        _: RequestContext<'_>,
        options: store::options::WeatherAtOptions,
    ) -> Result<Weather, Error> {
        Store::weather(format!("{} {}", options.lat, options.lon))
    }

    async fn describe_store(
        &self,
        _: RequestContext<'_>,
        options: DescribeStoreOptions,
    ) -> Result<Description, Error> {
        let items = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        Ok(Description {
            items: items.len() as i64,
            version: options.version,
        })
    }
}

impl Store {
    fn weather(place: String) -> Result<Weather, Error> {
        Ok(Weather { place })
    }
}

async fn start() -> String {
    let app = store::router(Store::default(), Settings::default());
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

#[tokio::test]
async fn the_selecting_value_routes_each_request() {
    let base = start().await;
    let target = |value: &str| {
        client()
            .post(format!("{base}/"))
            .header("X-Amz-Target", value)
            .header("Content-Type", "application/json")
    };
    let put = send(target("Store_20201201.PutItem").body(r#"{"key":"a","value":"1"}"#)).await;
    assert_eq!(
        (put.status, put.text()),
        (200, "{\"key\":\"a\"}\n".to_owned())
    );
    let got = send(target("Store_20201201.GetItem").body(r#"{"key":"a"}"#)).await;
    assert_eq!(
        (got.status, got.text()),
        (200, "{\"key\":\"a\",\"value\":\"1\"}\n".to_owned())
    );
    // No value, or one that selects nothing: the request names nothing.
    let none = send(target("Store_20201201.DropTable").body("{}")).await;
    assert_eq!(none.status, 404, "{}", none.text());
    let bare = send(
        client()
            .post(format!("{base}/"))
            .header("Content-Type", "application/json")
            .body("{}"),
    )
    .await;
    assert_eq!(bare.status, 404, "{}", bare.text());
    // A query selector: the parameter is read as the request's own, not an unknown option.
    let described = send(client().get(format!("{base}/?Action=DescribeStore&Version=2"))).await;
    assert_eq!(
        (described.status, described.text()),
        (200, "{\"items\":1,\"version\":\"2\"}\n".to_owned())
    );
    let null = send(target("Store_20201201.FindItem").body(r#"{"key":"zzz"}"#)).await;
    assert_eq!((null.status, null.text()), (200, "null\n".to_owned()));
    let other = send(client().get(format!("{base}/?Action=Other"))).await;
    assert_eq!(other.status, 404, "{}", other.text());
    // Another method on the path is still told from a path that does not exist.
    let deleted = send(client().delete(format!("{base}/"))).await;
    assert_eq!(deleted.status, 405, "{}", deleted.text());
}

#[tokio::test]
async fn the_typed_client_sends_what_selects_each_call() {
    let base = start().await;
    let client = store_client::client::Client::new(&base).expect("a client");
    let key = client
        .put_item(&store_client::types::Item {
            key: "b".to_owned(),
            value: "2".to_owned(),
        })
        .await
        .expect("stored");
    let item = client.get_item(&key).await.expect("read back");
    assert_eq!(item.value, "2");
    // A response that may be `null` (`response_nullable`): `None` is `null` on the wire.
    let found = client.find_item(&key).await.expect("found");
    assert_eq!(found.map(|item| item.value), Some("2".to_owned()));
    let nothing = client
        .find_item(&store_client::types::ItemKey {
            key: "none".to_owned(),
        })
        .await
        .expect("an answer");
    assert_eq!(nothing, None);
    // A row whose body is any value is read back as that value.
    let missing = client
        .get_item(&store_client::types::ItemKey {
            key: "none".to_owned(),
        })
        .await
        .expect_err("no such item");
    let body = match &missing {
        restspec_runtime::client::ClientError::Api(failure) => failure.error.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        body,
        Some(store_client::Error::ResourceNotFound(serde_json::json!({
            "__type": "ResourceNotFoundException",
            "message": "no item none",
        })))
    );
    let description = client
        .describe_store(&store_client::options::DescribeStoreOptions { version: None })
        .await
        .expect("described");
    assert_eq!(description.items, 1);
}

#[tokio::test]
async fn the_query_option_that_is_there_routes_each_request() {
    let base = start().await;
    let get = |query: &str| send(client().get(format!("{base}/weather{query}")));
    let city = get("?city=Lyon&country=FR").await;
    assert_eq!(
        (city.status, city.text()),
        (200, "{\"place\":\"Lyon, FR\"}\n".into())
    );
    let at = get("?lon=4.8&lat=45.7").await;
    assert_eq!(
        (at.status, at.text()),
        (200, "{\"place\":\"45.7 4.8\"}\n".into())
    );
    // Neither names an operation; an option of the other one is not known here.
    let neither = get("?country=FR").await;
    assert_eq!(neither.status, 404, "{}", neither.text());
    let mixed = get("?city=Lyon&lat=45.7").await;
    assert_eq!(mixed.status, 400, "{}", mixed.text());
    // The selected operation's own rules still hold: `lon` is required.
    let half = get("?lat=45.7").await;
    assert_eq!(half.status, 400, "{}", half.text());
    assert!(half.text().contains("lon"), "{}", half.text());
    let client = store_client::client::Client::new(&base).expect("a client");
    let options = store_client::options::WeatherAtOptions { lat: 1.5, lon: 2.0 };
    assert_eq!(
        client.weather_at(&options).await.expect("at").place,
        "1.5 2"
    );
    let options = store_client::options::WeatherByCityOptions {
        city: "Oslo".to_owned(),
        country: None,
    };
    assert_eq!(
        client.weather_by_city(&options).await.expect("in").place,
        "Oslo"
    );
}

#[test]
fn openapi_lists_each_under_its_fragment() {
    let document: serde_json::Value =
        serde_json::from_str(store::OPENAPI).expect("the OpenAPI document");
    let paths: Vec<&String> = document["paths"]
        .as_object()
        .expect("paths")
        .keys()
        .collect();
    assert_eq!(
        paths,
        [
            "/#Action=DescribeStore",
            "/#X-Amz-Target=Store_20201201.FindItem",
            "/#X-Amz-Target=Store_20201201.GetItem",
            "/#X-Amz-Target=Store_20201201.PutItem",
            "/weather#city",
            "/weather#lat"
        ]
    );
    let parameter = &document["paths"]["/#Action=DescribeStore"]["get"]["parameters"][0];
    assert_eq!(
        (
            &parameter["in"],
            &parameter["required"],
            &parameter["schema"]["enum"]
        ),
        (
            &"query".into(),
            &true.into(),
            &serde_json::json!(["DescribeStore"])
        )
    );
    // An option that selects by being there is listed once, as the option it is.
    let parameters = &document["paths"]["/weather#city"]["get"]["parameters"];
    let names: Vec<&serde_json::Value> = (parameters.as_array().expect("parameters").iter())
        .map(|p| &p["name"])
        .collect();
    assert_eq!(
        names,
        [&serde_json::json!("city"), &serde_json::json!("country")]
    );
}
