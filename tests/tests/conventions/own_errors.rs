//! `fixtures/own_errors`: an endpoint writing its errors in a body of its own
//! (`error_body` on the endpoint, as Slack's methods answer `{ ok: false, error }`): its
//! handler's errors come in it, the runtime's own refusals and the other endpoints' errors
//! in the service's; OpenAPI states it on the endpoint's rows and its `default`. An
//! endpoint listing a row of a shape of its own has the runtime's answers of that code
//! (its input refused, a number that is none) in that shape, a JSON string alone among
//! them. The typed client reads the message where those bodies hold it.

use restspec_runtime::{RequestContext, Settings};

use super::{client, send};

restspec_runtime::generate!(mod desk = "fixtures/own_errors");
restspec_client::generate!(mod desk_client = "fixtures/own_errors");

use desk::types::Thing;
use desk::{DeskHandlers, Error};

struct Desk;

#[allow(refining_impl_trait)]
impl DeskHandlers for Desk {
    async fn lookup(
        &self,
        _: RequestContext<'_>,
        options: desk::options::LookupOptions,
    ) -> Result<Thing, Error> {
        let language = desk::response_headers::ErrorHeaders {
            content_language: Some("en".to_owned()),
        };
        Err(Error::NotFound(format!("no thing {}", options.id).into()).with_headers(&language))
    }

    async fn rename(
        &self,
        _: RequestContext<'_>,
        _: desk::options::RenameOptions,
        thing: Thing,
    ) -> Result<Thing, Error> {
        Err(Error::InvalidName(format!("{} is taken", thing.id).into()))
    }

    async fn archive(
        &self,
        _: RequestContext<'_>,
        options: desk::options::ArchiveOptions,
    ) -> Result<Thing, Error> {
        Err(Error::NotFound(format!("no thing {}", options.id).into()))
    }

    async fn search(
        &self,
        _: RequestContext<'_>,
        options: desk::options::SearchOptions,
    ) -> Result<Thing, Error> {
        Ok(Thing { id: options.q.id })
    }

    async fn sorted(
        &self,
        _: RequestContext<'_>,
        options: desk::options::SortedOptions,
    ) -> Result<Thing, Error> {
        let keys: Vec<String> = (options.sortings.iter())
            .map(|s| format!("{}:{:?}", s.key, s.direction))
            .collect();
        let size = options.page.and_then(|p| p.size);
        let size = size.map_or("-".to_owned(), |s| s.to_string());
        Ok(Thing {
            id: format!("{};{size}", keys.join(",")),
        })
    }

    async fn fetch(&self, _: RequestContext<'_>, number: i64) -> Result<Thing, Error> {
        Err(Error::MissingThing(format!("no thing {number}").into()))
    }

    async fn peek(&self, _: RequestContext<'_>, number: i64) -> Result<Thing, Error> {
        Err(Error::MissingText(format!("no thing {number}").into()))
    }
}

/// The fixture's OpenAPI document, as `restspec openapi` writes it.
fn openapi_document() -> serde_json::Value {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/own_errors");
    let Ok(loaded) = restspec_codegen::load(&dir) else {
        panic!("the fixture loads");
    };
    restspec_codegen::openapi::document(&loaded.service)
}

async fn start() -> String {
    let app = desk::router(Desk, Settings::default());
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

#[tokio::test]
async fn the_endpoint_s_handler_errors_come_in_its_own_body() {
    let base = start().await;
    let get = |path: &str| send(client().get(format!("{base}{path}")));
    let post = |path: &str| send(client().post(format!("{base}{path}")));
    let own = post("/archive?id=7").await;
    assert_eq!(own.status, 404);
    assert_eq!(
        own.text(),
        "{\"ok\":false,\"error\":\"not_found\",\"detail\":\"no thing 7\"}"
    );
    let service = get("/lookup?id=7").await;
    assert_eq!(service.status, 404);
    assert_eq!(service.text(), "{\"message\":\"no thing 7\"}");
    // The runtime's own refusal of the request stays in the service's body.
    let refused = post("/archive").await;
    assert_eq!(refused.status, 400, "{}", refused.text());
    assert!(
        refused.text().starts_with("{\"message\":"),
        "{}",
        refused.text()
    );
}

#[test]
fn openapi_states_the_endpoint_s_body_on_its_rows_and_default() {
    let document = openapi_document();
    let responses = &document["paths"]["/archive"]["post"]["responses"];
    let schema = |code: &str| responses[code]["content"]["application/json"]["schema"].clone();
    let own = serde_json::json!({ "$ref": "#/components/schemas/MethodError" });
    assert_eq!(schema("default"), own, "{responses}");
    assert_eq!(schema("404"), own, "{responses}");
    // Its refusals and its handler's 400 are the one shape of the row it lists.
    let renamed = &document["paths"]["/rename"]["post"]["responses"]["400"];
    let shape = &renamed["content"]["application/json"]["schema"];
    assert!(
        shape.get("anyOf").is_none() && shape["properties"].get("errors").is_some(),
        "{renamed}"
    );
    let service = &document["paths"]["/lookup"]["get"]["responses"];
    assert_eq!(
        service["default"]["content"]["application/json"]["schema"],
        serde_json::json!({ "$ref": "#/components/schemas/Error" }),
        "{service}"
    );
}

#[tokio::test]
async fn input_is_refused_in_the_400_row_the_endpoint_lists() {
    let base = start().await;
    let rename = |query: &str, body: &str| {
        send(
            client()
                .post(format!("{base}/rename{query}"))
                .header("content-type", "application/json")
                .body(body.to_owned()),
        )
    };
    let missing = rename("", r#"{"id":"a"}"#).await;
    assert_eq!(missing.status, 400);
    assert!(
        missing.text().starts_with("{\"errors\":[{\"detail\":"),
        "{}",
        missing.text()
    );
    let broken = rename("?id=1", "{").await;
    assert_eq!(broken.status, 400);
    assert!(
        broken.text().starts_with("{\"errors\":[{\"detail\":"),
        "{}",
        broken.text()
    );
    let handler = rename("?id=1", r#"{"id":"a"}"#).await;
    assert_eq!(handler.text(), "{\"errors\":[{\"detail\":\"a is taken\"}]}");
    // Elsewhere the service's.
    let other = send(client().post(format!("{base}/archive"))).await;
    assert!(
        other.text().starts_with("{\"message\":"),
        "{}",
        other.text()
    );
}

/// The typed client reads the message where the endpoint's own bodies hold it.
#[tokio::test]
async fn the_typed_client_reads_the_message_in_the_endpoint_s_own_body() {
    let base = start().await;
    let config = restspec_runtime::client::ClientConfig::new(&base);
    let typed = desk_client::client::Client::with_config(config).expect("a client");
    let archive = desk_client::options::ArchiveOptions { id: "7".to_owned() };
    let failure = typed.archive(&archive).await.expect_err("no such thing");
    let restspec_runtime::client::ClientError::Api(failure) = failure else {
        panic!("an answer of the service: {failure:?}");
    };
    assert_eq!(
        (failure.status, failure.message.as_str()),
        (404, "no thing 7")
    );
    let rename = desk_client::options::RenameOptions { id: "7".to_owned() };
    let thing = desk_client::types::Thing { id: "a".to_owned() };
    let failure = typed.rename(&rename, &thing).await.expect_err("taken");
    let restspec_runtime::client::ClientError::Api(failure) = failure else {
        panic!("an answer of the service: {failure:?}");
    };
    assert_eq!(
        (failure.status, failure.message.as_str()),
        (400, "a is taken")
    );
}

/// An endpoint listing a 404 row of a shape of its own: the runtime's 404 of a path
/// parameter that is no number comes in it, as its handler's do; a path no endpoint serves
/// is answered in the service's. OpenAPI names only that shape for the endpoint's 404.
#[tokio::test]
async fn the_runtime_s_answers_of_a_code_come_in_the_row_the_endpoint_lists() {
    let base = start().await;
    let get = |path: &str| send(client().get(format!("{base}{path}")));
    let word = get("/things/seven").await;
    assert_eq!(word.status, 404, "{}", word.text());
    assert!(word.text().starts_with("{\"missing\":"), "{}", word.text());
    // Not even text: refused in routing, still the endpoint's.
    let bytes = get("/things/%FF").await;
    assert_eq!(bytes.status, 404, "{}", bytes.text());
    assert!(
        bytes.text().starts_with("{\"missing\":"),
        "{}",
        bytes.text()
    );
    let handler = get("/things/7").await;
    assert_eq!(handler.text(), "{\"missing\":\"no thing 7\"}");
    let nowhere = get("/nowhere").await;
    assert_eq!(nowhere.status, 404);
    assert!(
        nowhere.text().starts_with("{\"message\":"),
        "{}",
        nowhere.text()
    );

    let document = openapi_document();
    let found = &document["paths"]["/things/{number}"]["get"]["responses"]["404"];
    let schema = &found["content"]["application/json"]["schema"];
    assert!(schema.get("anyOf").is_none(), "{found}");
    assert!(schema["properties"].get("missing").is_some(), "{found}");
}

/// A query option of JSON text (`style: json`, Superset's `q`): read as its type, checked as
/// a body is (a violation named inside the option), stated in OpenAPI as `content`, and
/// written by the typed client as JSON.
#[tokio::test]
async fn a_query_option_of_json_text_is_read_as_its_type() {
    let base = start().await;
    let get = |query: &str| send(client().get(format!("{base}/search?{query}")));
    let found = get("q=%7B%22id%22%3A%227%22%7D").await;
    assert_eq!(found.status, 200, "{}", found.text());
    assert_eq!(found.text(), "{\"id\":\"7\"}\n");
    let number = get("q=%7B%22id%22%3A7%7D").await;
    assert_eq!(number.status, 400, "{}", number.text());
    assert!(number.text().contains("q"), "{}", number.text());
    let none = get("q=%7B%22id%22%3A%227%22%2C%22limit%22%3A0%7D").await;
    assert_eq!(none.status, 400, "{}", none.text());
    assert!(none.text().contains("q.limit"), "{}", none.text());

    let document = openapi_document();
    let q = &document["paths"]["/search"]["get"]["parameters"][0];
    assert_eq!(q["name"], "q", "{q}");
    assert!(
        q["content"]["application/json"]["schema"].is_object(),
        "{q}"
    );
    assert!(q.get("schema").is_none(), "{q}");

    let config = restspec_runtime::client::ClientConfig::new(&base);
    let typed = desk_client::client::Client::with_config(config).expect("a client");
    let options = desk_client::options::SearchOptions {
        q: desk_client::types::Search {
            id: "9".to_owned(),
            limit: None,
        },
    };
    let thing = typed.search(&options).send().await.expect("found");
    assert_eq!(thing.body.id, "9");
}

/// A row whose error body is its message alone (`error_body: "{message}"`, Zuora's 400s):
/// the handler's errors and the runtime's answers of its code are a JSON string, OpenAPI
/// says so, and the typed client reads the message as the whole body.
#[tokio::test]
async fn an_error_body_may_be_the_message_alone() {
    let base = start().await;
    let get = |path: &str| send(client().get(format!("{base}{path}")));
    let handler = get("/peek/7").await;
    assert_eq!(handler.status, 404);
    assert_eq!(handler.text(), "\"no thing 7\"");
    let word = get("/peek/seven").await;
    assert_eq!(word.status, 404, "{}", word.text());
    let said: serde_json::Value = serde_json::from_str(&word.text()).expect("JSON");
    assert!(said.is_string(), "{said}");
    let document = openapi_document();
    let answer = &document["paths"]["/peek/{number}"]["get"]["responses"]["404"];
    assert_eq!(
        answer["content"]["application/json"]["schema"],
        serde_json::json!({ "type": "string" }),
        "{answer}"
    );
    let config = restspec_runtime::client::ClientConfig::new(&base);
    let typed = desk_client::client::Client::with_config(config).expect("a client");
    let failure = typed.peek(7).await.expect_err("no such thing");
    let restspec_runtime::client::ClientError::Api(failure) = failure else {
        panic!("an answer of the service: {failure:?}");
    };
    assert_eq!(
        (failure.status, failure.message.as_str()),
        (404, "no thing 7")
    );
}

/// A record, or a list of records, in the query (`style: deep_object` on such a type): its
/// members in brackets, nested, or after dots (ASP.NET's `sortings[0].key`), each read as
/// its member's type and checked as a body's; the typed client writes them, OpenAPI says
/// `deepObject`.
#[tokio::test]
async fn a_list_of_records_in_the_query_is_read_from_its_bracketed_members() {
    let base = start().await;
    let get = |query: &str| send(client().get(format!("{base}/sorted?{query}")));
    let both =
        "sortings[0][key]=name&sortings[0][value]=Desc&sortings[1].key=id&sortings[1].value=Asc";
    let sorted = get(&format!("{both}&page[size]=30")).await;
    assert_eq!(sorted.status, 200, "{}", sorted.text());
    assert_eq!(sorted.text(), "{\"id\":\"name:Desc,id:Asc;30\"}\n");
    // Brackets percent-encoded, as browsers and most clients send them.
    let encoded = get("sortings%5B0%5D%5Bkey%5D=name&sortings%5B0%5D%5Bvalue%5D=Asc").await;
    assert_eq!(encoded.status, 200, "{}", encoded.text());
    assert_eq!(encoded.text(), "{\"id\":\"name:Asc;-\"}\n");

    let missing = get("page[size]=30").await;
    assert_eq!(missing.status, 400, "{}", missing.text());
    assert!(
        missing.text().contains("sortings is missing"),
        "{}",
        missing.text()
    );
    let sideways = get("sortings[0][key]=name&sortings[0][value]=Sideways").await;
    assert_eq!(sideways.status, 400, "{}", sideways.text());
    assert!(sideways.text().contains("sortings"), "{}", sideways.text());
    let small = get(&format!("{both}&page[size]=0")).await;
    assert_eq!(small.status, 400, "{}", small.text());
    assert!(small.text().contains("page.size"), "{}", small.text());
    let empty_key = get("sortings[0][key]=&sortings[0][value]=Asc").await;
    assert_eq!(empty_key.status, 400, "{}", empty_key.text());
    assert!(empty_key.text().contains("key"), "{}", empty_key.text());
    let word = get(&format!("{both}&page[size]=many")).await;
    assert_eq!(word.status, 400, "{}", word.text());
    let other = get(&format!("{both}&other[0][key]=x")).await;
    assert_eq!(other.status, 400, "{}", other.text());
    assert!(other.text().contains("other[0][key]"), "{}", other.text());

    let document = openapi_document();
    let sortings = &document["paths"]["/sorted"]["get"]["parameters"][0];
    assert_eq!(sortings["name"], "sortings", "{sortings}");
    assert_eq!(sortings["style"], "deepObject", "{sortings}");
    assert_eq!(sortings["explode"], true, "{sortings}");
    assert_eq!(sortings["required"], true, "{sortings}");
    assert_eq!(sortings["schema"]["type"], "array", "{sortings}");
    assert_eq!(
        sortings["schema"]["items"]["$ref"], "#/components/schemas/Sorting",
        "{sortings}"
    );

    let config = restspec_runtime::client::ClientConfig::new(&base);
    let typed = desk_client::client::Client::with_config(config).expect("a client");
    let sorting = |key: &str, direction| desk_client::types::Sorting {
        key: key.to_owned(),
        direction,
    };
    let options = desk_client::options::SortedOptions {
        sortings: vec![
            sorting("title", desk_client::types::Direction::Asc),
            sorting("id", desk_client::types::Direction::Desc),
        ],
        page: Some(desk_client::types::Page {
            size: Some(5),
            number: Some(2),
        }),
    };
    let thing = typed.sorted(&options).send().await.expect("sorted");
    assert_eq!(thing.body.id, "title:Asc,id:Desc;5");
}

/// A header any error answer may carry (`error_headers`): the handler's 404 carries the
/// one it gives and the typed client reads it from the failure; the runtime's own refusal
/// carries none; OpenAPI states it on every error answer of every operation, `default`
/// included, and on no success.
#[tokio::test]
async fn a_header_of_every_error_answer_goes_out_with_the_handler_s_error() {
    use restspec_runtime::ResponseHeaders;
    let base = start().await;
    let get = |path: &str| send(client().get(format!("{base}{path}")));
    let given = get("/lookup?id=7").await;
    assert_eq!(given.status, 404);
    assert_eq!(given.header("content-language"), Some("en"));
    let refused = get("/lookup").await;
    assert_eq!(refused.status, 400, "{}", refused.text());
    assert!(!refused.headers.contains_key("content-language"));

    let config = restspec_runtime::client::ClientConfig::new(&base);
    let typed = desk_client::client::Client::with_config(config).expect("a client");
    let lookup = desk_client::options::LookupOptions { id: "7".to_owned() };
    let failure = typed.lookup(&lookup).await.expect_err("no such thing");
    let restspec_runtime::client::ClientError::Api(failure) = failure else {
        panic!("an answer of the service: {failure:?}");
    };
    let read = desk_client::response_headers::ErrorHeaders::read(&failure.headers);
    assert_eq!(read.expect("typed").content_language.as_deref(), Some("en"));

    let document = openapi_document();
    for (path, operation) in document["paths"].as_object().expect("paths") {
        for (method, operation) in operation.as_object().expect("operations") {
            for (code, answer) in operation["responses"].as_object().expect("responses") {
                let header = &answer["headers"]["Content-Language"];
                let error = code == "default" || !code.starts_with('2');
                assert_eq!(!header.is_null(), error, "{method} {path} {code}: {answer}");
                if error {
                    assert_eq!(header["schema"]["type"], "string", "{header}");
                    assert!(header.get("required").is_none(), "{header}");
                }
            }
        }
    }
}
