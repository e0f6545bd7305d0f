//! [`Db`]: the small SQL interface the table modules are written against, so that one
//! copy of the storage's logic runs on every database engine.
//!
//! The table modules speak a common subset of SQLite's and PostgreSQL's SQL: `?1`-style
//! placeholders, `INSERT … ON CONFLICT`, `IS DISTINCT FROM`, `WITH RECURSIVE`, `LIKE …
//! ESCAPE '\'` (ASCII case-insensitive, as SQLite's `LIKE`), integers for numbers, times
//! (nanoseconds) and booleans (0 or 1), and text. An optional filter's parameter is cast
//! where it is tested for `NULL` (`CAST(?1 AS TEXT) IS NULL OR name = ?1`): PostgreSQL
//! must know a parameter's type where it first meets it. Each engine's [`Db`]
//! implementation translates what it must (PostgreSQL's `$1` and `ILIKE`) and converts
//! values.
//!
//! Parameters are borrowed ([`Param`]), and rows are read in place through [`Row`]: a
//! statement copies no more than the rusqlite code it replaced did.

use restspec_runtime::Timestamp;

use crate::storage::{ChangeStatus, ProjectState, StorageError, StorageResult};

/// A statement parameter, borrowed from the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Param<'a> {
    /// SQL `NULL`.
    Null,
    /// An integer (booleans are 0 or 1).
    Int(i64),
    /// Text.
    Text(&'a str),
}

/// A column value of a result row, borrowed from the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueRef<'a> {
    /// SQL `NULL`.
    Null,
    /// An integer (booleans are 0 or 1).
    Int(i64),
    /// Text.
    Text(&'a str),
}

/// One result row as an engine gives it.
pub trait RawRow {
    /// The value of column `index` (0-based).
    fn value(&self, index: usize) -> StorageResult<ValueRef<'_>>;
}

/// One result row, read column by column with [`Row::get`].
#[derive(Clone, Copy)]
pub struct Row<'r> {
    raw: &'r dyn RawRow,
}

impl<'r> Row<'r> {
    /// Wraps an engine's row.
    pub fn new(raw: &'r dyn RawRow) -> Self {
        Row { raw }
    }

    /// Column `index` as a `T`.
    pub fn get<T: FromValue>(&self, index: usize) -> StorageResult<T> {
        T::from_value(self.raw.value(index)?)
            .map_err(|problem| StorageError::Database(format!("column {index}: {problem}")))
    }

    /// Column `index` as a stored time (nanoseconds since the epoch).
    pub fn time(&self, index: usize) -> StorageResult<Timestamp> {
        from_nanos(index, self.get(index)?)
    }

    /// Column `index` as a stored time that may be NULL.
    pub fn opt_time(&self, index: usize) -> StorageResult<Option<Timestamp>> {
        let nanos: Option<i64> = self.get(index)?;
        nanos.map(|n| from_nanos(index, n)).transpose()
    }
}

fn from_nanos(index: usize, nanos: i64) -> StorageResult<Timestamp> {
    Timestamp::from_unix_nanos(i128::from(nanos)).ok_or_else(|| {
        StorageError::Database(format!("column {index}: time {nanos} is out of range"))
    })
}

/// A database connection inside one transaction, whichever the engine.
pub trait Db {
    /// Runs a query and hands each result row to `each`, in order; stops at the first
    /// error.
    fn each_row(
        &self,
        sql: &str,
        params: &[Param<'_>],
        each: &mut dyn FnMut(Row<'_>) -> StorageResult<()>,
    ) -> StorageResult<()>;

    /// Runs a statement; answers how many rows it changed.
    fn execute(&self, sql: &str, params: &[Param<'_>]) -> StorageResult<usize>;

    /// Whether each statement is a round trip to a server. The hot lookups then read in one
    /// joined statement what an embedded database reads faster in a few small ones (SQLite
    /// prepares those joins again on every run: their plan depends on the values bound).
    /// Both forms answer the same.
    fn statements_are_round_trips(&self) -> bool {
        false
    }

    /// Runs a statement whose outcome nothing after it in the transaction needs but its
    /// success (an insert of a row with a key chosen here). A database server may send it
    /// without waiting for its answer and report its failure with the transaction's next
    /// statement or with its commit instead, which then does not commit: the transaction
    /// fails all the same, one round trip sooner. An embedded database just runs it.
    fn queue(&self, sql: &str, params: &[Param<'_>]) -> StorageResult<()> {
        self.execute(sql, params).map(drop)
    }
}

impl dyn Db + '_ {
    /// Every result row, mapped.
    pub fn rows<T>(
        &self,
        sql: &str,
        params: &[Param<'_>],
        mut map: impl FnMut(Row<'_>) -> StorageResult<T>,
    ) -> StorageResult<Vec<T>> {
        let mut items = Vec::new();
        self.each_row(sql, params, &mut |row| {
            items.push(map(row)?);
            Ok(())
        })?;
        Ok(items)
    }

    /// The first result row, mapped, if there is one.
    pub fn row<T>(
        &self,
        sql: &str,
        params: &[Param<'_>],
        map: impl FnOnce(Row<'_>) -> StorageResult<T>,
    ) -> StorageResult<Option<T>> {
        let mut map = Some(map);
        let mut found = None;
        self.each_row(sql, params, &mut |row| {
            if let Some(map) = map.take() {
                found = Some(map(row)?);
            }
            Ok(())
        })?;
        Ok(found)
    }

    /// True when the query returns a row.
    pub fn exists(&self, sql: &str, params: &[Param<'_>]) -> StorageResult<bool> {
        Ok(self.row(sql, params, |_| Ok(()))?.is_some())
    }
}

/// A value that can be a statement parameter.
pub(crate) trait ToParam {
    /// The parameter, borrowing from `self`.
    fn to_param(&self) -> Param<'_>;
}

impl ToParam for i64 {
    fn to_param(&self) -> Param<'_> {
        Param::Int(*self)
    }
}

impl ToParam for bool {
    fn to_param(&self) -> Param<'_> {
        Param::Int(i64::from(*self))
    }
}

impl ToParam for str {
    fn to_param(&self) -> Param<'_> {
        Param::Text(self)
    }
}

impl ToParam for String {
    fn to_param(&self) -> Param<'_> {
        Param::Text(self)
    }
}

impl ToParam for ChangeStatus {
    fn to_param(&self) -> Param<'_> {
        Param::Text(self.as_str())
    }
}

impl ToParam for ProjectState {
    fn to_param(&self) -> Param<'_> {
        Param::Text(self.as_str())
    }
}

impl<T: ToParam + ?Sized> ToParam for &T {
    fn to_param(&self) -> Param<'_> {
        (**self).to_param()
    }
}

impl<T: ToParam> ToParam for Option<T> {
    fn to_param(&self) -> Param<'_> {
        self.as_ref().map_or(Param::Null, ToParam::to_param)
    }
}

/// The parameters of one statement: `params![a, b]` borrows each as a [`Param`].
macro_rules! params {
    ($($value:expr),* $(,)?) => {
        &[$($crate::storage::sql::db::ToParam::to_param(&$value)),*]
            as &[$crate::storage::sql::db::Param<'_>]
    };
}
pub(crate) use params;

/// A column type a row can be read as.
pub trait FromValue: Sized {
    /// Converts, or says why not.
    fn from_value(value: ValueRef<'_>) -> Result<Self, String>;
}

fn unexpected(value: ValueRef<'_>, wanted: &str) -> String {
    format!("expected {wanted}, found {value:?}")
}

impl FromValue for i64 {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        match value {
            ValueRef::Int(n) => Ok(n),
            other => Err(unexpected(other, "an integer")),
        }
    }
}

impl FromValue for bool {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        match value {
            ValueRef::Int(n) => Ok(n != 0),
            other => Err(unexpected(other, "0 or 1")),
        }
    }
}

impl FromValue for String {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        match value {
            ValueRef::Text(text) => Ok(text.to_owned()),
            other => Err(unexpected(other, "text")),
        }
    }
}

impl FromValue for ChangeStatus {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        String::from_value(value)?.parse()
    }
}

impl FromValue for ProjectState {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        String::from_value(value)?.parse()
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        match value {
            ValueRef::Null => Ok(None),
            value => T::from_value(value).map(Some),
        }
    }
}
