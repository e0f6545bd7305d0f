//! `fixtures/query_keys`: credentials in several query parameters (`key`, `token`) and a
//! query key carried together with a header one. Each parameter is read where it is, a
//! parameter given twice is a 400, keys carried in part are no credentials, OpenAPI states
//! each place, and the typed client sends a token at the first.

use restspec_runtime::{FixedTokens, RequestContext, Settings};

use super::{client, send};

restspec_runtime::generate!(mod keyring = "fixtures/query_keys");
restspec_client::generate!(mod keyring_client = "fixtures/query_keys");

use keyring::{CallersHandlers, Error};

struct Keyring;

#[allow(refining_impl_trait)]
impl CallersHandlers for Keyring {
    async fn whoami(&self, ctx: RequestContext<'_>) -> Result<String, Error> {
        Ok(ctx
            .caller
            .identity()
            .map_or("anonymous".to_owned(), |i| i.username.clone()))
    }

    async fn whoareyou(&self, ctx: RequestContext<'_>) -> Result<String, Error> {
        self.whoami(ctx).await
    }
}

/// The service, knowing the key `k1` (`key`), the token `t1` (`token`) and the pair
/// `jwt` + `a1` (`together`).
async fn start() -> String {
    let lines = [
        FixedTokens::line("keyed", "k1", &[]),
        FixedTokens::line("tokened", "t1", &[]),
        FixedTokens::line("app", "jwt:a1", &[]),
    ];
    let tokens = FixedTokens::parse(&lines.join("\n")).expect("a token list");
    let app = keyring::router(Keyring, Settings::default().authenticator(tokens));
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

#[tokio::test]
async fn each_query_parameter_is_a_place_of_its_own() {
    let base = start().await;
    let whoami = |query: &str, auth_type: Option<&'static str>| {
        let mut request = client().get(format!("{base}/whoami?{query}"));
        if let Some(value) = auth_type {
            request = request.header("X-Auth-Type", value);
        }
        send(request)
    };
    for (query, header, expected) in [
        ("key=k1", None, "keyed"),
        ("token=t1", None, "tokened"),
        ("token=t%31", None, "tokened"),
        ("api_key=a1", Some("jwt"), "app"),
        // A key of a pair alone carries nothing; so does the header alone.
        ("api_key=a1", None, "anonymous"),
        ("", Some("jwt"), "anonymous"),
        ("", None, "anonymous"),
    ] {
        let answer = whoami(query, header).await;
        let said = format!("{query} {header:?}: {}", answer.text());
        assert_eq!(answer.status, 200, "{said}");
        assert_eq!(answer.text(), format!("\"{expected}\"\n"), "{said}");
    }
    for (query, header, status) in [
        ("key=k2", None, 401),
        ("api_key=a2", Some("jwt"), 401),
        ("key=k1&key=k1", None, 400),
        ("token=t1&token=t2", None, 400),
    ] {
        let answer = whoami(query, header).await;
        assert_eq!(answer.status, status, "{query}: {}", answer.text());
    }
    let twice = whoami("key=k1&key=k1", None).await;
    assert!(twice.text().contains("duplicate key"), "{}", twice.text());
    // Refused before routing, for an endpoint listing a 401 row of its own: in that row.
    let own = send(client().get(format!("{base}/whoareyou?key=k2"))).await;
    assert_eq!(own.status, 401, "{}", own.text());
    assert!(own.text().starts_with("{\"refused\":"), "{}", own.text());
    let service = whoami("key=k2", None).await;
    assert!(!service.text().contains("refused"), "{}", service.text());
}

#[tokio::test]
async fn openapi_states_each_place_and_the_typed_client_sends_at_the_first() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/query_keys");
    let Ok(loaded) = restspec_codegen::load(&dir) else {
        panic!("the fixture loads");
    };
    let document = restspec_codegen::openapi::document(&loaded.service);
    let schemes = &document["components"]["securitySchemes"];
    for name in ["key", "token", "api_key"] {
        assert_eq!(schemes[name]["in"], "query", "{schemes}");
        assert_eq!(schemes[name]["name"], name, "{schemes}");
    }
    assert_eq!(
        document["paths"]["/whoami"]["get"]["security"],
        serde_json::json!([{}, { "key": [] }, { "token": [] }, { "X-Auth-Type": [], "api_key": [] }]),
    );

    let base = start().await;
    let config = restspec_runtime::client::ClientConfig::new(&base).token("k1");
    let typed = keyring_client::client::Client::with_config(config).expect("a client");
    assert_eq!(typed.whoami().await.expect("answered"), "keyed");
    let config = restspec_runtime::client::ClientConfig::new(&base).keys(["jwt", "a1"]);
    let typed = keyring_client::client::Client::with_config(config).expect("a client");
    assert_eq!(typed.whoami().await.expect("answered"), "app");
}
