//! [`PgStorage`]: the [`Backend`] of a PostgreSQL database, which several instances of the
//! service share, under the [`Storage`](super::Storage) handle.
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
//!   Writers wait for each other only while the lock is held, so what counts is the
//!   round trips a write makes while it holds it. `BEGIN` and the lock are one message,
//!   sent with the write's first statement; inserts whose answer nothing needs
//!   ([`Db::queue`]) go with the next statement or with the `COMMIT`. A new change holds
//!   the lock for three round trips (its checks; the number; the inserts and the commit).
//!   `SERIALIZABLE` transactions without the lock were tried: under 8 concurrent writers
//!   PostgreSQL aborted about a third of them (its conflict detection works on index
//!   pages, and every insert of a new name meets every check for a free one), which left
//!   gaps in account ids and change numbers.
//! - **Reads** run as `REPEATABLE READ, READ ONLY` transactions: one snapshot each. The
//!   `BEGIN` goes with the first statement, and the `COMMIT` is sent without waiting for
//!   its answer (the next call on the connection reads it, in order, before its own). A
//!   read of one statement ([`Access::ReadOne`]: an account, a change, a membership, the
//!   hot lookups of authentication and of most requests) runs alone, without a
//!   transaction: one statement sees one snapshot by itself. A read costs one round trip
//!   per statement, and the server executes no `BEGIN` or `COMMIT` for most.
//! - **Waiting.** The [`Storage`](super::Storage) methods block. The driver
//!   (tokio-postgres) is asynchronous; a storage call drives its connection itself, on
//!   its own thread (`conn.rs`): it polls its statements and the connection future
//!   together, over a non-blocking socket, and sleeps in the socket's readiness poller
//!   until the server answers or the deadline passes. No other thread takes part in a
//!   round trip (a runtime's connection task would cost two thread hand-offs each). The
//!   call runs off the service's async workers (`block_in_place`), like SQLite's writes,
//!   and works the same from any thread: an async worker, a blocking thread or a test.
//!   The pool (`pool.rs`) lends each call one connection, statements prepared once on it.
//! - **Faults.** Each storage call (from taking a connection to its commit) has a deadline
//!   ([`PgStorage::connect_with_timeout`], 5 s by default) that bounds every wait in it,
//!   connecting included: a server that stops answering (paused, cut off) makes the call
//!   fail as [`StorageError::Unavailable`] when it passes, never hang, and a server that
//!   restarts or refuses connections fails it the same way at once; handlers answer 503.
//!   A connection that timed out is closed rather than put back, since its state is
//!   unknown, and an idle one is checked when taken (what the server sent meanwhile, such
//!   as a restart's goodbye, is read without waiting); the pool opens new ones as calls
//!   need them, so the service recovers when the server does, without a restart. While a
//!   call has found the server away, the next ones fail at once instead of each waiting
//!   out its deadline, until a probe (`away.rs`) finds the server answering again. A write
//!   whose commit did not answer in time is not acknowledged (it may or may not have
//!   committed); one that was acknowledged has: a write's `COMMIT` is always waited for,
//!   with the answers of everything queued before it.

mod away;
mod conn;
mod db;
mod migrations;
mod pool;
mod values;

use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use tokio_postgres::{Config, NoTls};

use self::away::Away;
use self::conn::PgConn;
use self::db::PgDb;
use self::pool::Pool;
use super::sql::{Access, Backend, Db, off_the_workers, seed};
use super::{AdminSeed, StorageError, StorageResult};

/// The advisory lock every write transaction holds: writers take turns (an arbitrary
/// number of this service's; the migrations use another).
pub(crate) const WRITE_LOCK: i64 = 0x7265_7669_6577_0001;
/// Connections per instance. Each is driven by the call that borrows it, so this many
/// calls wait on the server at once and the rest wait for a connection. Fewer is faster
/// while the server shares the service's cores: under `mixed-load` (32 connections, 20%
/// writes) one instance served about 3 450 requests/s with 4 to 12 connections, 3 165
/// with 16 and 2 620 with 32 in one run; more server processes busy at once only switch
/// between each other more. To compare another size, build it and run
/// `BEFORE_SERVICE=path/to/that/review-service bash benches/instances.sh`.
const POOL_SIZE: usize = 8;
/// How long a storage call waits for a free connection or for a new one.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one storage call may take, unless [`PgStorage::connect_with_timeout`] says.
pub const DEFAULT_CALL_TIMEOUT: Duration = Duration::from_secs(5);
/// How long the migrations may take on start (they wait for another instance's).
const MIGRATION_TIMEOUT: Duration = Duration::from_secs(600);
/// What a read transaction starts with: one snapshot, no writes.
const READ_BEGIN: &str = "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY";
/// What a write transaction starts with: the writers' lock, in the same message.
static WRITE_BEGIN: LazyLock<String> = LazyLock::new(|| {
    format!("BEGIN ISOLATION LEVEL READ COMMITTED; SELECT pg_advisory_xact_lock({WRITE_LOCK})")
});
/// Session settings: the longest a statement may run before PostgreSQL cancels it, and no
/// notices (the migrations' `CREATE TABLE IF NOT EXISTS` would log one on every start).
const SESSION_OPTIONS: &str = "-c statement_timeout=30000 -c client_min_messages=warning";

/// The storage in a PostgreSQL database.
pub struct PgStorage {
    pool: Arc<Pool>,
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
        let pool = Pool::new(config, target.clone(), POOL_SIZE, CONNECT_TIMEOUT);
        let storage = PgStorage {
            pool: Arc::new(pool),
            target,
            call_timeout,
            away: Arc::default(),
        };
        storage.migrate()?;
        let created = storage.transaction(Access::Write, |db| seed(db, admin))?;
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
        self.with_connection(|conn, deadline| {
            conn.driver
                .run(migrations::current_version(&conn.client), deadline)?
        })
    }

    /// The schema version of the newest migration this build knows.
    pub fn latest_schema_version() -> i64 {
        migrations::latest_version()
    }

    fn migrate(&self) -> StorageResult<usize> {
        let now = i64::try_from(restspec_runtime::Timestamp::now().as_unix_nanos())
            .map_err(|_| StorageError::Database("the clock is past 2262".into()))?;
        self.with_connection(|conn, deadline| {
            conn.driver
                .run(migrations::migrate(&mut conn.client, now), deadline)?
                .map_err(|e| StorageError::Database(format!("{}: {}", self.target, plain(&e))))
        })
    }

    /// Runs `f` on a connection, for start-up and tests: no deadline but the migrations'.
    fn with_connection<T>(
        &self,
        f: impl FnOnce(&mut PgConn, Deadline) -> StorageResult<T>,
    ) -> StorageResult<T> {
        let deadline = Deadline::after(MIGRATION_TIMEOUT);
        off_the_workers(|| {
            let mut lease = self.pool.take(deadline)?;
            let done = f(lease.conn(), deadline)?;
            lease.give_back();
            Ok(done)
        })
    }

    /// Runs `f` in one transaction (a write or a read) and commits it; an error rolls it
    /// back. The whole call ends by the storage's deadline.
    fn transaction<T>(
        &self,
        access: Access,
        f: impl FnOnce(&dyn Db) -> StorageResult<T>,
    ) -> StorageResult<T> {
        let deadline = Deadline::after(self.call_timeout);
        off_the_workers(|| {
            // Away: answer at once rather than wait out the deadline on every call of every
            // request; the probe clears it when the database answers again.
            self.away.check().map_err(StorageError::Unavailable)?;
            let mut lease = match self.pool.take(deadline) {
                Ok(lease) => lease,
                Err(err) => {
                    let failed = Err(err);
                    self.away.record(&failed, &self.pool);
                    return failed;
                }
            };
            let (outcome, reusable) = transaction(lease.conn(), access, deadline, f);
            self.away.record(&outcome, &self.pool);
            if reusable {
                lease.give_back();
            }
            // Else dropped, closed: in an unknown state (a statement may still be running).
            // The pool opens a new connection when one is needed.
            outcome
        })
    }
}

/// `f` in one transaction on `conn`; answers its outcome and whether the connection is in
/// a known state (no transaction open, nothing unanswered but a read's end).
fn transaction<T>(
    conn: &mut PgConn,
    access: Access,
    deadline: Deadline,
    f: impl FnOnce(&dyn Db) -> StorageResult<T>,
) -> (StorageResult<T>, bool) {
    let write = access == Access::Write;
    let begin = match access {
        Access::Write => Some(WRITE_BEGIN.as_str()),
        Access::Read => Some(READ_BEGIN),
        Access::ReadOne => None,
    };
    let db = PgDb::new(conn, begin, deadline);
    let outcome = f(&db);
    if !db.begun() {
        // No transaction to end: a statement alone, or none. One that did not answer in
        // time leaves the connection in an unknown state.
        let known = !matches!(outcome, Err(StorageError::Unavailable(_)));
        return (outcome, known);
    }
    // A write is acknowledged only once its end is; a read's end is not waited for.
    let end = |sql| {
        if write {
            db.finish(sql)
        } else {
            db.finish_unseen(sql)
        }
    };
    match outcome {
        // The server does not answer: a rollback would wait as long.
        Err(err @ StorageError::Unavailable(_)) => (Err(err), false),
        Ok(value) => match end("COMMIT") {
            Ok(()) => (Ok(value), true),
            Err(err) => (Err(err), false),
        },
        Err(err) => {
            let rolled_back = end("ROLLBACK").is_ok();
            (Err(err), rolled_back)
        }
    }
}

/// When a storage call must have finished.
#[derive(Debug, Clone, Copy)]
pub(super) struct Deadline {
    at: Instant,
    timeout: Duration,
}

impl Deadline {
    fn after(timeout: Duration) -> Self {
        Deadline {
            at: Instant::now() + timeout,
            timeout,
        }
    }

    /// This deadline, or `within` from now if that is sooner (the error still names this
    /// deadline's timeout).
    fn sooner(self, within: Duration) -> Self {
        Deadline {
            at: self.at.min(Instant::now() + within),
            timeout: self.timeout.min(within),
        }
    }

    /// The time left, if any.
    fn left(&self) -> Option<Duration> {
        self.at
            .checked_duration_since(Instant::now())
            .filter(|left| !left.is_zero())
    }

    /// The error of a call whose deadline passed: the database is unavailable.
    fn passed(&self) -> StorageError {
        StorageError::Unavailable(format!(
            "the database did not answer within {:?}",
            self.timeout
        ))
    }
}

#[cfg(test)]
impl PgStorage {
    /// Runs SQL beneath the storage's methods, for tests.
    pub(crate) fn raw_execute(&self, sql: &str) {
        self.with_connection(|conn, deadline| {
            Ok(conn
                .driver
                .run(conn.client.batch_execute(sql), deadline)??)
        })
        .unwrap();
    }
}

impl Backend for PgStorage {
    /// A read as a `REPEATABLE READ, READ ONLY` transaction, a read of one statement alone,
    /// a write as a `READ COMMITTED` transaction holding [`WRITE_LOCK`].
    fn run(
        &self,
        access: Access,
        call: &mut dyn FnMut(&dyn Db) -> StorageResult<()>,
    ) -> StorageResult<()> {
        self.transaction(access, call)
    }

    fn reachable(&self) -> Result<(), String> {
        self.away.recently()
    }
}

/// A storage error's message without the "database error: " its display starts with.
pub(super) fn plain(err: &StorageError) -> String {
    match err {
        StorageError::Database(message) => message.clone(),
        other => other.to_string(),
    }
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
