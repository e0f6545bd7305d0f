//! What crosses between the common SQL of the table modules and PostgreSQL: statements
//! translated to PostgreSQL's placeholders and `LIKE`, parameters and row values converted
//! both ways, and the driver's errors as [`StorageError`]s.

use std::error::Error;

use bytes::BytesMut;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::{IsNull, ToSql, Type, to_sql_checked};

use crate::storage::sql::db::{Param, RawRow, ValueRef};
use crate::storage::{StorageError, StorageResult};

/// A parameter that owns its text, for a queued statement.
#[derive(Debug)]
pub(super) enum OwnedParam {
    Null,
    Int(i64),
    Text(String),
}

impl From<&Param<'_>> for OwnedParam {
    fn from(param: &Param<'_>) -> Self {
        match *param {
            Param::Null => OwnedParam::Null,
            Param::Int(n) => OwnedParam::Int(n),
            Param::Text(text) => OwnedParam::Text(text.to_owned()),
        }
    }
}

impl ToSql for OwnedParam {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        match self {
            OwnedParam::Null => Param::Null,
            OwnedParam::Int(n) => Param::Int(*n),
            OwnedParam::Text(text) => Param::Text(text),
        }
        .to_sql(ty, out)
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

impl From<tokio_postgres::Error> for StorageError {
    fn from(err: tokio_postgres::Error) -> Self {
        // As with SQLite: unique names are checked before they are written, with a
        // client-facing message; a constraint that still fires is a conflict, not a 500.
        if err.code() == Some(&SqlState::UNIQUE_VIOLATION) {
            return StorageError::Conflict(err.to_string());
        }
        if is_passing(&err) {
            return StorageError::Unavailable(describe_error(&err));
        }
        match err.as_db_error() {
            Some(db) => StorageError::Database(format!("{}: {}", db.code().code(), db.message())),
            None => StorageError::Database(describe_error(&err)),
        }
    }
}

/// Whether `err` says the server is away for now rather than that the request failed: the
/// connection closed (a restart), could not be made (refused, reset), or the server says it
/// is shutting down or starting up (SQLSTATE class 08, and 57P01 to 57P03).
fn is_passing(err: &tokio_postgres::Error) -> bool {
    if err.is_closed() {
        return true;
    }
    match err.code() {
        Some(code) => {
            let code = code.code();
            code.starts_with("08") || matches!(code, "57P01" | "57P02" | "57P03")
        }
        // No answer from the server at all: an I/O error underneath.
        None => {
            err.as_db_error().is_none()
                && err
                    .source()
                    .is_some_and(|cause| cause.downcast_ref::<std::io::Error>().is_some())
        }
    }
}

/// The driver's message with its cause: "error connecting to server" says little without
/// it ("Connection refused", "password authentication failed", ...).
fn describe_error(err: &tokio_postgres::Error) -> String {
    match (err.as_db_error(), err.source()) {
        (Some(db), _) => format!("{}: {}", db.code().code(), db.message()),
        (None, Some(cause)) => format!("{err}: {cause}"),
        (None, None) => err.to_string(),
    }
}

/// The common SQL as PostgreSQL writes it: `?N` placeholders become `$N`, and `LIKE`
/// (ASCII case-insensitive in SQLite) becomes `ILIKE`. Quoted text is left alone.
pub(super) fn translate(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut quoted = false;
    let mut chars = sql.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c == '\'' {
            quoted = !quoted;
        }
        if quoted {
            out.push(c);
            continue;
        }
        if c == '?' && chars.peek().is_some_and(|(_, next)| next.is_ascii_digit()) {
            out.push('$');
            continue;
        }
        let word_start = at == 0 || !is_word(sql[..at].chars().next_back().unwrap_or(' '));
        if word_start && sql[at..].starts_with("LIKE") && !sql[at + 4..].starts_with(is_word) {
            out.push('I');
        }
        out.push(c);
    }
    out
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

impl ToSql for Param<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        match *self {
            Param::Null => Ok(IsNull::Yes),
            Param::Int(n) => match *ty {
                Type::INT8 => n.to_sql(ty, out),
                Type::INT4 => i32::try_from(n)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(n)?.to_sql(ty, out),
                Type::BOOL => (n != 0).to_sql(ty, out),
                _ => Err(format!("an integer cannot be sent as {ty}").into()),
            },
            Param::Text(text) => match *ty {
                Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN => {
                    text.to_sql(ty, out)
                }
                _ => Err(format!("text cannot be sent as {ty}").into()),
            },
        }
    }

    fn accepts(_: &Type) -> bool {
        // Which conversions work depends on the value as well: `to_sql` decides.
        true
    }

    to_sql_checked!();
}

impl RawRow for tokio_postgres::Row {
    fn value(&self, index: usize) -> StorageResult<ValueRef<'_>> {
        let Some(column) = self.columns().get(index) else {
            return Err(StorageError::Database(format!("no column {index}")));
        };
        let int = |n: Option<i64>| n.map_or(ValueRef::Null, ValueRef::Int);
        Ok(match *column.type_() {
            Type::INT8 => int(self.try_get(index)?),
            Type::INT4 => int(self.try_get::<_, Option<i32>>(index)?.map(i64::from)),
            Type::INT2 => int(self.try_get::<_, Option<i16>>(index)?.map(i64::from)),
            Type::BOOL => int(self.try_get::<_, Option<bool>>(index)?.map(i64::from)),
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME => self
                .try_get::<_, Option<&str>>(index)?
                .map_or(ValueRef::Null, ValueRef::Text),
            ref other => {
                return Err(StorageError::Database(format!(
                    "column {index} ({}) has an unexpected type {other}",
                    column.name()
                )));
            }
        })
    }
}
