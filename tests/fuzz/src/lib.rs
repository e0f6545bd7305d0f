//! The fuzz targets' bodies, one function each, taking the fuzzer's bytes. Each must
//! neither panic nor hang on any input; whatever else it checks, it asserts.
//!
//! The AFL binaries (`src/bin/`, built with `cargo afl build --features afl`) call these;
//! `tests/regressions.rs` replays every input kept under `corpus/<target>/` (the seeds,
//! and every input a fuzzer found that once failed) through them in `cargo test`.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use bytes::Bytes;
use http_body_util::BodyExt;
use restspec_codegen::SourceFile;
use restspec_runtime::__testing::QueryParams;
use restspec_runtime::__testing::normalise_path;
use restspec_runtime::__testing::{Lookup, RouteTable};
use restspec_runtime::spec::ServiceSpec;
use tower::ServiceExt;

/// What `build.rs` generated: the example's spec and `fixtures/conventions`.
pub mod build_script {
    /// The example service's `spec/`.
    pub mod example_spec {
        restspec_runtime::include_generated!("example_spec");
    }
    /// `fixtures/conventions`.
    pub mod conventions {
        restspec_runtime::include_generated!("conventions");
    }
}

/// The tests crate's in-memory `fixtures/conventions` service, the same file compiled here
/// against this crate's `build_script::conventions`.
#[path = "../../src/support.rs"]
pub mod support;

use build_script::example_spec;

/// The spec loader and validator: the input is a service file, optionally followed by a
/// family file after a line `---8<---`. Loading may fail (with located errors); it must
/// not panic, and every error must name a file.
pub fn spec(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut sources = Vec::new();
    for (index, part) in text.split("\n---8<---\n").take(4).enumerate() {
        let name = if index == 0 {
            "service.yaml".to_owned()
        } else {
            format!("family{index}.yaml")
        };
        sources.push(SourceFile {
            display: Arc::new(PathBuf::from(format!("spec/{name}"))),
            path: PathBuf::from(name),
            text: part.to_owned(),
        });
    }
    if let Err(errors) = restspec_codegen::Loader::sources(sources).load() {
        let shown = errors.to_string();
        assert!(!shown.is_empty(), "a failed load says why");
    }
}

/// The example service's spec, for the path and query targets.
const SERVICE: &ServiceSpec = &example_spec::SERVICE;

fn routes() -> &'static RouteTable {
    static ROUTES: OnceLock<RouteTable> = OnceLock::new();
    ROUTES.get_or_init(|| RouteTable::new(SERVICE))
}

/// Path normalisation and id decoding: the input is a request path. Normalising is
/// idempotent; routing it under every method answers without panicking, and every path
/// parameter it finds decodes to text.
pub fn paths(data: &[u8]) {
    let Ok(path) = std::str::from_utf8(data) else {
        return;
    };
    let prefix = SERVICE.conventions.authenticated_prefix;
    let Some((normal, _)) = normalise_path(path, None, prefix) else {
        unreachable!("without a base path every path is inside it")
    };
    let again = normalise_path(&normal, None, None).map(|(again, _)| again);
    assert_eq!(
        Some(&normal),
        again.as_ref(),
        "normalising twice changes nothing"
    );
    if let Some((under_base, _)) = normalise_path(path, Some("/api/v4"), prefix) {
        assert!(under_base.len() < path.len(), "the base path was removed");
    }
    for method in [
        http::Method::GET,
        http::Method::POST,
        http::Method::PUT,
        http::Method::DELETE,
    ] {
        if let Lookup::Found(_, params) = routes().lookup(&method, &normal) {
            for value in params.iter() {
                assert!(
                    value.len() <= normal.len(),
                    "a decoded id is no longer than the path"
                );
            }
        }
    }
}

/// The runtime's query parameters and the `$m`/`$ct` overrides: the input is a query
/// string. Reading it, checking it against every endpoint's options, and applying the
/// overrides to a POST answer an error or a result, never a panic.
pub fn queries(data: &[u8]) {
    let Ok(query) = std::str::from_utf8(data) else {
        return;
    };
    let conventions = &SERVICE.conventions;
    let Ok(params) = QueryParams::read(Some(query), conventions) else {
        return;
    };
    for endpoint in SERVICE.endpoints.iter().take(40) {
        let _ = QueryParams::check_options(params.others(), endpoint, conventions);
    }
    let mut method = http::Method::POST;
    let mut headers = http::HeaderMap::new();
    headers.insert(
        http::header::CONTENT_TYPE,
        http::HeaderValue::from_static("text/plain"),
    );
    for origin_allowed in [false, true] {
        let _ = restspec_runtime::__testing::apply_overrides(
            &mut method,
            &mut headers,
            &params,
            conventions,
            origin_allowed,
        );
    }
}

/// The whole request pipeline in process, on a generated service (the tests' conventions
/// fixture, which has every convention: prefix, sessions, XSRF, overrides, tracing,
/// quota-free dispatch): the input is `METHOD TARGET`, header lines, an empty line, and
/// the body. The service answers every request that `http` can represent; a 500 (a
/// handler's panic) is never one of them, since the fixture's handlers do not panic on
/// input.
pub fn pipeline(data: &[u8]) {
    let Some(request) = parse_request(data) else {
        return;
    };
    let path = request.uri().path().to_owned();
    let response = runtime().block_on(async {
        service()
            .clone()
            .oneshot(request)
            .await
            .expect("the service is infallible")
    });
    let status = response.status();
    let body = runtime().block_on(async {
        response
            .into_body()
            .collect()
            .await
            .map(|b| b.to_bytes())
            .unwrap_or_default()
    });
    assert!(
        status != http::StatusCode::INTERNAL_SERVER_ERROR || path.contains("panic"),
        "{path}: 500 {}",
        String::from_utf8_lossy(&body)
    );
}

type FixtureService = restspec_runtime::Service<
    build_script::conventions::Api<support::TestService>,
    support::TestService,
>;

fn service() -> &'static FixtureService {
    static SERVICE: OnceLock<FixtureService> = OnceLock::new();
    SERVICE.get_or_init(|| {
        let things = support::TestService::with_things(&["x", "a/b"]);
        build_script::conventions::router(
            things.clone(),
            restspec_runtime::Settings::default().authenticator(things),
        )
    })
}

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a runtime")
    })
}

/// `METHOD TARGET\nName: value\n...\n\nbody` as a request; `None` when `http` cannot
/// represent it (which hyper would have refused on the wire).
fn parse_request(data: &[u8]) -> Option<http::Request<http_body_util::Full<Bytes>>> {
    let split = data
        .windows(2)
        .position(|w| w == b"\n\n")
        .unwrap_or(data.len());
    let head = std::str::from_utf8(&data[..split]).ok()?;
    let body = data.get(split + 2..).unwrap_or_default();
    let mut lines = head.lines();
    let (method, target) = lines.next()?.split_once(' ')?;
    let mut builder = http::Request::builder()
        .method(http::Method::from_bytes(method.as_bytes()).ok()?)
        .uri(http::Uri::try_from(target).ok()?);
    for line in lines.take(64) {
        let (name, value) = line.split_once(':')?;
        builder = builder.header(
            http::HeaderName::from_bytes(name.trim().as_bytes()).ok()?,
            http::HeaderValue::from_str(value.trim()).ok()?,
        );
    }
    builder
        .body(http_body_util::Full::new(Bytes::copy_from_slice(body)))
        .ok()
}
