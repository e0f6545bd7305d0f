//! HTTP passwords, hashed, and the random secrets the service makes.
//!
//! A password is stored as an argon2id hash (19 MiB of memory, two passes, one lane: the
//! OWASP recommendation), which makes every guess against a copied database cost tens of
//! milliseconds. Hashes written by earlier versions (salted SHA-256) are still verified,
//! so existing sites keep working; they are replaced when the password is next set.
//! Checking a hash is slow on purpose, so the authenticator remembers recently verified
//! credentials ([`restspec_runtime::CredentialCache`]).

use argon2::{Algorithm, Argon2, Params, Version};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Memory cost in KiB, passes and lanes of new hashes.
const MEMORY_KIB: u32 = 19 * 1024;
const PASSES: u32 = 2;
const LANES: u32 = 1;

/// A stored HTTP password: never the password itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasswordHash(Kind);

#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    /// `argon2id$m=<KiB>,t=<passes>,p=<lanes>$<salt hex>$<hash hex>`.
    Argon2id {
        memory_kib: u32,
        passes: u32,
        lanes: u32,
        salt: [u8; 16],
        hash: [u8; 32],
    },
    /// `sha256$<salt hex>$<digest hex>`, written by earlier versions.
    Sha256 { salt: [u8; 16], digest: [u8; 32] },
}

impl PasswordHash {
    /// Hashes `password` with argon2id and a fresh random salt.
    pub fn new(password: &str) -> Self {
        let mut salt = [0u8; 16];
        if getrandom::fill(&mut salt).is_err() {
            tracing::error!("no entropy source available; salts are weak");
        }
        let hash = argon2id(password, &salt, MEMORY_KIB, PASSES, LANES).unwrap_or_default();
        PasswordHash(Kind::Argon2id {
            memory_kib: MEMORY_KIB,
            passes: PASSES,
            lanes: LANES,
            salt,
            hash,
        })
    }

    /// The hash as stored.
    pub fn encode(&self) -> String {
        match &self.0 {
            Kind::Argon2id {
                memory_kib,
                passes,
                lanes,
                salt,
                hash,
            } => format!(
                "argon2id$m={memory_kib},t={passes},p={lanes}${}${}",
                hex::encode(salt),
                hex::encode(hash)
            ),
            Kind::Sha256 { salt, digest } => {
                format!("sha256${}${}", hex::encode(salt), hex::encode(digest))
            }
        }
    }

    /// Reads a stored hash; `None` when it is not one [`encode`](Self::encode) wrote (or
    /// an earlier version did).
    pub fn decode(stored: &str) -> Option<Self> {
        let mut parts = stored.split('$');
        let kind = match (parts.next()?, parts.next()?) {
            ("argon2id", params) => {
                let mut numbers = params.split(',').map(|p| p.split_once('='));
                let mut number = |name: &str| match numbers.next()? {
                    Some((n, v)) if n == name => v.parse::<u32>().ok(),
                    _ => None,
                };
                let (memory_kib, passes, lanes) = (number("m")?, number("t")?, number("p")?);
                Kind::Argon2id {
                    memory_kib,
                    passes,
                    lanes,
                    salt: hex::decode(parts.next()?).ok()?.try_into().ok()?,
                    hash: hex::decode(parts.next()?).ok()?.try_into().ok()?,
                }
            }
            ("sha256", salt) => Kind::Sha256 {
                salt: hex::decode(salt).ok()?.try_into().ok()?,
                digest: hex::decode(parts.next()?).ok()?.try_into().ok()?,
            },
            _ => return None,
        };
        parts.next().is_none().then_some(PasswordHash(kind))
    }

    /// True when `password` is the one hashed, compared in constant time. Slow on purpose
    /// (argon2id): call it off the async workers.
    pub fn verify(&self, password: &str) -> bool {
        match &self.0 {
            Kind::Argon2id {
                memory_kib,
                passes,
                lanes,
                salt,
                hash,
            } => argon2id(password, salt, *memory_kib, *passes, *lanes)
                .is_some_and(|computed| computed.ct_eq(hash).into()),
            Kind::Sha256 { salt, digest } => sha256(salt, password).ct_eq(digest).into(),
        }
    }
}

/// [`PasswordHash::new`] on a blocking thread, encoded: what a request handler calls, so
/// that the hash's tens of milliseconds do not hold an async worker.
pub async fn hash_off_thread(password: &str) -> Option<String> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || PasswordHash::new(&password).encode())
        .await
        .ok()
}

fn argon2id(
    password: &str,
    salt: &[u8],
    memory_kib: u32,
    passes: u32,
    lanes: u32,
) -> Option<[u8; 32]> {
    let params = Params::new(memory_kib, passes, lanes, Some(32)).ok()?;
    let mut out = [0u8; 32];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password_into(password.as_bytes(), salt, &mut out)
        .ok()?;
    Some(out)
}

fn sha256(salt: &[u8], password: &str) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(salt);
    hasher.update(password.as_bytes());
    hasher.finalize().into()
}

/// A random secret (generated admin passwords, session keys), hex encoded.
pub fn random_secret(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    if getrandom::fill(&mut buf).is_err() {
        tracing::error!("no entropy source available");
    }
    hex::encode(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verifies_only_the_hashed_password() {
        let hash = PasswordHash::new("secret");
        assert!(hash.encode().starts_with("argon2id$m=19456,t=2,p=1$"));
        assert!(hash.verify("secret"));
        assert!(!hash.verify("Secret"));
        assert!(!hash.verify(""));
        assert_ne!(PasswordHash::new("secret"), hash, "salts differ");
        assert_eq!(PasswordHash::decode(&hash.encode()), Some(hash));
        assert_eq!(PasswordHash::decode("md5$00$00"), None);
        assert_eq!(PasswordHash::decode("argon2id$m=1,t=1$00$00"), None);
    }

    #[test]
    fn hashes_of_earlier_versions_still_verify() {
        let salt = [7u8; 16];
        let stored = format!(
            "sha256${}${}",
            hex::encode(salt),
            hex::encode(sha256(&salt, "old"))
        );
        let hash = PasswordHash::decode(&stored).expect("a legacy hash");
        assert!(hash.verify("old"));
        assert!(!hash.verify("new"));
        assert_eq!(hash.encode(), stored);
    }
}
