//! The [`Storage`] handle, and the seam under it that each database engine implements
//! ([`Backend`]). The queries themselves are `impl Storage` blocks in the table modules.

use std::sync::Arc;

use super::db::Db;
use crate::storage::{StorageError, StorageResult};

/// What a storage call runs in: each engine makes the most of knowing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// One read-only transaction that sees one consistent snapshot.
    Read,
    /// Exactly one statement, read-only: one statement sees one snapshot by itself, so a
    /// database server needs no transaction around it (no `BEGIN` and `COMMIT` to
    /// execute). The hot lookups (an account, a change, a membership) are one statement
    /// each for this.
    ReadOne,
    /// One transaction, committed (durably) when the call returns `Ok`; an error rolls it
    /// back. Writers take turns, on every connection to the database: a write sees every
    /// write committed before it, and none is under way beside it.
    Write,
}

/// A database engine under the [`Storage`] logic: it runs calls over a [`Db`] in
/// transactions.
///
/// Object safe, so that [`Storage`] is one type whichever the engine, and the queries are
/// compiled once rather than once per engine. Public only so that [`Storage::new`] can
/// name it; the module is private, so no other crate implements it.
pub trait Backend: Send + Sync + 'static {
    /// Runs `call` once, in what `access` says, and answers its error or the commit's.
    /// (`call` hands its answer back through what it captures: see [`Storage`]'s
    /// `read`, `read_one` and `write`.)
    fn run(
        &self,
        access: Access,
        call: &mut dyn FnMut(&dyn Db) -> StorageResult<()>,
    ) -> StorageResult<()>;

    /// `Err` with the reason while the database is away: its last call failed as
    /// [`StorageError::Unavailable`] and none has succeeded since. An embedded database is
    /// never away.
    fn reachable(&self) -> Result<(), String> {
        Ok(())
    }
}

/// The service's persistent data: every query handlers may make, as methods (each written
/// beside its SQL, in the table module that owns it).
///
/// A cheap handle: clones share one database (one backend:
/// [`SqliteStorage`](crate::storage::SqliteStorage) or
/// [`PgStorage`](crate::storage::PgStorage)), so handlers and blocking threads each hold one.
///
/// All methods block (see the [module documentation](crate::storage) on calling them from
/// async code); each is atomic, and each that changes something has committed when it
/// returns. Lookups answer `Ok(None)` for a missing object; methods acting on one answer
/// `NotFound` when it is missing.
#[derive(Clone)]
pub struct Storage {
    backend: Arc<dyn Backend>,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Storage").finish_non_exhaustive()
    }
}

impl<B: Backend> From<Arc<B>> for Storage {
    /// The storage in a backend that something else holds too (a test that looks beneath
    /// the storage's methods).
    fn from(backend: Arc<B>) -> Self {
        Storage { backend }
    }
}

impl Storage {
    /// The storage in `backend` ([`SqliteStorage`](crate::storage::SqliteStorage),
    /// [`PgStorage`](crate::storage::PgStorage)).
    pub fn new(backend: impl Backend) -> Self {
        Storage {
            backend: Arc::new(backend),
        }
    }

    /// `Err` with the reason while the database is away (a shared database restarting or
    /// cut off): a lookup that found nothing then says nothing about the data.
    pub fn reachable(&self) -> Result<(), String> {
        self.backend.reachable()
    }

    // The table modules' `impl Storage` blocks write each query with these three.

    /// Runs `f` in one read-only transaction that sees one consistent snapshot.
    pub(super) fn read<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T> {
        self.run(Access::Read, f)
    }

    /// Runs `f`, which runs exactly one statement, as a [`read`](Self::read) needing no
    /// transaction ([`Access::ReadOne`]).
    pub(super) fn read_one<T>(
        &self,
        f: impl FnOnce(&dyn Db) -> StorageResult<T>,
    ) -> StorageResult<T> {
        self.run(Access::ReadOne, f)
    }

    /// Runs `f` in one transaction and commits it ([`Access::Write`]).
    pub(super) fn write<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T> {
        self.run(Access::Write, f)
    }

    /// Runs `f` through the backend's object-safe [`Backend::run`], which answers nothing:
    /// `f`'s answer comes back through the closure's captures.
    fn run<T>(
        &self,
        access: Access,
        f: impl FnOnce(&dyn Db) -> StorageResult<T>,
    ) -> StorageResult<T> {
        let mut f = Some(f);
        let mut answer = None;
        self.backend.run(access, &mut |db| {
            let f = f.take().ok_or_else(|| {
                StorageError::Database("the database ran a storage call twice".into())
            })?;
            answer = Some(f(db)?);
            Ok(())
        })?;
        answer.ok_or_else(|| {
            StorageError::Database("the database did not run the storage call".into())
        })
    }
}
