//! The whole request path in process, without sockets: each iteration builds the
//! `http::Request`, sends it through a clone of the router with `tower::ServiceExt::oneshot`
//! and collects the body, on a current-thread tokio runtime. Both endpoints, both
//! implementations; allocations are counted by divan's `AllocProfiler`.
//!
//! `cargo bench -p restspec-benches --bench request_path`

use std::convert::Infallible;
use std::process::ExitCode;

use axum::Router;
use axum::body::Body;
use bytes::Bytes;
use divan::Bencher;
use http::{Request, StatusCode};
use http_body_util::BodyExt;
use restspec_benches::Fixture;
use restspec_benches::{generated, handwritten};
use tokio::runtime::Runtime;
use tower::ServiceExt;

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

/// `GET /a/accounts/self/detail` as `admin:secret`, traced, pretty JSON.
fn account_request() -> Request<Body> {
    Request::get("/a/accounts/self/detail")
        .header("authorization", "Basic YWRtaW46c2VjcmV0")
        .header("x-service-trace", "bench-1")
        .body(Body::empty())
        .unwrap_or_default()
}

/// `GET /changes/1/revisions/1/detail?pp=0`, anonymous, compact JSON.
fn change_request() -> Request<Body> {
    Request::get("/changes/1/revisions/1/detail?pp=0")
        .body(Body::empty())
        .unwrap_or_default()
}

fn runtime() -> Runtime {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("cannot start a tokio runtime: {err}");
            std::process::exit(1);
        }
    }
}

/// A service under test: the generated one (served without axum) or the hand-written
/// axum router.
trait UnderTest:
    tower::Service<Request<Body>, Response = http::Response<Self::Body>, Error = Infallible> + Clone
{
    /// Its response body.
    type Body: http_body::Body<Data = Bytes, Error: std::fmt::Debug>;
}

impl UnderTest for Router {
    type Body = Body;
}

impl UnderTest for generated::Service {
    type Body = restspec_runtime::Body;
}

/// One request through `service`: its status and body.
fn send<S: UnderTest>(
    runtime: &Runtime,
    service: &S,
    request: Request<Body>,
) -> (StatusCode, Bytes) {
    runtime.block_on(async {
        let Ok(response) = service.clone().oneshot(request).await;
        let status = response.status();
        let body = response
            .into_body()
            .collect()
            .await
            .map(|b| b.to_bytes())
            .unwrap_or_default();
        (status, body)
    })
}

/// Builds a fresh request.
type MakeRequest = fn() -> Request<Body>;

fn bench<S: UnderTest>(bencher: Bencher<'_, '_>, service: fn(&Fixture) -> S, request: MakeRequest) {
    let router = service(&Fixture::new());
    let runtime = runtime();
    bencher.bench_local(|| send(&runtime, &router, request()));
}

/// `GET /a/accounts/self/detail` (basic authentication, `self`, pretty JSON, trace echo).
#[divan::bench_group(sample_count = 1000, sample_size = 10)]
mod account_detail {
    use super::*;

    #[divan::bench]
    fn generated(bencher: Bencher<'_, '_>) {
        bench(bencher, generated::service, account_request);
    }

    #[divan::bench]
    fn handwritten(bencher: Bencher<'_, '_>) {
        bench(bencher, handwritten::service, account_request);
    }
}

/// `GET /changes/1/revisions/1/detail?pp=0` (anonymous, about 2.1 KB of compact JSON).
#[divan::bench_group(sample_count = 1000, sample_size = 10)]
mod revision_detail {
    use super::*;

    #[divan::bench]
    fn generated(bencher: Bencher<'_, '_>) {
        bench(bencher, generated::service, change_request);
    }

    #[divan::bench]
    fn handwritten(bencher: Bencher<'_, '_>) {
        bench(bencher, handwritten::service, change_request);
    }
}

fn main() -> ExitCode {
    // A benchmark of error answers would be meaningless: both must answer 200 first.
    let runtime = runtime();
    let requests: [(&str, MakeRequest); 2] = [
        ("account_detail", account_request),
        ("revision_detail", change_request),
    ];
    let generated = generated::service(&Fixture::new());
    let handwritten = handwritten::service(&Fixture::new());
    for (endpoint, request) in requests {
        let answers = [
            ("generated", send(&runtime, &generated, request())),
            ("handwritten", send(&runtime, &handwritten, request())),
        ];
        for (name, (status, body)) in answers {
            if status != StatusCode::OK {
                eprintln!(
                    "{name} answers {endpoint} with {status}, not 200: {}",
                    String::from_utf8_lossy(&body)
                );
                return ExitCode::FAILURE;
            }
        }
    }
    divan::main();
    ExitCode::SUCCESS
}
