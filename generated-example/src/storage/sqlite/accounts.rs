//! The `accounts`, `account_emails` and `account_capabilities` tables.

use rusqlite::{Connection, OptionalExtension, Row, ToSql, params};

use super::util::{contains_pattern, exists, into_page, next_value, now, page_bounds, time_at};
use crate::storage::{Account, AccountQuery, NewAccount, Page, StorageError, StorageResult};

const COLUMNS: &str = "id, username, full_name, display_name, status, email, password_hash, \
                       active, registered_on";

fn account_row(row: &Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account {
        id: row.get(0)?,
        username: row.get(1)?,
        name: row.get(2)?,
        display_name: row.get(3)?,
        status: row.get(4)?,
        email: row.get(5)?,
        emails: Vec::new(),
        password_hash: row.get(6)?,
        active: row.get(7)?,
        capabilities: Vec::new(),
        registered_on: time_at(row, 8)?,
    })
}

/// Fills in the emails and capabilities the account row leaves out.
fn complete(conn: &Connection, mut account: Account) -> StorageResult<Account> {
    account.emails = conn
        .prepare_cached("SELECT email FROM account_emails WHERE account_id = ?1 ORDER BY email")?
        .query_map(params![account.id], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    account.capabilities = conn
        .prepare_cached(
            "SELECT capability FROM account_capabilities WHERE account_id = ?1 \
             ORDER BY capability",
        )?
        .query_map(params![account.id], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(account)
}

fn find_one(conn: &Connection, filter: &str, value: &dyn ToSql) -> StorageResult<Option<Account>> {
    let sql = format!("SELECT {COLUMNS} FROM accounts WHERE {filter}");
    let found = conn
        .prepare_cached(&sql)?
        .query_row([value], account_row)
        .optional()?;
    found.map(|a| complete(conn, a)).transpose()
}

/// The account with this id.
pub(super) fn by_id(conn: &Connection, id: i64) -> StorageResult<Option<Account>> {
    find_one(conn, "id = ?1", &id)
}

/// The account with this username.
pub(super) fn by_username(conn: &Connection, username: &str) -> StorageResult<Option<Account>> {
    find_one(conn, "username = ?1", &username)
}

/// The account that registered this email.
pub(super) fn by_email(conn: &Connection, email: &str) -> StorageResult<Option<Account>> {
    find_one(
        conn,
        "id = (SELECT account_id FROM account_emails WHERE email = ?1)",
        &email,
    )
}

/// The account with this id, or `NotFound`.
pub(super) fn require(conn: &Connection, id: i64) -> StorageResult<Account> {
    by_id(conn, id)?.ok_or_else(|| StorageError::NotFound(format!("Account '{id}' not found")))
}

/// `Invalid` unless the account exists: for accounts named in an input.
pub(super) fn check_exists(conn: &Connection, id: i64) -> StorageResult<()> {
    if exists(conn, "SELECT 1 FROM accounts WHERE id = ?1", params![id])? {
        Ok(())
    } else {
        Err(StorageError::Invalid(format!("Account '{id}' not found")))
    }
}

/// Creates an account with the next id.
pub(super) fn create(conn: &Connection, new: &NewAccount) -> StorageResult<Account> {
    if new.username.is_empty() {
        return Err(StorageError::Invalid("username must not be empty".into()));
    }
    if exists(
        conn,
        "SELECT 1 FROM accounts WHERE username = ?1",
        params![new.username],
    )? {
        return Err(StorageError::Conflict(format!(
            "username '{}' already exists",
            new.username
        )));
    }
    if let Some(email) = &new.email {
        check_email_free(conn, email, None)?;
    }
    let id = next_value(conn, "account_id")?;
    let (_, registered_on) = now()?;
    conn.prepare_cached(
        "INSERT INTO accounts (id, username, full_name, display_name, status, email, \
         password_hash, active, registered_on) VALUES (?1, ?2, ?3, ?4, NULL, NULL, ?5, 1, ?6)",
    )?
    .execute(params![
        id,
        new.username,
        new.name,
        new.display_name,
        new.password_hash,
        registered_on
    ])?;
    insert_capabilities(conn, id, &new.capabilities)?;
    if let Some(email) = &new.email {
        set_preferred_email(conn, id, Some(email))?;
    }
    require(conn, id)
}

fn insert_capabilities(conn: &Connection, id: i64, capabilities: &[String]) -> StorageResult<()> {
    let mut insert = conn.prepare_cached(
        "INSERT OR IGNORE INTO account_capabilities (account_id, capability) VALUES (?1, ?2)",
    )?;
    for capability in capabilities {
        insert.execute(params![id, capability])?;
    }
    Ok(())
}

fn update(conn: &Connection, id: i64, column: &str, value: &dyn ToSql) -> StorageResult<Account> {
    let sql = format!("UPDATE accounts SET {column} = ?2 WHERE id = ?1");
    let changed = conn.prepare_cached(&sql)?.execute(params![id, value])?;
    if changed == 0 {
        return Err(StorageError::NotFound(format!("Account '{id}' not found")));
    }
    require(conn, id)
}

/// Sets or clears the full name.
pub(super) fn set_name(conn: &Connection, id: i64, name: Option<&str>) -> StorageResult<Account> {
    update(conn, id, "full_name", &name)
}

/// Sets or clears the display name.
pub(super) fn set_display_name(
    conn: &Connection,
    id: i64,
    name: Option<&str>,
) -> StorageResult<Account> {
    update(conn, id, "display_name", &name)
}

/// Sets or clears the status message.
pub(super) fn set_status(
    conn: &Connection,
    id: i64,
    status: Option<&str>,
) -> StorageResult<Account> {
    update(conn, id, "status", &status)
}

/// Sets the active flag.
pub(super) fn set_active(conn: &Connection, id: i64, active: bool) -> StorageResult<Account> {
    update(conn, id, "active", &active)
}

/// Sets or clears the password hash.
pub(super) fn set_password(
    conn: &Connection,
    id: i64,
    hash: Option<&str>,
) -> StorageResult<Account> {
    update(conn, id, "password_hash", &hash)
}

/// Replaces the capabilities.
pub(super) fn set_capabilities(
    conn: &Connection,
    id: i64,
    capabilities: &[String],
) -> StorageResult<Account> {
    require(conn, id)?;
    conn.prepare_cached("DELETE FROM account_capabilities WHERE account_id = ?1")?
        .execute(params![id])?;
    insert_capabilities(conn, id, capabilities)?;
    require(conn, id)
}

fn check_email_free(conn: &Connection, email: &str, owner: Option<i64>) -> StorageResult<()> {
    if email.is_empty() {
        return Err(StorageError::Invalid("email must not be empty".into()));
    }
    let taken = exists(
        conn,
        "SELECT 1 FROM account_emails WHERE email = ?1 AND account_id IS NOT ?2",
        params![email, owner],
    )?;
    if taken {
        return Err(StorageError::Conflict(format!(
            "email '{email}' is already in use"
        )));
    }
    Ok(())
}

/// Registers an email.
pub(super) fn add_email(conn: &Connection, id: i64, email: &str) -> StorageResult<bool> {
    require(conn, id)?;
    check_email_free(conn, email, Some(id))?;
    let added = conn
        .prepare_cached("INSERT OR IGNORE INTO account_emails (email, account_id) VALUES (?1, ?2)")?
        .execute(params![email, id])?;
    Ok(added > 0)
}

/// Removes an email, and the preferred one if it was that.
pub(super) fn delete_email(conn: &Connection, id: i64, email: &str) -> StorageResult<bool> {
    require(conn, id)?;
    conn.prepare_cached("UPDATE accounts SET email = NULL WHERE id = ?1 AND email = ?2")?
        .execute(params![id, email])?;
    let deleted = conn
        .prepare_cached("DELETE FROM account_emails WHERE email = ?1 AND account_id = ?2")?
        .execute(params![email, id])?;
    Ok(deleted > 0)
}

/// Makes an email the preferred one (registering it), or clears the preferred one.
pub(super) fn set_preferred_email(
    conn: &Connection,
    id: i64,
    email: Option<&str>,
) -> StorageResult<Account> {
    if let Some(email) = email {
        add_email(conn, id, email)?;
    }
    update(conn, id, "email", &email)
}

/// Accounts matching the query, by id.
pub(super) fn query(conn: &Connection, query: &AccountQuery) -> StorageResult<Page<Account>> {
    let (fetch, offset) = page_bounds(query.limit, query.skip);
    let pattern = contains_pattern(query.text.as_deref());
    let sql = format!(
        "SELECT {COLUMNS} FROM accounts \
         WHERE (?1 IS NULL OR username LIKE ?1 ESCAPE '\\' OR full_name LIKE ?1 ESCAPE '\\' \
                OR display_name LIKE ?1 ESCAPE '\\' \
                OR id IN (SELECT account_id FROM account_emails \
                          WHERE email LIKE ?1 ESCAPE '\\')) \
           AND (?2 IS NULL OR active = ?2) \
         ORDER BY id LIMIT ?3 OFFSET ?4"
    );
    let accounts: Vec<Account> = conn
        .prepare_cached(&sql)?
        .query_map(params![pattern, query.active, fetch, offset], account_row)?
        .collect::<Result<_, _>>()?;
    let accounts = accounts
        .into_iter()
        .map(|a| complete(conn, a))
        .collect::<StorageResult<Vec<_>>>()?;
    Ok(into_page(accounts, query.limit))
}
