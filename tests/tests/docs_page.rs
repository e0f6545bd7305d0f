//! The docs page (`docs_path`): the example service's page and its files answered over
//! loopback (status, content type, caching, gzip, the page's own Content-Security-Policy),
//! and the spec mistakes about it, whole messages. The page in a real browser is
//! `.ci/docs-page`.

use std::io::Read;

use reqwest::StatusCode;
use reqwest::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_SECURITY_POLICY, CONTENT_TYPE,
    LOCATION, VARY,
};
use restspec_tests::spec_sources::minimal_with;

use crate::example::Server;

/// A client that shows redirects instead of following them.
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}

/// The value of each `attribute="..."` in `html`.
fn attributes<'h>(html: &'h str, attribute: &str) -> Vec<&'h str> {
    let opening = format!("{attribute}=\"");
    html.split(opening.as_str())
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect()
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("gzip");
    out
}

#[tokio::test]
async fn the_page_points_at_the_document_and_at_its_own_files() {
    let server = Server::start().await;
    let answer = client()
        .get(format!("{}/docs/", server.base))
        .send()
        .await
        .expect("an answer");
    assert_eq!(answer.status(), StatusCode::OK);
    let headers = answer.headers().clone();
    assert_eq!(headers[CONTENT_TYPE], "text/html; charset=utf-8");
    assert_eq!(headers[CACHE_CONTROL], "no-cache");
    let policy = headers[CONTENT_SECURITY_POLICY].to_str().expect("ASCII");
    assert!(
        policy.contains("script-src 'self';") && policy.contains("connect-src 'self';"),
        "{policy}"
    );
    assert!(
        !policy.contains("sandbox"),
        "the page runs scripts: {policy}"
    );
    assert_eq!(
        headers["x-frame-options"], "deny",
        "the security headers stay"
    );
    let html = answer.text().await.expect("a body");
    assert!(html.contains("<title>Code Review Service: API documentation</title>"));
    assert_eq!(attributes(&html, "data-openapi"), ["../openapi.json"]);
    assert_eq!(attributes(&html, "data-json-prefix"), [")]}&#39;"]);
    let scripts = attributes(&html, "src");
    assert_eq!(scripts.len(), 2, "{html}");
    assert!(scripts[0].starts_with("swagger-ui-bundle.") && scripts[0].ends_with(".js"));
    assert!(scripts[1].starts_with("init.") && scripts[1].ends_with(".js"));
    let sheets: Vec<&str> = attributes(&html, "href")
        .into_iter()
        .filter(|h| h.ends_with(".css"))
        .collect();
    assert_eq!(sheets.len(), 1, "{html}");
    // Relative to the page, as the browser resolves them: each is there, named by its hash.
    for name in scripts.iter().chain(&sheets) {
        let answer = client()
            .get(format!("{}/docs/{name}", server.base))
            .send()
            .await
            .expect("an answer");
        assert_eq!(answer.status(), StatusCode::OK, "{name}");
        assert_eq!(
            answer.headers()[CACHE_CONTROL],
            "public, max-age=31536000, immutable",
            "{name}"
        );
    }
    // The same page under the authenticated prefix, needing no credentials: its relative
    // URLs then stay under the prefix too.
    let prefixed = client()
        .get(format!("{}/a/docs/", server.base))
        .send()
        .await
        .expect("an answer");
    assert_eq!(prefixed.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_bundle_is_sent_gzipped_as_stored_or_inflated() {
    let server = Server::start().await;
    let html = client()
        .get(format!("{}/docs/", server.base))
        .send()
        .await
        .expect("an answer")
        .text()
        .await
        .expect("a body");
    let bundle = attributes(&html, "src")[0].to_owned();
    let url = format!("{}/docs/{bundle}", server.base);

    let gzipped = client()
        .get(&url)
        .header(ACCEPT_ENCODING, "gzip, deflate, br")
        .send()
        .await
        .expect("an answer");
    assert_eq!(gzipped.status(), StatusCode::OK);
    assert_eq!(
        gzipped.headers()[CONTENT_TYPE],
        "text/javascript; charset=utf-8"
    );
    assert_eq!(gzipped.headers()[CONTENT_ENCODING], "gzip");
    assert_eq!(gzipped.headers()[VARY], "accept-encoding");
    let compressed = gzipped.bytes().await.expect("a body");
    let script = gunzip(&compressed);
    assert!(
        compressed.len() * 3 < script.len(),
        "{} bytes gzipped, {} inflated",
        compressed.len(),
        script.len()
    );
    assert!(
        String::from_utf8_lossy(&script).contains("SwaggerUIBundle"),
        "the bundle defines what init.js calls"
    );

    let plain = client().get(&url).send().await.expect("an answer");
    assert_eq!(plain.status(), StatusCode::OK);
    assert!(plain.headers().get(CONTENT_ENCODING).is_none());
    let vary: Vec<_> = plain.headers().get_all(VARY).iter().collect();
    assert_eq!(vary, ["accept-encoding"], "said once");
    assert_eq!(plain.bytes().await.expect("a body"), script);
}

#[tokio::test]
async fn the_page_without_its_slash_is_redirected_and_other_names_beneath_are_404() {
    let server = Server::start().await;
    let answer = client()
        .get(format!("{}/docs", server.base))
        .send()
        .await
        .expect("an answer");
    assert_eq!(answer.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(answer.headers()[LOCATION], "docs/");
    for path in ["/docs/swagger-ui-bundle.js", "/docs/index.html"] {
        let answer = client()
            .get(format!("{}{path}", server.base))
            .send()
            .await
            .expect("an answer");
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(
            answer.text().await.expect("a body"),
            "Not found: the docs page has no such file\n",
            "{path}"
        );
    }
    // Only GET and HEAD are the page's.
    let head = client()
        .head(format!("{}/docs/", server.base))
        .send()
        .await
        .expect("an answer");
    assert_eq!(head.status(), StatusCode::OK);
    let post = client()
        .post(format!("{}/docs/", server.base))
        .send()
        .await
        .expect("an answer");
    assert_eq!(post.status(), StatusCode::NOT_FOUND);
}

/// The errors of the minimal fixture with `conventions` added to its service file and
/// `endpoints` to its `things` family, as `restspec check` writes them.
fn errors_with(conventions: &str, endpoints: &str) -> String {
    minimal_with(conventions, endpoints)
        .unwrap_or_else(|| panic!("the spec with {conventions:?} and {endpoints:?} is refused"))
        .to_string()
}

/// The page shows the document served at `openapi_path`: without one it has nothing.
#[test]
fn a_docs_path_without_an_openapi_path_is_refused() {
    assert_eq!(
        errors_with("  docs_path: /docs/\n", ""),
        "error: service.yaml:11:14: `docs_path: /docs/` shows the OpenAPI document, but the \
         service serves none\n  \
         hint: add `openapi_path: /openapi.json` next to it, or remove `docs_path`"
    );
}

/// `/things/` is `list_things`'s path, and `/things/{thing-id}` one segment beneath it.
#[test]
fn a_docs_path_where_an_endpoint_is_is_refused() {
    let endpoint = "  get_thing:\n    method: GET\n    path: /things/{thing-id}\n    summary: Get Thing\n    response: string\n";
    assert_eq!(
        errors_with(
            "  openapi_path: /openapi.json\n  docs_path: /things/\n",
            endpoint
        ),
        "error: service.yaml:12:14: `docs_path: /things/` takes `GET` on that path and one \
         segment beneath it, where endpoint `get_thing` (`GET /things/{thing-id}`) is\n  \
         note: things.yaml:15:3: `get_thing` is declared here\n  \
         hint: choose a docs path no endpoint uses, such as `/docs/` or `/api-docs/`\n\
         error: service.yaml:12:14: `docs_path: /things/` takes `GET` on that path and one \
         segment beneath it, where endpoint `list_things` (`GET /things/`) is\n  \
         note: things.yaml:10:3: `list_things` is declared here\n  \
         hint: choose a docs path no endpoint uses, such as `/docs/` or `/api-docs/`"
    );
}
