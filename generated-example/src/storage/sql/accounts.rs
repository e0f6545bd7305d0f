//! The `accounts`, `account_emails` and `account_capabilities` tables.

use super::db::{Db, Param, Row, ToParam, params};
use super::handle::Storage;
use super::util::{contains_pattern, into_page, next_value, now, page_bounds};
use crate::storage::{Account, AccountQuery, NewAccount, Page, StorageError, StorageResult};

const COLUMNS: &str = "id, username, full_name, display_name, status, email, password_hash, \
                       active, registered_on";

fn account_row(row: Row<'_>) -> StorageResult<Account> {
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
        registered_on: row.time(8)?,
    })
}

/// Fills in the emails and capabilities the account row leaves out: in one statement when
/// statements are round trips.
fn complete(db: &dyn Db, mut account: Account) -> StorageResult<Account> {
    if !db.statements_are_round_trips() {
        account.emails = db.rows(
            "SELECT email FROM account_emails WHERE account_id = ?1 ORDER BY email",
            params![account.id],
            |row| row.get(0),
        )?;
        account.capabilities = db.rows(
            "SELECT capability FROM account_capabilities WHERE account_id = ?1 \
             ORDER BY capability",
            params![account.id],
            |row| row.get(0),
        )?;
        return Ok(account);
    }
    db.each_row(
        "SELECT 0, email FROM account_emails WHERE account_id = ?1 \
         UNION ALL SELECT 1, capability FROM account_capabilities WHERE account_id = ?1 \
         ORDER BY 1, 2",
        params![account.id],
        &mut |row| {
            let is_capability: bool = row.get(0)?;
            let value: String = row.get(1)?;
            if is_capability {
                account.capabilities.push(value);
            } else {
                account.emails.push(value);
            }
            Ok(())
        },
    )?;
    Ok(account)
}

/// The account `filter` (on `a`, the accounts table) finds, with its emails and
/// capabilities: in one statement when statements are round trips.
fn find_one(db: &dyn Db, filter: &str, value: &dyn ToParam) -> StorageResult<Option<Account>> {
    if !db.statements_are_round_trips() {
        let sql = format!("SELECT {COLUMNS} FROM accounts a WHERE {filter}");
        let found = db.row(&sql, params![value], account_row)?;
        return found.map(|a| complete(db, a)).transpose();
    }
    let sql = select_account("", "", filter);
    Ok(find(db, &sql, params![value], false)?.map(|(account, _)| account))
}

/// The statement [`find`] reads: the account's row, then a row per email and per
/// capability, each with the account's columns; `with` before it, `extra` an eleventh
/// column of the account's row. Three selects, each on an index, rather than a join with
/// a union: SQLite would build the whole union first.
pub(super) fn select_account(with: &str, extra: &str, filter: &str) -> String {
    const COLUMNS: &str = "a.id, a.username, a.full_name, a.display_name, a.status, a.email, \
                           a.password_hash, a.active, a.registered_on";
    let none = if extra.is_empty() { "" } else { ", NULL" };
    format!(
        "{with} SELECT {COLUMNS}, NULL, NULL {extra} FROM accounts a WHERE {filter} \
         UNION ALL SELECT {COLUMNS}, 0, e.email {none} \
             FROM accounts a JOIN account_emails e ON e.account_id = a.id WHERE {filter} \
         UNION ALL SELECT {COLUMNS}, 1, c.capability {none} \
             FROM accounts a JOIN account_capabilities c ON c.account_id = a.id \
             WHERE {filter} \
         ORDER BY 10, 11"
    )
}

/// The account of a [`select_account`] statement, and its extra column if it has one.
pub(super) fn find(
    db: &dyn Db,
    sql: &str,
    params: &[Param<'_>],
    extra: bool,
) -> StorageResult<Option<(Account, bool)>> {
    let mut found: Option<(Account, bool)> = None;
    db.each_row(sql, params, &mut |row| {
        let (account, flag) = match &mut found {
            Some(found) => found,
            None => found.insert((account_row(row)?, false)),
        };
        let kind: Option<i64> = row.get(9)?;
        match kind {
            None if extra => *flag = row.get(11)?,
            None => {}
            Some(0) => account.emails.push(row.get(10)?),
            Some(_) => account.capabilities.push(row.get(10)?),
        }
        Ok(())
    })?;
    Ok(found)
}

/// The account with this id.
pub(super) fn by_id(db: &dyn Db, id: i64) -> StorageResult<Option<Account>> {
    find_one(db, "a.id = ?1", &id)
}

/// The account with this username.
pub(super) fn by_username(db: &dyn Db, username: &str) -> StorageResult<Option<Account>> {
    find_one(db, "a.username = ?1", &username)
}

/// The account with this id, or `NotFound`.
pub(super) fn require(db: &dyn Db, id: i64) -> StorageResult<Account> {
    by_id(db, id)?.ok_or_else(|| StorageError::NotFound(format!("Account '{id}' not found")))
}

/// `Invalid` unless the account exists: for accounts named in an input.
pub(super) fn check_exists(db: &dyn Db, id: i64) -> StorageResult<()> {
    if db.exists("SELECT 1 FROM accounts WHERE id = ?1", params![id])? {
        Ok(())
    } else {
        Err(StorageError::Invalid(format!("Account '{id}' not found")))
    }
}

/// Creates an account with the next id: [`Storage::create_account`], and the seeded
/// `admin` in the seeding's transaction.
pub(super) fn create(db: &dyn Db, new: &NewAccount) -> StorageResult<Account> {
    if new.username.is_empty() {
        return Err(StorageError::Invalid("username must not be empty".into()));
    }
    if db.exists(
        "SELECT 1 FROM accounts WHERE username = ?1",
        params![new.username],
    )? {
        return Err(StorageError::Conflict(format!(
            "username '{}' already exists",
            new.username
        )));
    }
    if let Some(email) = &new.email {
        check_email_free(db, email, None)?;
    }
    let id = next_value(db, "account_id")?;
    let (_, registered_on) = now()?;
    db.execute(
        "INSERT INTO accounts (id, username, full_name, display_name, status, email, \
         password_hash, active, registered_on) VALUES (?1, ?2, ?3, ?4, NULL, NULL, ?5, 1, ?6)",
        params![
            id,
            new.username,
            new.name,
            new.display_name,
            new.password_hash,
            registered_on
        ],
    )?;
    insert_capabilities(db, id, &new.capabilities)?;
    if let Some(email) = &new.email {
        prefer_email(db, id, Some(email))?;
    }
    require(db, id)
}

fn insert_capabilities(db: &dyn Db, id: i64, capabilities: &[String]) -> StorageResult<()> {
    for capability in capabilities {
        db.execute(
            "INSERT INTO account_capabilities (account_id, capability) VALUES (?1, ?2) \
             ON CONFLICT DO NOTHING",
            params![id, capability],
        )?;
    }
    Ok(())
}

/// Sets one column of the account; answers the account as it is then.
fn update(db: &dyn Db, id: i64, column: &str, value: &dyn ToParam) -> StorageResult<Account> {
    let sql = format!("UPDATE accounts SET {column} = ?2 WHERE id = ?1");
    let changed = db.execute(&sql, params![id, value])?;
    if changed == 0 {
        return Err(StorageError::NotFound(format!("Account '{id}' not found")));
    }
    require(db, id)
}

fn check_email_free(db: &dyn Db, email: &str, owner: Option<i64>) -> StorageResult<()> {
    if email.is_empty() {
        return Err(StorageError::Invalid("email must not be empty".into()));
    }
    let taken = db.exists(
        "SELECT 1 FROM account_emails WHERE email = ?1 AND account_id IS DISTINCT FROM ?2",
        params![email, owner],
    )?;
    if taken {
        return Err(StorageError::Conflict(format!(
            "email '{email}' is already in use"
        )));
    }
    Ok(())
}

/// Registers an email; answers false when the account had it already. A step of
/// [`prefer_email`] too.
fn add_email(db: &dyn Db, id: i64, email: &str) -> StorageResult<bool> {
    require(db, id)?;
    check_email_free(db, email, Some(id))?;
    let added = db.execute(
        "INSERT INTO account_emails (email, account_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
        params![email, id],
    )?;
    Ok(added > 0)
}

/// Makes an email the preferred one (registering it), or clears the preferred one: a step
/// of [`create`] too.
fn prefer_email(db: &dyn Db, id: i64, email: Option<&str>) -> StorageResult<Account> {
    if let Some(email) = email {
        add_email(db, id, email)?;
    }
    update(db, id, "email", &email)
}

impl Storage {
    /// Creates an account with the next id. Taken username or email → `Conflict`.
    pub fn create_account(&self, new: &NewAccount) -> StorageResult<Account> {
        self.write(|db| create(db, new))
    }

    /// The account with this id.
    pub fn account(&self, id: i64) -> StorageResult<Option<Account>> {
        self.read_one(|db| by_id(db, id))
    }

    /// The account with this username (exact).
    pub fn account_by_username(&self, username: &str) -> StorageResult<Option<Account>> {
        self.read_one(|db| by_username(db, username))
    }

    /// The account that registered this email (any of its emails, exact).
    pub fn account_by_email(&self, email: &str) -> StorageResult<Option<Account>> {
        self.read_one(|db| {
            find_one(
                db,
                "a.id = (SELECT account_id FROM account_emails WHERE email = ?1)",
                &email,
            )
        })
    }

    /// Finds an account the way URLs name them: numeric id, username or email (`self`
    /// is the handler's business).
    pub fn find_account(&self, id: &str) -> StorageResult<Option<Account>> {
        if let Ok(number) = id.parse::<i64>()
            && let Some(account) = self.account(number)?
        {
            return Ok(Some(account));
        }
        if let Some(account) = self.account_by_username(id)? {
            return Ok(Some(account));
        }
        if id.contains('@') {
            return self.account_by_email(id);
        }
        Ok(None)
    }

    /// Sets or clears the full name.
    pub fn set_account_name(&self, id: i64, name: Option<&str>) -> StorageResult<Account> {
        self.write(|db| update(db, id, "full_name", &name))
    }

    /// Sets or clears the display name.
    pub fn set_account_display_name(&self, id: i64, name: Option<&str>) -> StorageResult<Account> {
        self.write(|db| update(db, id, "display_name", &name))
    }

    /// Sets or clears the status message.
    pub fn set_account_status(&self, id: i64, status: Option<&str>) -> StorageResult<Account> {
        self.write(|db| update(db, id, "status", &status))
    }

    /// Activates or deactivates. Deactivating does not end sessions: see
    /// [`delete_account_sessions`](Self::delete_account_sessions).
    pub fn set_account_active(&self, id: i64, active: bool) -> StorageResult<Account> {
        self.write(|db| update(db, id, "active", &active))
    }

    /// Sets or clears the encoded HTTP password hash.
    pub fn set_account_password(&self, id: i64, hash: Option<&str>) -> StorageResult<Account> {
        self.write(|db| update(db, id, "password_hash", &hash))
    }

    /// Replaces the account's own global capabilities.
    pub fn set_account_capabilities(&self, id: i64, caps: &[String]) -> StorageResult<Account> {
        self.write(|db| {
            require(db, id)?;
            db.execute(
                "DELETE FROM account_capabilities WHERE account_id = ?1",
                params![id],
            )?;
            insert_capabilities(db, id, caps)?;
            require(db, id)
        })
    }

    /// Registers an email; answers false when the account had it already. Another
    /// account's → `Conflict`.
    pub fn add_account_email(&self, id: i64, email: &str) -> StorageResult<bool> {
        self.write(|db| add_email(db, id, email))
    }

    /// Removes an email (and clears the preferred one if it was that); answers whether
    /// the account had it.
    pub fn delete_account_email(&self, id: i64, email: &str) -> StorageResult<bool> {
        self.write(|db| {
            require(db, id)?;
            db.execute(
                "UPDATE accounts SET email = NULL WHERE id = ?1 AND email = ?2",
                params![id, email],
            )?;
            let deleted = db.execute(
                "DELETE FROM account_emails WHERE email = ?1 AND account_id = ?2",
                params![email, id],
            )?;
            Ok(deleted > 0)
        })
    }

    /// Makes an email the preferred one, registering it if needed (another account's →
    /// `Conflict`); `None` clears the preferred email.
    pub fn set_preferred_email(&self, id: i64, email: Option<&str>) -> StorageResult<Account> {
        self.write(|db| prefer_email(db, id, email))
    }

    /// Accounts matching `query`, ordered by id.
    pub fn query_accounts(&self, query: &AccountQuery) -> StorageResult<Page<Account>> {
        self.read(|db| {
            let (fetch, offset) = page_bounds(query.limit, query.skip);
            let pattern = contains_pattern(query.text.as_deref());
            let sql = format!(
                "SELECT {COLUMNS} FROM accounts \
                 WHERE (CAST(?1 AS TEXT) IS NULL OR username LIKE ?1 ESCAPE '\\' \
                        OR full_name LIKE ?1 ESCAPE '\\' \
                        OR display_name LIKE ?1 ESCAPE '\\' \
                        OR id IN (SELECT account_id FROM account_emails \
                                  WHERE email LIKE ?1 ESCAPE '\\')) \
                   AND (CAST(?2 AS BIGINT) IS NULL OR active = ?2) \
                 ORDER BY id LIMIT ?3 OFFSET ?4"
            );
            let accounts: Vec<Account> = db.rows(
                &sql,
                params![pattern, query.active, fetch, offset],
                account_row,
            )?;
            let accounts = accounts
                .into_iter()
                .map(|a| complete(db, a))
                .collect::<StorageResult<Vec<_>>>()?;
            Ok(into_page(accounts, query.limit))
        })
    }
}
