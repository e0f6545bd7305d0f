//! The storage's logic in SQL, once for every engine: the table modules, the initial data, and
//! `impl Storage` for any [`Backend`].
//!
//! A backend (SQLite in [`super::sqlite`], PostgreSQL in [`super::postgres`]) only opens
//! transactions and runs statements ([`db::Db`]); what the statements are, which checks
//! come before them and what they answer is here, so that no behaviour differs between
//! engines.

pub(crate) mod db;

mod accounts;
mod change_parts;
mod changes;
mod groups;
mod projects;
mod refs;
mod seed;
mod sessions;
mod storage_impl;
mod util;

pub(crate) use db::Db;
pub(crate) use seed::seed;

use tokio::runtime::{Handle, RuntimeFlavor};

use super::StorageResult;

/// A database engine under the [`Storage`](super::Storage) logic: it runs closures over a
/// [`Db`] in transactions.
///
/// Public only so that `impl<B: Backend> Storage for B` can name it; the module is private,
/// so no other crate implements it.
pub trait Backend: Send + Sync + 'static {
    /// Runs `f` in one read-only transaction that sees one consistent snapshot.
    fn read<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T>;

    /// Runs `f`, which runs exactly one statement, as a [`read`](Backend::read): one
    /// statement sees one snapshot by itself, so a database server needs no transaction
    /// around it (no `BEGIN` and `COMMIT` to execute). The hot lookups (an account, a
    /// change, a membership) are one statement each for this.
    fn read_one<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T> {
        self.read(f)
    }

    /// Runs `f` in one transaction and commits it; an error rolls it back. It has
    /// committed (durably) when this returns `Ok`. Writers take turns, on every connection
    /// to the database: `f` sees every write committed before it, and none is under way
    /// beside it.
    fn write<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T>;

    /// `Err` with the reason while the database is away: its last call failed as
    /// [`StorageError::Unavailable`](super::StorageError::Unavailable) and none has
    /// succeeded since. An embedded database is never away.
    fn reachable(&self) -> Result<(), String> {
        Ok(())
    }
}

/// Runs `f`, which blocks (on a lock, on the disk), telling a multi-threaded tokio runtime
/// first so that it moves this worker's other tasks elsewhere; elsewhere (a current-thread
/// runtime, a blocking thread, no runtime) it just runs.
pub(crate) fn off_the_workers<T>(f: impl FnOnce() -> T) -> T {
    match Handle::try_current() {
        Ok(handle) if handle.runtime_flavor() == RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(f)
        }
        _ => f(),
    }
}
