//! Unit tests of the storage: each test works in a site directory of its own under the
//! system's temporary directory (removed afterwards), or in memory.

mod accounts;
mod changes;
mod groups;
mod instances;
mod postgres;
mod projects;
mod setup;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::sql::{Backend, Db};
use super::{Account, AdminSeed, NewAccount, PgStorage, SqliteStorage, Storage, StorageResult};

/// A site directory of its own, removed when dropped.
pub(super) struct Site {
    dir: PathBuf,
}

impl Site {
    pub(super) fn new(name: &str) -> Site {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!(
            "review-storage-{name}-{}-{nanos}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        Site { dir }
    }

    pub(super) fn path(&self) -> &Path {
        &self.dir
    }

    /// Opens the site's storage; answers whether `admin` was created now.
    pub(super) fn open(&self) -> (SqliteStorage, bool) {
        SqliteStorage::open(&self.dir, &admin_seed()).unwrap()
    }

    /// Opens the site's storage that must exist already.
    pub(super) fn reopen(&self) -> SqliteStorage {
        let (storage, created) = self.open();
        assert!(!created, "admin is created on the first start only");
        storage
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub(super) fn admin_seed() -> AdminSeed {
    AdminSeed {
        password_hash: "sha256:admin-hash".into(),
        capabilities: vec!["administrateServer".into(), "createAccount".into()],
    }
}

/// A seeded storage of its own: in memory, or in a new PostgreSQL database when
/// `REVIEW_TEST_POSTGRES` names a server (`postgres://user@host:port`), so that the same
/// tests check both backends.
pub(super) fn memory() -> Fresh {
    match fresh_postgres_url("storage") {
        Some(url) => Fresh::Postgres(PgStorage::connect(&url, &admin_seed()).unwrap().0),
        None => Fresh::Sqlite(SqliteStorage::open_in_memory(&admin_seed()).unwrap().0),
    }
}

/// The URL of a new database on the server `REVIEW_TEST_POSTGRES` names, if it names one.
pub(super) fn fresh_postgres_url(what: &str) -> Option<String> {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let server = std::env::var("REVIEW_TEST_POSTGRES").ok()?;
    let name = format!(
        "{what}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    Some(PgStorage::create_database(&server, &name).unwrap())
}

/// A storage of either backend (a [`Backend`] itself, so a [`Storage`]).
pub(super) enum Fresh {
    Sqlite(SqliteStorage),
    Postgres(PgStorage),
}

impl Backend for Fresh {
    fn read<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T> {
        match self {
            Fresh::Sqlite(storage) => storage.read(f),
            Fresh::Postgres(storage) => storage.read(f),
        }
    }

    fn write<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T> {
        match self {
            Fresh::Sqlite(storage) => storage.write(f),
            Fresh::Postgres(storage) => storage.write(f),
        }
    }
}

/// Creates an account with just a username.
pub(super) fn user(storage: &dyn Storage, username: &str) -> Account {
    storage
        .create_account(&NewAccount {
            username: username.into(),
            ..NewAccount::default()
        })
        .unwrap()
}
