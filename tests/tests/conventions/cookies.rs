//! `fixtures/cookies`: cookie parameters (`cookies:` on an endpoint), the cookies of the
//! request's `Cookie` header read as header parameters are (typed, required, defaulted,
//! bounded, a list comma-separated), into the struct the header parameters fill; a refusal
//! is a 400 naming the cookie; the typed client sends them in one `Cookie` header; OpenAPI
//! says `in: cookie`.

use restspec_runtime::{RequestContext, Settings};

use super::{Answer, client, send};

restspec_runtime::generate!(mod prefs = "fixtures/cookies");
restspec_client::generate!(mod prefs_client = "fixtures/cookies");

use prefs::types::Prefs;
use prefs::{Error, PrefsHandlers};

struct Visits;

#[allow(refining_impl_trait)]
impl PrefsHandlers for Visits {
    async fn read_prefs(
        &self,
        _: RequestContext<'_>,
        headers: prefs::headers::ReadPrefsHeaders,
    ) -> Result<Prefs, Error> {
        Ok(Prefs {
            visitor: headers.visitor,
            theme: headers.theme,
            tz_offset: headers.tz_offset,
            langs: headers.langs,
            client: headers.x_client,
        })
    }
}

// The spec's example: a request whose `Cookie` header carries two of them.
restspec_runtime::example_tests!("fixtures/cookies", start = start_examples);

async fn start_examples(
    _: restspec_runtime::example_tests::Setup,
) -> restspec_runtime::Service<prefs::Api<Visits>, restspec_runtime::NoAccounts> {
    prefs::router(Visits, Settings::default())
}

async fn start() -> String {
    let app = prefs::router(Visits, Settings::default());
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

async fn get(base: &str, cookies: &[&str]) -> Answer {
    let mut request = client().get(format!("{base}/prefs/"));
    for cookie in cookies {
        request = request.header("Cookie", *cookie);
    }
    send(request).await
}

fn json(answer: &Answer) -> serde_json::Value {
    serde_json::from_slice(&answer.body).expect("JSON")
}

#[tokio::test]
async fn cookies_reach_the_handler_typed() {
    let base = start().await;
    // Among others, quoted, over two `Cookie` headers.
    let answer = get(
        &base,
        &[
            "other=1; visitor=\"bea\"",
            "theme=dark; tz_offset=2; langs=de,en",
        ],
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(
        json(&answer),
        serde_json::json!({
            "visitor": "bea", "theme": "dark", "tz_offset": 2, "langs": ["de", "en"]
        })
    );
    // Left out: the default, none, an empty list.
    let answer = get(&base, &["visitor=cy"]).await;
    assert_eq!(
        json(&answer),
        serde_json::json!({ "visitor": "cy", "theme": "light", "langs": [] })
    );
}

#[tokio::test]
async fn a_cookie_that_is_missing_or_does_not_fit_is_a_400_naming_it() {
    let base = start().await;
    for (cookies, message) in [
        (vec![], "header or cookie visitor is missing"),
        (
            vec!["visitor=a; tz_offset=15"],
            "invalid header or cookie tz_offset: 15 is above 14",
        ),
        (
            vec!["visitor=a; theme=blue"],
            "invalid header or cookie theme",
        ),
    ] {
        let answer = get(&base, &cookies).await;
        assert_eq!(answer.status, 400, "{cookies:?}: {}", answer.text());
        let said = json(&answer)["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(said.starts_with(message), "{cookies:?}: {said}");
    }
}

#[tokio::test]
async fn the_typed_client_sends_cookies_in_one_cookie_header() {
    let base = start().await;
    let config = restspec_runtime::client::ClientConfig::new(&base);
    let typed = prefs_client::client::Client::with_config(config).expect("a client");
    let headers = prefs_client::headers::ReadPrefsHeaders {
        x_client: Some("cli".to_owned()),
        visitor: "dee".to_owned(),
        theme: prefs_client::types::Theme::Dark,
        tz_offset: Some(-5),
        langs: vec!["fr".to_owned(), "it".to_owned()],
    };
    let got = typed.read_prefs(&headers).await.expect("an answer");
    assert_eq!(
        (
            got.visitor.as_str(),
            got.theme,
            got.tz_offset,
            got.langs.len()
        ),
        ("dee", prefs_client::types::Theme::Dark, Some(-5), 2)
    );
    assert_eq!(got.client.as_deref(), Some("cli"));
}

#[test]
fn openapi_says_in_cookie() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/cookies");
    let Ok(loaded) = restspec_codegen::load(&dir) else {
        panic!("the fixture loads");
    };
    let document = restspec_codegen::openapi::document(&loaded.service);
    let parameters = &document["paths"]["/prefs/"]["get"]["parameters"];
    let place = |name: &str| {
        let found = parameters.as_array().expect("parameters").iter();
        let found = found.filter(|p| p["name"] == name).collect::<Vec<_>>();
        assert_eq!(found.len(), 1, "{name}: {parameters}");
        found[0].clone()
    };
    assert_eq!(place("X-Client")["in"], "header");
    let visitor = place("visitor");
    assert_eq!(
        (&visitor["in"], &visitor["required"]),
        (&"cookie".into(), &true.into())
    );
    let langs = place("langs");
    assert_eq!(
        (&langs["in"], &langs["explode"]),
        (&"cookie".into(), &false.into())
    );
    assert_eq!(place("tz_offset")["schema"]["maximum"], 14);
}
