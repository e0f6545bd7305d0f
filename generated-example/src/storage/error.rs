//! [`StorageError`]: why a storage operation failed, in terms a handler can answer with.

use std::fmt;

/// Why a storage operation failed.
///
/// The variants map onto HTTP statuses without looking at the message:
///
/// | variant | meaning | usual answer |
/// |---|---|---|
/// | [`NotFound`](Self::NotFound) | the addressed object (the one the method is *about*) does not exist | 404 |
/// | [`Conflict`](Self::Conflict) | a name is taken, or the object's state does not allow the operation | 409 (412 for `If-None-Match: *`) |
/// | [`Invalid`](Self::Invalid) | the input is malformed or refers to something that does not exist (a parent project, an owner group, a member account) | 422 (or 400) |
/// | [`NotAllowed`](Self::NotAllowed) | the operation does not apply to this kind of object (members of a system group) | 405 |
/// | [`Unavailable`](Self::Unavailable) | the database did not answer in time or cannot be reached (restarting, unreachable); the same call may work shortly | 503 |
/// | [`Database`](Self::Database), [`Io`](Self::Io) | the storage itself failed | 500 |
///
/// The messages are written for the client and can be passed through as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageError {
    /// The addressed object does not exist.
    NotFound(String),
    /// A unique name is taken, or the object's state does not allow the operation.
    Conflict(String),
    /// The input is malformed or refers to an object that does not exist.
    Invalid(String),
    /// The operation does not apply to this object (for example: system groups have no
    /// members, owner or name that could be changed).
    NotAllowed(String),
    /// The database did not answer within the storage's timeout, or cannot be reached: a
    /// passing state (a restart, a network fault), not a failure of the request. The
    /// message (the driver's words) is for the log, not the client.
    Unavailable(String),
    /// The database failed (including a database written by a newer version).
    Database(String),
    /// The file system failed (creating the site's `db/` directory).
    Io(String),
}

impl StorageError {
    /// True for the variants that are the storage's fault rather than the caller's.
    pub fn is_internal(&self) -> bool {
        matches!(
            self,
            StorageError::Database(_) | StorageError::Io(_) | StorageError::Unavailable(_)
        )
    }
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::NotFound(m)
            | StorageError::Conflict(m)
            | StorageError::Invalid(m)
            | StorageError::NotAllowed(m) => f.write_str(m),
            StorageError::Unavailable(m) => write!(f, "database unavailable: {m}"),
            StorageError::Database(m) => write!(f, "database error: {m}"),
            StorageError::Io(m) => write!(f, "I/O error: {m}"),
        }
    }
}

impl std::error::Error for StorageError {}

impl From<rusqlite::Error> for StorageError {
    fn from(err: rusqlite::Error) -> Self {
        // Every unique name is checked before it is written, with a client-facing message;
        // a constraint that still fires is reported as a conflict rather than a 500.
        if let rusqlite::Error::SqliteFailure(code, _) = &err
            && code.code == rusqlite::ErrorCode::ConstraintViolation
            && matches!(
                code.extended_code,
                rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                    | rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
            )
        {
            return StorageError::Conflict(err.to_string());
        }
        StorageError::Database(err.to_string())
    }
}

impl From<std::io::Error> for StorageError {
    fn from(err: std::io::Error) -> Self {
        StorageError::Io(err.to_string())
    }
}

/// The result of a storage operation.
pub type StorageResult<T> = Result<T, StorageError>;
