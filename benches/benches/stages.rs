//! Each stage of the generated request path on its own, in process, with allocations
//! counted by divan's `AllocProfiler`: the conventions before routing, the route lookup,
//! authentication, the quota check, the options check and the JSON output. Where a
//! hand-written service does the same step in its own way, the `handwritten` line beside
//! it does that step as a careful axum handler would.
//!
//! `cargo bench -p restspec-benches --bench stages`

use std::hint::black_box;

use base64::Engine;
use divan::Bencher;
use futures_util::FutureExt;
use http::{HeaderMap, HeaderValue, Method, header};
use restspec_benches::Fixture;
use restspec_benches::generated::{self, api};
use restspec_runtime::__testing::normalise_path;
use restspec_runtime::__testing::{Lookup, RouteTable};
use restspec_runtime::__testing::{QueryParams, QueryTokens};
use restspec_runtime::{Caller, QuotaRequestContext, ResourceMetadata};

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

const ACCOUNT_PATH: &str = "/a/accounts/self/detail";
const CHANGE_PATH: &str = "/changes/1/revisions/1/detail";
const BASIC_ADMIN: &str = "Basic YWRtaW46c2VjcmV0";

fn main() {
    divan::Divan::from_args().sample_count(1000).main();
}

/// The way in: the runtime's query parameters read once, the path normalised and the
/// authenticated prefix stripped, pretty or compact chosen.
mod conventions {
    use super::*;

    #[divan::bench]
    fn generated(bencher: Bencher<'_, '_>) {
        let conventions = &api::SERVICE.conventions;
        let accept = HeaderValue::from_static("*/*");
        bencher.bench_local(|| {
            let query = QueryParams::read(black_box(Some("pp=0")), conventions).ok();
            let (path, authenticated) = normalise_path(
                black_box(ACCOUNT_PATH),
                conventions.base_path,
                conventions.authenticated_prefix,
            )
            .unwrap_or_default();
            let pretty = restspec_runtime::__testing::wants_pretty(
                conventions,
                query.as_ref().and_then(|q| q.pretty.as_deref()),
                Some(&accept),
            );
            black_box((path, authenticated, pretty));
        });
    }

    #[divan::bench]
    fn handwritten(bencher: Bencher<'_, '_>) {
        bencher.bench_local(|| {
            let pretty = !form_urlencoded::parse(black_box("pp=0").as_bytes())
                .any(|(k, v)| k == "pp" && v == "0");
            black_box(pretty);
        });
    }
}

/// The route lookup, path parameters decoded.
#[divan::bench]
fn routing(bencher: Bencher<'_, '_>) {
    let table = RouteTable::new(&api::SERVICE);
    bencher.bench_local(
        || match table.lookup(&Method::GET, black_box(CHANGE_PATH)) {
            Lookup::Found(endpoint, params) => black_box((endpoint.index, params.get(1).len())),
            _ => black_box((usize::MAX, 0)),
        },
    );
}

/// HTTP basic authentication: the header decoded, the password checked (salted SHA-256,
/// compared in constant time), the caller built.
mod auth {
    use restspec_runtime::__testing::{AuthState, PresentedCredentials};

    use super::*;

    #[divan::bench]
    fn generated(bencher: Bencher<'_, '_>) {
        let fixture = Fixture::new();
        let authenticator = generated::authenticator(&fixture);
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, HeaderValue::from_static(BASIC_ADMIN));
        let state = AuthState::new(&restspec_runtime::Limits::default());
        bencher.bench_local(|| {
            // The fixture's authenticator never waits: one poll completes the lookup.
            restspec_runtime::__testing::resolve_caller(
                &authenticator,
                &state,
                &api::SERVICE.conventions,
                &PresentedCredentials {
                    headers: &headers,
                    authenticated_form: true,
                    access_token: None,
                    query_tokens: &QueryTokens::NONE,
                    remote: None,
                },
                "bench",
            )
            .now_or_never()
        });
    }

    #[divan::bench]
    fn handwritten(bencher: Bencher<'_, '_>) {
        let fixture = Fixture::new();
        bencher.bench_local(|| {
            let encoded = black_box(BASIC_ADMIN).strip_prefix("Basic ")?;
            let decoded = base64::engine::general_purpose::STANDARD
                .decode(encoded)
                .ok()?;
            let text = std::str::from_utf8(&decoded).ok()?;
            let (user, password) = text.split_once(':')?;
            fixture.store.authenticate(user, password).map(|a| a.id)
        });
    }
}

/// The quota check: one token of the endpoint's group for the caller and the resource.
#[divan::bench]
fn quota(bencher: Bencher<'_, '_>) {
    let fixture = Fixture::new();
    let backend = fixture.quota.backend().clone();
    let caller = Caller::anonymous();
    let resource = ResourceMetadata::new(vec![
        ("Change.Id", "1".to_owned()),
        ("Project.NameKey", "demo".to_owned()),
    ]);
    bencher.bench_local(|| {
        let ctx = QuotaRequestContext::new(&caller, &resource);
        black_box(backend.check(black_box("/restapi/changes/revisions/detail:GET"), &ctx))
    });
}

/// Unknown options refused: what an endpoint without options pays for `?pp=0`.
#[divan::bench]
fn options(bencher: Bencher<'_, '_>) {
    let conventions = &api::SERVICE.conventions;
    let endpoint = &api::endpoints::GET_REVISION_DETAIL;
    bencher.bench_local(|| {
        let query = QueryParams::read(black_box(Some("pp=0")), conventions).ok()?;
        QueryParams::check_options(query.others(), endpoint, conventions).ok()
    });
}

/// The change's 2 KB of compact JSON, prefix included.
mod json {
    use super::*;

    #[divan::bench]
    fn generated(bencher: Bencher<'_, '_>) {
        let value = generated::revision_detail(&Fixture::new()).expect("the change");
        let hint = restspec_runtime::__testing::SizeHint::new();
        bencher.bench_local(|| {
            let body = restspec_runtime::__testing::json_body(
                &api::SERVICE.conventions,
                &value,
                false,
                hint.capacity(false),
            )
            .expect("serialises");
            hint.record(false, body.len());
            bytes::Bytes::from(body)
        });
    }

    #[divan::bench]
    fn handwritten(bencher: Bencher<'_, '_>) {
        let value = generated::revision_detail(&Fixture::new()).expect("the change");
        bencher.bench_local(|| {
            let mut body = Vec::with_capacity(1024);
            body.extend_from_slice(b")]}'\n");
            serde_json::to_writer(&mut body, &value).expect("serialises");
            body.push(b'\n');
            bytes::Bytes::from(body)
        });
    }
}
