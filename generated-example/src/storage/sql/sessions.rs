//! The `sessions` table. It holds SHA-256 digests of the session keys, not the keys: a
//! copy of the database does not let anyone log in.

use restspec_runtime::Timestamp;
use sha2::{Digest, Sha256};

use super::accounts::check_exists as check_account;
use super::db::params;
use super::handle::Storage;
use super::util::{now, to_nanos};
use crate::storage::{Session, StorageError, StorageResult};

/// What the table stores for a key.
fn digest(key: &str) -> String {
    let digest: [u8; 32] = Sha256::digest(key.as_bytes()).into();
    hex::encode(digest)
}

impl Storage {
    /// Stores a web session. Unknown account → `Invalid`; key in use → `Conflict`.
    pub fn create_session(&self, key: &str, account_id: i64, xsrf: &str) -> StorageResult<Session> {
        self.write(|db| {
            check_account(db, account_id)?;
            let stored = digest(key);
            if db.exists(
                "SELECT 1 FROM sessions WHERE session_key = ?1",
                params![stored],
            )? {
                return Err(StorageError::Conflict("session key already in use".into()));
            }
            let (created_on, nanos) = now()?;
            db.execute(
                "INSERT INTO sessions (session_key, account_id, xsrf_token, created_on, \
                 last_used) VALUES (?1, ?2, ?3, ?4, ?4)",
                params![stored, account_id, xsrf, nanos],
            )?;
            Ok(Session {
                key: key.to_owned(),
                account_id,
                xsrf_token: xsrf.to_owned(),
                created_on,
                last_used: created_on,
            })
        })
    }

    /// The session with this key. Whether its account is still active is the caller's
    /// check.
    pub fn session(&self, key: &str) -> StorageResult<Option<Session>> {
        self.read_one(|db| {
            db.row(
                "SELECT account_id, xsrf_token, created_on, last_used FROM sessions \
                 WHERE session_key = ?1",
                params![digest(key)],
                |row| {
                    Ok(Session {
                        key: key.to_owned(),
                        account_id: row.get(0)?,
                        xsrf_token: row.get(1)?,
                        created_on: row.time(2)?,
                        last_used: row.time(3)?,
                    })
                },
            )
        })
    }

    /// Ends a session; answers whether it existed.
    pub fn delete_session(&self, key: &str) -> StorageResult<bool> {
        self.write(|db| {
            let deleted = db.execute(
                "DELETE FROM sessions WHERE session_key = ?1",
                params![digest(key)],
            )?;
            Ok(deleted > 0)
        })
    }

    /// Ends every session of an account; answers how many there were.
    pub fn delete_account_sessions(&self, account_id: i64) -> StorageResult<usize> {
        self.write(|db| {
            db.execute(
                "DELETE FROM sessions WHERE account_id = ?1",
                params![account_id],
            )
        })
    }

    /// Records that a session was used at `at`; answers whether it exists.
    pub fn touch_session(&self, key: &str, at: Timestamp) -> StorageResult<bool> {
        self.write(|db| {
            let updated = db.execute(
                "UPDATE sessions SET last_used = ?2 WHERE session_key = ?1",
                params![digest(key), to_nanos(at)?],
            )?;
            Ok(updated > 0)
        })
    }

    /// Ends every session last used before `used_before` or created before
    /// `created_before`; answers how many there were.
    pub fn delete_expired_sessions(
        &self,
        used_before: Timestamp,
        created_before: Timestamp,
    ) -> StorageResult<usize> {
        self.write(|db| {
            db.execute(
                "DELETE FROM sessions WHERE last_used < ?1 OR created_on < ?2",
                params![to_nanos(used_before)?, to_nanos(created_before)?],
            )
        })
    }
}
