//! Examples from a spec, run as tests: each sends its set-up requests and its request to the
//! service over loopback HTTP and compares the answer with what the spec says.
//!
//! `restspec_runtime::example_tests!("spec", start = start_service)` generates one `#[test]`
//! per example; `start_service` builds the service under test:
//!
//! ```ignore
//! async fn start_service(setup: restspec_runtime::example_tests::Setup) -> MyService {
//!     setup.user("admin", "secret");             // the password of `user: admin`
//!     let mut settings = Settings::new(authenticator);
//!     settings.quota.register(setup.quota_recorder()); // for `quota_group:`
//!     Service::new(api, settings)
//! }
//! ```
//!
//! Each example gets a service of its own, so examples do not see each other's data.
//!
//! Other tests that drive a service over loopback HTTP use the same pieces: the loopback
//! start-up ([`serve_on_loopback`]) and the quota enforcer that records what each request
//! is charged to ([`QuotaRecorder`]).

mod compare;
mod recorder;

use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

pub use recorder::{QuotaCall, QuotaRecorder};

use crate::pipeline::api::Api;
use crate::pipeline::service::Service;
use crate::protocol::auth::Authenticator;
use crate::spec::{EndpointSpec, RequestBodies};
use restspec_client::conventions::Credential;

/// An example as the generated test holds it.
#[derive(Debug)]
pub struct Example {
    /// The endpoint it shows.
    pub endpoint: &'static str,
    /// What it shows.
    pub name: &'static str,
    /// Where the spec writes it (`spec/changes.yaml:120:9`).
    pub location: &'static str,
    /// The JSON prefix line the service writes before JSON bodies, if any.
    pub json_prefix: Option<&'static str>,
    /// Requests sent first; each must succeed.
    pub setup: &'static [Request],
    /// The request.
    pub request: Request,
    /// What it must answer.
    pub response: Expected,
}

/// A request of an example.
#[derive(Debug)]
pub struct Request {
    /// The method.
    pub method: &'static str,
    /// The path with its ids, without the base path (the runner puts it first).
    pub path: &'static str,
    /// Query parameters.
    pub query: &'static [(&'static str, &'static str)],
    /// Headers.
    pub headers: &'static [(&'static str, &'static str)],
    /// The JSON body.
    pub body: Option<&'static str>,
    /// The user it is sent as, with the secret the start function registered for it:
    /// HTTP basic where its endpoint takes that, else at the first place of credentials
    /// its endpoint reads (a bearer token, an API key); anonymous when `None`.
    pub user: Option<&'static str>,
}

/// What an example's request must answer; `None` and empty lists are not compared.
#[derive(Debug)]
pub struct Expected {
    /// The status code.
    pub status: u16,
    /// Headers that must be present with these values.
    pub headers: &'static [(&'static str, &'static str)],
    /// The whole JSON body.
    pub body: Option<&'static str>,
    /// Top-level fields of the JSON body, each as JSON.
    pub fields: &'static [(&'static str, &'static str)],
    /// The whole plaintext body.
    pub text: Option<&'static str>,
    /// The quota group the request must be charged to.
    pub quota_group: Option<&'static str>,
}

/// What an example's start function is given: where to register the passwords of the
/// users examples name, and the quota recorder that lets examples check quota groups.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    users: Arc<Mutex<Vec<(String, String)>>>,
    recorder: Arc<QuotaRecorder>,
}

impl Setup {
    /// Examples that say `user: <name>` send this password: as HTTP basic credentials, or
    /// as the token where the service takes tokens only.
    pub fn user(&self, name: &str, password: &str) {
        self.users
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((name.to_owned(), password.to_owned()));
    }

    /// An enforcer that grants every request and remembers its quota group: register it in
    /// the service's [`QuotaBackend`](crate::QuotaBackend) for examples that name one.
    pub fn quota_recorder(&self) -> Arc<QuotaRecorder> {
        self.recorder.clone()
    }

    fn password(&self, user: &str) -> Option<String> {
        self.users
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .find(|(name, _)| name == user)
            .map(|(_, password)| password.clone())
    }
}

/// Serves `service` on `127.0.0.1` at a port the system picks, until the calling test's
/// tokio runtime ends; answers its base URL (`http://127.0.0.1:<port>`). The start-up of
/// the tests that drive a service over loopback HTTP themselves (each example's own server
/// is started and stopped by [`run_blocking`]).
pub async fn serve_on_loopback<P: Api, A: Authenticator>(
    service: Service<P, A>,
) -> std::io::Result<String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    tokio::spawn(async move {
        let _ = crate::serve(listener, service).await;
    });
    Ok(base)
}

/// Runs `example` against the service `start` builds, served on a loopback port for this
/// example alone; panics (failing the test) with what differs and where the spec says it.
#[allow(clippy::panic, clippy::expect_used)] // a failed example fails its test
pub fn run_blocking<P, A, F, Fut>(example: &'static Example, start: F)
where
    P: Api,
    A: Authenticator,
    F: FnOnce(Setup) -> Fut,
    Fut: Future<Output = Service<P, A>>,
{
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime for the example");
    if let Err(problem) = runtime.block_on(run(example, start)) {
        panic!(
            "example `{}` of `{}` ({}): {problem}",
            example.name, example.endpoint, example.location
        );
    }
}

async fn run<P, A, F, Fut>(example: &'static Example, start: F) -> Result<(), String>
where
    P: Api,
    A: Authenticator,
    F: FnOnce(Setup) -> Fut,
    Fut: Future<Output = Service<P, A>>,
{
    let setup = Setup::default();
    let service = start(setup.clone()).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|err| format!("cannot listen on loopback: {err}"))?;
    // Example paths are written as the spec's templates are, under the base path.
    let base = format!(
        "http://{}{}",
        listener.local_addr().map_err(|err| err.to_string())?,
        P::SERVICE.conventions.base_path.unwrap_or_default()
    );
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(crate::serve_until(listener, service, async {
        let _ = stopped.await;
    }));
    let client = reqwest::Client::new();
    let outcome = async {
        for (index, step) in example.setup.iter().enumerate() {
            let (status, _, body) = send::<P>(&client, &base, step, None, &setup).await?;
            if !(200..300).contains(&status) {
                return Err(format!(
                    "set-up step {} (`{} {}`) answered {status}: {}",
                    index + 1,
                    step.method,
                    step.path,
                    body.trim_end()
                ));
            }
        }
        setup.recorder.clear();
        let endpoint = P::SERVICE
            .endpoints
            .iter()
            .find(|e| e.name == example.endpoint)
            .copied();
        let (status, headers, body) =
            send::<P>(&client, &base, &example.request, endpoint, &setup).await?;
        compare::answer(example, status, &headers, &body, &setup.recorder)
    }
    .await;
    let _ = stop.send(());
    let _ = server.await;
    outcome
}

async fn send<P: Api>(
    client: &reqwest::Client,
    base: &str,
    request: &Request,
    endpoint: Option<&EndpointSpec>,
    setup: &Setup,
) -> Result<(u16, reqwest::header::HeaderMap, String), String> {
    let method = reqwest::Method::from_bytes(request.method.as_bytes())
        .map_err(|_| format!("`{}` is not a method", request.method))?;
    let mut builder = client
        .request(method, format!("{base}{}", request.path))
        .query(request.query);
    if let Some(user) = request.user {
        let password = setup.password(user).ok_or_else(|| {
            format!("the example sends as `{user}`, but the start function registered no password for it (`setup.user(\"{user}\", ...)`)")
        })?;
        let places = P::SERVICE.conventions.credentials;
        builder = with_credentials(builder, places, endpoint, user, &password);
    }
    if let Some(body) = request.body {
        // As the typed client sends it: a form where the endpoint reads forms only.
        let reads = endpoint.and_then(|e| e.request_bodies);
        let reads = reads.unwrap_or(P::SERVICE.conventions.request_bodies);
        builder = match reads {
            RequestBodies::Form => {
                let value: serde_json::Value = serde_json::from_str(body)
                    .map_err(|err| format!("the example's body is not JSON: {err}"))?;
                let form = restspec_client::form::to_form(&value)?;
                builder
                    .header(
                        http::header::CONTENT_TYPE,
                        "application/x-www-form-urlencoded",
                    )
                    .body(form)
            }
            _ => builder
                .header(http::header::CONTENT_TYPE, "application/json")
                .body(body),
        };
    }
    for (name, value) in request.headers {
        builder = builder.header(*name, *value);
    }
    let response = builder
        .send()
        .await
        .map_err(|err| format!("`{} {}` failed: {err}", request.method, request.path))?;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response.text().await.map_err(|err| err.to_string())?;
    Ok((status, headers, body))
}

/// `builder` carrying `user`'s `secret` where `endpoint` reads credentials (any of the
/// service's `places` for a set-up step): HTTP basic where it takes that, else at the first
/// place it reads.
fn with_credentials(
    builder: reqwest::RequestBuilder,
    places: &[Credential],
    endpoint: Option<&EndpointSpec>,
    user: &str,
    secret: &str,
) -> reqwest::RequestBuilder {
    let read: Vec<Credential> = match endpoint.and_then(|e| e.credentials) {
        Some(indexes) => indexes
            .iter()
            .filter_map(|i| places.get(usize::from(*i)).copied())
            .collect(),
        None => places.to_vec(),
    };
    if read.is_empty() || read.contains(&Credential::Basic) {
        return builder.basic_auth(user, Some(secret));
    }
    carrying(builder, read[0], secret)
}

fn carrying(
    builder: reqwest::RequestBuilder,
    place: Credential,
    secret: &str,
) -> reqwest::RequestBuilder {
    match place {
        Credential::Basic => builder.basic_auth("", Some(secret)),
        Credential::Scheme(scheme) => {
            builder.header(http::header::AUTHORIZATION, format!("{scheme} {secret}"))
        }
        Credential::Header(name) => builder.header(name, secret),
        Credential::Query(name) => builder.query(&[(name, secret)]),
        Credential::Cookie(name) => {
            builder.header(http::header::COOKIE, format!("{name}={secret}"))
        }
        Credential::Together(keys) => keys
            .iter()
            .fold(builder, |builder, key| carrying(builder, *key, secret)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(places: &[Credential], endpoint: Option<&EndpointSpec>) -> reqwest::Request {
        let builder = reqwest::Client::new().get("http://127.0.0.1:1/x?a=1");
        with_credentials(builder, places, endpoint, "caller", "s3cret")
            .build()
            .expect("a request")
    }

    #[test]
    fn a_user_is_sent_where_the_endpoint_reads_credentials() {
        let auth = |r: &reqwest::Request| {
            r.headers()
                .get(http::header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        // Basic where the service takes it, whatever else it takes.
        let basic = sent(&[Credential::Scheme("Bearer"), Credential::Basic], None);
        assert!(auth(&basic).is_some_and(|a| a.starts_with("Basic ")));
        // Else the secret is the token at the first place read.
        let bearer = sent(&[Credential::Scheme("Bearer")], None);
        assert_eq!(auth(&bearer).as_deref(), Some("Bearer s3cret"));
        let key = sent(
            &[Credential::Header("X-Key"), Credential::Query("key")],
            None,
        );
        assert_eq!(key.headers()["X-Key"], "s3cret");
        // An endpoint reading one place of the service's only: that one.
        let endpoint = EndpointSpec {
            credentials: Some(&[1]),
            ..EndpointSpec::USUAL
        };
        let query = sent(
            &[Credential::Header("X-Key"), Credential::Query("key")],
            Some(&endpoint),
        );
        assert_eq!(query.url().query(), Some("a=1&key=s3cret"));
        assert!(query.headers().get("X-Key").is_none());
    }
}
