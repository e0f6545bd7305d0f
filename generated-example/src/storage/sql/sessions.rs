//! The `sessions` table. It holds SHA-256 digests of the session keys, not the keys: a
//! copy of the database does not let anyone log in.

use sha2::{Digest, Sha256};

use super::accounts::check_exists as check_account;
use super::db::{Db, params};
use super::util::{now, to_nanos};
use restspec_runtime::Timestamp;

use crate::storage::{Session, StorageError, StorageResult};

/// What the table stores for a key.
fn digest(key: &str) -> String {
    let digest: [u8; 32] = Sha256::digest(key.as_bytes()).into();
    hex::encode(digest)
}

/// Stores a session.
pub(super) fn create(
    db: &dyn Db,
    key: &str,
    account_id: i64,
    xsrf_token: &str,
) -> StorageResult<Session> {
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
        "INSERT INTO sessions (session_key, account_id, xsrf_token, created_on, last_used) \
         VALUES (?1, ?2, ?3, ?4, ?4)",
        params![stored, account_id, xsrf_token, nanos],
    )?;
    Ok(Session {
        key: key.to_owned(),
        account_id,
        xsrf_token: xsrf_token.to_owned(),
        created_on,
        last_used: created_on,
    })
}

/// The session with this key.
pub(super) fn get(db: &dyn Db, key: &str) -> StorageResult<Option<Session>> {
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
}

/// Deletes a session.
pub(super) fn delete(db: &dyn Db, key: &str) -> StorageResult<bool> {
    let deleted = db.execute(
        "DELETE FROM sessions WHERE session_key = ?1",
        params![digest(key)],
    )?;
    Ok(deleted > 0)
}

/// Deletes an account's sessions.
pub(super) fn delete_for_account(db: &dyn Db, account_id: i64) -> StorageResult<usize> {
    db.execute(
        "DELETE FROM sessions WHERE account_id = ?1",
        params![account_id],
    )
}

/// Records a session's last use.
pub(super) fn touch(db: &dyn Db, key: &str, at: Timestamp) -> StorageResult<bool> {
    let updated = db.execute(
        "UPDATE sessions SET last_used = ?2 WHERE session_key = ?1",
        params![digest(key), to_nanos(at)?],
    )?;
    Ok(updated > 0)
}

/// Deletes the sessions unused since `used_before` or created before `created_before`.
pub(super) fn delete_expired(
    db: &dyn Db,
    used_before: Timestamp,
    created_before: Timestamp,
) -> StorageResult<usize> {
    db.execute(
        "DELETE FROM sessions WHERE last_used < ?1 OR created_on < ?2",
        params![to_nanos(used_before)?, to_nanos(created_before)?],
    )
}
