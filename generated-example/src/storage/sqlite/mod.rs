//! [`SqliteStorage`]: the [`Storage`](super::Storage) of one embedded SQLite database.

mod accounts;
mod change_parts;
mod changes;
mod groups;
mod projects;
mod refs;
mod sessions;
mod storage_impl;
mod util;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use rusqlite::{Connection, Transaction, TransactionBehavior};

use projects::ProjectRow;

use super::migrations;
use super::{
    ADMIN_ACCOUNT_ID, ADMIN_USERNAME, ADMINISTRATORS_NAME, ALL_PROJECTS, ALL_USERS,
    ANONYMOUS_USERS_ID, ANONYMOUS_USERS_NAME, DEFAULT_BRANCH, NewAccount, NewGroup, ProjectState,
    REGISTERED_USERS_ID, REGISTERED_USERS_NAME, StorageError, StorageResult,
};

/// The database file, relative to the site directory.
pub const DATABASE_PATH: &str = "db/review.sqlite";

/// The `admin` account created on first start.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AdminSeed {
    /// Its HTTP password, encoded by the accounts module (see
    /// [`Account::password_hash`](super::Account::password_hash)).
    pub password_hash: String,
    /// Its global capabilities: all of them.
    pub capabilities: Vec<String>,
}

/// The storage in one SQLite database: one connection behind a mutex, so calls are
/// serialized (readers wait for writers; each call is short).
///
/// The database runs with `journal_mode=WAL`, `synchronous=FULL` and
/// `foreign_keys=ON`; every mutating call is one `BEGIN IMMEDIATE … COMMIT`.
#[derive(Debug)]
pub struct SqliteStorage {
    conn: Mutex<Connection>,
    path: Option<PathBuf>,
}

impl SqliteStorage {
    /// Opens `<site_dir>/db/review.sqlite`, creating the directories and the file when
    /// missing, applies pending schema migrations, and on the first start only seeds the
    /// initial data: `admin` (id 1000000) from `admin`, the system groups `Anonymous
    /// Users` and `Registered Users`, the group `Administrators` with `admin` as member,
    /// and the projects `All-Projects` and `All-Users`.
    ///
    /// Answers the storage and whether `admin` was created now (print a generated
    /// password only then; later starts ignore `admin`).
    pub fn open(site_dir: &Path, admin: &AdminSeed) -> StorageResult<(SqliteStorage, bool)> {
        let path = site_dir.join(DATABASE_PATH);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| StorageError::Io(format!("cannot create {}: {e}", dir.display())))?;
        }
        let conn = Connection::open(&path)
            .map_err(|e| StorageError::Database(format!("cannot open {}: {e}", path.display())))?;
        let journal: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
        if !journal.eq_ignore_ascii_case("wal") {
            return Err(StorageError::Database(format!(
                "{} cannot use write-ahead logging (journal mode {journal})",
                path.display()
            )));
        }
        Self::start(conn, Some(path), admin)
    }

    /// A storage in memory, gone when dropped: for tests of code that uses the storage.
    /// Seeded like a first start.
    pub fn open_in_memory(admin: &AdminSeed) -> StorageResult<(SqliteStorage, bool)> {
        Self::start(Connection::open_in_memory()?, None, admin)
    }

    fn start(
        mut conn: Connection,
        path: Option<PathBuf>,
        admin: &AdminSeed,
    ) -> StorageResult<(SqliteStorage, bool)> {
        conn.execute_batch(
            "PRAGMA synchronous = FULL;
             PRAGMA foreign_keys = ON;
             PRAGMA busy_timeout = 5000;",
        )?;
        conn.set_prepared_statement_cache_capacity(128);
        let (_, now) = util::now()?;
        migrations::migrate(&mut conn, now)?;
        let storage = SqliteStorage {
            conn: Mutex::new(conn),
            path,
        };
        let created = storage.write(|tx| seed(tx, admin))?;
        Ok((storage, created))
    }

    /// The database file; `None` in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The schema version the database is at (the newest migration applied).
    pub fn schema_version(&self) -> StorageResult<i64> {
        migrations::current_version(&self.lock())
    }

    /// The schema version of the newest migration this build knows.
    pub fn latest_schema_version() -> i64 {
        migrations::latest_version()
    }

    fn lock(&self) -> MutexGuard<'_, Connection> {
        // A panic while the lock was held dropped its transaction, which rolled back:
        // the connection is still consistent.
        self.conn.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `f` on the connection (reads).
    fn read<T>(&self, f: impl FnOnce(&Connection) -> StorageResult<T>) -> StorageResult<T> {
        f(&self.lock())
    }

    /// Runs `f` in one immediate transaction and commits it; an error rolls it back.
    fn write<T>(&self, f: impl FnOnce(&Transaction<'_>) -> StorageResult<T>) -> StorageResult<T> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let value = f(&tx)?;
        tx.commit()?;
        Ok(value)
    }
}

/// Seeds a new database; answers false (and does nothing) when `admin` exists.
fn seed(conn: &Connection, admin: &AdminSeed) -> StorageResult<bool> {
    if accounts::by_id(conn, ADMIN_ACCOUNT_ID)?.is_some() {
        return Ok(false);
    }
    let account = accounts::create(
        conn,
        &NewAccount {
            username: ADMIN_USERNAME.into(),
            name: Some("Administrator".into()),
            display_name: None,
            email: None,
            password_hash: Some(admin.password_hash.clone()),
            capabilities: admin.capabilities.clone(),
        },
    )?;
    if account.id != ADMIN_ACCOUNT_ID {
        return Err(StorageError::Database(format!(
            "the database has accounts but no admin account ({ADMIN_ACCOUNT_ID})"
        )));
    }
    groups::insert_system(
        conn,
        ANONYMOUS_USERS_ID,
        ANONYMOUS_USERS_NAME,
        "Any user, signed-in or not",
    )?;
    groups::insert_system(
        conn,
        REGISTERED_USERS_ID,
        REGISTERED_USERS_NAME,
        "Any signed-in user",
    )?;
    groups::create(
        conn,
        &NewGroup {
            name: ADMINISTRATORS_NAME.into(),
            description: Some("Gerrit Site Administrators".into()),
            owner_id: None,
            visible_to_all: false,
            members: vec![ADMIN_ACCOUNT_ID],
        },
    )?;
    projects::insert(
        conn,
        &ProjectRow {
            name: ALL_PROJECTS,
            parent: None,
            description: Some("Access inherited by all other projects."),
            state: ProjectState::Active,
            head: DEFAULT_BRANCH,
            creator: None,
        },
    )?;
    projects::insert(
        conn,
        &ProjectRow {
            name: ALL_USERS,
            parent: Some(ALL_PROJECTS),
            description: Some("Individual user settings and preferences."),
            state: ProjectState::Active,
            head: DEFAULT_BRANCH,
            creator: None,
        },
    )?;
    Ok(true)
}

#[cfg(test)]
impl SqliteStorage {
    /// The connection itself, for tests that look beneath the trait.
    pub(crate) fn raw(&self) -> MutexGuard<'_, Connection> {
        self.lock()
    }
}
