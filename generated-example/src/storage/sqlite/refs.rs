//! The `branches`, `tags` and `commits` tables, which live in a project: the project
//! existence check `projects.rs` and `changes.rs` share is here, below them.

use rusqlite::{Connection, OptionalExtension, params};

use super::accounts::check_exists as check_account;
use super::util::{exists, now, random_hex, time_at};
use crate::storage::{
    Branch, Commit, META_CONFIG_REF, NewTag, StorageError, StorageResult, Tag, full_ref,
    full_tag_ref,
};

/// The answer for a project name that names no project.
pub(super) fn project_not_found(name: &str) -> StorageError {
    StorageError::NotFound(format!("Project Not Found: {name}"))
}

/// True when the project exists (refs live in projects: this is the check below both).
pub(super) fn project_exists(conn: &Connection, name: &str) -> StorageResult<bool> {
    exists(
        conn,
        "SELECT 1 FROM projects WHERE name = ?1",
        params![name],
    )
}

/// Ok when the project exists (without loading it).
fn require_project(conn: &Connection, name: &str) -> StorageResult<()> {
    if project_exists(conn, name)? {
        Ok(())
    } else {
        Err(project_not_found(name))
    }
}

/// Records a made-up commit whose message is `message`; answers its SHA-1.
pub(super) fn insert_commit(
    conn: &Connection,
    project: &str,
    parent: Option<&str>,
    author: Option<i64>,
    message: &str,
) -> StorageResult<String> {
    let sha = random_hex(20)?;
    let subject = message.lines().next().unwrap_or_default();
    let (_, created) = now()?;
    conn.prepare_cached(
        "INSERT INTO commits (project, sha, parent, author, subject, message, created) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        project, sha, parent, author, subject, message, created
    ])?;
    Ok(sha)
}

/// A commit of the project.
pub(super) fn commit(conn: &Connection, project: &str, sha: &str) -> StorageResult<Option<Commit>> {
    Ok(conn
        .prepare_cached(
            "SELECT sha, project, parent, author, subject, message, created FROM commits \
             WHERE project = ?1 AND sha = ?2",
        )?
        .query_row(params![project, sha], |row| {
            Ok(Commit {
                sha: row.get(0)?,
                project: row.get(1)?,
                parent: row.get(2)?,
                author: row.get(3)?,
                subject: row.get(4)?,
                message: row.get(5)?,
                created: time_at(row, 6)?,
            })
        })
        .optional()?)
}

fn check_commit(conn: &Connection, project: &str, sha: &str) -> StorageResult<()> {
    if commit(conn, project, sha)?.is_none() {
        return Err(StorageError::Invalid(format!(
            "revision {sha} not found in {project}"
        )));
    }
    Ok(())
}

/// The commit a branch (full name) points at.
pub(super) fn branch_revision(
    conn: &Connection,
    project: &str,
    branch: &str,
) -> StorageResult<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT revision FROM branches WHERE project = ?1 AND name = ?2")?
        .query_row(params![project, branch], |row| row.get(0))
        .optional()?)
}

/// Creates or moves a branch (full name).
pub(super) fn set_branch(
    conn: &Connection,
    project: &str,
    branch: &str,
    revision: &str,
) -> StorageResult<()> {
    conn.prepare_cached(
        "INSERT INTO branches (project, name, revision) VALUES (?1, ?2, ?3) \
         ON CONFLICT (project, name) DO UPDATE SET revision = excluded.revision",
    )?
    .execute(params![project, branch, revision])?;
    Ok(())
}

/// The project's refs by name.
pub(super) fn branches(conn: &Connection, project: &str) -> StorageResult<Vec<Branch>> {
    require_project(conn, project)?;
    Ok(conn
        .prepare_cached("SELECT name, revision FROM branches WHERE project = ?1 ORDER BY name")?
        .query_map(params![project], |row| {
            Ok(Branch {
                name: row.get(0)?,
                revision: row.get(1)?,
            })
        })?
        .collect::<Result<_, _>>()?)
}

/// Creates a branch at a commit of the project.
pub(super) fn create_branch(
    conn: &Connection,
    project: &str,
    branch: &str,
    revision: &str,
) -> StorageResult<Branch> {
    require_project(conn, project)?;
    if branch.is_empty() {
        return Err(StorageError::Invalid(
            "branch name must not be empty".into(),
        ));
    }
    let name = full_ref(branch);
    if branch_revision(conn, project, &name)?.is_some() {
        return Err(StorageError::Conflict(format!(
            "branch \"{name}\" already exists"
        )));
    }
    check_commit(conn, project, revision)?;
    set_branch(conn, project, &name, revision)?;
    Ok(Branch {
        name,
        revision: revision.to_owned(),
    })
}

/// Deletes a branch other than `refs/meta/config` (`HEAD` may be left pointing at a
/// missing branch, as in git).
pub(super) fn delete_branch(conn: &Connection, project: &str, branch: &str) -> StorageResult<bool> {
    require_project(conn, project)?;
    let name = full_ref(branch);
    if name == META_CONFIG_REF {
        return Err(StorageError::Conflict(format!("cannot delete {name}")));
    }
    let deleted = conn
        .prepare_cached("DELETE FROM branches WHERE project = ?1 AND name = ?2")?
        .execute(params![project, name])?;
    Ok(deleted > 0)
}

/// The project's tags by name.
pub(super) fn tags(conn: &Connection, project: &str) -> StorageResult<Vec<Tag>> {
    require_project(conn, project)?;
    Ok(conn
        .prepare_cached(
            "SELECT name, revision, object, message, tagger, created FROM tags \
             WHERE project = ?1 ORDER BY name",
        )?
        .query_map(params![project], |row| {
            Ok(Tag {
                name: row.get(0)?,
                revision: row.get(1)?,
                object: row.get(2)?,
                message: row.get(3)?,
                tagger: row.get(4)?,
                created: time_at(row, 5)?,
            })
        })?
        .collect::<Result<_, _>>()?)
}

/// Creates a tag; annotated (with a tag object of its own) when it has a message.
pub(super) fn create_tag(conn: &Connection, project: &str, new: &NewTag) -> StorageResult<Tag> {
    require_project(conn, project)?;
    if new.name.is_empty() {
        return Err(StorageError::Invalid("tag name must not be empty".into()));
    }
    let name = full_tag_ref(&new.name);
    let taken = conn
        .prepare_cached("SELECT 1 FROM tags WHERE project = ?1 AND name = ?2")?
        .exists(params![project, name])?;
    if taken {
        return Err(StorageError::Conflict(format!(
            "tag \"{name}\" already exists"
        )));
    }
    check_commit(conn, project, &new.revision)?;
    if let Some(tagger) = new.tagger {
        check_account(conn, tagger)?;
    }
    let (created, nanos) = now()?;
    let tag = match &new.message {
        Some(message) => Tag {
            name,
            revision: random_hex(20)?,
            object: Some(new.revision.clone()),
            message: Some(message.clone()),
            tagger: new.tagger,
            created,
        },
        None => Tag {
            name,
            revision: new.revision.clone(),
            object: None,
            message: None,
            tagger: None,
            created,
        },
    };
    conn.prepare_cached(
        "INSERT INTO tags (project, name, revision, object, message, tagger, created) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        project,
        tag.name,
        tag.revision,
        tag.object,
        tag.message,
        tag.tagger,
        nanos
    ])?;
    Ok(tag)
}

/// Deletes a tag.
pub(super) fn delete_tag(conn: &Connection, project: &str, tag: &str) -> StorageResult<bool> {
    require_project(conn, project)?;
    let deleted = conn
        .prepare_cached("DELETE FROM tags WHERE project = ?1 AND name = ?2")?
        .execute(params![project, full_tag_ref(tag)])?;
    Ok(deleted > 0)
}
