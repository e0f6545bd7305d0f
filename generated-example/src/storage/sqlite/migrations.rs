//! Versioned schema migrations.
//!
//! The database records the migrations applied to it in the table `schema_version`
//! (`version`, `description`, `applied_on`); its schema version is the highest `version`
//! there (0 for a new database). On open, every migration of [`MIGRATIONS`] with a
//! higher version is applied in order, each in its own transaction together with its
//! `schema_version` row: a migration is applied completely and once, or not at all.
//! A database whose version is higher than the newest migration known (written by a newer
//! build) is refused rather than guessed at.
//!
//! # Adding a migration
//!
//! 1. Write `src/storage/migrations/NNNN_what_it_does.sql` with the next number. Plain
//!    SQL, several statements allowed, no `BEGIN`/`COMMIT` (the runner wraps it). Use
//!    `STRICT` tables, INTEGER nanoseconds for times and INTEGER 0/1 for booleans, as
//!    migration 1 does. To change a column SQLite cannot `ALTER`, create the new table,
//!    copy, drop the old one and rename (foreign keys are not enforced while migrations
//!    run).
//! 2. Append `Migration { version: N, description: "…", sql: include_str!(…) }` to
//!    [`MIGRATIONS`]. Versions are 1, 2, 3, … without gaps (a unit test checks).
//! 3. Never edit or reorder a migration that has been released: databases out there have
//!    applied it already, and would not apply it again.
//! 4. Teach the row mapping in `sqlite/` about new columns; seed data that every database
//!    needs, old ones included, belongs in the migration itself (`INSERT …`).

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use crate::storage::StorageError;

/// One schema change.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Migration {
    /// Its position: 1, 2, 3, …
    pub(crate) version: i64,
    /// What it does, recorded in `schema_version`.
    pub(crate) description: &'static str,
    /// The statements.
    pub(crate) sql: &'static str,
}

/// Every migration, oldest first.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        description: "accounts, sessions, groups, projects, branches, changes",
        sql: include_str!("migrations/0001_initial.sql"),
    },
    Migration {
        version: 2,
        description: "sessions record their last use, for idle expiry",
        sql: include_str!("migrations/0002_session_last_used.sql"),
    },
];

/// The schema version of the newest migration.
pub(crate) fn latest_version() -> i64 {
    MIGRATIONS.last().map_or(0, |m| m.version)
}

/// The database's schema version (0: nothing applied yet).
pub(crate) fn current_version(conn: &Connection) -> Result<i64, StorageError> {
    let exists: Option<i64> = conn
        .query_row(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'",
            [],
            |row| row.get(0),
        )
        .optional()?;
    if exists.is_none() {
        return Ok(0);
    }
    Ok(conn.query_row(
        "SELECT COALESCE(MAX(version), 0) FROM schema_version",
        [],
        |row| row.get(0),
    )?)
}

/// Applies the migrations the database lacks; answers how many were applied.
pub(crate) fn migrate(conn: &mut Connection, now: i64) -> Result<usize, StorageError> {
    migrate_with(conn, MIGRATIONS, now)
}

/// [`migrate`] with a list of one's own (tests).
pub(crate) fn migrate_with(
    conn: &mut Connection,
    migrations: &[Migration],
    now: i64,
) -> Result<usize, StorageError> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_version (
             version     INTEGER PRIMARY KEY,
             description TEXT NOT NULL,
             applied_on  INTEGER NOT NULL
         ) STRICT;",
    )?;
    let current = current_version(conn)?;
    let latest = migrations.last().map_or(0, |m| m.version);
    if current > latest {
        return Err(StorageError::Database(format!(
            "the database has schema version {current}, newer than this build knows \
             ({latest}); use a newer build"
        )));
    }
    // Table rebuilds in a migration must not trip over foreign keys half-way; the check
    // below verifies the result instead.
    conn.execute_batch("PRAGMA foreign_keys = OFF;")?;
    let result = apply_pending(conn, migrations, current, now);
    conn.execute_batch("PRAGMA foreign_keys = ON;")?;
    result
}

fn apply_pending(
    conn: &mut Connection,
    migrations: &[Migration],
    current: i64,
    now: i64,
) -> Result<usize, StorageError> {
    let mut applied = 0;
    for migration in migrations.iter().filter(|m| m.version > current) {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute_batch(migration.sql).map_err(|e| {
            StorageError::Database(format!("migration {} failed: {e}", migration.version))
        })?;
        let violations: Option<String> = tx
            .query_row("PRAGMA foreign_key_check", [], |row| row.get(0))
            .optional()?;
        if let Some(table) = violations {
            return Err(StorageError::Database(format!(
                "migration {} leaves broken references in table {table}",
                migration.version
            )));
        }
        tx.execute(
            "INSERT INTO schema_version (version, description, applied_on) VALUES (?1, ?2, ?3)",
            params![migration.version, migration.description, now],
        )?;
        tx.commit()?;
        applied += 1;
    }
    Ok(applied)
}
