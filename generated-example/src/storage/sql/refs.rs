//! The `branches`, `tags` and `commits` tables, which live in a project: the project
//! existence check `projects.rs` and `changes.rs` share is here, below them.

use super::accounts::check_exists as check_account;
use super::db::{Db, params};
use super::handle::Storage;
use super::util::{now, random_hex};
use crate::storage::{
    Branch, Commit, META_CONFIG_REF, NewTag, StorageError, StorageResult, Tag, full_ref,
    full_tag_ref,
};

/// The answer for a project name that names no project.
pub(super) fn project_not_found(name: &str) -> StorageError {
    StorageError::NotFound(format!("Project Not Found: {name}"))
}

/// True when the project exists (refs live in projects: this is the check below both).
pub(super) fn project_exists(db: &dyn Db, name: &str) -> StorageResult<bool> {
    db.exists("SELECT 1 FROM projects WHERE name = ?1", params![name])
}

/// Ok when the project exists (without loading it).
fn require_project(db: &dyn Db, name: &str) -> StorageResult<()> {
    if project_exists(db, name)? {
        Ok(())
    } else {
        Err(project_not_found(name))
    }
}

/// Records a made-up commit whose message is `message`; answers its SHA-1.
pub(super) fn insert_commit(
    db: &dyn Db,
    project: &str,
    parent: Option<&str>,
    author: Option<i64>,
    message: &str,
) -> StorageResult<String> {
    let sha = random_hex(20)?;
    let subject = message.lines().next().unwrap_or_default();
    let (_, created) = now()?;
    db.queue(
        "INSERT INTO commits (project, sha, parent, author, subject, message, created) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![project, sha, parent, author, subject, message, created],
    )?;
    Ok(sha)
}

/// A commit of the project.
fn find_commit(db: &dyn Db, project: &str, sha: &str) -> StorageResult<Option<Commit>> {
    db.row(
        "SELECT sha, project, parent, author, subject, message, created FROM commits \
             WHERE project = ?1 AND sha = ?2",
        params![project, sha],
        |row| {
            Ok(Commit {
                sha: row.get(0)?,
                project: row.get(1)?,
                parent: row.get(2)?,
                author: row.get(3)?,
                subject: row.get(4)?,
                message: row.get(5)?,
                created: row.time(6)?,
            })
        },
    )
}

/// `Invalid` unless the commit is the project's: for a commit named in an input.
fn check_commit(db: &dyn Db, project: &str, sha: &str) -> StorageResult<()> {
    if find_commit(db, project, sha)?.is_none() {
        return Err(StorageError::Invalid(format!(
            "revision {sha} not found in {project}"
        )));
    }
    Ok(())
}

/// The commit a branch (full name) points at.
pub(super) fn branch_revision(
    db: &dyn Db,
    project: &str,
    branch: &str,
) -> StorageResult<Option<String>> {
    db.row(
        "SELECT revision FROM branches WHERE project = ?1 AND name = ?2",
        params![project, branch],
        |row| row.get(0),
    )
}

/// Creates or moves a branch (full name).
pub(super) fn set_branch(
    db: &dyn Db,
    project: &str,
    branch: &str,
    revision: &str,
) -> StorageResult<()> {
    db.execute(
        "INSERT INTO branches (project, name, revision) VALUES (?1, ?2, ?3) \
         ON CONFLICT (project, name) DO UPDATE SET revision = excluded.revision",
        params![project, branch, revision],
    )?;
    Ok(())
}

impl Storage {
    /// The project's refs (branches and `refs/meta/config`), ordered by name; unknown
    /// project → `NotFound` (as for the other methods taking a project below).
    pub fn branches(&self, project: &str) -> StorageResult<Vec<Branch>> {
        self.read(|db| {
            require_project(db, project)?;
            db.rows(
                "SELECT name, revision FROM branches WHERE project = ?1 ORDER BY name",
                params![project],
                |row| {
                    Ok(Branch {
                        name: row.get(0)?,
                        revision: row.get(1)?,
                    })
                },
            )
        })
    }

    /// One branch of a project (short or full name), in one statement; unknown project →
    /// `NotFound`.
    pub fn branch(&self, project: &str, branch: &str) -> StorageResult<Option<Branch>> {
        let name = full_ref(branch);
        self.read_one(|db| {
            let revision = db.row(
                "SELECT (SELECT revision FROM branches WHERE project = ?1 AND name = ?2) \
                 FROM projects WHERE name = ?1",
                params![project, name],
                |row| row.get::<Option<String>>(0),
            )?;
            match revision {
                None => Err(project_not_found(project)),
                Some(revision) => Ok(revision.map(|revision| Branch { name, revision })),
            }
        })
    }

    /// Creates a branch (short or full name) at a commit of the project (else
    /// `Invalid`); existing → `Conflict`.
    pub fn create_branch(
        &self,
        project: &str,
        branch: &str,
        revision: &str,
    ) -> StorageResult<Branch> {
        self.write(|db| {
            require_project(db, project)?;
            if branch.is_empty() {
                return Err(StorageError::Invalid(
                    "branch name must not be empty".into(),
                ));
            }
            let name = full_ref(branch);
            if branch_revision(db, project, &name)?.is_some() {
                return Err(StorageError::Conflict(format!(
                    "branch \"{name}\" already exists"
                )));
            }
            check_commit(db, project, revision)?;
            set_branch(db, project, &name, revision)?;
            Ok(Branch {
                name,
                revision: revision.to_owned(),
            })
        })
    }

    /// Deletes a branch; answers whether it existed. `refs/meta/config` → `Conflict`.
    /// Refusing `HEAD`'s target (409) is the handler's decision (`HEAD` may be left
    /// pointing at a missing branch, as in git).
    pub fn delete_branch(&self, project: &str, branch: &str) -> StorageResult<bool> {
        self.write(|db| {
            require_project(db, project)?;
            let name = full_ref(branch);
            if name == META_CONFIG_REF {
                return Err(StorageError::Conflict(format!("cannot delete {name}")));
            }
            let deleted = db.execute(
                "DELETE FROM branches WHERE project = ?1 AND name = ?2",
                params![project, name],
            )?;
            Ok(deleted > 0)
        })
    }

    /// The project's tags, ordered by name.
    pub fn tags(&self, project: &str) -> StorageResult<Vec<Tag>> {
        self.read(|db| {
            require_project(db, project)?;
            db.rows(
                "SELECT name, revision, object, message, tagger, created FROM tags \
                 WHERE project = ?1 ORDER BY name",
                params![project],
                |row| {
                    Ok(Tag {
                        name: row.get(0)?,
                        revision: row.get(1)?,
                        object: row.get(2)?,
                        message: row.get(3)?,
                        tagger: row.get(4)?,
                        created: row.time(5)?,
                    })
                },
            )
        })
    }

    /// One tag of a project (short or full name); unknown project → `NotFound`.
    pub fn tag(&self, project: &str, tag: &str) -> StorageResult<Option<Tag>> {
        let name = full_tag_ref(tag);
        Ok(self.tags(project)?.into_iter().find(|t| t.name == name))
    }

    /// Creates a tag, annotated (with a tag object of its own) when it has a message;
    /// existing → `Conflict`; unknown commit → `Invalid`.
    pub fn create_tag(&self, project: &str, new: &NewTag) -> StorageResult<Tag> {
        self.write(|db| {
            require_project(db, project)?;
            if new.name.is_empty() {
                return Err(StorageError::Invalid("tag name must not be empty".into()));
            }
            let name = full_tag_ref(&new.name);
            let taken = db.exists(
                "SELECT 1 FROM tags WHERE project = ?1 AND name = ?2",
                params![project, name],
            )?;
            if taken {
                return Err(StorageError::Conflict(format!(
                    "tag \"{name}\" already exists"
                )));
            }
            check_commit(db, project, &new.revision)?;
            if let Some(tagger) = new.tagger {
                check_account(db, tagger)?;
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
            db.execute(
                "INSERT INTO tags (project, name, revision, object, message, tagger, created) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    project,
                    tag.name,
                    tag.revision,
                    tag.object,
                    tag.message,
                    tag.tagger,
                    nanos
                ],
            )?;
            Ok(tag)
        })
    }

    /// Deletes a tag (short or full name); answers whether it existed.
    pub fn delete_tag(&self, project: &str, tag: &str) -> StorageResult<bool> {
        self.write(|db| {
            require_project(db, project)?;
            let deleted = db.execute(
                "DELETE FROM tags WHERE project = ?1 AND name = ?2",
                params![project, full_tag_ref(tag)],
            )?;
            Ok(deleted > 0)
        })
    }

    /// A commit of the project: of a branch, a tag or a change (`None` also for an
    /// unknown project).
    pub fn commit(&self, project: &str, sha: &str) -> StorageResult<Option<Commit>> {
        self.read(|db| find_commit(db, project, sha))
    }
}
