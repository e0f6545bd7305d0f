//! The floor: the same two endpoints on bare hyper 1.x, with nothing between the socket
//! and the work but what the work needs. hyper-util's `auto` connection builder (as the
//! runtime and `axum::serve` use) straight on a tokio `TcpListener`, `service_fn`, a
//! hand-written `match` on the method and the path's segments, no router, no tower layer.
//!
//! Per request it does the same work as the axum service ([`crate::handwritten`]): the same
//! password check, the same quota call through the runtime's `QuotaBackend`, the same
//! fixture data cloned into the same owned response structs, the same JSON bytes and
//! headers, the trace echo, gzip for bodies of 256 bytes and more when the client accepts
//! it, and the four browser-hardening headers the generated service sends by default.
//! `tests/same_bytes.rs` checks it against the generated service.
//!
//! Where it is more careful than the axum service, as the cheapest honest implementation
//! should be: the query string is parsed once, borrowed; the path's parameters are
//! borrowed unless they are percent-encoded; basic credentials are decoded on the stack;
//! the trace header is echoed as the same `HeaderValue` (a reference count, no copy); all
//! other header values are built at compile time; the headers are one `HeaderMap` sized
//! once; the JSON goes into one `Vec` sized from the endpoint's previous answer and becomes
//! the body without a copy.

use std::borrow::Cow;
use std::convert::Infallible;
use std::io::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use bytes::Bytes;
use flate2::Compression;
use flate2::write::GzEncoder;
use http::header::{self, HeaderMap, HeaderName, HeaderValue};
use http::{Method, Request, Response, StatusCode};
use http_body_util::Full;
use hyper::service::service_fn;
use serde::Serialize;
use tokio::net::TcpListener;

use crate::Fixture;
use crate::fixtures::{ACCOUNT_DETAIL_QUOTA_GROUP, Account, REVISION_DETAIL_QUOTA_GROUP, Store};
use restspec_runtime::__testing::accepts_gzip;

use crate::handwritten::types::{AccountDetailInfo, ChangeInfo, Failure};
use crate::handwritten::{
    SECURITY_HEADERS, check_quota, fresh_trace_id, resolve_account, wants_pretty,
};
use crate::quota::{Quota, account_metadata, change_metadata};

const JSON_CONTENT_TYPE: HeaderValue = HeaderValue::from_static("application/json; charset=UTF-8");
const TEXT_CONTENT_TYPE: HeaderValue = HeaderValue::from_static("text/plain; charset=UTF-8");
/// The challenge of a 401: `Basic realm="<REALM>"` (the service's title).
const CHALLENGE: HeaderValue = HeaderValue::from_static("Basic realm=\"Code Review Service\"");
const ALLOW: HeaderValue = HeaderValue::from_static("GET,HEAD");
const ACCEPT_ENCODING: HeaderValue = HeaderValue::from_static("accept-encoding");
const GZIP: HeaderValue = HeaderValue::from_static("gzip");
const TRACE_HEADER: HeaderName = HeaderName::from_static("x-service-trace");
const JSON_PREFIX: &[u8] = b")]}'\n";
/// Bodies smaller than this go out uncompressed (the others' threshold too).
const GZIP_MIN_BYTES: usize = 256;
/// Basic credentials of up to this many bytes are decoded on the stack.
const STACK_CREDENTIALS: usize = 256;

/// The answer's body.
pub type Body = Full<Bytes>;

/// The floor service's state: the fixture's data and quota backend, and the size of each
/// endpoint's previous answer.
#[derive(Debug)]
pub struct Floor {
    store: Arc<Store>,
    quota: Quota,
    account_size: AtomicUsize,
    change_size: AtomicUsize,
}

/// What the `match` found.
enum Route<'p> {
    Account(&'p str),
    Revision(&'p str, &'p str),
    Unknown,
}

impl Floor {
    /// The floor over `fixture`.
    pub fn new(fixture: &Fixture) -> Self {
        Floor {
            store: fixture.store.clone(),
            quota: fixture.quota.clone(),
            account_size: AtomicUsize::new(1024),
            change_size: AtomicUsize::new(1024),
        }
    }

    /// The answer to `request` (its body is not read: both endpoints are GETs).
    pub fn answer<B>(&self, request: &Request<B>) -> Response<Body> {
        let uri = request.uri();
        let headers = request.headers();
        let path = uri.path();
        let (authenticated, rest) = match path.strip_prefix("/a/") {
            Some(rest) => (true, rest),
            None => (false, path.strip_prefix('/').unwrap_or(path)),
        };
        let mut segments = rest.split('/');
        let route = match (
            segments.next(),
            segments.next(),
            segments.next(),
            segments.next(),
            segments.next(),
            segments.next(),
        ) {
            (Some("accounts"), Some(id), Some("detail"), None, _, _) if !id.is_empty() => {
                Route::Account(id)
            }
            (
                Some("changes"),
                Some(change),
                Some("revisions"),
                Some(revision),
                Some("detail"),
                None,
            ) if !change.is_empty() && !revision.is_empty() => Route::Revision(change, revision),
            _ => Route::Unknown,
        };
        let options = Options::read(uri.query(), headers);
        let answer = match (request.method(), route) {
            (_, Route::Unknown) => Err(Failure::new(StatusCode::NOT_FOUND, "Not Found")),
            (&Method::GET | &Method::HEAD, Route::Account(id)) => {
                self.account_detail(authenticated, id, headers, &options)
            }
            (&Method::GET | &Method::HEAD, Route::Revision(change, revision)) => {
                self.revision_detail(authenticated, change, revision, headers, &options)
            }
            _ => Err(Failure {
                status: StatusCode::METHOD_NOT_ALLOWED,
                message: Cow::Borrowed("Method Not Allowed"),
                header: Some((header::ALLOW, ALLOW)),
            }),
        };
        respond(answer, options.trace, headers)
    }

    fn account_detail(
        &self,
        authenticated: bool,
        id: &str,
        headers: &HeaderMap,
        options: &Options<'_>,
    ) -> Result<Vec<u8>, Failure> {
        let id = path_parameter(id)?;
        let caller = self.caller(authenticated, headers)?;
        let account = resolve_account(&self.store, &id, caller)?;
        check_quota(
            &self.quota,
            ACCOUNT_DETAIL_QUOTA_GROUP,
            caller,
            account_metadata(account),
        )?;
        options.check()?;
        json(
            &AccountDetailInfo::new(account),
            options.pretty,
            &self.account_size,
        )
    }

    fn revision_detail(
        &self,
        authenticated: bool,
        change_id: &str,
        revision_id: &str,
        headers: &HeaderMap,
        options: &Options<'_>,
    ) -> Result<Vec<u8>, Failure> {
        let change_id = path_parameter(change_id)?;
        let revision_id = path_parameter(revision_id)?;
        let caller = self.caller(authenticated, headers)?;
        let change = self
            .store
            .find_change(&change_id)
            .ok_or_else(|| Failure::not_found(&change_id))?;
        check_quota(
            &self.quota,
            REVISION_DETAIL_QUOTA_GROUP,
            caller,
            change_metadata(change),
        )?;
        options.check()?;
        let revision = change
            .revision(&revision_id)
            .ok_or_else(|| Failure::not_found(&revision_id))?;
        json(
            &ChangeInfo::new(&self.store, change, revision)?,
            options.pretty,
            &self.change_size,
        )
    }

    /// The caller: on the authenticated form the account of valid basic credentials (else
    /// 401), elsewhere anonymous.
    fn caller(
        &self,
        authenticated: bool,
        headers: &HeaderMap,
    ) -> Result<Option<&Account>, Failure> {
        if !authenticated {
            return Ok(None);
        }
        basic_account(&self.store, headers)
            .map(Some)
            .ok_or(Failure {
                status: StatusCode::UNAUTHORIZED,
                message: Cow::Borrowed("Unauthorized"),
                header: Some((header::WWW_AUTHENTICATE, CHALLENGE)),
            })
    }
}

/// A path segment, percent-decoded: borrowed unless it has a `%` in it.
fn path_parameter(segment: &str) -> Result<Cow<'_, str>, Failure> {
    percent_encoding::percent_decode_str(segment)
        .decode_utf8()
        .map_err(|_| Failure::new(StatusCode::BAD_REQUEST, "Invalid path parameter"))
}

/// The account whose user name and password the `Authorization: Basic` header carries,
/// decoded on the stack.
fn basic_account<'a>(store: &'a Store, headers: &HeaderMap) -> Option<&'a Account> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, encoded) = value.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let encoded = encoded.trim();
    let mut stack = [0u8; STACK_CREDENTIALS];
    let heap;
    let decoded = match BASE64.decode_slice(encoded, &mut stack) {
        Ok(length) => &stack[..length],
        Err(base64::DecodeSliceError::OutputSliceTooSmall) => {
            heap = BASE64.decode(encoded).ok()?;
            &heap[..]
        }
        Err(base64::DecodeSliceError::DecodeError(_)) => return None,
    };
    let (user, password) = std::str::from_utf8(decoded).ok()?.split_once(':')?;
    store.authenticate(user, password)
}

/// What the query string and headers say about the answer, read once: pretty or compact
/// JSON, the trace ids to echo, and the first query parameter the endpoints do not know.
struct Options<'q> {
    pretty: bool,
    trace: [Option<HeaderValue>; 2],
    unknown: Option<Cow<'q, str>>,
}

impl<'q> Options<'q> {
    fn read(query: Option<&'q str>, headers: &HeaderMap) -> Self {
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
                    unknown.get_or_insert(key);
                }
            }
        }
        let pretty = wants_pretty(pp.as_deref(), headers);
        Options {
            pretty,
            trace: trace_ids(headers.get(&TRACE_HEADER), trace_param.as_deref()),
            unknown,
        }
    }

    /// 400 for a query parameter the endpoints do not know.
    fn check(&self) -> Result<(), Failure> {
        match &self.unknown {
            None => Ok(()),
            Some(key) => Err(Failure {
                status: StatusCode::BAD_REQUEST,
                message: Cow::Owned(format!("\"{key}\" is not a valid option")),
                header: None,
            }),
        }
    }
}

/// The trace ids to echo: the header's (the same value, when it needs no trimming), then
/// the parameter's when it differs; a fresh id when tracing was asked for without one.
fn trace_ids(header: Option<&HeaderValue>, param: Option<&str>) -> [Option<HeaderValue>; 2] {
    if header.is_none() && param.is_none() {
        return [None, None];
    }
    fn usable(id: &str) -> Option<&str> {
        let trimmed = id.trim();
        (!trimmed.is_empty() && !trimmed.chars().any(char::is_control)).then_some(trimmed)
    }
    let from_header = header.and_then(|value| {
        let text = value.to_str().ok()?;
        let id = usable(text)?;
        if id.len() == text.len() {
            Some(value.clone())
        } else {
            HeaderValue::from_str(id).ok()
        }
    });
    let from_param = param
        .and_then(usable)
        .and_then(|id| HeaderValue::from_str(id).ok())
        .filter(|id| from_header.as_ref() != Some(id));
    match (from_header, from_param) {
        (None, None) => [Some(fresh_trace_id()), None],
        (first, second) => [first, second],
    }
}

/// The JSON answer: prefix line, the JSON (pretty or compact), a newline, in one buffer
/// sized from the endpoint's previous answer.
fn json<T: Serialize>(value: &T, pretty: bool, size: &AtomicUsize) -> Result<Vec<u8>, Failure> {
    let mut body = Vec::with_capacity(size.load(Ordering::Relaxed));
    body.extend_from_slice(JSON_PREFIX);
    let written = if pretty {
        serde_json::to_writer_pretty(&mut body, value)
    } else {
        serde_json::to_writer(&mut body, value)
    };
    written
        .map_err(|_| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error"))?;
    body.push(b'\n');
    size.store(body.len(), Ordering::Relaxed);
    Ok(body)
}

/// The response: a 200 with the JSON, or the failure's plaintext; the security headers,
/// the trace ids, and gzip for large bodies when the client accepts it.
fn respond(
    answer: Result<Vec<u8>, Failure>,
    trace: [Option<HeaderValue>; 2],
    request: &HeaderMap,
) -> Response<Body> {
    let mut headers = HeaderMap::with_capacity(12);
    let (status, mut body) = match answer {
        Ok(body) => {
            headers.insert(header::CONTENT_TYPE, JSON_CONTENT_TYPE);
            (StatusCode::OK, body)
        }
        Err(failure) => {
            headers.insert(header::CONTENT_TYPE, TEXT_CONTENT_TYPE);
            if let Some((name, value)) = failure.header {
                headers.append(name, value);
            }
            let mut body = failure.message.into_owned().into_bytes();
            body.push(b'\n');
            (failure.status, body)
        }
    };
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, value);
    }
    for id in trace.into_iter().flatten() {
        headers.append(TRACE_HEADER, id);
    }
    if body.len() >= GZIP_MIN_BYTES {
        headers.append(header::VARY, ACCEPT_ENCODING);
        if accepts_gzip(request) {
            let mut encoder = GzEncoder::new(
                Vec::with_capacity(body.len() / 2 + 64),
                Compression::default(),
            );
            if let Ok(compressed) = encoder.write_all(&body).and_then(|()| encoder.finish()) {
                body = compressed;
                headers.insert(header::CONTENT_ENCODING, GZIP);
            }
        }
    }
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}

/// Serves the floor over `fixture` on `listener` until `shutdown` completes, with
/// [`serve_bare`](crate::bare::serve_bare).
pub async fn serve(
    listener: TcpListener,
    fixture: &Fixture,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let floor = Arc::new(Floor::new(fixture));
    crate::bare::serve_bare(listener, shutdown, move |_| {
        let floor = floor.clone();
        service_fn(move |request| std::future::ready(Ok::<_, Infallible>(floor.answer(&request))))
    })
    .await
}
