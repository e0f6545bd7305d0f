//! The store's table: its name, its shape, the statements on it, and what a row says.

use std::borrow::Cow;

use http::{HeaderName, HeaderValue};
use sha2::{Digest, Sha256};
use tokio_postgres::Row;

use super::database;
use crate::idempotency::{Begun, IdempotencyStoreError, StoredAnswer};

/// The longest table name: the index name adds 11 bytes, within PostgreSQL's 63.
const MAX_TABLE_NAME: usize = 48;
/// The longest key written as it is; a longer one is written as its digest. A B-tree
/// index entry (the primary key) holds at most about 2,700 bytes, and a client's key
/// header may be longer.
const MAX_PLAIN_KEY: usize = 512;

/// The statements, written once for the store's table (whose name [`check_name`] allowed,
/// so it is written in as it is: statements cannot take a table name as a parameter).
pub(super) struct Statements {
    /// Creates the table and its index if they are missing.
    pub(super) create: String,
    /// Takes a key: inserts its row, or replaces an expired one; writes nothing (0 rows)
    /// while another use's row is live. `$1` key, `$2` fingerprint, `$3` seconds to live.
    pub(super) take: String,
    /// A key's live row, for [`begun`]. `$1` key.
    pub(super) read: String,
    /// Keeps the answer. `$1` key, `$2` status, `$3` header names, `$4` header values,
    /// `$5` body.
    pub(super) finish: String,
    /// Frees a key that has no answer. `$1` key.
    pub(super) abandon: String,
    /// Deletes every expired row.
    pub(super) sweep: String,
}

impl Statements {
    pub(super) fn for_table(table: &str) -> Self {
        Statements {
            create: format!(
                "CREATE TABLE IF NOT EXISTS {table} (
                    key text PRIMARY KEY,
                    fingerprint bytea NOT NULL,
                    finished boolean NOT NULL DEFAULT false,
                    status integer,
                    header_names text[],
                    header_values bytea[],
                    body bytea,
                    expires_at timestamptz NOT NULL
                );
                CREATE INDEX IF NOT EXISTS {table}_expires_at ON {table} (expires_at);"
            ),
            take: format!(
                "INSERT INTO {table} AS held (key, fingerprint, expires_at) \
                 VALUES ($1, $2, now() + make_interval(secs => $3)) \
                 ON CONFLICT (key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, \
                 finished = false, status = NULL, header_names = NULL, \
                 header_values = NULL, body = NULL, expires_at = EXCLUDED.expires_at \
                 WHERE held.expires_at <= now()"
            ),
            read: format!(
                "SELECT fingerprint, finished, status, header_names, header_values, body \
                 FROM {table} WHERE key = $1 AND expires_at > now()"
            ),
            finish: format!(
                "UPDATE {table} SET finished = true, status = $2, header_names = $3, \
                 header_values = $4, body = $5 WHERE key = $1 AND NOT finished"
            ),
            abandon: format!("DELETE FROM {table} WHERE key = $1 AND NOT finished"),
            sweep: format!("DELETE FROM {table} WHERE expires_at <= now()"),
        }
    }

    /// The statements run per request, prepared at start to check the table's columns.
    pub(super) fn per_request(&self) -> [&str; 5] {
        [
            &self.take,
            &self.read,
            &self.finish,
            &self.abandon,
            &self.sweep,
        ]
    }
}

/// How `key` is written in the table's `key` column: as it is when it can be, otherwise
/// one-to-one in what the column can hold. PostgreSQL's `text` cannot hold NUL (and the
/// pipeline's keys have NULs between caller, endpoint and the client's key), so `\` is
/// written `\\` and NUL `\0`; a key longer than 512 bytes is written `\sha256:`
/// followed by the hex digest of the key, which no escaped key can start with (in those a
/// `\` is followed by `\` or `0`).
pub(super) fn stored_key(key: &str) -> Cow<'_, str> {
    if key.len() > MAX_PLAIN_KEY {
        let digest = Sha256::digest(key.as_bytes());
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        return Cow::Owned(format!("\\sha256:{hex}"));
    }
    if !key.contains(['\\', '\0']) {
        return Cow::Borrowed(key);
    }
    let mut stored = String::with_capacity(key.len() + 8);
    for c in key.chars() {
        match c {
            '\\' => stored.push_str("\\\\"),
            '\0' => stored.push_str("\\0"),
            c => stored.push(c),
        }
    }
    Cow::Owned(stored)
}

/// Allows a plain lowercase identifier (written into statements unquoted) and nothing
/// else: no quoting, no schema, nothing that could change a statement.
pub(super) fn check_name(table: &str) -> Result<(), IdempotencyStoreError> {
    let mut bytes = table.bytes();
    let first_ok = bytes
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b == b'_');
    let rest_ok = bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if first_ok && rest_ok && table.len() <= MAX_TABLE_NAME {
        Ok(())
    } else {
        Err(IdempotencyStoreError::new(format!(
            "table name `{table}`: use lowercase letters, digits and `_` (at most \
             {MAX_TABLE_NAME} bytes, not starting with a digit)"
        )))
    }
}

/// What another use's live row ([`Statements::read`]) says to a use with `fingerprint`:
/// another request, still running, or the answer to send again.
pub(super) fn begun(row: &Row, fingerprint: &[u8; 32]) -> Result<Begun, IdempotencyStoreError> {
    let theirs: &[u8] = row.try_get("fingerprint").map_err(database)?;
    if theirs != fingerprint {
        return Ok(Begun::Reused);
    }
    if !row.try_get::<_, bool>("finished").map_err(database)? {
        return Ok(Begun::InUse);
    }
    let status: i32 = row.try_get("status").map_err(database)?;
    let names: Vec<&str> = row.try_get("header_names").map_err(database)?;
    let values: Vec<&[u8]> = row.try_get("header_values").map_err(database)?;
    let body: &[u8] = row.try_get("body").map_err(database)?;
    let status = u16::try_from(status).map_err(|_| corrupt("status"))?;
    if names.len() != values.len() {
        return Err(corrupt("headers"));
    }
    let headers = names
        .into_iter()
        .zip(values)
        .map(|(name, value)| {
            Ok((
                HeaderName::from_bytes(name.as_bytes()).map_err(|_| corrupt("header name"))?,
                HeaderValue::from_bytes(value).map_err(|_| corrupt("header value"))?,
            ))
        })
        .collect::<Result<_, IdempotencyStoreError>>()?;
    Ok(Begun::Replay(StoredAnswer {
        status,
        headers,
        body: bytes::Bytes::copy_from_slice(body),
    }))
}

/// A kept answer that does not read back as one (a row written by something else).
fn corrupt(what: &str) -> IdempotencyStoreError {
    IdempotencyStoreError::new(format!("a kept answer's {what} cannot be read back"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_written_one_to_one_without_nul_and_within_an_index_entry() {
        let long = "k".repeat(5_000);
        let keys = [
            "plain",
            "42\0create_customer\0order-7",
            "42\\0create_customer\\0order-7",
            "\\0",
            "\0",
            "\\",
            "\\\\",
            "\\sha256:00",
            &long,
            &long[1..],
        ];
        let stored: Vec<_> = keys.iter().map(|k| stored_key(k)).collect();
        assert_eq!(stored[0], "plain", "a plain key is written as it is");
        assert_eq!(stored[1], "42\\0create_customer\\0order-7");
        for (i, a) in stored.iter().enumerate() {
            assert!(!a.contains('\0') && a.len() <= 2 * MAX_PLAIN_KEY, "{a:?}");
            for b in &stored[i + 1..] {
                assert_ne!(a, b, "two keys, one row");
            }
        }
        assert!(stored[8].starts_with("\\sha256:") && stored[8].len() == 72);
    }

    #[test]
    fn table_names_are_plain_lowercase_identifiers() {
        for good in ["restspec_idempotency_keys", "_k", "keys2", &"k".repeat(48)] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "2keys",
            "Keys",
            "keys; DROP TABLE x",
            "a.b",
            "k\"",
            &"k".repeat(49),
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }
}
