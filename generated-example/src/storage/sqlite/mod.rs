//! [`SqliteStorage`]: the [`Backend`] of one embedded SQLite database, under the
//! [`Storage`](super::Storage) handle.

mod db;
pub(crate) mod migrations;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use parking_lot::{FairMutex, FairMutexGuard};

use rusqlite::{Connection, TransactionBehavior};

use super::sql::{Access, Backend, Db, off_the_workers, seed};
use super::{AdminSeed, StorageError, StorageResult};

/// The database file, relative to the site directory.
pub const DATABASE_PATH: &str = "db/review.sqlite";

/// How many read connections a database file gets: reads run side by side (WAL lets them,
/// and lets them run beside the one writer), one per connection.
const READERS: usize = 4;

/// The storage in one SQLite database: one writing connection behind a mutex, and a few
/// reading connections beside it.
///
/// The database runs with `journal_mode=WAL`, `synchronous=FULL` and `foreign_keys=ON`.
/// Every mutating call is one `BEGIN IMMEDIATE … COMMIT` on the writer, and waits for its
/// turn and for the disk (`synchronous=FULL` syncs on every commit) off the async
/// runtime's worker threads (`block_in_place`), so that the other requests on that worker
/// go on meanwhile. Every reading call is one deferred transaction on a free reader: it
/// sees one consistent snapshot and never waits for a writer. A database in memory has
/// the writer only.
#[derive(Debug)]
pub struct SqliteStorage {
    /// Fair: writers take turns in the order they came, so that none waits far longer than
    /// the queue ahead of it (an unfair lock let some writes wait seconds under load).
    conn: FairMutex<Connection>,
    readers: Vec<Mutex<Connection>>,
    next_reader: AtomicUsize,
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
        let (storage, created) = Self::start(conn, Some(path.clone()), admin)?;
        let readers = (0..READERS)
            .map(|_| open_reader(&path).map(Mutex::new))
            .collect::<StorageResult<Vec<_>>>()?;
        Ok((SqliteStorage { readers, ..storage }, created))
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
        configure(&conn, "PRAGMA synchronous = FULL;")?;
        let now = i64::try_from(restspec_runtime::Timestamp::now().as_unix_nanos())
            .map_err(|_| StorageError::Database("the clock is past 2262".into()))?;
        migrations::migrate(&mut conn, now)?;
        let storage = SqliteStorage {
            conn: FairMutex::new(conn),
            readers: Vec::new(),
            next_reader: AtomicUsize::new(0),
            path,
        };
        let created = storage.write(|db| seed(db, admin))?;
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

    fn lock(&self) -> FairMutexGuard<'_, Connection> {
        // A panic while the lock was held dropped its transaction, which rolled back:
        // the connection is still consistent (and a parking_lot lock is never poisoned).
        self.conn.lock()
    }
}

impl Backend for SqliteStorage {
    /// Reads (of one statement or more) on a reader, writes on the writer.
    fn run(
        &self,
        access: Access,
        call: &mut dyn FnMut(&dyn Db) -> StorageResult<()>,
    ) -> StorageResult<()> {
        match access {
            Access::Read | Access::ReadOne => self.read(call),
            Access::Write => self.write(call),
        }
    }
}

impl SqliteStorage {
    /// Runs `f` in one deferred transaction on a reader (the first free one, else the next
    /// in turn), or on the writer when there are no readers: one snapshot for all of `f`.
    fn read<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T> {
        if self.readers.is_empty() {
            return f(&*self.lock());
        }
        let first = self.next_reader.fetch_add(1, Ordering::Relaxed);
        let count = self.readers.len();
        let free = (0..count).find_map(|i| self.readers[(first + i) % count].try_lock().ok());
        let mut conn = match free {
            Some(conn) => conn,
            None => self.readers[first % count]
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        };
        let tx = conn.transaction_with_behavior(TransactionBehavior::Deferred)?;
        let value = f(&*tx)?;
        tx.commit()?;
        Ok(value)
    }

    /// Runs `f` in one immediate transaction and commits it; an error rolls it back. The
    /// wait for the writer and for the disk happens off the async workers. There is one
    /// writer, so `f` runs once.
    fn write<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T> {
        off_the_workers(|| {
            let mut conn = self.lock();
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = f(&*tx)?;
            tx.commit()?;
            Ok(value)
        })
    }
}

#[cfg(test)]
impl SqliteStorage {
    /// The connection itself, for tests that look beneath the storage's methods.
    pub(crate) fn raw(&self) -> FairMutexGuard<'_, Connection> {
        self.lock()
    }
}

/// Opens a reading connection to the database at `path` (which the writer has set to WAL).
fn open_reader(path: &Path) -> StorageResult<Connection> {
    let conn = Connection::open(path)
        .map_err(|e| StorageError::Database(format!("cannot open {}: {e}", path.display())))?;
    configure(&conn, "PRAGMA query_only = ON;")?;
    Ok(conn)
}

/// What every connection gets (foreign keys enforced, five seconds' patience for a lock,
/// cached statements), plus `role`'s own pragmas (the writer's durability, a reader's
/// read-only guard).
fn configure(conn: &Connection, role: &str) -> StorageResult<()> {
    conn.execute_batch(role)?;
    conn.execute_batch(
        "PRAGMA foreign_keys = ON;
         PRAGMA busy_timeout = 5000;",
    )?;
    conn.set_prepared_statement_cache_capacity(128);
    Ok(())
}
