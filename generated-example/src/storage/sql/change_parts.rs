//! What hangs off a change: the `change_reviewers`, `change_messages` and
//! `change_hashtags` tables, and the `updated` time they move. Below `changes.rs`: it
//! checks that a change exists without loading it.

use std::collections::BTreeSet;

use restspec_runtime::Timestamp;

use super::accounts::check_exists as check_account;
use super::db::{Db, params};
use super::handle::Storage;
use super::util::{now, random_hex};
use crate::storage::{
    Change, ChangeMessage, NewMessage, Reviewer, ReviewerState, StorageError, StorageResult,
};

/// The answer for a change number that names no change.
pub(super) fn change_not_found(number: i64) -> StorageError {
    StorageError::NotFound(format!("Not found: {number}"))
}

/// Ok when change `number` exists (without loading it).
fn require_change(db: &dyn Db, number: i64) -> StorageResult<()> {
    if db.exists("SELECT 1 FROM changes WHERE number = ?1", params![number])? {
        Ok(())
    } else {
        Err(change_not_found(number))
    }
}

/// Moves `updated` to now, and answers it; `NotFound` for an unknown change.
pub(super) fn touch(db: &dyn Db, number: i64) -> StorageResult<(Timestamp, i64)> {
    let (time, updated) = now()?;
    let changed = db.execute(
        "UPDATE changes SET updated = ?2 WHERE number = ?1",
        params![number, updated],
    )?;
    if changed == 0 {
        return Err(change_not_found(number));
    }
    Ok((time, updated))
}

/// The hashtags of a change, sorted (no check that the change exists).
pub(super) fn hashtags(db: &dyn Db, number: i64) -> StorageResult<Vec<String>> {
    db.rows(
        "SELECT hashtag FROM change_hashtags WHERE change_number = ?1 ORDER BY hashtag",
        params![number],
        |row| row.get(0),
    )
}

/// Inserts a message dated `date`; answers its id.
pub(super) fn insert_message(
    db: &dyn Db,
    change: &Change,
    message: &NewMessage,
    date: i64,
) -> StorageResult<String> {
    if let Some(author) = message.author {
        check_account(db, author)?;
    }
    write_message(db, change, message, date)
}

/// Inserts a message dated `date` whose author is known to exist; answers its id.
pub(super) fn write_message(
    db: &dyn Db,
    change: &Change,
    message: &NewMessage,
    date: i64,
) -> StorageResult<String> {
    let id = random_hex(20)?;
    db.queue(
        "INSERT INTO change_messages (id, change_number, author, message, date, patch_set, tag) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            id,
            change.number,
            message.author,
            message.message,
            date,
            change.current_patch_set,
            message.tag
        ],
    )?;
    Ok(id)
}

impl Storage {
    /// Adds, then removes hashtags (as given: cleaning them up is the handler's job);
    /// answers the resulting hashtags, sorted. Moves `updated` when something changed.
    pub fn set_hashtags(
        &self,
        number: i64,
        add: &[String],
        remove: &[String],
    ) -> StorageResult<Vec<String>> {
        self.write(|db| {
            require_change(db, number)?;
            let before = hashtags(db, number)?;
            let mut after: BTreeSet<String> = before.iter().cloned().collect();
            after.extend(add.iter().cloned());
            for hashtag in remove {
                after.remove(hashtag);
            }
            let after: Vec<String> = after.into_iter().collect();
            if after == before {
                return Ok(after);
            }
            if after.iter().any(String::is_empty) {
                return Err(StorageError::Invalid("hashtags must not be empty".into()));
            }
            db.execute(
                "DELETE FROM change_hashtags WHERE change_number = ?1",
                params![number],
            )?;
            for hashtag in &after {
                db.execute(
                    "INSERT INTO change_hashtags (change_number, hashtag) VALUES (?1, ?2)",
                    params![number, hashtag],
                )?;
            }
            touch(db, number)?;
            Ok(after)
        })
    }

    /// The reviewers and CCs, by account id.
    pub fn reviewers(&self, number: i64) -> StorageResult<Vec<Reviewer>> {
        self.read(|db| {
            require_change(db, number)?;
            let rows = db.rows(
                "SELECT account_id, state, added_on FROM change_reviewers \
                 WHERE change_number = ?1 ORDER BY account_id",
                params![number],
                |row| Ok((row.get::<i64>(0)?, row.get::<String>(1)?, row.time(2)?)),
            )?;
            rows.into_iter()
                .map(|(account_id, state, added_on)| {
                    let state = state
                        .parse::<ReviewerState>()
                        .map_err(StorageError::Database)?;
                    Ok(Reviewer {
                        account_id,
                        state,
                        added_on,
                    })
                })
                .collect()
        })
    }

    /// Adds a reviewer or CC, or changes the state of one; answers false when nothing
    /// changed. Unknown account → `Invalid`.
    pub fn add_reviewer(
        &self,
        number: i64,
        account: i64,
        state: ReviewerState,
    ) -> StorageResult<bool> {
        self.write(|db| {
            require_change(db, number)?;
            check_account(db, account)?;
            let current: Option<String> = db.row(
                "SELECT state FROM change_reviewers WHERE change_number = ?1 AND account_id = ?2",
                params![number, account],
                |row| row.get(0),
            )?;
            if current.as_deref() == Some(state.as_str()) {
                return Ok(false);
            }
            let (_, updated) = touch(db, number)?;
            db.execute(
                "INSERT INTO change_reviewers (change_number, account_id, state, added_on) \
                 VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT (change_number, account_id) DO UPDATE SET state = excluded.state, \
                 added_on = excluded.added_on",
                params![number, account, state.as_str(), updated],
            )?;
            Ok(true)
        })
    }

    /// Removes a reviewer or CC; answers false when it was none.
    pub fn remove_reviewer(&self, number: i64, account_id: i64) -> StorageResult<bool> {
        self.write(|db| {
            require_change(db, number)?;
            let removed = db.execute(
                "DELETE FROM change_reviewers WHERE change_number = ?1 AND account_id = ?2",
                params![number, account_id],
            )?;
            if removed > 0 {
                touch(db, number)?;
            }
            Ok(removed > 0)
        })
    }

    /// The change's messages, oldest first.
    pub fn change_messages(&self, number: i64) -> StorageResult<Vec<ChangeMessage>> {
        self.read(|db| {
            require_change(db, number)?;
            db.rows(
                "SELECT id, change_number, author, message, date, patch_set, tag \
                 FROM change_messages WHERE change_number = ?1 ORDER BY date, rowid",
                params![number],
                |row| {
                    Ok(ChangeMessage {
                        id: row.get(0)?,
                        change: row.get(1)?,
                        author: row.get(2)?,
                        message: row.get(3)?,
                        date: row.time(4)?,
                        patch_set: row.get(5)?,
                        tag: row.get(6)?,
                    })
                },
            )
        })
    }

    /// One message of a change.
    pub fn change_message(&self, number: i64, id: &str) -> StorageResult<Option<ChangeMessage>> {
        Ok(self
            .change_messages(number)?
            .into_iter()
            .find(|m| m.id == id))
    }
}
