//! The same two endpoints written by hand, the way a skilled axum user would: an axum
//! `Router` with one route per path (the authenticated `/a/` form included), `State`,
//! `Path`, `RawQuery` and `HeaderMap` extractors, its own serde structs, tower-http gzip
//! for bodies of 256 bytes and more.
//!
//! It answers the benchmark's requests, and their 401, 403, 404 and 400 neighbours, with
//! the same status, headers and bytes as the generated service (`tests/same_bytes.rs`
//! checks it), doing the same work: the same data cloned into owned response structs, the
//! same password check, the same quota call with the same caller and resource metadata.
//! Like the generated service with its defaults, it sends the four browser-hardening
//! headers on every answer. What it leaves out is what these endpoints do not need:
//! sessions and access tokens, CORS, `$m`/`$ct` overrides, path normalisation (runs of
//! `/`, trailing `/`), the per-request error log of traced requests, and catching handler
//! panics.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, RawQuery, State};
use axum::response::Response;
use axum::routing::get;
use base64::Engine as _;
use http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use serde::Serialize;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate as _, SizeAbove};

use crate::Fixture;
use crate::fixtures::{ACCOUNT_DETAIL_QUOTA_GROUP, Account, REVISION_DETAIL_QUOTA_GROUP, Store};
use crate::quota::{Quota, Verdict, account_metadata, change_metadata};

const JSON_CONTENT_TYPE: HeaderValue = HeaderValue::from_static("application/json; charset=UTF-8");
/// The challenge of a 401: `Basic realm="<REALM>"` (the service's title).
const CHALLENGE: HeaderValue = HeaderValue::from_static("Basic realm=\"Code Review Service\"");
const TRACE_HEADER: HeaderName = HeaderName::from_static("x-service-trace");
const JSON_PREFIX: &[u8] = b")]}'\n";
/// What the generated service sends on every answer by default (the spec's
/// `security_headers`), built at compile time.
pub(crate) const SECURITY_HEADERS: [(HeaderName, HeaderValue); 4] = [
    (
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    ),
    (
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; sandbox"),
    ),
    (
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    ),
    (header::X_FRAME_OPTIONS, HeaderValue::from_static("deny")),
];

/// The hand-written router over `fixture`.
pub fn service(fixture: &Fixture) -> Router {
    let app = Arc::new(App {
        store: fixture.store.clone(),
        quota: fixture.quota.clone(),
    });
    let gzip = SizeAbove::new(256)
        .and(NotForContentType::IMAGES)
        .and(NotForContentType::SSE);
    Router::new()
        .route(
            "/accounts/{account_id}/detail",
            get(account_detail::<false>),
        )
        .route(
            "/a/accounts/{account_id}/detail",
            get(account_detail::<true>),
        )
        .route(
            "/changes/{change_id}/revisions/{revision_id}/detail",
            get(revision_detail::<false>),
        )
        .route(
            "/a/changes/{change_id}/revisions/{revision_id}/detail",
            get(revision_detail::<true>),
        )
        .fallback(unknown_path)
        .layer(CompressionLayer::new().compress_when(gzip))
        .with_state(app)
}

struct App {
    store: Arc<Store>,
    quota: Quota,
}

type AppState = State<Arc<App>>;

async fn account_detail<const AUTHENTICATED: bool>(
    State(app): AppState,
    Path(account_id): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let request = RequestOptions::read(query.as_deref(), &headers);
    let answer = (|| {
        let caller = authenticate::<AUTHENTICATED>(&app.store, &headers)?;
        let account = resolve_account(&app.store, &account_id, caller)?;
        check_quota(
            &app.quota,
            ACCOUNT_DETAIL_QUOTA_GROUP,
            caller,
            account_metadata(account),
        )?;
        request.check_options()?;
        Ok(AccountDetailInfo::new(account))
    })();
    request.respond(answer)
}

async fn revision_detail<const AUTHENTICATED: bool>(
    State(app): AppState,
    Path((change_id, revision_id)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let request = RequestOptions::read(query.as_deref(), &headers);
    let answer = (|| {
        let caller = authenticate::<AUTHENTICATED>(&app.store, &headers)?;
        let change = app
            .store
            .find_change(&change_id)
            .ok_or_else(|| Failure::not_found(&change_id))?;
        check_quota(
            &app.quota,
            REVISION_DETAIL_QUOTA_GROUP,
            caller,
            change_metadata(change),
        )?;
        request.check_options()?;
        let revision = change
            .revision(&revision_id)
            .ok_or_else(|| Failure::not_found(&revision_id))?;
        ChangeInfo::new(&app.store, change, revision)
    })();
    request.respond(answer)
}

async fn unknown_path(RawQuery(query): RawQuery, headers: HeaderMap) -> Response {
    RequestOptions::read(query.as_deref(), &headers)
        .respond::<()>(Err(Failure::new(StatusCode::NOT_FOUND, "Not Found")))
}

/// The account a path names: `self` is the caller (403 when anonymous), anything else an
/// id or user name (404 when unknown).
pub(crate) fn resolve_account<'a>(
    store: &'a Store,
    id: &str,
    caller: Option<&Account>,
) -> Result<&'a Account, Failure> {
    if id == "self" {
        let caller = caller.ok_or_else(|| {
            Failure::new(
                StatusCode::FORBIDDEN,
                "Resolving account 'self' requires login",
            )
        })?;
        store.account(caller.id)
    } else {
        store.find_account(id)
    }
    .ok_or_else(|| Failure::not_found(id))
}

/// The caller: on the authenticated form the account of valid basic credentials (else
/// 401), elsewhere anonymous.
fn authenticate<'a, const AUTHENTICATED: bool>(
    store: &'a Store,
    headers: &HeaderMap,
) -> Result<Option<&'a Account>, Failure> {
    if !AUTHENTICATED {
        return Ok(None);
    }
    basic_account(store, headers).map(Some).ok_or(Failure {
        status: StatusCode::UNAUTHORIZED,
        message: Cow::Borrowed("Unauthorized"),
        header: Some((header::WWW_AUTHENTICATE, CHALLENGE)),
    })
}

/// The account whose user name and password the `Authorization: Basic` header carries.
fn basic_account<'a>(store: &'a Store, headers: &HeaderMap) -> Option<&'a Account> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, encoded) = value.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .ok()?;
    let text = std::str::from_utf8(&decoded).ok()?;
    let (user, password) = text.split_once(':')?;
    store.authenticate(user, password)
}

/// Asks the quota backend for one token of `group`: 429 when an enforcer refuses, 500
/// when one fails.
pub(crate) fn check_quota(
    quota: &Quota,
    group: &str,
    caller: Option<&Account>,
    resource: Vec<(&'static str, String)>,
) -> Result<(), Failure> {
    match quota.ask(group, caller, resource) {
        Verdict::Granted => Ok(()),
        Verdict::Failed => Err(Failure::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Internal server error",
        )),
        Verdict::Refused {
            message,
            retry_after,
        } => Err(Failure {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: if message.is_empty() {
                Cow::Borrowed("Quota limit reached")
            } else {
                Cow::Owned(message)
            },
            header: retry_after.map(|seconds| (header::RETRY_AFTER, HeaderValue::from(seconds))),
        }),
    }
}

/// Pretty JSON unless `pp` says otherwise or, without `pp`, the client accepts
/// `application/json` (the convention both hand-written services follow).
pub(crate) fn wants_pretty(pp: Option<&str>, headers: &HeaderMap) -> bool {
    match pp {
        Some("0" | "false") => false,
        Some("1" | "true") => true,
        _ => !headers
            .get(header::ACCEPT)
            .and_then(|a| a.to_str().ok())
            .is_some_and(|accept| {
                accept.split(',').any(|part| {
                    part.split(';')
                        .next()
                        .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
                })
            }),
    }
}

/// What the query string and headers say about the answer: pretty or compact JSON, the
/// trace ids to echo, and the first query parameter the endpoints do not know.
struct RequestOptions {
    pretty: bool,
    trace: Vec<HeaderValue>,
    unknown: Option<String>,
}

impl RequestOptions {
    fn read(query: Option<&str>, headers: &HeaderMap) -> Self {
        let mut pp = None;
        let mut trace_param = None;
        let mut unknown = None;
        for (key, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            match &*key {
                "pp" => {
                    pp.get_or_insert(value);
                }
                "trace" => {
                    trace_param.get_or_insert(value);
                }
                _ => {
                    unknown.get_or_insert_with(|| key.into_owned());
                }
            }
        }
        let pretty = wants_pretty(pp.as_deref(), headers);
        RequestOptions {
            pretty,
            trace: trace_ids(headers.get(&TRACE_HEADER), trace_param.as_deref()),
            unknown,
        }
    }

    /// 400 for a query parameter the endpoints do not know.
    fn check_options(&self) -> Result<(), Failure> {
        match &self.unknown {
            None => Ok(()),
            Some(key) => Err(Failure {
                status: StatusCode::BAD_REQUEST,
                message: Cow::Owned(format!("\"{key}\" is not a valid option")),
                header: None,
            }),
        }
    }

    /// The response: `)]}'`, the JSON and a newline, or the failure's plaintext; with
    /// the trace ids.
    fn respond<T: Serialize>(self, answer: Result<T, Failure>) -> Response {
        let mut response = match answer {
            Ok(value) => json(&value, self.pretty),
            Err(failure) => failure.into_response(),
        };
        let headers = response.headers_mut();
        for (name, value) in SECURITY_HEADERS {
            headers.insert(name, value);
        }
        for id in self.trace {
            headers.append(TRACE_HEADER, id);
        }
        response
    }
}

/// The trace ids to echo: the header's, then the parameter's when it differs; a fresh id
/// when tracing was asked for without one.
fn trace_ids(header: Option<&HeaderValue>, param: Option<&str>) -> Vec<HeaderValue> {
    if header.is_none() && param.is_none() {
        return Vec::new();
    }
    let usable = |id: &str| {
        let id = id.trim();
        (!id.is_empty() && !id.chars().any(char::is_control))
            .then(|| HeaderValue::from_str(id).ok())
            .flatten()
    };
    let mut ids = Vec::with_capacity(2);
    ids.extend(header.and_then(|h| h.to_str().ok()).and_then(usable));
    if let Some(id) = param.and_then(usable)
        && !ids.contains(&id)
    {
        ids.push(id);
    }
    if ids.is_empty() {
        ids.push(fresh_trace_id());
    }
    ids
}

/// `<epoch millis>-<8 hex digits>`.
pub(crate) fn fresh_trace_id() -> HeaderValue {
    use std::hash::{BuildHasher, RandomState};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let millis = jiff::Timestamp::now().as_millisecond();
    let hash = RandomState::new().hash_one((millis, COUNTER.fetch_add(1, Ordering::Relaxed)));
    let mut id = String::with_capacity(24);
    let _ = write!(id, "{millis}-{:08x}", hash as u32);
    HeaderValue::from_str(&id).unwrap_or(HeaderValue::from_static("0-00000000"))
}

/// A 200 with the JSON body: prefix line, the JSON (pretty or compact), a newline.
fn json<T: Serialize>(value: &T, pretty: bool) -> Response {
    let mut body = Vec::with_capacity(1024);
    body.extend_from_slice(JSON_PREFIX);
    let written = if pretty {
        serde_json::to_writer_pretty(&mut body, value)
    } else {
        serde_json::to_writer(&mut body, value)
    };
    if written.is_err() {
        return Failure::new(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error")
            .into_response();
    }
    body.push(b'\n');
    let mut response = Response::new(Body::from(body));
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, JSON_CONTENT_TYPE);
    response
}

pub(crate) mod types;

use types::{AccountDetailInfo, ChangeInfo, Failure};
