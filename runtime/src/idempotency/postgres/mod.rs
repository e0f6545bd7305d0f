//! [`PostgresIdempotencyStore`]: idempotency keys in a PostgreSQL table, shared by every
//! instance of a service (feature `postgres-idempotency`).

mod table;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Runtime};
use tokio_postgres::NoTls;

use super::{Begun, IdempotencyStore, IdempotencyStoreError, StoreFuture, StoredAnswer};
use table::{Statements, begun};

/// Connections of a pool made by [`PostgresIdempotencyStore::connection_pool`]: a keyed
/// request holds one for a statement or two at a time.
const POOL_SIZE: usize = 16;
/// How long [`PostgresIdempotencyStore::connection_pool`]'s pool waits for a free
/// connection or a new one, and the longest a statement runs before PostgreSQL cancels it.
const TIMEOUT: Duration = Duration::from_secs(5);
/// How often an instance deletes the expired rows of keys nobody used again.
const SWEEP_INTERVAL: Duration = Duration::from_secs(60);
/// How often `begin` tries to take a key whose row disappears between its two statements
/// (freed or expired meanwhile) before it answers [`Begun::InUse`].
const ATTEMPTS: usize = 3;

/// Idempotency keys in a PostgreSQL table, one row per key, so that several instances of a
/// service agree on which keys ran: a retry sent to another instance replays the first
/// answer, and two simultaneous first uses on two instances never both run.
///
/// # The table
///
/// [`new`](Self::new) creates the table [`DEFAULT_TABLE`](Self::DEFAULT_TABLE) if it is
/// missing ([`with_table`](Self::with_table) names another), with an index on its expiry:
///
/// ```sql
/// CREATE TABLE restspec_idempotency_keys (
///     key text PRIMARY KEY,         -- caller, endpoint and the client's key (escaped)
///     fingerprint bytea NOT NULL,   -- SHA-256 of the method, path and body
///     finished boolean NOT NULL DEFAULT false,
///     status integer,               -- the kept answer, once finished
///     header_names text[],
///     header_values bytea[],
///     body bytea,
///     expires_at timestamptz NOT NULL
/// );
/// ```
///
/// # Taking a key
///
/// `begin` takes a key in one statement, `INSERT ... ON CONFLICT (key) DO UPDATE ...
/// WHERE expires_at <= now()`: a new key is inserted, an expired row is replaced, and a
/// live row is left alone, atomically (PostgreSQL locks the conflicting row, and a second
/// instance waiting on it sees the first one's row). When nothing was written, it reads the
/// live row: another fingerprint is [`Begun::Reused`], an unfinished row [`Begun::InUse`],
/// a finished one [`Begun::Replay`]. `finish` writes the answer into the row; `abandon`
/// deletes it.
///
/// An unfinished row expires like a finished one, at the expiry given to `begin`: an
/// instance that died mid-request holds its keys until then, and no longer. Expiry is the
/// database's clock (`now()`), one timeline for every instance whatever their clocks say.
/// Expired rows are replaced when their key is used again, and deleted by a sweep that each
/// instance starts in the background at most once a minute
/// ([`remove_expired`](Self::remove_expired)).
///
/// # When the database fails
///
/// A `begin` that fails (the database is away, a statement times out, the pool has no
/// connection in time) is an [`IdempotencyStoreError`], and the pipeline refuses the request
/// with 503 and `Retry-After`: it is not run. Running it as if the key were new could
/// repeat an effect another instance already had, the one thing a key promises to prevent;
/// the client retries with the same key, which is what keys are for. A `finish` that fails
/// leaves the row unfinished, so retries are refused as in use until the key expires rather
/// than run again; an `abandon` that fails leaves the key taken until it expires. The
/// pipeline logs both.
pub struct PostgresIdempotencyStore {
    pool: Pool,
    table: String,
    sql: Statements,
    /// When this instance next deletes expired rows.
    next_sweep: Mutex<Instant>,
}

impl std::fmt::Debug for PostgresIdempotencyStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresIdempotencyStore")
            .field("table", &self.table)
            .finish_non_exhaustive()
    }
}

impl PostgresIdempotencyStore {
    /// The table [`new`](Self::new) keeps keys in.
    pub const DEFAULT_TABLE: &'static str = "restspec_idempotency_keys";

    /// Keeps keys in [`DEFAULT_TABLE`](Self::DEFAULT_TABLE) of the database `pool`
    /// connects to, creating the table if it is missing. Fails when the database cannot be
    /// reached or a table of that name has other columns.
    pub async fn new(pool: Pool) -> Result<Self, IdempotencyStoreError> {
        Self::with_table(pool, Self::DEFAULT_TABLE).await
    }

    /// Keeps keys in `table` (lowercase ASCII letters, digits and `_`, not starting with a
    /// digit, at most 48 bytes; it is found on the connection's `search_path`), creating it
    /// if it is missing: for services that share a database, or tests that run side by
    /// side. Instances that should agree must name the same table.
    pub async fn with_table(pool: Pool, table: &str) -> Result<Self, IdempotencyStoreError> {
        table::check_name(table)?;
        let store = PostgresIdempotencyStore {
            sql: Statements::for_table(table),
            pool,
            table: table.to_owned(),
            next_sweep: Mutex::new(Instant::now()),
        };
        store.create_table().await?;
        Ok(store)
    }

    /// Connects to the database at `url` (`postgres://user:password@host:port/dbname`,
    /// without TLS) with a pool of its own ([`connection_pool`](Self::connection_pool)) and
    /// keeps keys in [`DEFAULT_TABLE`](Self::DEFAULT_TABLE).
    pub async fn connect(url: &str) -> Result<Self, IdempotencyStoreError> {
        Self::new(Self::connection_pool(url)?).await
    }

    /// A pool for the database at `url`, without TLS: 16 connections, made on first use;
    /// a request waits at most 5 seconds for one (to connect included), and a statement runs
    /// at most 5 seconds. A URL that cannot be parsed is an error; an unreachable server is
    /// one only when a connection is wanted.
    pub fn connection_pool(url: &str) -> Result<Pool, IdempotencyStoreError> {
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| {
            IdempotencyStoreError::new(format!(
                "invalid database URL (expected postgres://user:password@host:port/dbname): {e}"
            ))
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("restspec-idempotency");
        }
        let timeout = format!("-c statement_timeout={}", TIMEOUT.as_millis());
        let options = match config.get_options() {
            Some(given) => format!("{given} {timeout}"),
            None => timeout,
        };
        config.options(options);
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(TIMEOUT))
            .create_timeout(Some(TIMEOUT))
            .recycle_timeout(Some(TIMEOUT))
            .build()
            .map_err(IdempotencyStoreError::new)
    }

    /// The table the keys are in.
    pub fn table(&self) -> &str {
        &self.table
    }

    /// Deletes the rows of expired keys; answers how many. Each instance does it in the
    /// background at most once a minute; call it to do it now.
    pub async fn remove_expired(&self) -> Result<u64, IdempotencyStoreError> {
        sweep(&self.pool, &self.sql.sweep).await
    }

    /// Creates the table and its index if they are missing, then prepares every statement,
    /// so that a table of the same name with other columns (or a user who may not create
    /// the table) is an error here rather than on the first request. Instances starting
    /// together take turns (an advisory lock): concurrent `CREATE TABLE IF NOT EXISTS` may
    /// fail in PostgreSQL.
    async fn create_table(&self) -> Result<(), IdempotencyStoreError> {
        let table = &self.table;
        let mut client = self.pool.get().await.map_err(unreachable)?;
        let transaction = client.transaction().await.map_err(database)?;
        transaction
            .execute(
                "SELECT pg_advisory_xact_lock(hashtext($1))",
                &[&format!("restspec_idempotency:{table}")],
            )
            .await
            .map_err(database)?;
        transaction
            .batch_execute(&self.sql.create)
            .await
            .map_err(|e| unusable(table, &e))?;
        transaction.commit().await.map_err(database)?;
        for statement in self.sql.per_request() {
            client
                .prepare_cached(statement)
                .await
                .map_err(|e| unusable(table, &e))?;
        }
        Ok(())
    }

    async fn take(
        &self,
        key: &str,
        fingerprint: [u8; 32],
        expire_after: Duration,
    ) -> Result<Begun, IdempotencyStoreError> {
        self.sweep_now_and_then();
        let client = self.pool.get().await.map_err(unreachable)?;
        let take = client
            .prepare_cached(&self.sql.take)
            .await
            .map_err(database)?;
        let read = client
            .prepare_cached(&self.sql.read)
            .await
            .map_err(database)?;
        let stored = table::stored_key(key);
        let key = &*stored;
        let seconds = expire_after.as_secs_f64();
        for _ in 0..ATTEMPTS {
            let taken = client
                .execute(&take, &[&key, &&fingerprint[..], &seconds])
                .await
                .map_err(database)?;
            if taken == 1 {
                return Ok(Begun::First);
            }
            // The key is live: whose, and how far along? (Gone meanwhile: freed, or
            // expired; try to take it again.)
            if let Some(row) = client.query_opt(&read, &[&key]).await.map_err(database)? {
                return begun(&row, &fingerprint);
            }
        }
        Ok(Begun::InUse)
    }

    async fn keep(&self, key: &str, answer: StoredAnswer) -> Result<(), IdempotencyStoreError> {
        let stored = table::stored_key(key);
        let key = &*stored;
        let client = self.pool.get().await.map_err(unreachable)?;
        let finish = client
            .prepare_cached(&self.sql.finish)
            .await
            .map_err(database)?;
        let names: Vec<&str> = answer.headers.iter().map(|(n, _)| n.as_str()).collect();
        let values: Vec<&[u8]> = answer.headers.iter().map(|(_, v)| v.as_bytes()).collect();
        let kept = client
            .execute(
                &finish,
                &[
                    &key,
                    &i32::from(answer.status),
                    &names,
                    &values,
                    &&answer.body[..],
                ],
            )
            .await
            .map_err(database)?;
        if kept == 0 {
            // Only a request that outlived its key's expiry gets here.
            tracing::warn!("idempotency key expired before its answer was kept");
        }
        Ok(())
    }

    async fn free(&self, key: &str) -> Result<(), IdempotencyStoreError> {
        let stored = table::stored_key(key);
        let key = &*stored;
        let client = self.pool.get().await.map_err(unreachable)?;
        let abandon = client
            .prepare_cached(&self.sql.abandon)
            .await
            .map_err(database)?;
        client.execute(&abandon, &[&key]).await.map_err(database)?;
        Ok(())
    }

    /// Starts a sweep of expired rows in the background when the last one is a minute
    /// old: the table holds the keys of the last expiry period, not every key ever sent.
    fn sweep_now_and_then(&self) {
        let now = Instant::now();
        {
            let mut next = self
                .next_sweep
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if now < *next {
                return;
            }
            *next = now + SWEEP_INTERVAL;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let (pool, statement) = (self.pool.clone(), self.sql.sweep.clone());
        runtime.spawn(async move {
            match sweep(&pool, &statement).await {
                Ok(0) => {}
                Ok(removed) => tracing::debug!(removed, "expired idempotency keys removed"),
                Err(error) => tracing::warn!(%error, "expired idempotency keys not removed"),
            }
        });
    }
}

impl IdempotencyStore for PostgresIdempotencyStore {
    fn begin<'a>(
        &'a self,
        key: &'a str,
        fingerprint: [u8; 32],
        expire_after: Duration,
    ) -> StoreFuture<'a, Result<Begun, IdempotencyStoreError>> {
        Box::pin(self.take(key, fingerprint, expire_after))
    }

    fn finish<'a>(
        &'a self,
        key: &'a str,
        answer: StoredAnswer,
    ) -> StoreFuture<'a, Result<(), IdempotencyStoreError>> {
        Box::pin(self.keep(key, answer))
    }

    fn abandon<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Result<(), IdempotencyStoreError>> {
        Box::pin(self.free(key))
    }
}

async fn sweep(pool: &Pool, statement: &str) -> Result<u64, IdempotencyStoreError> {
    let client = pool.get().await.map_err(unreachable)?;
    let statement = client.prepare_cached(statement).await.map_err(database)?;
    client.execute(&statement, &[]).await.map_err(database)
}

/// A driver error, with the server's own message when there is one (the driver's
/// `Display` says only "db error").
fn database(error: tokio_postgres::Error) -> IdempotencyStoreError {
    IdempotencyStoreError::new(describe(&error))
}

/// The server's message of a database error; the cause of any other (the driver's
/// `Display` leaves it out: "error connecting to server", not why).
fn describe(error: &tokio_postgres::Error) -> String {
    if let Some(db) = error.as_db_error() {
        return format!("{}: {}", db.severity(), db.message());
    }
    match std::error::Error::source(error) {
        Some(cause) => format!("{error}: {cause}"),
        None => error.to_string(),
    }
}

/// A pool that gave no connection: the server is away, refused the login, or every
/// connection stayed busy past the wait.
fn unreachable(error: PoolError) -> IdempotencyStoreError {
    IdempotencyStoreError::new(match &error {
        PoolError::Backend(error) => format!("no database connection: {}", describe(error)),
        other => format!("no database connection: {other}"),
    })
}

/// A table that cannot be created or used as the store's: most likely a table of that name
/// with other columns, or a user who may not create tables.
fn unusable(table: &str, error: &tokio_postgres::Error) -> IdempotencyStoreError {
    IdempotencyStoreError::new(format!(
        "table {table} cannot hold idempotency keys: {}",
        describe(error)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_url_is_refused_before_any_connection() {
        let error = PostgresIdempotencyStore::connection_pool("postgres://u@h:notaport/db")
            .unwrap_err()
            .to_string();
        assert!(error.contains("invalid database URL"), "{error}");
    }
}
