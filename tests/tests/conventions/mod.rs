//! The runtime's protocol conventions over real HTTP on loopback, one module per
//! convention, against the generated `fixtures/conventions` service.
//! Each test asserts status, headers and exact body bytes, including the refusals.

mod affixed;
mod affixed_bodies;
mod auth;
mod axum_router;
mod common_style;
mod common_style_bodies;
mod common_style_callers;
mod compression;
mod connections;
mod cookies;
mod cors;
mod cursor_pages;
mod error_bodies;
mod errors;
mod fixed_tokens;
mod header_parameters;
mod idempotency_shared;
mod offset_pages;
mod options;
mod output;
mod own_errors;
mod owned_resources;
mod payments;
mod payments_answers;
mod payments_rules;
mod query_keys;
mod quota;
mod rate_limits;
mod redirects;
mod replies;
mod request_bodies;
mod requests;
mod security_headers;
mod segments;
mod selected;
mod sessions;
mod single_page_link;
mod text_answers;
mod trace;

use reqwest::header::HeaderMap;
use restspec_runtime::Settings;
use restspec_tests::support::TestService;
use restspec_tests::test_server::TestServer;

/// A server holding the things `x` and `a/b`, with default settings.
async fn server() -> TestServer {
    server_with(Settings::default()).await
}

/// A server holding the things `x` and `a/b`.
async fn server_with(settings: Settings) -> TestServer {
    TestServer::start(TestService::with_things(&["x", "a/b"]), settings)
        .await
        .expect("a loopback server starts")
}

/// What a response said: status, headers, body bytes.
struct Answer {
    status: u16,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    fn headers_named(&self, name: &str) -> Vec<String> {
        self.headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok().map(str::to_owned))
            .collect()
    }
}

/// Sends a request and collects the answer. No automatic decompression or redirects.
async fn send(request: reqwest::RequestBuilder) -> Answer {
    let response = request.send().await.expect("the request is answered");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response.bytes().await.expect("a body").to_vec();
    Answer {
        status,
        headers,
        body,
    }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}
