//! `fixtures/redirects`: endpoints whose status is a redirect. A `302` answers without a
//! body, the `Location` its handler sets; a `303` carries the endpoint's response too.
//! OpenAPI states both, and the typed client reads them when its HTTP client does not
//! follow redirects. A `301` the status table lists is answered as errors are, with its
//! row's body, and the typed client reads it as that row.

use restspec_runtime::{Custom, RequestContext, Settings};

use super::{client, send};

restspec_runtime::generate!(mod relay = "fixtures/redirects");
restspec_client::generate!(mod relay_client = "fixtures/redirects");

use relay::types::{Moved, Task};
use relay::{Error, RelayHandlers};

struct Relay;

#[allow(refining_impl_trait)]
impl RelayHandlers for Relay {
    async fn authorize(&self, _: RequestContext<'_>) -> Result<Custom<()>, Error> {
        Ok(Custom::new(()).location_url("https://id.example/login?app=7"))
    }

    async fn start_task(&self, _: RequestContext<'_>, task: Task) -> Result<Custom<Task>, Error> {
        let started = Task {
            state: Some("running".to_owned()),
            ..task
        };
        Ok(Custom::new(started).location("/tasks/", "1"))
    }

    async fn get_task(&self, _: RequestContext<'_>, name: &str) -> Result<Task, Error> {
        match name {
            "old" => Err(Error::MovedPermanently(Moved {
                message: "Moved Permanently".to_owned(),
                url: "/tasks/new".to_owned(),
            })),
            _ => Ok(Task {
                name: name.to_owned(),
                state: None,
            }),
        }
    }
}

async fn start() -> String {
    let app = relay::router(Relay, Settings::default());
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

#[tokio::test]
async fn a_redirect_answers_its_location_and_the_endpoint_s_own_carries_its_body() {
    let base = start().await;
    let login = send(client().get(format!("{base}/authorize"))).await;
    assert_eq!(login.status, 302, "{}", login.text());
    assert_eq!(
        login.header("location"),
        Some("https://id.example/login?app=7")
    );
    assert!(login.body.is_empty(), "{}", login.text());

    let task = send(
        client()
            .post(format!("{base}/tasks"))
            .header("content-type", "application/json")
            .body(r#"{"name":"sync"}"#),
    )
    .await;
    assert_eq!(task.status, 303, "{}", task.text());
    assert_eq!(task.header("location"), Some("/tasks/1"));
    assert_eq!(task.text(), "{\"name\":\"sync\",\"state\":\"running\"}\n");
}

#[tokio::test]
async fn openapi_and_the_typed_client_know_the_redirects() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/redirects");
    let Ok(loaded) = restspec_codegen::load(&dir) else {
        panic!("the fixture loads");
    };
    let document = restspec_codegen::openapi::document(&loaded.service);
    let found = &document["paths"]["/authorize"]["get"]["responses"]["302"];
    assert!(found.get("content").is_none(), "{found}");
    assert!(found["headers"].get("Location").is_some(), "{found}");
    let started = &document["paths"]["/tasks"]["post"]["responses"]["303"];
    assert!(
        started["content"].get("application/json").is_some(),
        "{started}"
    );
    assert!(started["headers"].get("Location").is_some(), "{started}");

    let base = start().await;
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("an HTTP client");
    let config = restspec_runtime::client::ClientConfig::new(&base).http_client(http);
    let typed = relay_client::client::Client::with_config(config).expect("a client");
    let login = typed.authorize().send().await.expect("answered");
    assert_eq!(login.status, 302);
    assert_eq!(
        login.headers.get("location").and_then(|v| v.to_str().ok()),
        Some("https://id.example/login?app=7")
    );
    let task = relay_client::types::Task {
        name: "sync".to_owned(),
        state: None,
    };
    let started = typed.start_task(&task).send().await.expect("answered");
    assert_eq!(started.status, 303);
    assert_eq!(started.body.state.as_deref(), Some("running"));
}

/// A redirect the status table lists (GitHub's `301` of a renamed repository) is raised as
/// an error: answered with its row's body, stated in OpenAPI with that body, and read by
/// the typed client as the row, not as the call's answer.
#[tokio::test]
async fn a_redirect_row_is_answered_and_read_as_its_row() {
    let base = start().await;
    let moved = send(client().get(format!("{base}/tasks/old"))).await;
    assert_eq!(moved.status, 301, "{}", moved.text());
    assert_eq!(
        moved.text(),
        "{\"message\":\"Moved Permanently\",\"url\":\"/tasks/new\"}"
    );

    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/redirects");
    let Ok(loaded) = restspec_codegen::load(&dir) else {
        panic!("the fixture loads");
    };
    let document = restspec_codegen::openapi::document(&loaded.service);
    let row = &document["paths"]["/tasks/{name}"]["get"]["responses"]["301"];
    assert!(
        row["content"]["application/json"]["schema"]["$ref"]
            .as_str()
            .is_some_and(|r| r.ends_with("/Moved")),
        "{row}"
    );

    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("an HTTP client");
    let config = restspec_runtime::client::ClientConfig::new(&base).http_client(http);
    let typed = relay_client::client::Client::with_config(config).expect("a client");
    let found = typed.get_task("new").send().await.expect("answered");
    assert_eq!(found.body.name, "new");
    let Err(restspec_runtime::client::ClientError::Api(failure)) =
        typed.get_task("old").send().await
    else {
        panic!("a 301 row is a failure");
    };
    assert_eq!(failure.status, 301);
    let Some(relay_client::Error::MovedPermanently(moved)) = failure.error else {
        panic!("the row's body is read: {failure:?}");
    };
    assert_eq!(moved.url, "/tasks/new");
}
