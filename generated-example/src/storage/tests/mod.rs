//! Unit tests of the storage: each test works in a site directory of its own under the
//! system's temporary directory (removed afterwards), or in memory.

mod accounts;
mod changes;
mod groups;
mod projects;
mod setup;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{Account, AdminSeed, NewAccount, SqliteStorage, Storage};

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

/// A seeded storage in memory.
pub(super) fn memory() -> SqliteStorage {
    SqliteStorage::open_in_memory(&admin_seed()).unwrap().0
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
