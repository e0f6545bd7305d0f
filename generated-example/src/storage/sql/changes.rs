//! The `changes` table: creation, lookup, queries and state.

use super::accounts::check_exists as check_account;
use super::change_parts::{change_not_found, hashtags, insert_message, touch, write_message};
use super::db::{Db, Row, ToParam, params};
use super::handle::Storage;
use super::refs::{insert_commit, set_branch};
use super::util::{contains_pattern, into_page, next_value, now, page_bounds, to_nanos};
use crate::storage::{
    Change, ChangeMessage, ChangeQuery, ChangeStatus, NewChange, NewMessage, Page, PrivateFilter,
    StorageError, StorageResult, Transition, full_ref, short_branch,
};

const COLUMNS: &str = "number, change_id, project, branch, subject, topic, status, owner, \
                       created, updated, submitted, submitter, is_private, work_in_progress, \
                       current_patch_set, current_revision";

fn change_row(row: Row<'_>) -> StorageResult<Change> {
    Ok(Change {
        number: row.get(0)?,
        change_id: row.get(1)?,
        project: row.get(2)?,
        branch: row.get(3)?,
        subject: row.get(4)?,
        topic: row.get(5)?,
        status: row.get(6)?,
        owner: row.get(7)?,
        created: row.time(8)?,
        updated: row.time(9)?,
        submitted: row.opt_time(10)?,
        submitter: row.get(11)?,
        is_private: row.get(12)?,
        work_in_progress: row.get(13)?,
        hashtags: Vec::new(),
        current_patch_set: row.get(14)?,
        current_revision: row.get(15)?,
    })
}

fn complete(db: &dyn Db, mut change: Change) -> StorageResult<Change> {
    change.hashtags = hashtags(db, change.number)?;
    Ok(change)
}

/// The change whose `column` is `value`, with its hashtags: when statements are round
/// trips, in one statement (one row per hashtag, at least one, each with the change's
/// columns).
fn find_one(db: &dyn Db, column: &str, value: &dyn ToParam) -> StorageResult<Option<Change>> {
    if !db.statements_are_round_trips() {
        let sql = format!("SELECT {COLUMNS} FROM changes WHERE {column} = ?1");
        let found = db.row(&sql, params![value], change_row)?;
        return found.map(|c| complete(db, c)).transpose();
    }
    let sql = format!(
        "SELECT {COLUMNS}, h.hashtag FROM changes \
         LEFT JOIN change_hashtags h ON h.change_number = changes.number \
         WHERE changes.{column} = ?1 ORDER BY h.hashtag"
    );
    let mut found: Option<Change> = None;
    db.each_row(&sql, params![value], &mut |row| {
        let change = match &mut found {
            Some(change) => change,
            None => found.insert(change_row(row)?),
        };
        if let Some(hashtag) = row.get::<Option<String>>(16)? {
            change.hashtags.push(hashtag);
        }
        Ok(())
    })?;
    Ok(found)
}

/// The change with this number, or `NotFound`.
fn require(db: &dyn Db, number: i64) -> StorageResult<Change> {
    find_one(db, "number", &number)?.ok_or_else(|| change_not_found(number))
}

/// The sequence of change numbers.
const CHANGE_NUMBER: &str = "change_number";

/// What a new change's transaction reads before it writes.
struct Checked {
    owner_exists: bool,
    /// The branch's tip: the new commit's parent.
    tip: Option<String>,
    /// The change's number, when it was taken in the same statement.
    number: Option<i64>,
}

/// The project (`None` when it does not exist), the owner and the branch's tip in one
/// statement, and on a database server the change's number in it too: a write holds the
/// writers' lock, so each round trip it saves shortens every writer's wait. The number is
/// taken even when a check then fails, and the failure rolls it back with the rest, so
/// numbers keep no gaps. (SQLite has no `UPDATE` in a `WITH`; there it is a statement of
/// its own, which costs no round trip.)
fn check_and_number(db: &dyn Db, new: &NewChange, branch: &str) -> StorageResult<Option<Checked>> {
    // The owner and the branch's tip, per project row.
    macro_rules! check {
        () => {
            "SELECT EXISTS (SELECT 1 FROM accounts WHERE id = ?2), \
                    (SELECT revision FROM branches WHERE project = ?1 AND name = ?3)"
        };
    }
    let tip_ref = full_ref(branch);
    if !db.statements_are_round_trips() {
        return db.row(
            concat!(check!(), " FROM projects WHERE name = ?1"),
            params![new.project, new.owner, tip_ref],
            |row| {
                Ok(Checked {
                    owner_exists: row.get(0)?,
                    tip: row.get(1)?,
                    number: None,
                })
            },
        );
    }
    let checked = db.row(
        concat!(
            "WITH taken AS (UPDATE sequences SET next_value = next_value + 1 WHERE name = ?4 \
                            RETURNING next_value - 1 AS number) ",
            check!(),
            ", (SELECT number FROM taken) FROM projects WHERE name = ?1"
        ),
        params![new.project, new.owner, tip_ref, CHANGE_NUMBER],
        |row| {
            Ok((
                row.get::<bool>(0)?,
                row.get::<Option<String>>(1)?,
                row.get::<Option<i64>>(2)?,
            ))
        },
    )?;
    checked
        .map(|(owner_exists, tip, number)| {
            let number = number.ok_or_else(|| {
                StorageError::Database(format!("sequence {CHANGE_NUMBER} is missing"))
            })?;
            Ok(Checked {
                owner_exists,
                tip,
                number: Some(number),
            })
        })
        .transpose()
}

/// Creates a change whose patch set 1 is a commit on top of the branch's tip: the step
/// [`Storage::create_change`] and [`Storage::create_change_with_message`] share.
///
/// Answers the change as written, without reading it back: every column is known here.
fn create(db: &dyn Db, new: &NewChange) -> StorageResult<Change> {
    let branch = short_branch(&new.branch);
    let Some(found) = check_and_number(db, new, branch)? else {
        return Err(StorageError::Invalid(format!(
            "Project Not Found: {}",
            new.project
        )));
    };
    if !found.owner_exists {
        return Err(StorageError::Invalid(format!(
            "Account '{}' not found",
            new.owner
        )));
    }
    if branch.is_empty() {
        return Err(StorageError::Invalid("branch must not be empty".into()));
    }
    let tip = found.tip;
    let number = match found.number {
        Some(number) => number,
        None => next_value(db, CHANGE_NUMBER)?,
    };
    let change_id = format!("I{}", super::util::random_hex(20)?);
    let message = format!("{}\n\nChange-Id: {change_id}\n", new.subject);
    let revision = insert_commit(db, &new.project, tip.as_deref(), Some(new.owner), &message)?;
    let (created, nanos) = now()?;
    let change = Change {
        number,
        change_id,
        project: new.project.clone(),
        branch: branch.to_owned(),
        subject: new.subject.clone(),
        topic: new.topic.clone(),
        status: ChangeStatus::New,
        owner: new.owner,
        created,
        updated: created,
        submitted: None,
        submitter: None,
        is_private: new.is_private,
        work_in_progress: new.work_in_progress,
        hashtags: Vec::new(),
        current_patch_set: 1,
        current_revision: revision,
    };
    db.queue(
        "INSERT INTO changes (number, change_id, project, branch, subject, topic, status, \
         owner, created, updated, submitted, submitter, is_private, work_in_progress, \
         current_patch_set, current_revision) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, NULL, NULL, ?10, ?11, ?12, ?13)",
        params![
            change.number,
            change.change_id,
            change.project,
            change.branch,
            change.subject,
            change.topic,
            change.status,
            change.owner,
            nanos,
            change.is_private,
            change.work_in_progress,
            change.current_patch_set,
            change.current_revision
        ],
    )?;
    Ok(change)
}

fn status_conflict(status: ChangeStatus) -> StorageError {
    StorageError::Conflict(format!(
        "change is {}",
        status.as_str().to_ascii_lowercase()
    ))
}

/// Sets one column, moves `updated` and adds the message, if any.
fn update(
    db: &dyn Db,
    number: i64,
    column: &str,
    value: &dyn ToParam,
    message: Option<&NewMessage>,
) -> StorageResult<Change> {
    let change = require(db, number)?;
    let (_, updated) = touch(db, number)?;
    let sql = format!("UPDATE changes SET {column} = ?2 WHERE number = ?1");
    db.execute(&sql, params![number, value])?;
    if let Some(message) = message {
        insert_message(db, &change, message, updated)?;
    }
    require(db, number)
}

impl Storage {
    /// Creates a change in state `NEW`: next number, new Change-Id, and patch set 1 as a
    /// commit on top of the branch's tip. Unknown project or owner → `Invalid`.
    pub fn create_change(&self, new: &NewChange) -> StorageResult<Change> {
        self.write(|db| create(db, new))
    }

    /// [`create_change`](Storage::create_change) and its first message, in one write:
    /// both or neither, and the change answered as it is after the message. One write
    /// instead of two is one turn at the writers' lock and one commit to wait for.
    ///
    /// The message is dated as the change was created (so the change's `updated` stays
    /// its creation time): nothing read back, the owner checked once.
    pub fn create_change_with_message(
        &self,
        new: &NewChange,
        message: &NewMessage,
    ) -> StorageResult<Change> {
        self.write(|db| {
            let change = create(db, new)?;
            if let Some(author) = message.author.filter(|&author| author != new.owner) {
                check_account(db, author)?;
            }
            write_message(db, &change, message, to_nanos(change.created)?)?;
            Ok(change)
        })
    }

    /// The change with this `_number`.
    pub fn change(&self, number: i64) -> StorageResult<Option<Change>> {
        self.read_one(|db| find_one(db, "number", &number))
    }

    /// The change with this Change-Id (`I…`).
    pub fn change_by_change_id(&self, change_id: &str) -> StorageResult<Option<Change>> {
        self.read_one(|db| find_one(db, "change_id", &change_id))
    }

    /// Finds a change the way URLs name them: `_number`, `<project>~<_number>`,
    /// `<project>~<branch>~<Change-Id>` or a Change-Id; `project` decoded (`a/b~1`).
    /// Private changes are answered too: visibility is the handler's decision.
    pub fn find_change(&self, id: &str) -> StorageResult<Option<Change>> {
        if let Ok(number) = id.parse::<i64>() {
            return self.change(number);
        }
        if let Some((rest, last)) = id.rsplit_once('~') {
            if let Ok(number) = last.parse::<i64>() {
                return Ok(self.change(number)?.filter(|c| c.project == rest));
            }
            let Some((project, branch)) = rest.rsplit_once('~') else {
                return Ok(None);
            };
            return Ok(self
                .change_by_change_id(last)?
                .filter(|c| c.project == project && full_ref(&c.branch) == full_ref(branch)));
        }
        if id.starts_with('I') {
            return self.change_by_change_id(id);
        }
        Ok(None)
    }

    /// Changes matching `query`, most recently updated first.
    pub fn query_changes(&self, query: &ChangeQuery) -> StorageResult<Page<Change>> {
        self.read(|db| {
            let (fetch, offset) = page_bounds(query.limit, query.skip);
            let pattern = contains_pattern(query.subject.as_deref());
            let branch = query.branch.as_deref().map(short_branch);
            let (all_private, viewer) = match query.private {
                PrivateFilter::Exclude => (false, None),
                PrivateFilter::VisibleTo(account) => (false, Some(account)),
                PrivateFilter::Include => (true, None),
            };
            let sql = format!(
                "SELECT {COLUMNS} FROM changes \
                 WHERE (CAST(?1 AS TEXT) IS NULL OR status = ?1) \
                   AND (CAST(?2 AS BIGINT) IS NULL OR owner = ?2) \
                   AND (CAST(?3 AS BIGINT) IS NULL OR number IN (SELECT change_number \
                        FROM change_reviewers WHERE account_id = ?3)) \
                   AND (CAST(?4 AS TEXT) IS NULL OR project = ?4) \
                   AND (CAST(?5 AS TEXT) IS NULL OR branch = ?5) \
                   AND (CAST(?6 AS TEXT) IS NULL OR topic = ?6) \
                   AND (CAST(?7 AS TEXT) IS NULL OR number IN (SELECT change_number \
                        FROM change_hashtags WHERE hashtag = ?7)) \
                   AND (CAST(?8 AS TEXT) IS NULL OR subject LIKE ?8 ESCAPE '\\') \
                   AND (CAST(?9 AS BIGINT) IS NULL OR work_in_progress = ?9) \
                   AND (is_private = 0 OR ?10 = 1 OR owner = ?11 \
                        OR number IN (SELECT change_number FROM change_reviewers \
                                      WHERE account_id = ?11)) \
                 ORDER BY updated DESC, number DESC LIMIT ?12 OFFSET ?13"
            );
            let changes = db.rows(
                &sql,
                params![
                    query.status,
                    query.owner,
                    query.reviewer,
                    query.project,
                    branch,
                    query.topic,
                    query.hashtag,
                    pattern,
                    query.work_in_progress,
                    all_private,
                    viewer,
                    fetch,
                    offset
                ],
                change_row,
            )?;
            let changes = changes
                .into_iter()
                .map(|c| complete(db, c))
                .collect::<StorageResult<Vec<_>>>()?;
            Ok(into_page(changes, query.limit))
        })
    }

    /// Deletes a change that is not merged (merged → `Conflict`) with its reviewers,
    /// messages and hashtags. Its number is not reused.
    pub fn delete_change(&self, number: i64) -> StorageResult<()> {
        self.write(|db| {
            let change = require(db, number)?;
            if change.status == ChangeStatus::Merged {
                return Err(status_conflict(change.status));
            }
            db.execute("DELETE FROM changes WHERE number = ?1", params![number])?;
            Ok(())
        })
    }

    /// Abandons, restores or submits, checking the state in the same transaction: not in
    /// [`Transition::from`] → `Conflict` (`change is merged`, …). `message` is added to
    /// the change in that transaction too.
    pub fn transition_change(
        &self,
        number: i64,
        transition: Transition,
        actor: i64,
        message: Option<&NewMessage>,
    ) -> StorageResult<Change> {
        self.write(|db| {
            let change = require(db, number)?;
            if change.status != transition.from() {
                return Err(status_conflict(change.status));
            }
            check_account(db, actor)?;
            let (_, updated) = touch(db, number)?;
            db.execute(
                "UPDATE changes SET status = ?2 WHERE number = ?1",
                params![number, transition.to()],
            )?;
            if transition == Transition::Submit {
                db.execute(
                    "UPDATE changes SET submitted = ?2, submitter = ?3 WHERE number = ?1",
                    params![number, updated, actor],
                )?;
                set_branch(
                    db,
                    &change.project,
                    &full_ref(&change.branch),
                    &change.current_revision,
                )?;
            }
            if let Some(message) = message {
                insert_message(db, &change, message, updated)?;
            }
            require(db, number)
        })
    }

    /// Sets the work-in-progress flag, adding `message`. Unconditional: refusing a
    /// change that is already (not) WIP, or closed, is the handler's decision.
    pub fn set_change_work_in_progress(
        &self,
        number: i64,
        wip: bool,
        message: Option<&NewMessage>,
    ) -> StorageResult<Change> {
        self.write(|db| update(db, number, "work_in_progress", &wip, message))
    }

    /// Sets the private flag, adding `message`. Unconditional, like the WIP flag.
    pub fn set_change_private(
        &self,
        number: i64,
        private: bool,
        message: Option<&NewMessage>,
    ) -> StorageResult<Change> {
        self.write(|db| update(db, number, "is_private", &private, message))
    }

    /// Sets or clears the topic.
    pub fn set_change_topic(&self, number: i64, topic: Option<&str>) -> StorageResult<Change> {
        self.write(|db| update(db, number, "topic", &topic, None))
    }

    /// Adds a message and moves `updated`.
    pub fn add_change_message(
        &self,
        number: i64,
        message: &NewMessage,
    ) -> StorageResult<ChangeMessage> {
        self.write(|db| {
            let change = require(db, number)?;
            let (date, nanos) = touch(db, number)?;
            let id = insert_message(db, &change, message, nanos)?;
            Ok(ChangeMessage {
                id,
                change: number,
                author: message.author,
                message: message.message.clone(),
                date,
                patch_set: change.current_patch_set,
                tag: message.tag.clone(),
            })
        })
    }
}
