//! Small pieces the SQLite tables share: times, random ids, patterns, pages, sequences,
//! and the mapping of the enums onto TEXT columns.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSqlOutput, Type, ValueRef};
use rusqlite::{Connection, Row, ToSql, params};

use restspec_runtime::Timestamp;

use crate::storage::{ChangeStatus, Page, ProjectState, StorageError, StorageResult};

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

/// Reads a stored time from column `index`.
pub(super) fn time_at(row: &Row<'_>, index: usize) -> rusqlite::Result<Timestamp> {
    let nanos: i64 = row.get(index)?;
    from_nanos(index, nanos)
}

/// Reads a stored time that may be NULL from column `index`.
pub(super) fn opt_time_at(row: &Row<'_>, index: usize) -> rusqlite::Result<Option<Timestamp>> {
    let nanos: Option<i64> = row.get(index)?;
    nanos.map(|n| from_nanos(index, n)).transpose()
}

fn from_nanos(index: usize, nanos: i64) -> rusqlite::Result<Timestamp> {
    Timestamp::from_unix_nanos(i128::from(nanos)).ok_or_else(|| {
        rusqlite::Error::FromSqlConversionFailure(
            index,
            Type::Integer,
            Box::new(FromSqlError::OutOfRange(nanos)),
        )
    })
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
/// more follow; -1 is SQLite's "no limit".
pub(super) fn page_bounds(limit: Option<usize>, skip: usize) -> (i64, i64) {
    let fetch = limit.map_or(-1, |n| {
        i64::try_from(n)
            .ok()
            .and_then(|n| n.checked_add(1))
            .unwrap_or(-1)
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
pub(super) fn next_value(conn: &Connection, sequence: &str) -> StorageResult<i64> {
    let value: i64 = conn
        .prepare_cached(
            "UPDATE sequences SET next_value = next_value + 1 WHERE name = ?1 \
             RETURNING next_value - 1",
        )?
        .query_row(params![sequence], |row| row.get(0))?;
    Ok(value)
}

/// Answers whether a statement with these parameters returns a row.
pub(super) fn exists(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> StorageResult<bool> {
    Ok(conn.prepare_cached(sql)?.exists(params)?)
}

fn text_enum<T>(
    value: ValueRef<'_>,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> FromSqlResult<T> {
    let text = value.as_str()?;
    parse(text).map_err(|e| FromSqlError::Other(e.into()))
}

impl ToSql for ChangeStatus {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.as_str()))
    }
}

impl FromSql for ChangeStatus {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        text_enum(value, str::parse)
    }
}

impl ToSql for ProjectState {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.as_str()))
    }
}

impl FromSql for ProjectState {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        text_enum(value, str::parse)
    }
}
