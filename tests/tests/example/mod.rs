//! The example code review service over real HTTP on loopback, one module per family.
//! Every status of the protocol's status table (protocol 7) is reached through a real
//! scenario somewhere here. Each family's module splits by sub-resource; the helpers
//! every module shares are here.

mod accounts;
mod body_shapes;
mod changes;
mod client;
mod config;
mod groups;
mod impersonation;
mod projects;
mod protocol_examples;
mod quota;

use reqwest::{RequestBuilder, Response, StatusCode};
use serde_json::Value;

/// The `admin` password of every test server.
pub(crate) const PASSWORD: &str = "s3cret";

/// Starts the example service on an ephemeral loopback port; stops when dropped.
pub(crate) struct Server {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// A client without redirects.
    pub client: reqwest::Client,
    _shutdown: tokio::sync::oneshot::Sender<()>,
}

impl Server {
    /// A fresh service with its data in memory.
    pub(crate) async fn start() -> Server {
        Server::start_with(review_service::Options {
            admin_password: PASSWORD.into(),
            ..Default::default()
        })
        .await
    }

    /// A fresh service started with `options`. Data that would live in memory lives in a
    /// new PostgreSQL database instead when `REVIEW_TEST_POSTGRES` names a server
    /// (`postgres://user@host:port`): the same tests then run on that backend.
    pub(crate) async fn start_with(mut options: review_service::Options) -> Server {
        if options.site.is_none() && options.database.is_none() {
            options.database = fresh_postgres_database();
        }
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let base = format!("http://{}", listener.local_addr().expect("address"));
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let app = review_service::app(&options).expect("valid options");
        tokio::spawn(async move {
            let _ = review_service::serve(listener, app.router, async {
                let _ = rx.await;
            })
            .await;
        });
        Server {
            base,
            client: reqwest::Client::new(),
            _shutdown: tx,
        }
    }

    /// A fresh service whose token-bucket quota rules are `rules` (the YAML of the
    /// `--quota-config` file, written to a temporary directory named after `name`).
    pub(crate) async fn start_with_quota(name: &str, rules: &str) -> Server {
        let dir = std::env::temp_dir().join(format!("restspec-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        let file = dir.join("quota.yaml");
        std::fs::write(&file, rules).expect("writable");
        let server = Server::start_with(review_service::Options {
            admin_password: PASSWORD.into(),
            quota_config: Some(file),
            ..Default::default()
        })
        .await;
        // The rules are read at start-up.
        let _ = std::fs::remove_dir_all(&dir);
        server
    }

    /// A GET of `path`.
    pub(crate) fn get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.get(format!("{}{path}", self.base))
    }

    /// A POST of `path`.
    pub(crate) fn post(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.post(format!("{}{path}", self.base))
    }
}

impl Server {
    /// A PUT of `path`.
    pub(crate) fn put(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.put(format!("{}{path}", self.base))
    }

    /// A DELETE of `path`.
    pub(crate) fn delete(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.delete(format!("{}{path}", self.base))
    }

    /// Creates an account as `admin` (password: the username followed by `-pw`) and
    /// answers its `_account_id`.
    pub(crate) async fn create_account(&self, username: &str) -> i64 {
        let response = self
            .put(&format!("/a/accounts/{username}"))
            .basic_auth("admin", Some(PASSWORD))
            .json(&serde_json::json!({
                "name": format!("User {username}"),
                "email": format!("{username}@example.com"),
                "http_password": format!("{username}-pw"),
            }))
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 201, "creating {username}");
        json(response).await.1["_account_id"]
            .as_i64()
            .expect("an id")
    }
}

/// A new, empty database on the server `REVIEW_TEST_POSTGRES` names, if it names one.
pub(crate) fn fresh_postgres_database() -> Option<String> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let server = std::env::var("REVIEW_TEST_POSTGRES").ok()?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = format!(
        "example_{}_{}_{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    Some(
        review_service::storage::PgStorage::create_database(&server, &name)
            .expect("REVIEW_TEST_POSTGRES names a server where databases can be created"),
    )
}

/// Splits a JSON response into its prefix line and the parsed value.
pub(crate) async fn json(response: reqwest::Response) -> (String, Value) {
    let text = response.text().await.expect("body");
    let (prefix, rest) = text.split_once('\n').expect("a prefix line");
    (
        prefix.to_owned(),
        serde_json::from_str(rest).expect("JSON after the prefix"),
    )
}

/// Sends a request and answers its status and the parsed JSON after the prefix.
pub(crate) async fn send_json(request: RequestBuilder) -> (StatusCode, Value) {
    let response = request.send().await.expect("request");
    let status = response.status();
    (status, json(response).await.1)
}

/// Sends a request and answers its status and plaintext body.
pub(crate) async fn send_text(request: RequestBuilder) -> (StatusCode, String) {
    let response = request.send().await.expect("request");
    let status = response.status();
    (status, response.text().await.expect("body"))
}

/// `request` as `admin`.
pub(crate) fn admin(request: RequestBuilder) -> RequestBuilder {
    request.basic_auth("admin", Some(PASSWORD))
}

/// `request` as `user`, whose password `Server::create_account` made `<user>-pw`.
pub(crate) fn user(request: RequestBuilder, user: &str) -> RequestBuilder {
    request.basic_auth(user, Some(format!("{user}-pw")))
}

/// Sends a request and answers the response, whatever its status.
pub(crate) async fn send(request: RequestBuilder) -> Response {
    request.send().await.expect("request")
}

/// Asserts the status and answers the JSON body.
pub(crate) async fn expect(response: Response, status: u16) -> Value {
    let url = response.url().clone();
    let actual = response.status();
    if actual.as_u16() != status {
        let text = response.text().await.unwrap_or_default();
        panic!("{url}: expected {status}, got {actual}: {text}");
    }
    json(response).await.1
}

/// Asserts the status and answers the plain-text body.
pub(crate) async fn expect_text(response: Response, status: u16) -> String {
    let url = response.url().clone();
    assert_eq!(response.status().as_u16(), status, "{url}");
    response.text().await.expect("body")
}
