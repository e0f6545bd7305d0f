//! Idempotency keys (`conventions.idempotency`): a client retrying a `POST` or `PATCH` with
//! the same key gets the answer of the first attempt instead of a second effect.
//!
//! The same key with the same request replays the stored answer (with
//! `Idempotent-Replayed: true`); with another request it is the `idempotency_key_reused`
//! condition; while the first is still running a second use is `idempotency_key_in_use`,
//! so two simultaneous first uses never both run. Keys are the caller's own (scoped by
//! caller and endpoint) and expire. Only successful answers are kept: after an error the
//! key is free again, so a retry runs anew. Where the keys live is an
//! [`IdempotencyStore`]: in memory by default ([`MemoryIdempotencyStore`]), or a database
//! that several instances share, so that they agree (`PostgresIdempotencyStore`, feature
//! `postgres-idempotency`).
//!
//! A store that cannot answer (its database is away) refuses the request with 503 and
//! `Retry-After` rather than running it unguarded: the point of a key is that a retry does
//! not have a second effect, and a store that cannot say whether the key ran cannot promise
//! that.

mod memory;
mod pipeline;
#[cfg(feature = "postgres-idempotency")]
mod postgres;

use std::pin::Pin;
use std::time::Duration;

use bytes::Bytes;
use http::{HeaderName, HeaderValue};
use sha2::{Digest, Sha256};

pub use memory::MemoryIdempotencyStore;
pub(crate) use pipeline::{begin, key_of, remember};
#[cfg(feature = "postgres-idempotency")]
pub use postgres::PostgresIdempotencyStore;

pub use restspec_client::conventions::IdempotencyConventions;

/// A successful answer, kept to be replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnswer {
    /// Its status code.
    pub status: u16,
    /// Its headers.
    pub headers: Vec<(HeaderName, HeaderValue)>,
    /// Its body.
    pub body: Bytes,
}

/// What a store says to a key's use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Begun {
    /// The key is new (or expired): run the request, then [`IdempotencyStore::finish`] or
    /// [`IdempotencyStore::abandon`].
    First,
    /// The key answered this same request already: send this again.
    Replay(StoredAnswer),
    /// The key's first request is still running.
    InUse,
    /// The key was used for another request.
    Reused,
}

/// What a store's methods answer: a boxed future, so that [`IdempotencyStore`] stays
/// dyn-compatible (`Arc<dyn IdempotencyStore>` in [`Settings`](crate::Settings)) while a
/// store may wait for a database. `async fn` in a trait would make the trait unusable as
/// `dyn`, and a generic store parameter would spread through every generated service's
/// types. The box is one allocation per store call, and the pipeline calls a store only
/// for a request that carries a key (a `POST` or `PATCH` with the header, in a spec that
/// switches keys on): no other request pays for it.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A store that could not answer: its database is away, too slow, or refused the
/// statement. The pipeline answers 503 for it (see the module's documentation).
#[derive(Debug)]
pub struct IdempotencyStoreError {
    source: crate::BoxError,
}

impl IdempotencyStoreError {
    /// Wraps what went wrong.
    pub fn new(source: impl Into<crate::BoxError>) -> Self {
        IdempotencyStoreError {
            source: source.into(),
        }
    }
}

impl std::fmt::Display for IdempotencyStoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "idempotency store unavailable: {}", self.source)
    }
}

impl std::error::Error for IdempotencyStoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.source)
    }
}

/// Where idempotency keys live. A store shared by several instances must take a key
/// atomically (a row per key, taken with an insert that does nothing on a duplicate), so
/// that two instances never both answer [`Begun::First`] for one key.
///
/// Each method answers a [`StoreFuture`]; an error means the store could not answer, and
/// the pipeline refuses the request (503) rather than running it without the key's
/// protection.
pub trait IdempotencyStore: Send + Sync + 'static {
    /// Takes `key` for a request whose fingerprint is `fingerprint`, for `expire_after`,
    /// unless it is taken. A key taken and never finished (its instance died) expires too.
    fn begin<'a>(
        &'a self,
        key: &'a str,
        fingerprint: [u8; 32],
        expire_after: Duration,
    ) -> StoreFuture<'a, Result<Begun, IdempotencyStoreError>>;

    /// Keeps `answer` as the key's answer.
    fn finish<'a>(
        &'a self,
        key: &'a str,
        answer: StoredAnswer,
    ) -> StoreFuture<'a, Result<(), IdempotencyStoreError>>;

    /// Frees `key`: its request failed, and may be tried again.
    fn abandon<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Result<(), IdempotencyStoreError>>;
}

/// The fingerprint of a request: its method, path and body.
pub fn fingerprint(method: &http::Method, path: &str, body: &[u8]) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(method.as_str());
    hash.update([0]);
    hash.update(path);
    hash.update([0]);
    hash.update(body);
    hash.finalize().into()
}
