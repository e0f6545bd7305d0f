//! The `sessions` table. It holds SHA-256 digests of the session keys, not the keys: a
//! copy of the database does not let anyone log in.

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use super::accounts::check_exists as check_account;
use super::util::{exists, now, time_at, to_nanos};
use restspec_runtime::Timestamp;

use crate::storage::{Session, StorageError, StorageResult};

/// What the table stores for a key.
fn digest(key: &str) -> String {
    let digest: [u8; 32] = Sha256::digest(key.as_bytes()).into();
    hex::encode(digest)
}

/// Stores a session.
pub(super) fn create(
    conn: &Connection,
    key: &str,
    account_id: i64,
    xsrf_token: &str,
) -> StorageResult<Session> {
    check_account(conn, account_id)?;
    let stored = digest(key);
    if exists(
        conn,
        "SELECT 1 FROM sessions WHERE session_key = ?1",
        params![stored],
    )? {
        return Err(StorageError::Conflict("session key already in use".into()));
    }
    let (created_on, nanos) = now()?;
    conn.prepare_cached(
        "INSERT INTO sessions (session_key, account_id, xsrf_token, created_on, last_used) \
         VALUES (?1, ?2, ?3, ?4, ?4)",
    )?
    .execute(params![stored, account_id, xsrf_token, nanos])?;
    Ok(Session {
        key: key.to_owned(),
        account_id,
        xsrf_token: xsrf_token.to_owned(),
        created_on,
        last_used: created_on,
    })
}

/// The session with this key.
pub(super) fn get(conn: &Connection, key: &str) -> StorageResult<Option<Session>> {
    Ok(conn
        .prepare_cached(
            "SELECT account_id, xsrf_token, created_on, last_used FROM sessions \
             WHERE session_key = ?1",
        )?
        .query_row(params![digest(key)], |row| {
            Ok(Session {
                key: key.to_owned(),
                account_id: row.get(0)?,
                xsrf_token: row.get(1)?,
                created_on: time_at(row, 2)?,
                last_used: time_at(row, 3)?,
            })
        })
        .optional()?)
}

/// Deletes a session.
pub(super) fn delete(conn: &Connection, key: &str) -> StorageResult<bool> {
    let deleted = conn
        .prepare_cached("DELETE FROM sessions WHERE session_key = ?1")?
        .execute(params![digest(key)])?;
    Ok(deleted > 0)
}

/// Deletes an account's sessions.
pub(super) fn delete_for_account(conn: &Connection, account_id: i64) -> StorageResult<usize> {
    Ok(conn
        .prepare_cached("DELETE FROM sessions WHERE account_id = ?1")?
        .execute(params![account_id])?)
}

/// Records a session's last use.
pub(super) fn touch(conn: &Connection, key: &str, at: Timestamp) -> StorageResult<bool> {
    let updated = conn
        .prepare_cached("UPDATE sessions SET last_used = ?2 WHERE session_key = ?1")?
        .execute(params![digest(key), to_nanos(at)?])?;
    Ok(updated > 0)
}

/// Deletes the sessions unused since `used_before` or created before `created_before`.
pub(super) fn delete_expired(
    conn: &Connection,
    used_before: Timestamp,
    created_before: Timestamp,
) -> StorageResult<usize> {
    Ok(conn
        .prepare_cached("DELETE FROM sessions WHERE last_used < ?1 OR created_on < ?2")?
        .execute(params![to_nanos(used_before)?, to_nanos(created_before)?])?)
}
