//! Unit tests of the storage: each test works in a site directory of its own under the
//! system's temporary directory (removed afterwards), or in memory.

mod accounts;
mod changes;
mod groups;
mod instances;
mod postgres;
mod projects;
mod setup;

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{Account, AdminSeed, NewAccount, PgStorage, SqliteStorage, Storage};

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
    pub(super) fn open(&self) -> (SqliteBacked, bool) {
        let (sqlite, created) = SqliteStorage::open(&self.dir, &admin_seed()).unwrap();
        (SqliteBacked::new(sqlite), created)
    }

    /// Opens the site's storage that must exist already.
    pub(super) fn reopen(&self) -> SqliteBacked {
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
pub(super) fn memory() -> Storage {
    match fresh_postgres_url("storage") {
        Some(url) => Storage::new(PgStorage::connect(&url, &admin_seed()).unwrap().0),
        None => Storage::new(SqliteStorage::open_in_memory(&admin_seed()).unwrap().0),
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

/// A storage on SQLite with its backend at hand, for tests that look beneath the storage's
/// methods (the connection, the schema version, the file). Dereferences to the storage.
pub(super) struct SqliteBacked {
    storage: Storage,
    sqlite: Arc<SqliteStorage>,
}

impl SqliteBacked {
    pub(super) fn new(sqlite: SqliteStorage) -> SqliteBacked {
        let sqlite = Arc::new(sqlite);
        SqliteBacked {
            storage: Storage::from(Arc::clone(&sqlite)),
            sqlite,
        }
    }

    /// The backend under the storage.
    pub(super) fn sqlite(&self) -> &SqliteStorage {
        &self.sqlite
    }
}

impl Deref for SqliteBacked {
    type Target = Storage;

    fn deref(&self) -> &Storage {
        &self.storage
    }
}

/// Creates an account with just a username.
pub(super) fn user(storage: &Storage, username: &str) -> Account {
    storage
        .create_account(&NewAccount {
            username: username.into(),
            ..NewAccount::default()
        })
        .unwrap()
}
