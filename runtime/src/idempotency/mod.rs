//! Idempotency keys (`conventions.idempotency`): a client retrying a `POST` or `PATCH` with
//! the same key gets the answer of the first attempt instead of a second effect.
//!
//! The same key with the same request replays the stored answer (with
//! `Idempotent-Replayed: true`); with another request it is the `idempotency_key_reused`
//! condition; while the first is still running a second use is `idempotency_key_in_use`,
//! so two simultaneous first uses never both run. Keys are the caller's own (scoped by
//! caller and endpoint) and expire. Only successful answers are kept: after an error the
//! key is free again, so a retry runs anew. Where the keys live is an
//! [`IdempotencyStore`]: in memory by default, or the service's database, so that several
//! instances agree.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::{HeaderName, HeaderValue};
use sha2::{Digest, Sha256};

/// How a spec switches idempotency keys on.
#[derive(Debug, Clone, Copy)]
pub struct IdempotencyConventions {
    /// The request header carrying the key (`Idempotency-Key`).
    pub header: &'static str,
    /// How long a key is remembered, in seconds.
    pub expire_after_seconds: u64,
}

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

/// Where idempotency keys live. Implement it over the service's database (a row per key,
/// taken with an insert that fails on a duplicate) so that several instances agree.
pub trait IdempotencyStore: Send + Sync + 'static {
    /// Takes `key` for a request whose fingerprint is `fingerprint`, unless it is taken.
    fn begin(&self, key: &str, fingerprint: [u8; 32], expire_after: Duration) -> Begun;
    /// Keeps `answer` as the key's answer.
    fn finish(&self, key: &str, answer: StoredAnswer);
    /// Frees `key`: its request failed, and may be tried again.
    fn abandon(&self, key: &str);
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

#[derive(Debug)]
enum Slot {
    Running,
    Done(StoredAnswer),
}

#[derive(Debug)]
struct Entry {
    fingerprint: [u8; 32],
    expires: Instant,
    slot: Slot,
}

/// The keys in this process's memory: enough for one instance.
#[derive(Debug, Default)]
pub struct MemoryIdempotencyStore {
    keys: Mutex<HashMap<String, Entry>>,
}

impl MemoryIdempotencyStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    fn keys(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.keys
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl IdempotencyStore for MemoryIdempotencyStore {
    fn begin(&self, key: &str, fingerprint: [u8; 32], expire_after: Duration) -> Begun {
        let now = Instant::now();
        let mut keys = self.keys();
        // Expired keys go first: memory follows the keys in use.
        keys.retain(|_, entry| entry.expires > now);
        match keys.get(key) {
            Some(entry) if entry.fingerprint != fingerprint => Begun::Reused,
            Some(Entry {
                slot: Slot::Running,
                ..
            }) => Begun::InUse,
            Some(Entry {
                slot: Slot::Done(answer),
                ..
            }) => Begun::Replay(answer.clone()),
            None => {
                keys.insert(
                    key.to_owned(),
                    Entry {
                        fingerprint,
                        expires: now + expire_after,
                        slot: Slot::Running,
                    },
                );
                Begun::First
            }
        }
    }

    fn finish(&self, key: &str, answer: StoredAnswer) {
        if let Some(entry) = self.keys().get_mut(key) {
            entry.slot = Slot::Done(answer);
        }
    }

    fn abandon(&self, key: &str) {
        self.keys().remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer() -> StoredAnswer {
        StoredAnswer {
            status: 200,
            headers: Vec::new(),
            body: Bytes::from_static(b"{}"),
        }
    }

    #[test]
    fn a_key_runs_once_replays_and_refuses_another_request() {
        let store = MemoryIdempotencyStore::new();
        let day = Duration::from_secs(86_400);
        let (one, two) = ([1; 32], [2; 32]);
        assert_eq!(store.begin("k", one, day), Begun::First);
        assert_eq!(store.begin("k", one, day), Begun::InUse, "still running");
        store.finish("k", answer());
        assert_eq!(store.begin("k", one, day), Begun::Replay(answer()));
        assert_eq!(store.begin("k", two, day), Begun::Reused);
        assert_eq!(store.begin("other", two, day), Begun::First);
        store.abandon("other");
        assert_eq!(store.begin("other", two, day), Begun::First, "free again");
    }

    #[test]
    fn keys_expire() {
        let store = MemoryIdempotencyStore::new();
        assert_eq!(store.begin("k", [1; 32], Duration::ZERO), Begun::First);
        store.finish("k", answer());
        assert_eq!(store.begin("k", [2; 32], Duration::ZERO), Begun::First);
    }
}
