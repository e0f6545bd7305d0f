//! `fixtures/text_answers`: answers that are one value written as text
//! (`response_media`), a count in `text/plain` as Microsoft Graph's `$count` answers it, a
//! state word, a CSV export: the handler answers the typed value, the wire carries its
//! plain text in that media type, errors stay in the service's JSON body, OpenAPI states
//! the media type, and the typed client reads the value back.

use restspec_runtime::{RequestContext, Settings};

use super::{client, send};

restspec_runtime::generate!(mod shelf = "fixtures/text_answers");
restspec_client::generate!(mod shelf_client = "fixtures/text_answers");

use shelf::types::{Book, ShelfState};
use shelf::{Error, ShelvesHandlers};

struct Shelf;

const CSV: &str = "title\n\"Dune, the first\"\nEmma\n";

#[allow(refining_impl_trait)]
impl ShelvesHandlers for Shelf {
    async fn count_books(
        &self,
        _: RequestContext<'_>,
        options: shelf::options::CountBooksOptions,
    ) -> Result<i64, Error> {
        match options.at_least {
            Some(n) if n > 2 => Err(Error::NotFound(format!("fewer than {n} books").into())),
            _ => Ok(2),
        }
    }

    async fn state(&self, _: RequestContext<'_>) -> Result<ShelfState, Error> {
        Ok(ShelfState::Full)
    }

    async fn export(&self, _: RequestContext<'_>) -> Result<String, Error> {
        Ok(CSV.to_owned())
    }

    async fn book(&self, _: RequestContext<'_>) -> Result<Book, Error> {
        Ok(Book {
            title: "Emma".into(),
        })
    }
}

// The spec's examples, a text answer's compared as text (`text: "2"`).
restspec_runtime::example_tests!("fixtures/text_answers", start = start_examples);

async fn start_examples(
    _: restspec_runtime::example_tests::Setup,
) -> restspec_runtime::Service<shelf::Api<Shelf>, restspec_runtime::NoAccounts> {
    shelf::router(Shelf, Settings::default())
}

async fn start() -> String {
    let app = shelf::router(Shelf, Settings::default());
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

#[tokio::test]
async fn a_text_answer_is_the_value_s_plain_text_in_its_media_type() {
    let base = start().await;
    let get = |path: &str| send(client().get(format!("{base}{path}")));
    let count = get("/books/$count").await;
    assert_eq!(count.status, 200);
    assert_eq!(
        count.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    assert_eq!(count.text(), "2");
    let state = get("/state").await;
    assert_eq!(
        state.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    assert_eq!(state.text(), "full");
    let export = get("/books.csv").await;
    assert_eq!(
        export.header("content-type"),
        Some("text/csv; charset=utf-8")
    );
    // The text itself, not a JSON string: no quotes, no escapes.
    assert_eq!(export.text(), CSV);
    // An endpoint without `response_media` answers JSON.
    let book = get("/book").await;
    assert_eq!(
        book.header("content-type"),
        Some("application/json; charset=UTF-8")
    );
    assert_eq!(book.text(), "{\"title\":\"Emma\"}\n");
}

#[tokio::test]
async fn a_text_endpoint_s_errors_stay_in_the_service_s_json_body() {
    let base = start().await;
    let get = |path: &str| send(client().get(format!("{base}{path}")));
    let handler = get("/books/$count?at_least=5").await;
    assert_eq!(handler.status, 404);
    assert_eq!(
        handler.header("content-type"),
        Some("application/json; charset=UTF-8")
    );
    assert_eq!(handler.text(), "{\"message\":\"fewer than 5 books\"}");
    let refused = get("/books/$count?at_least=-1").await;
    assert_eq!(refused.status, 400);
    assert!(
        refused.text().starts_with("{\"message\":"),
        "{}",
        refused.text()
    );
}

#[tokio::test]
async fn the_typed_client_reads_the_value_back() {
    let base = start().await;
    let api = shelf_client::client::Client::new(&base).expect("a client");
    let options = shelf_client::options::CountBooksOptions::default();
    assert_eq!(api.count_books(&options).await.expect("a count"), 2);
    let state = api.state().await.expect("a state");
    assert_eq!(state, shelf_client::types::ShelfState::Full);
    assert_eq!(api.export().await.expect("the export"), CSV);
    let options = shelf_client::options::CountBooksOptions { at_least: Some(9) };
    let failed = api.count_books(&options).await.expect_err("fewer books");
    assert!(
        failed.to_string().contains("fewer than 9 books"),
        "{failed}"
    );
}

#[test]
fn openapi_states_the_media_type_and_the_value_s_schema() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/text_answers");
    let Ok(loaded) = restspec_codegen::load(&dir) else {
        panic!("the fixture loads");
    };
    let document = restspec_codegen::openapi::document(&loaded.service);
    let content =
        |path: &str| document["paths"][path]["get"]["responses"]["200"]["content"].clone();
    // The example's text `2` is the number it writes.
    assert_eq!(
        content("/books/$count"),
        serde_json::json!({ "text/plain": {
            "schema": { "type": "integer" },
            "examples": { "count_books_counts_the_books_as_text": {
                "summary": "counts the books as text", "value": 2 } } } })
    );
    assert_eq!(
        content("/state")["text/plain"]["schema"],
        serde_json::json!({ "$ref": "#/components/schemas/ShelfState" })
    );
    assert_eq!(
        content("/books.csv"),
        serde_json::json!({ "text/csv": { "schema": { "type": "string" } } })
    );
    let errors = &document["paths"]["/books/$count"]["get"]["responses"]["404"]["content"];
    assert!(errors.get("application/json").is_some(), "{errors}");
}
