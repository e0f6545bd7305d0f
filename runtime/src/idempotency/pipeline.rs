//! The idempotency step of the endpoint pipeline (`pipeline::request`): the key of a request,
//! taking it before the handler runs (or answering in the handler's place), and keeping or
//! freeing it after.
//!
//! Every store call is bounded by the request timeout, as the handler is: a database that
//! hangs costs the request a 503, not a worker held forever.

use std::time::Duration;

use bytes::Bytes;
use http::Method;
use http::request::Parts;

use super::{Begun, IdempotencyStore, StoredAnswer};
use crate::error::{ApiError, Condition};
use crate::message::body::Response;
use crate::message::context::Caller;
use crate::pipeline::api::Answer;
use crate::spec::{EndpointSpec, ServiceSpec};

/// How long a client is told to wait (`Retry-After`) when the store cannot answer.
const RETRY_AFTER_UNAVAILABLE: Duration = Duration::from_secs(1);

/// The idempotency key of a `POST` or `PATCH` of a spec that switches keys on, scoped to
/// the caller and the endpoint, with how long it lives; `None` without a key.
pub(crate) fn key_of(
    service: &ServiceSpec,
    parts: &Parts,
    caller: &Caller,
    endpoint: &EndpointSpec,
) -> Option<(String, Duration)> {
    let conventions = service.conventions.idempotency?;
    if !matches!(parts.method, Method::POST | Method::PATCH) {
        return None;
    }
    let key = parts.headers.get(conventions.header)?.to_str().ok()?;
    let who = caller.identity().map_or("", |i| i.id.as_str());
    Some((
        format!("{who}\u{0}{}\u{0}{key}", endpoint.name),
        Duration::from_secs(conventions.expire_after_seconds),
    ))
}

/// Takes `key` for a request whose fingerprint is `fingerprint`: `Ok(None)` when the key
/// is taken and the request is to run, `Ok(Some(_))` the first answer sent again, `Err` a
/// refusal: in use (409 unless the spec says), reused (422 unless the spec says), or 503
/// with `Retry-After` when the store fails or does not answer within `limit`. The request
/// is never run without its key: running it unguarded could repeat an effect the key
/// exists to prevent.
pub(crate) async fn begin(
    store: &dyn IdempotencyStore,
    key: &str,
    fingerprint: [u8; 32],
    expire_after: Duration,
    limit: Duration,
) -> Result<Option<Response>, ApiError> {
    let begun = match tokio::time::timeout(limit, store.begin(key, fingerprint, expire_after)).await
    {
        Ok(Ok(begun)) => begun,
        Ok(Err(error)) => {
            tracing::error!(%error, "idempotency key not checked");
            return Err(unavailable());
        }
        Err(_) => {
            tracing::error!(?limit, "idempotency store timed out");
            return Err(unavailable());
        }
    };
    match begun {
        Begun::First => Ok(None),
        Begun::Replay(answer) => Ok(Some(replayed(answer))),
        Begun::InUse => Err(ApiError::condition(Condition::IdempotencyKeyInUse)
            .with_message("A request with this idempotency key is under way")),
        Begun::Reused => Err(ApiError::condition(Condition::IdempotencyKeyReused)
            .with_message("This idempotency key was used with another request")),
    }
}

/// The 503 of a request whose key could not be checked.
fn unavailable() -> ApiError {
    ApiError::status(503)
        .with_message("Idempotency keys cannot be checked now; try again")
        .with_retry_after(RETRY_AFTER_UNAVAILABLE)
}

/// A stored answer sent again, marked as such.
fn replayed(answer: StoredAnswer) -> Response {
    let status = http::StatusCode::from_u16(answer.status).unwrap_or(http::StatusCode::OK);
    let mut response = crate::message::body::response(status, None, answer.body);
    let headers = response.headers_mut();
    for (name, value) in answer.headers {
        headers.append(name, value);
    }
    headers.insert(
        http::HeaderName::from_static("idempotent-replayed"),
        http::HeaderValue::from_static("true"),
    );
    response
}

/// Keeps a successful answer as its key's, or frees the key for a retry. The answer goes
/// out whatever the store says: when keeping it fails the effect has happened all the
/// same, and the key stays taken (a retry is refused as in use until the key expires)
/// rather than freed for a second effect; when freeing fails, the key stays taken until
/// it expires. Both are logged.
pub(crate) async fn remember(
    store: &dyn IdempotencyStore,
    key: &str,
    answer: &Answer,
    limit: Duration,
) {
    let (done, what) = match answer {
        Ok(response) if response.status().is_success() => {
            let stored = StoredAnswer {
                status: response.status().as_u16(),
                headers: response
                    .headers()
                    .iter()
                    .map(|(n, v)| (n.clone(), v.clone()))
                    .collect(),
                body: Bytes::copy_from_slice(response.body().bytes()),
            };
            (
                tokio::time::timeout(limit, store.finish(key, stored)).await,
                "kept",
            )
        }
        _ => (
            tokio::time::timeout(limit, store.abandon(key)).await,
            "freed",
        ),
    };
    match done {
        Ok(Ok(())) => {}
        Ok(Err(error)) => {
            tracing::error!(%error, "idempotency key not {what}; it stays taken until it expires");
        }
        Err(_) => tracing::error!(
            ?limit,
            "idempotency store timed out; the key may stay taken until it expires ({what})"
        ),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::super::{IdempotencyStoreError, MemoryIdempotencyStore, StoreFuture};
    use super::*;
    use crate::spec::{Conventions, ServiceSpec};

    static SERVICE: ServiceSpec = ServiceSpec {
        name: "test",
        title: "Test",
        base_url: "http://localhost/",
        conventions: Conventions::NONE,
        statuses: &[],
        families: &[],
        endpoints: &[],
        openapi: "{}",
    };
    const DAY: Duration = Duration::from_secs(86_400);
    const LIMIT: Duration = Duration::from_secs(5);

    fn ok(body: &'static str) -> Answer {
        let mut response = crate::message::body::response(
            http::StatusCode::CREATED,
            None,
            Bytes::from_static(body.as_bytes()),
        );
        response
            .headers_mut()
            .insert("x-made", http::HeaderValue::from_static("once"));
        Ok(response)
    }

    #[tokio::test]
    async fn a_success_is_replayed_with_its_status_headers_and_body_marked_as_replayed() {
        let store = MemoryIdempotencyStore::new();
        assert!(
            begin(&store, "k", [1; 32], DAY, LIMIT)
                .await
                .unwrap()
                .is_none()
        );
        let refused = begin(&store, "k", [1; 32], DAY, LIMIT).await.unwrap_err();
        assert_eq!(refused.as_condition(), Some(Condition::IdempotencyKeyInUse));
        remember(&store, "k", &ok("{\"id\":1}"), LIMIT).await;
        let replay = begin(&store, "k", [1; 32], DAY, LIMIT)
            .await
            .unwrap()
            .expect("a replay");
        assert_eq!(replay.status(), 201);
        assert_eq!(replay.headers()["x-made"], "once");
        assert_eq!(replay.headers()["idempotent-replayed"], "true");
        assert_eq!(replay.body().bytes(), b"{\"id\":1}");
        let other = begin(&store, "k", [2; 32], DAY, LIMIT).await.unwrap_err();
        assert_eq!(other.as_condition(), Some(Condition::IdempotencyKeyReused));
    }

    #[tokio::test]
    async fn an_error_frees_the_key_for_a_retry() {
        let store = MemoryIdempotencyStore::new();
        assert!(
            begin(&store, "k", [1; 32], DAY, LIMIT)
                .await
                .unwrap()
                .is_none()
        );
        remember(&store, "k", &Err(ApiError::status(500)), LIMIT).await;
        assert!(
            begin(&store, "k", [1; 32], DAY, LIMIT)
                .await
                .unwrap()
                .is_none()
        );
        let not_success = Ok(crate::message::body::empty(http::StatusCode::FOUND));
        remember(&store, "k", &not_success, LIMIT).await;
        assert!(
            begin(&store, "k", [1; 32], DAY, LIMIT)
                .await
                .unwrap()
                .is_none(),
            "only 2xx answers are kept"
        );
    }

    /// A store whose database is away: every call fails, or never answers.
    struct Broken {
        hangs: bool,
        calls: AtomicUsize,
    }

    impl Broken {
        fn answer<'a, T: Send + 'a>(&'a self) -> StoreFuture<'a, Result<T, IdempotencyStoreError>> {
            self.calls.fetch_add(1, Ordering::Relaxed);
            if self.hangs {
                Box::pin(std::future::pending())
            } else {
                Box::pin(std::future::ready(Err(IdempotencyStoreError::new(
                    "connection refused",
                ))))
            }
        }
    }

    impl IdempotencyStore for Broken {
        fn begin<'a>(
            &'a self,
            _: &'a str,
            _: [u8; 32],
            _: Duration,
        ) -> StoreFuture<'a, Result<Begun, IdempotencyStoreError>> {
            self.answer()
        }
        fn finish<'a>(
            &'a self,
            _: &'a str,
            _: StoredAnswer,
        ) -> StoreFuture<'a, Result<(), IdempotencyStoreError>> {
            self.answer()
        }
        fn abandon<'a>(&'a self, _: &'a str) -> StoreFuture<'a, Result<(), IdempotencyStoreError>> {
            self.answer()
        }
    }

    #[tokio::test]
    async fn a_store_that_fails_or_hangs_refuses_the_request_with_503_and_retry_after() {
        for hangs in [false, true] {
            let store = Broken {
                hangs,
                calls: AtomicUsize::new(0),
            };
            let limit = Duration::from_millis(50);
            let started = std::time::Instant::now();
            let refused = begin(&store, "k", [1; 32], DAY, limit).await.unwrap_err();
            assert_eq!(refused.code(&SERVICE), 503, "hangs: {hangs}");
            assert_eq!(refused.as_condition(), None, "not a refusal of the key");
            assert!(
                refused
                    .headers()
                    .iter()
                    .any(|(n, v)| n == http::header::RETRY_AFTER && v == "1"),
                "{:?}",
                refused.headers()
            );
            assert!(
                started.elapsed() < Duration::from_secs(2),
                "bounded by the limit"
            );
            // Keeping or freeing a key that the store cannot reach is logged, not raised:
            // both calls are made and return.
            remember(&store, "k", &ok("{}"), limit).await;
            remember(&store, "k", &Err(ApiError::status(500)), limit).await;
            assert_eq!(store.calls.load(Ordering::Relaxed), 3);
        }
    }
}
