//! Small pieces the tables share: times, random ids, patterns, pages and sequences.

use restspec_runtime::Timestamp;

use super::db::{Db, params};
use crate::storage::{Page, StorageError, StorageResult};

/// The current time, and the same as stored.
pub(super) fn now() -> StorageResult<(Timestamp, i64)> {
    let now = Timestamp::now();
    Ok((now, to_nanos(now)?))
}

/// A time as stored: nanoseconds since the epoch (fits an `i64` until 2262).
pub(super) fn to_nanos(time: Timestamp) -> StorageResult<i64> {
    i64::try_from(time.as_unix_nanos())
        .map_err(|_| StorageError::Invalid(format!("time {time} is out of range")))
}

/// `bytes` random bytes, hex encoded: 20 give the 40 digits of ids and fake commits.
pub(super) fn random_hex(bytes: usize) -> StorageResult<String> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf)
        .map_err(|e| StorageError::Io(format!("no entropy source for new ids: {e}")))?;
    Ok(hex::encode(buf))
}

/// A `LIKE … ESCAPE '\'` pattern matching `text` anywhere (case-insensitive for ASCII).
pub(super) fn contains_pattern(text: Option<&str>) -> Option<String> {
    text.map(|text| {
        let mut pattern = String::with_capacity(text.len() + 2);
        pattern.push('%');
        for c in text.chars() {
            if matches!(c, '%' | '_' | '\\') {
                pattern.push('\\');
            }
            pattern.push(c);
        }
        pattern.push('%');
        pattern
    })
}

/// `LIMIT` and `OFFSET` values for a page: one item more than asked, to learn whether
/// more follow; `i64::MAX` for "no limit" (which every engine accepts).
pub(super) fn page_bounds(limit: Option<usize>, skip: usize) -> (i64, i64) {
    let fetch = limit.map_or(i64::MAX, |n| {
        i64::try_from(n)
            .ok()
            .and_then(|n| n.checked_add(1))
            .unwrap_or(i64::MAX)
    });
    (fetch, i64::try_from(skip).unwrap_or(i64::MAX))
}

/// Cuts the extra item [`page_bounds`] asked for.
pub(super) fn into_page<T>(mut items: Vec<T>, limit: Option<usize>) -> Page<T> {
    let more = limit.is_some_and(|n| items.len() > n);
    if let Some(n) = limit {
        items.truncate(n);
    }
    Page { items, more }
}

/// Takes the next value of a sequence (`account_id`, `change_number`, `group_number`).
/// Writers take turns (each backend's `write`), so values are handed out once and in
/// order, without gaps.
pub(super) fn next_value(db: &dyn Db, sequence: &str) -> StorageResult<i64> {
    db.row(
        "UPDATE sequences SET next_value = next_value + 1 WHERE name = ?1 \
         RETURNING next_value - 1",
        params![sequence],
        |row| row.get(0),
    )?
    .ok_or_else(|| StorageError::Database(format!("sequence {sequence} is missing")))
}
