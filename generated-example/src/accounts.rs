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
    }
}
