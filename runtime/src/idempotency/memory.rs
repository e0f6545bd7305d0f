//! [`MemoryIdempotencyStore`]: the keys in this process's memory, the default.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::{Begun, IdempotencyStore, IdempotencyStoreError, StoreFuture, StoredAnswer};

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

/// The keys in this process's memory: enough for one instance. It never fails, and its
/// futures are ready at once (the work is done under a mutex before they are returned).
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

    fn take(&self, key: &str, fingerprint: [u8; 32], expire_after: Duration) -> Begun {
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
}

impl IdempotencyStore for MemoryIdempotencyStore {
    fn begin<'a>(
        &'a self,
        key: &'a str,
        fingerprint: [u8; 32],
        expire_after: Duration,
    ) -> StoreFuture<'a, Result<Begun, IdempotencyStoreError>> {
        let begun = self.take(key, fingerprint, expire_after);
        Box::pin(std::future::ready(Ok(begun)))
    }

    fn finish<'a>(
        &'a self,
        key: &'a str,
        answer: StoredAnswer,
    ) -> StoreFuture<'a, Result<(), IdempotencyStoreError>> {
        if let Some(entry) = self.keys().get_mut(key) {
            entry.slot = Slot::Done(answer);
        }
        Box::pin(std::future::ready(Ok(())))
    }

    fn abandon<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Result<(), IdempotencyStoreError>> {
        self.keys().remove(key);
        Box::pin(std::future::ready(Ok(())))
    }
}

#[cfg(test)]
mod tests {
    use bytes::Bytes;

    use super::*;

    fn answer() -> StoredAnswer {
        StoredAnswer {
            status: 200,
            headers: Vec::new(),
            body: Bytes::from_static(b"{}"),
        }
    }

    async fn begin(
        store: &MemoryIdempotencyStore,
        key: &str,
        print: [u8; 32],
        d: Duration,
    ) -> Begun {
        store.begin(key, print, d).await.unwrap()
    }

    #[tokio::test]
    async fn a_key_runs_once_replays_and_refuses_another_request() {
        let store = MemoryIdempotencyStore::new();
        let day = Duration::from_secs(86_400);
        let (one, two) = ([1; 32], [2; 32]);
        assert_eq!(begin(&store, "k", one, day).await, Begun::First);
        assert_eq!(
            begin(&store, "k", one, day).await,
            Begun::InUse,
            "still running"
        );
        store.finish("k", answer()).await.unwrap();
        assert_eq!(begin(&store, "k", one, day).await, Begun::Replay(answer()));
        assert_eq!(begin(&store, "k", two, day).await, Begun::Reused);
        assert_eq!(begin(&store, "other", two, day).await, Begun::First);
        store.abandon("other").await.unwrap();
        assert_eq!(
            begin(&store, "other", two, day).await,
            Begun::First,
            "free again"
        );
    }

    #[tokio::test]
    async fn keys_expire() {
        let store = MemoryIdempotencyStore::new();
        assert_eq!(
            begin(&store, "k", [1; 32], Duration::ZERO).await,
            Begun::First
        );
        store.finish("k", answer()).await.unwrap();
        assert_eq!(
            begin(&store, "k", [2; 32], Duration::ZERO).await,
            Begun::First
        );
    }
}
