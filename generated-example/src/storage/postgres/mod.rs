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
//! - **Faults.** Each storage call (a transaction, from taking a connection to its commit)
//!   has a deadline ([`PgStorage::connect_with_timeout`], 5 s by default): a server that
//!   stops answering (paused, cut off) makes the call fail as
//!   [`StorageError::Unavailable`] when it passes, never hang, and a server that restarts
//!   or refuses connections fails it the same way at once; handlers answer 503. A
//!   connection that timed out is closed rather than put back, since its state is unknown;
//!   the pool opens new ones as calls need them, so the service recovers when the server
//!   does, without a restart. While a call has found the server away, the next ones fail
//!   at once instead of each waiting out its deadline, until a probe (`away.rs`) finds the
//!   server answering again. A write whose commit did not answer in time is not
//!   acknowledged (it may or may not have committed); one that was acknowledged has.

mod away;
mod db;
mod migrations;

use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Runtime};
use futures_executor::block_on;
use tokio::runtime::Handle;
use tokio_postgres::{Config, IsolationLevel, NoTls};

use self::away::Away;
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
/// How long one storage call may take, unless [`PgStorage::connect_with_timeout`] says.
pub const DEFAULT_CALL_TIMEOUT: Duration = Duration::from_secs(5);
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
    /// The deadline of each storage call, from its start.
    call_timeout: Duration,
    /// Whether the database is away: calls fail at once meanwhile, and a probe finds out
    /// when it is back ([`Backend::reachable`]).
    away: Arc<Away>,
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
        Self::connect_with_timeout(url, admin, DEFAULT_CALL_TIMEOUT)
    }

    /// [`connect`](Self::connect), with every storage call bounded by `call_timeout`: past
    /// it the call fails as [`StorageError::Unavailable`].
    pub fn connect_with_timeout(
        url: &str,
        admin: &AdminSeed,
        call_timeout: Duration,
    ) -> StorageResult<(PgStorage, bool)> {
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
            call_timeout,
            away: Arc::default(),
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
        let target = &self.target;
        match err {
            PoolError::Backend(e) => match StorageError::from(e) {
                StorageError::Unavailable(why) => StorageError::Unavailable(format!(
                    "cannot reach the database at {target}: {why}"
                )),
                other => StorageError::Database(format!(
                    "cannot reach the database at {target}: {}",
                    plain(&other)
                )),
            },
            PoolError::Timeout(_) => StorageError::Unavailable(format!(
                "cannot reach the database at {target}: no connection within {CONNECT_TIMEOUT:?}"
            )),
            other => {
                StorageError::Database(format!("cannot reach the database at {target}: {other}"))
            }
        }
    }

    /// Runs `f` in one transaction of `level` (after `first`, a statement of its own) and
    /// commits it; an error rolls it back. The whole call ends by the storage's deadline.
    fn transaction<T>(
        &self,
        level: IsolationLevel,
        read_only: bool,
        first: Option<&str>,
        f: impl FnOnce(&dyn Db) -> StorageResult<T>,
    ) -> StorageResult<T> {
        let handle = self.handle().ok_or_else(closed)?;
        let deadline = Deadline::after(self.call_timeout);
        off_the_workers(|| {
            let _entered = handle.enter();
            // Away: answer at once rather than wait out the deadline on every call of every
            // request; the probe clears it when the database answers again.
            self.away.check().map_err(StorageError::Unavailable)?;
            let taken = deadline
                .wait(self.pool.get())
                .and_then(|got| got.map_err(|e| self.unreachable(e)));
            let mut client = match taken {
                Ok(client) => client,
                Err(err) => {
                    let failed = Err(err);
                    self.away.record(&failed, &self.pool, handle);
                    return failed;
                }
            };
            let outcome = (|| {
                let builder = client
                    .build_transaction()
                    .isolation_level(level)
                    .read_only(read_only);
                let tx = deadline.wait(builder.start())??;
                if let Some(first) = first {
                    deadline.wait(tx.batch_execute(first))??;
                }
                match f(&PgDb::new(&tx, deadline)) {
                    Ok(value) => {
                        deadline.wait(tx.commit())??;
                        Ok(value)
                    }
                    // The server does not answer: a rollback would wait as long. Dropping
                    // the transaction queues one without waiting.
                    Err(err @ StorageError::Unavailable(_)) => Err(err),
                    Err(err) => {
                        // The rollback's own failure changes nothing: the connection is
                        // checked before its next use.
                        let _ = deadline.wait(tx.rollback());
                        Err(err)
                    }
                }
            })();
            self.away.record(&outcome, &self.pool, handle);
            if matches!(outcome, Err(StorageError::Unavailable(_))) {
                // In an unknown state (a statement may still be running): closed, not
                // pooled. The pool opens a new connection when one is needed.
                drop(deadpool_postgres::Object::take(client));
            }
            outcome
        })
    }
}

/// When a storage call must have finished.
#[derive(Debug, Clone, Copy)]
pub(super) struct Deadline {
    at: tokio::time::Instant,
    timeout: Duration,
}

impl Deadline {
    fn after(timeout: Duration) -> Self {
        Deadline {
            at: tokio::time::Instant::now() + timeout,
            timeout,
        }
    }

    /// Waits for `work` on this thread until the deadline; past it, the database is
    /// unavailable. Needs the storage's runtime entered (its timers).
    pub(super) fn wait<F: Future>(&self, work: F) -> StorageResult<F::Output> {
        block_on(tokio::time::timeout_at(self.at, work)).map_err(|_| {
            StorageError::Unavailable(format!(
                "the database did not answer within {:?}",
                self.timeout
            ))
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

    fn reachable(&self) -> Result<(), String> {
        self.away.recently()
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
