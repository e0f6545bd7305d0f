//! Versioned schema migrations of a PostgreSQL database.
//!
//! As for SQLite (see `sqlite/migrations.rs`), the table `schema_version` records each
//! migration applied, and a database whose version is newer than this build's newest
//! migration is refused. Every instance of the service migrates on start, so they take
//! turns: the migrations run in one transaction that first takes an advisory lock, and
//! PostgreSQL's DDL is transactional, so a start that fails half-way leaves nothing
//! behind and two instances starting together apply each migration once.
//!
//! To add a migration, write `migrations/NNNN_what.sql` here *and* the SQLite one that
//! does the same: the storage's SQL (`sql/`) runs on both schemas.

use tokio_postgres::Client;

use crate::storage::{StorageError, StorageResult};

/// One schema change.
struct Migration {
    version: i64,
    description: &'static str,
    sql: &'static str,
}

/// Every migration, oldest first.
const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    description: "accounts, sessions, groups, projects, branches, changes",
    sql: include_str!("migrations/0001_initial.sql"),
}];

/// The advisory lock the migrating instance holds (an arbitrary number of this service's).
const MIGRATION_LOCK: i64 = 0x7265_7669_6577; // "review"

/// The schema version of the newest migration.
pub(super) fn latest_version() -> i64 {
    MIGRATIONS.last().map_or(0, |m| m.version)
}

/// Applies the migrations the database lacks; answers how many were applied.
pub(super) async fn migrate(client: &mut Client, now: i64) -> StorageResult<usize> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_version (
             version     BIGINT PRIMARY KEY,
             description TEXT NOT NULL,
             applied_on  BIGINT NOT NULL
         )",
    )
    .await?;
    let current: i64 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
        .await?
        .try_get(0)?;
    let latest = latest_version();
    if current > latest {
        return Err(StorageError::Database(format!(
            "the database has schema version {current}, newer than this build knows \
             ({latest}); use a newer build"
        )));
    }
    let mut applied = 0;
    for migration in MIGRATIONS.iter().filter(|m| m.version > current) {
        tx.batch_execute(migration.sql).await.map_err(|e| {
            StorageError::Database(format!(
                "migration {} failed: {}",
                migration.version,
                StorageError::from(e)
            ))
        })?;
        tx.execute(
            "INSERT INTO schema_version (version, description, applied_on) VALUES ($1, $2, $3)",
            &[&migration.version, &migration.description, &now],
        )
        .await?;
        applied += 1;
    }
    tx.commit().await?;
    Ok(applied)
}

/// The database's schema version.
pub(super) async fn current_version(client: &Client) -> StorageResult<i64> {
    Ok(client
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
        .await?
        .try_get(0)?)
}
