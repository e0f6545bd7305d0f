//! [`Db`] over a rusqlite connection (or a transaction, which dereferences to one).

use rusqlite::types::{ToSqlOutput, ValueRef as SqliteValue};
use rusqlite::{Connection, ToSql};

use crate::storage::sql::db::{Db, Param, RawRow, Row, ValueRef};
use crate::storage::{StorageError, StorageResult};

impl ToSql for Param<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match *self {
            Param::Null => ToSqlOutput::Borrowed(SqliteValue::Null),
            Param::Int(n) => ToSqlOutput::Borrowed(SqliteValue::Integer(n)),
            Param::Text(text) => ToSqlOutput::Borrowed(SqliteValue::Text(text.as_bytes())),
        })
    }
}

impl RawRow for rusqlite::Row<'_> {
    fn value(&self, index: usize) -> StorageResult<ValueRef<'_>> {
        Ok(match self.get_ref(index)? {
            SqliteValue::Null => ValueRef::Null,
            SqliteValue::Integer(n) => ValueRef::Int(n),
            SqliteValue::Text(bytes) => {
                ValueRef::Text(std::str::from_utf8(bytes).map_err(|e| {
                    StorageError::Database(format!("column {index} is not UTF-8: {e}"))
                })?)
            }
            other => {
                return Err(StorageError::Database(format!(
                    "column {index} has an unexpected type {:?}",
                    other.data_type()
                )));
            }
        })
    }
}

impl Db for Connection {
    fn each_row(
        &self,
        sql: &str,
        params: &[Param<'_>],
        each: &mut dyn FnMut(Row<'_>) -> StorageResult<()>,
    ) -> StorageResult<()> {
        let mut statement = self.prepare_cached(sql)?;
        let mut rows = statement.query(rusqlite::params_from_iter(params))?;
        while let Some(row) = rows.next()? {
            each(Row::new(row))?;
        }
        Ok(())
    }

    fn execute(&self, sql: &str, params: &[Param<'_>]) -> StorageResult<usize> {
        Ok(self
            .prepare_cached(sql)?
            .execute(rusqlite::params_from_iter(params))?)
    }
}
