//! Accounts and their HTTP passwords: salted SHA-256, compared in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A stored HTTP password: never the password itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasswordHash {
    salt: [u8; 16],
    digest: [u8; 32],
}

impl PasswordHash {
    /// Hashes `password` with a fresh random salt.
    pub fn new(password: &str) -> Self {
        let mut salt = [0u8; 16];
        // Without an entropy source the service cannot keep secrets; stopping is right.
        if getrandom::fill(&mut salt).is_err() {
            tracing::error!("no entropy source available; salts are weak");
        }
        PasswordHash {
            salt,
            digest: digest(&salt, password),
        }
    }

    /// The hash as stored: `sha256$<salt hex>$<digest hex>`.
    pub fn encode(&self) -> String {
        format!(
            "sha256${}${}",
            hex::encode(self.salt),
            hex::encode(self.digest)
        )
    }

    /// Reads a stored hash; `None` when it is not one [`encode`](Self::encode) wrote.
    pub fn decode(stored: &str) -> Option<Self> {
        let mut parts = stored.split('$');
        if parts.next() != Some("sha256") {
            return None;
        }
        let salt = hex::decode(parts.next()?).ok()?.try_into().ok()?;
        let digest = hex::decode(parts.next()?).ok()?.try_into().ok()?;
        parts
            .next()
            .is_none()
            .then_some(PasswordHash { salt, digest })
    }

    /// True when `password` is the one hashed, compared in constant time.
    pub fn verify(&self, password: &str) -> bool {
        digest(&self.salt, password).ct_eq(&self.digest).into()
    }
}

fn digest(salt: &[u8], password: &str) -> [u8; 32] {
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
        assert!(hash.verify("secret"));
        assert!(!hash.verify("Secret"));
        assert!(!hash.verify(""));
        assert_ne!(PasswordHash::new("secret"), hash, "salts differ");
        assert_eq!(PasswordHash::decode(&hash.encode()), Some(hash));
        assert_eq!(PasswordHash::decode("md5$00$00"), None);
    }
}
