//! Recently verified passwords, so that a slow password hash costs once per client and
//! not once per request.
//!
//! A password hash made for the job (argon2id, bcrypt) takes tens of milliseconds on
//! purpose; HTTP basic authentication sends the password on every request. A
//! [`CredentialCache`] remembers, for a while, that a user name, password and stored hash
//! went together: the next request with the same three costs one SHA-256 and a map
//! lookup. The cache keeps neither passwords nor anything a password can be recovered from
//! without the process's random key: an entry is a keyed SHA-256 digest and an expiry.
//! The stored hash is part of the key, so a changed password misses at once.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

/// What identifies one verified credential: a keyed digest of user, password and stored hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CredentialKey([u8; 32]);

/// A bounded, expiring set of credentials verified recently. See the module documentation.
#[derive(Debug)]
pub struct CredentialCache {
    secret: [u8; 32],
    lifetime: Duration,
    capacity: usize,
    entries: Mutex<HashMap<CredentialKey, Instant>>,
}

impl Default for CredentialCache {
    /// 10,000 credentials for 5 minutes each.
    fn default() -> Self {
        CredentialCache::new(10_000, Duration::from_secs(5 * 60))
    }
}

impl CredentialCache {
    /// A cache of at most `capacity` credentials, each remembered for `lifetime` after it
    /// was verified.
    pub fn new(capacity: usize, lifetime: Duration) -> Self {
        let mut secret = [0; 32];
        // Without randomness the key is all zeros: the cache still works, and its digests
        // are as strong as an unsalted SHA-256 of the credentials.
        if getrandom::fill(&mut secret).is_err() {
            tracing::warn!("no entropy source: the credential cache's key is not random");
        }
        CredentialCache {
            secret,
            lifetime,
            capacity: capacity.max(1),
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// The key of `username` with `password` against `stored_hash` (the account's
    /// password hash as stored: a new hash makes a new key).
    pub fn key(&self, username: &str, password: &str, stored_hash: &str) -> CredentialKey {
        let mut digest = Sha256::new();
        digest.update(self.secret);
        for part in [username, password, stored_hash] {
            // Length-prefixed, so that ("ab", "c") and ("a", "bc") differ.
            digest.update((part.len() as u64).to_le_bytes());
            digest.update(part.as_bytes());
        }
        CredentialKey(digest.finalize().into())
    }

    /// True when `key` was verified less than the lifetime ago.
    pub fn contains(&self, key: &CredentialKey) -> bool {
        let now = Instant::now();
        self.entries()
            .get(key)
            .is_some_and(|expires| *expires > now)
    }

    /// Remembers `key` as verified now. When the cache is full, expired entries are
    /// dropped first and, if none was, every entry (the next requests verify again).
    pub fn insert(&self, key: CredentialKey) {
        let now = Instant::now();
        let mut entries = self.entries();
        if entries.len() >= self.capacity && !entries.contains_key(&key) {
            entries.retain(|_, expires| *expires > now);
            if entries.len() >= self.capacity {
                entries.clear();
            }
        }
        entries.insert(key, now + self.lifetime);
    }

    /// Forgets every credential (after a password change, say, though a new stored hash
    /// misses anyway).
    pub fn clear(&self) {
        self.entries().clear();
    }

    /// How many credentials are remembered, expired ones included until they are dropped.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    /// True when nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<CredentialKey, Instant>> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_the_exact_credential_for_its_lifetime() {
        let cache = CredentialCache::new(10, Duration::from_millis(50));
        let key = cache.key("alice", "pw", "hash-1");
        assert!(!cache.contains(&key));
        cache.insert(key);
        assert!(cache.contains(&key));
        assert!(!cache.contains(&cache.key("alice", "pw2", "hash-1")));
        assert!(
            !cache.contains(&cache.key("alice", "pw", "hash-2")),
            "new hash"
        );
        assert!(!cache.contains(&cache.key("alicep", "w", "hash-1")));
        std::thread::sleep(Duration::from_millis(60));
        assert!(!cache.contains(&key), "expired");
    }

    #[test]
    fn stays_within_its_capacity() {
        let cache = CredentialCache::new(3, Duration::from_secs(60));
        for n in 0..10 {
            cache.insert(cache.key("u", &n.to_string(), "h"));
            assert!(cache.len() <= 3);
        }
        assert!(
            cache.contains(&cache.key("u", "9", "h")),
            "the newest is kept"
        );
        let other = CredentialCache::new(3, Duration::from_secs(60));
        assert_ne!(
            other.key("u", "p", "h"),
            cache.key("u", "p", "h"),
            "keyed per process"
        );
    }
}
