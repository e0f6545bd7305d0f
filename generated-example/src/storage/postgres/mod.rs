//! [`PgStorage`]: the [`Storage`](super::Storage) of a PostgreSQL database, which several
//! instances of the service share.
//!
//! The storage's logic is the same as SQLite's (`sql/`); this module connects, migrates
//! and runs transactions:
//!
//! - **Writes take turns**, across every instance, as SQLite's one writer does: each
//!   write transaction first takes one advisory lock ([`WRITE_LOCK`]), held until it
//!   commits or rolls back. It runs at `READ COMMITTED`, so each of its statements sees
//!   every write that committed before it: checks and the changes they guard (a taken
//!   name, a change's state, the next number of a counter) cannot race, numbers come
//!   without gaps, and no transaction is aborted for a conflict and run again. Unique
//!   names are constraints besides. A write has committed (and PostgreSQL has flushed it,
//!   with its default `synchronous_commit`) when the method returns.
//!
//!   Writes are short (a few statements, well under a millisecond each on a local
//!   network), so taking turns costs little; reads, most of the traffic, never wait.
//!   `SERIALIZABLE` transactions without the lock were tried: under 8 concurrent writers
//!   PostgreSQL aborted about a third of them (its conflict detection works on index
//!   pages, and every insert of a new name meets every check for a free one), which left
//!   gaps in account ids and change numbers.
//! - **Reads** run as `REPEATABLE READ, READ ONLY` transactions: one snapshot each.
//! - **Waiting.** The [`Storage`](super::Storage) methods block. The driver
//!   (tokio-postgres, pooled by deadpool) is asynchronous, so its connections live on a
//!   small runtime of their own, and a storage call waits for its statements on the
//!   calling thread, off the service's async workers (`block_in_place`) like SQLite's
//!   writes. It works the same from any thread: an async worker, a blocking thread or a
//!   test.

mod db;
mod migrations;

use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Runtime};
use futures_executor::block_on;
use tokio::runtime::Handle;
use tokio_postgres::{Config, IsolationLevel, NoTls};

use self::db::PgDb;
use super::sql::{Backend, Db, off_the_workers, seed};
use super::{AdminSeed, StorageError, StorageResult};

/// The advisory lock every write transaction holds: writers take turns (an arbitrary
/// number of this service's; the migrations use another).
pub(crate) const WRITE_LOCK: i64 = 0x7265_7669_6577_0001;
/// Connections per instance.
const POOL_SIZE: usize = 16;
/// How long a storage call waits for a free connection or for a new one.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Session settings: the longest a statement may run before PostgreSQL cancels it, and no
/// notices (the migrations' `CREATE TABLE IF NOT EXISTS` would log one on every start).
const SESSION_OPTIONS: &str = "-c statement_timeout=30000 -c client_min_messages=warning";

/// The storage in a PostgreSQL database.
pub struct PgStorage {
    pool: Pool,
    /// Runs the connections. An `Option` only so that `Drop` can shut it down without
    /// blocking (a runtime dropped inside another one would panic).
    runtime: Option<tokio::runtime::Runtime>,
    /// `postgres://user@host:port/dbname`, without the password: for messages.
    target: String,
}

impl std::fmt::Debug for PgStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStorage")
            .field("target", &self.target)
            .finish_non_exhaustive()
    }
}

impl PgStorage {
    /// Connects to the database at `url` (`postgres://user:password@host:port/dbname`),
    /// applies pending schema migrations, and seeds the initial data when the database is
    /// new (see [`SqliteStorage::open`](super::SqliteStorage::open)). Answers the storage
    /// and whether `admin` was created now.
    ///
    /// Fails with a message naming the database (never its password) when the URL is
    /// malformed, the server cannot be reached within 5 seconds, the login fails, or the
    /// schema is newer than this build.
    pub fn connect(url: &str, admin: &AdminSeed) -> StorageResult<(PgStorage, bool)> {
        let mut config: Config = url.parse().map_err(|e| {
            StorageError::Database(format!(
                "invalid database URL (expected postgres://user:password@host:port/dbname): {e}"
            ))
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        config.application_name("review-service");
        config.options(SESSION_OPTIONS);
        let target = describe(&config);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("postgres")
            .enable_all()
            .build()
            .map_err(|e| StorageError::Io(format!("cannot start the database runtime: {e}")))?;
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = {
            let _entered = runtime.enter();
            Pool::builder(manager)
                .max_size(POOL_SIZE)
                .runtime(Runtime::Tokio1)
                .wait_timeout(Some(CONNECT_TIMEOUT))
                .create_timeout(Some(CONNECT_TIMEOUT))
                .recycle_timeout(Some(CONNECT_TIMEOUT))
                .build()
                .map_err(|e| StorageError::Database(format!("{target}: {e}")))?
        };
        let storage = PgStorage {
            pool,
            runtime: Some(runtime),
            target,
        };
        storage.migrate()?;
        let created = storage.write(|db| seed(db, admin))?;
        Ok((storage, created))
    }

    /// `postgres://user@host:port/dbname`: where the data is, without the password.
    pub fn target(&self) -> &str {
        &self.target
    }

    /// Creates the empty database `name` on the server at `server` (a URL without a
    /// database, `postgres://user:password@host:port`, whose user may create databases)
    /// and answers its URL. For tests and tools that want a database of their own.
    pub fn create_database(server: &str, name: &str) -> StorageResult<String> {
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(StorageError::Invalid(format!(
                "database name `{name}`: use letters, digits and `_`"
            )));
        }
        let server = server.trim_end_matches('/').to_owned();
        let admin_url = format!("{server}/postgres");
        let statement = format!("CREATE DATABASE {name} TEMPLATE template0 ENCODING 'UTF8'");
        // A thread of its own, with a runtime of its own: callable from anywhere.
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| StorageError::Io(e.to_string()))?;
            runtime.block_on(async {
                let (client, connection) = tokio_postgres::connect(&admin_url, NoTls).await?;
                let connection = tokio::spawn(connection);
                client.batch_execute(&statement).await?;
                drop(client);
                let _ = connection.await;
                Ok::<_, StorageError>(())
            })
        })
        .join()
        .map_err(|_| StorageError::Database("creating the database panicked".into()))??;
        Ok(format!("{server}/{name}"))
    }

    /// The schema version the database is at (the newest migration applied).
    pub fn schema_version(&self) -> StorageResult<i64> {
        self.wait(async {
            let client = self.pool.get().await.map_err(|e| self.unreachable(e))?;
            migrations::current_version(&client).await
        })
    }

    /// The schema version of the newest migration this build knows.
    pub fn latest_schema_version() -> i64 {
        migrations::latest_version()
    }

    fn migrate(&self) -> StorageResult<usize> {
        let now = i64::try_from(restspec_runtime::Timestamp::now().as_unix_nanos())
            .map_err(|_| StorageError::Database("the clock is past 2262".into()))?;
        self.wait(async {
            let mut client = self.pool.get().await.map_err(|e| self.unreachable(e))?;
            migrations::migrate(&mut client, now)
                .await
                .map_err(|e| StorageError::Database(format!("{}: {}", self.target, plain(&e))))
        })
    }

    fn handle(&self) -> Option<&Handle> {
        self.runtime.as_ref().map(tokio::runtime::Runtime::handle)
    }

    /// Waits for `work` on this thread, with the storage's runtime as the context (for
    /// new connections and timers), off the service's async workers.
    fn wait<T>(&self, work: impl Future<Output = StorageResult<T>>) -> StorageResult<T> {
        let handle = self.handle().ok_or_else(closed)?;
        off_the_workers(|| {
            let _entered = handle.enter();
            block_on(work)
        })
    }

    fn unreachable(&self, err: PoolError) -> StorageError {
        let why = match err {
            PoolError::Backend(e) => plain(&StorageError::from(e)),
            PoolError::Timeout(_) => format!("no connection within {CONNECT_TIMEOUT:?}"),
            other => other.to_string(),
        };
        StorageError::Database(format!(
            "cannot reach the database at {}: {why}",
            self.target
        ))
    }

    /// Runs `f` in one transaction of `level` (after `first`, a statement of its own) and
    /// commits it; an error rolls it back.
    fn transaction<T>(
        &self,
        level: IsolationLevel,
        read_only: bool,
        first: Option<&str>,
        f: impl FnOnce(&dyn Db) -> StorageResult<T>,
    ) -> StorageResult<T> {
        let handle = self.handle().ok_or_else(closed)?;
        off_the_workers(|| {
            let _entered = handle.enter();
            let mut client = block_on(self.pool.get()).map_err(|e| self.unreachable(e))?;
            let builder = client
                .build_transaction()
                .isolation_level(level)
                .read_only(read_only);
            let tx = block_on(builder.start())?;
            if let Some(first) = first {
                block_on(tx.batch_execute(first))?;
            }
            match f(&PgDb::new(&tx)) {
                Ok(value) => {
                    block_on(tx.commit())?;
                    Ok(value)
                }
                Err(err) => {
                    // The rollback's own failure changes nothing: the connection is
                    // checked before its next use.
                    let _ = block_on(tx.rollback());
                    Err(err)
                }
            }
        })
    }
}

#[cfg(test)]
impl PgStorage {
    /// Runs SQL beneath the trait, for tests.
    pub(crate) fn raw_execute(&self, sql: &str) {
        self.wait(async {
            let client = self.pool.get().await.map_err(|e| self.unreachable(e))?;
            Ok(client.batch_execute(sql).await?)
        })
        .unwrap();
    }
}

impl Backend for PgStorage {
    fn read<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T> {
        self.transaction(IsolationLevel::RepeatableRead, true, None, f)
    }

    fn write<T>(&self, f: impl FnOnce(&dyn Db) -> StorageResult<T>) -> StorageResult<T> {
        let lock = format!("SELECT pg_advisory_xact_lock({WRITE_LOCK})");
        self.transaction(IsolationLevel::ReadCommitted, false, Some(&lock), f)
    }
}

impl Drop for PgStorage {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// A storage error's message without the "database error: " its display starts with.
fn plain(err: &StorageError) -> String {
    match err {
        StorageError::Database(message) => message.clone(),
        other => other.to_string(),
    }
}

fn closed() -> StorageError {
    StorageError::Database("the database connection is shut down".into())
}

/// `postgres://user@host:port/dbname` (no password) for messages.
fn describe(config: &Config) -> String {
    let user = config.get_user().unwrap_or("");
    let host = match config.get_hosts().first() {
        Some(tokio_postgres::config::Host::Tcp(host)) => host.clone(),
        #[cfg(unix)]
        Some(tokio_postgres::config::Host::Unix(path)) => path.display().to_string(),
        None => "localhost".to_owned(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let db = config.get_dbname().unwrap_or(user);
    format!("postgres://{user}@{host}:{port}/{db}")
}
