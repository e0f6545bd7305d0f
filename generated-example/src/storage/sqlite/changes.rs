//! The `changes` table: creation, lookup, queries and state.

use rusqlite::{Connection, OptionalExtension, Row, ToSql, params};

use super::accounts::check_exists as check_account;
use super::change_parts::{change_not_found, hashtags, insert_message, touch};
use super::refs::{branch_revision, insert_commit, project_exists, set_branch};
use super::util::{
    contains_pattern, into_page, next_value, now, opt_time_at, page_bounds, time_at,
};
use crate::storage::{
    Change, ChangeMessage, ChangeQuery, ChangeStatus, NewChange, NewMessage, Page, PrivateFilter,
    StorageError, StorageResult, Transition, full_ref, short_branch,
};

const COLUMNS: &str = "number, change_id, project, branch, subject, topic, status, owner, \
                       created, updated, submitted, submitter, is_private, work_in_progress, \
                       current_patch_set, current_revision";

fn change_row(row: &Row<'_>) -> rusqlite::Result<Change> {
    Ok(Change {
        number: row.get(0)?,
        change_id: row.get(1)?,
        project: row.get(2)?,
        branch: row.get(3)?,
        subject: row.get(4)?,
        topic: row.get(5)?,
        status: row.get(6)?,
        owner: row.get(7)?,
        created: time_at(row, 8)?,
        updated: time_at(row, 9)?,
        submitted: opt_time_at(row, 10)?,
        submitter: row.get(11)?,
        is_private: row.get(12)?,
        work_in_progress: row.get(13)?,
        hashtags: Vec::new(),
        current_patch_set: row.get(14)?,
        current_revision: row.get(15)?,
    })
}

fn complete(conn: &Connection, mut change: Change) -> StorageResult<Change> {
    change.hashtags = hashtags(conn, change.number)?;
    Ok(change)
}

fn find_one(conn: &Connection, column: &str, value: &dyn ToSql) -> StorageResult<Option<Change>> {
    let sql = format!("SELECT {COLUMNS} FROM changes WHERE {column} = ?1");
    let found = conn
        .prepare_cached(&sql)?
        .query_row([value], change_row)
        .optional()?;
    found.map(|c| complete(conn, c)).transpose()
}

/// The change with this number.
pub(super) fn by_number(conn: &Connection, number: i64) -> StorageResult<Option<Change>> {
    find_one(conn, "number", &number)
}

/// The change with this Change-Id.
pub(super) fn by_change_id(conn: &Connection, change_id: &str) -> StorageResult<Option<Change>> {
    find_one(conn, "change_id", &change_id)
}

/// The change, or `NotFound`.
pub(super) fn require(conn: &Connection, number: i64) -> StorageResult<Change> {
    by_number(conn, number)?.ok_or_else(|| change_not_found(number))
}

/// Creates a change whose patch set 1 is a commit on top of the branch's tip.
pub(super) fn create(conn: &Connection, new: &NewChange) -> StorageResult<Change> {
    if !project_exists(conn, &new.project)? {
        return Err(StorageError::Invalid(format!(
            "Project Not Found: {}",
            new.project
        )));
    }
    check_account(conn, new.owner)?;
    let branch = short_branch(&new.branch);
    if branch.is_empty() {
        return Err(StorageError::Invalid("branch must not be empty".into()));
    }
    let number = next_value(conn, "change_number")?;
    let change_id = format!("I{}", super::util::random_hex(20)?);
    let tip = branch_revision(conn, &new.project, &full_ref(branch))?;
    let message = format!("{}\n\nChange-Id: {change_id}\n", new.subject);
    let revision = insert_commit(
        conn,
        &new.project,
        tip.as_deref(),
        Some(new.owner),
        &message,
    )?;
    let (_, created) = now()?;
    conn.prepare_cached(
        "INSERT INTO changes (number, change_id, project, branch, subject, topic, status, \
         owner, created, updated, submitted, submitter, is_private, work_in_progress, \
         current_patch_set, current_revision) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, NULL, NULL, ?10, ?11, 1, ?12)",
    )?
    .execute(params![
        number,
        change_id,
        new.project,
        branch,
        new.subject,
        new.topic,
        ChangeStatus::New,
        new.owner,
        created,
        new.is_private,
        new.work_in_progress,
        revision
    ])?;
    require(conn, number)
}

/// Changes matching the query, most recently updated first.
pub(super) fn query(conn: &Connection, query: &ChangeQuery) -> StorageResult<Page<Change>> {
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
         WHERE (?1 IS NULL OR status = ?1) \
           AND (?2 IS NULL OR owner = ?2) \
           AND (?3 IS NULL OR number IN (SELECT change_number FROM change_reviewers \
                                         WHERE account_id = ?3)) \
           AND (?4 IS NULL OR project = ?4) \
           AND (?5 IS NULL OR branch = ?5) \
           AND (?6 IS NULL OR topic = ?6) \
           AND (?7 IS NULL OR number IN (SELECT change_number FROM change_hashtags \
                                         WHERE hashtag = ?7)) \
           AND (?8 IS NULL OR subject LIKE ?8 ESCAPE '\\') \
           AND (?9 IS NULL OR work_in_progress = ?9) \
           AND (is_private = 0 OR ?10 = 1 OR owner = ?11 \
                OR number IN (SELECT change_number FROM change_reviewers \
                              WHERE account_id = ?11)) \
         ORDER BY updated DESC, number DESC LIMIT ?12 OFFSET ?13"
    );
    let changes = conn
        .prepare_cached(&sql)?
        .query_map(
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
        )?
        .collect::<Result<Vec<_>, _>>()?;
    let changes = changes
        .into_iter()
        .map(|c| complete(conn, c))
        .collect::<StorageResult<Vec<_>>>()?;
    Ok(into_page(changes, query.limit))
}

fn status_conflict(status: ChangeStatus) -> StorageError {
    StorageError::Conflict(format!(
        "change is {}",
        status.as_str().to_ascii_lowercase()
    ))
}

/// Deletes a change that is not merged.
pub(super) fn delete(conn: &Connection, number: i64) -> StorageResult<()> {
    let change = require(conn, number)?;
    if change.status == ChangeStatus::Merged {
        return Err(status_conflict(change.status));
    }
    conn.prepare_cached("DELETE FROM changes WHERE number = ?1")?
        .execute(params![number])?;
    Ok(())
}

/// Abandons, restores or submits.
pub(super) fn transition(
    conn: &Connection,
    number: i64,
    transition: Transition,
    actor: i64,
    message: Option<&NewMessage>,
) -> StorageResult<Change> {
    let change = require(conn, number)?;
    if change.status != transition.from() {
        return Err(status_conflict(change.status));
    }
    check_account(conn, actor)?;
    let (_, updated) = touch(conn, number)?;
    conn.prepare_cached("UPDATE changes SET status = ?2 WHERE number = ?1")?
        .execute(params![number, transition.to()])?;
    if transition == Transition::Submit {
        conn.prepare_cached("UPDATE changes SET submitted = ?2, submitter = ?3 WHERE number = ?1")?
            .execute(params![number, updated, actor])?;
        set_branch(
            conn,
            &change.project,
            &full_ref(&change.branch),
            &change.current_revision,
        )?;
    }
    if let Some(message) = message {
        insert_message(conn, &change, message, updated)?;
    }
    require(conn, number)
}

/// Sets one column, moves `updated` and adds the message, if any.
fn update(
    conn: &Connection,
    number: i64,
    column: &str,
    value: &dyn ToSql,
    message: Option<&NewMessage>,
) -> StorageResult<Change> {
    let change = require(conn, number)?;
    let (_, updated) = touch(conn, number)?;
    let sql = format!("UPDATE changes SET {column} = ?2 WHERE number = ?1");
    conn.prepare_cached(&sql)?.execute(params![number, value])?;
    if let Some(message) = message {
        insert_message(conn, &change, message, updated)?;
    }
    require(conn, number)
}

/// Sets or clears the topic.
pub(super) fn set_topic(
    conn: &Connection,
    number: i64,
    topic: Option<&str>,
) -> StorageResult<Change> {
    update(conn, number, "topic", &topic, None)
}

/// Sets the private flag.
pub(super) fn set_private(
    conn: &Connection,
    number: i64,
    is_private: bool,
    message: Option<&NewMessage>,
) -> StorageResult<Change> {
    update(conn, number, "is_private", &is_private, message)
}

/// Sets the work-in-progress flag.
pub(super) fn set_work_in_progress(
    conn: &Connection,
    number: i64,
    wip: bool,
    message: Option<&NewMessage>,
) -> StorageResult<Change> {
    update(conn, number, "work_in_progress", &wip, message)
}

/// Adds a message and moves `updated`.
pub(super) fn add_message(
    conn: &Connection,
    number: i64,
    message: &NewMessage,
) -> StorageResult<ChangeMessage> {
    let change = require(conn, number)?;
    let (date, nanos) = touch(conn, number)?;
    let id = insert_message(conn, &change, message, nanos)?;
    Ok(ChangeMessage {
        id,
        change: number,
        author: message.author,
        message: message.message.clone(),
        date,
        patch_set: change.current_patch_set,
        tag: message.tag.clone(),
    })
}
