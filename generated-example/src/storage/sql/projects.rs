//! The `projects` and `branches` tables.

use super::accounts::check_exists as check_account;
use super::db::{Db, Row, ToParam, params};
use super::handle::Storage;
use super::refs::{branch_revision, insert_commit, project_exists, project_not_found, set_branch};
use super::util::{contains_pattern, into_page, now, page_bounds};
use crate::storage::{
    ALL_PROJECTS, DEFAULT_BRANCH, META_CONFIG_REF, NewProject, Page, Project, ProjectQuery,
    ProjectState, StorageError, StorageResult, full_ref,
};

const COLUMNS: &str = "name, parent, description, state, head, created_on";

fn project_row(row: Row<'_>) -> StorageResult<Project> {
    Ok(Project {
        name: row.get(0)?,
        parent: row.get(1)?,
        description: row.get(2)?,
        state: row.get(3)?,
        head: row.get(4)?,
        created_on: row.time(5)?,
    })
}

/// The project with this name.
fn get(db: &dyn Db, name: &str) -> StorageResult<Option<Project>> {
    let sql = format!("SELECT {COLUMNS} FROM projects WHERE name = ?1");
    db.row(&sql, params![name], project_row)
}

/// The project with this name, or `NotFound`.
fn require(db: &dyn Db, name: &str) -> StorageResult<Project> {
    get(db, name)?.ok_or_else(|| project_not_found(name))
}

/// A project row to insert.
pub(super) struct ProjectRow<'a> {
    pub(super) name: &'a str,
    pub(super) parent: Option<&'a str>,
    pub(super) description: Option<&'a str>,
    pub(super) state: ProjectState,
    pub(super) head: &'a str,
    pub(super) creator: Option<i64>,
}

/// Inserts a project row and its `refs/meta/config` without checking the parent (also
/// used to seed `All-Projects`, which has none).
pub(super) fn insert(db: &dyn Db, row: &ProjectRow<'_>) -> StorageResult<()> {
    let name = row.name;
    if name.is_empty() {
        return Err(StorageError::Invalid(
            "project name must not be empty".into(),
        ));
    }
    if project_exists(db, name)? {
        return Err(StorageError::Conflict("Project already exists".into()));
    }
    let (_, created_on) = now()?;
    db.execute(
        "INSERT INTO projects (name, parent, description, state, head, created_on) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            name,
            row.parent,
            row.description,
            row.state,
            row.head,
            created_on
        ],
    )?;
    let config = insert_commit(db, name, None, row.creator, "Created project")?;
    set_branch(db, name, META_CONFIG_REF, &config)?;
    Ok(())
}

/// Sets one column of the project; answers the project as it is then.
fn update(db: &dyn Db, name: &str, column: &str, value: &dyn ToParam) -> StorageResult<Project> {
    let sql = format!("UPDATE projects SET {column} = ?2 WHERE name = ?1");
    let changed = db.execute(&sql, params![name, value])?;
    if changed == 0 {
        return Err(project_not_found(name));
    }
    require(db, name)
}

impl Storage {
    /// Creates a project with `refs/meta/config`, and with [`NewProject::branches`] when
    /// `create_empty_commit` is set. Taken name → `Conflict`; unknown parent → `Invalid`.
    pub fn create_project(&self, new: &NewProject) -> StorageResult<Project> {
        self.write(|db| {
            let parent = new.parent.as_deref().unwrap_or(ALL_PROJECTS);
            if project_exists(db, &new.name)? {
                return Err(StorageError::Conflict("Project already exists".into()));
            }
            if !project_exists(db, parent)? {
                return Err(StorageError::Invalid(format!(
                    "Parent project '{parent}' not found"
                )));
            }
            if let Some(creator) = new.creator {
                check_account(db, creator)?;
            }
            let branches: Vec<String> = if new.branches.is_empty() {
                vec![DEFAULT_BRANCH.to_owned()]
            } else {
                new.branches.iter().map(|b| full_ref(b)).collect()
            };
            let head = branches.first().map_or(DEFAULT_BRANCH, String::as_str);
            insert(
                db,
                &ProjectRow {
                    name: &new.name,
                    parent: Some(parent),
                    description: new.description.as_deref(),
                    state: new.state,
                    head,
                    creator: new.creator,
                },
            )?;
            if new.create_empty_commit {
                let commit =
                    insert_commit(db, &new.name, None, new.creator, "Initial empty repository")?;
                for branch in &branches {
                    set_branch(db, &new.name, branch, &commit)?;
                }
            }
            require(db, &new.name)
        })
    }

    /// The project with this name (exact).
    pub fn project(&self, name: &str) -> StorageResult<Option<Project>> {
        self.read_one(|db| get(db, name))
    }

    /// A project, and whether it has `branch` (short or full name): `None` for an unknown
    /// project. What a new change checks first, in one call: one statement on a database
    /// server, two small ones on an embedded database.
    pub fn project_with_branch(
        &self,
        project: &str,
        branch: &str,
    ) -> StorageResult<Option<(Project, bool)>> {
        let branch = full_ref(branch);
        self.read_one(|db| {
            if !db.statements_are_round_trips() {
                let Some(found) = get(db, project)? else {
                    return Ok(None);
                };
                let exists = branch_revision(db, project, &branch)?.is_some();
                return Ok(Some((found, exists)));
            }
            let sql = format!(
                "SELECT {COLUMNS}, EXISTS (SELECT 1 FROM branches WHERE project = ?1 \
                 AND name = ?2) FROM projects WHERE name = ?1"
            );
            db.row(&sql, params![project, branch], |row| {
                let exists = row.get::<bool>(6)?;
                Ok((project_row(row)?, exists))
            })
        })
    }

    /// Projects matching `query`, ordered by name.
    pub fn list_projects(&self, query: &ProjectQuery) -> StorageResult<Page<Project>> {
        self.read(|db| {
            let (fetch, offset) = page_bounds(query.limit, query.skip);
            let pattern = contains_pattern(query.text.as_deref());
            let sql = format!(
                "SELECT {COLUMNS} FROM projects \
                 WHERE (CAST(?1 AS TEXT) IS NULL OR substr(name, 1, length(?1)) = ?1) \
                   AND (CAST(?2 AS TEXT) IS NULL OR name LIKE ?2 ESCAPE '\\') \
                   AND (CAST(?3 AS TEXT) IS NULL OR state = ?3) \
                   AND (?4 = 0 OR state <> 'HIDDEN') \
                   AND (CAST(?5 AS TEXT) IS NULL OR parent = ?5) \
                 ORDER BY name LIMIT ?6 OFFSET ?7"
            );
            let projects = db.rows(
                &sql,
                params![
                    query.prefix,
                    pattern,
                    query.state,
                    query.exclude_hidden,
                    query.parent,
                    fetch,
                    offset
                ],
                project_row,
            )?;
            Ok(into_page(projects, query.limit))
        })
    }

    /// Sets or clears the description.
    pub fn set_project_description(
        &self,
        name: &str,
        text: Option<&str>,
    ) -> StorageResult<Project> {
        self.write(|db| update(db, name, "description", &text))
    }

    /// Sets the parent. Unknown parent → `Invalid`; a cycle, or any parent for
    /// `All-Projects` → `Conflict`.
    pub fn set_project_parent(&self, name: &str, parent: &str) -> StorageResult<Project> {
        self.write(|db| {
            require(db, name)?;
            if name == ALL_PROJECTS {
                return Err(StorageError::Conflict(format!(
                    "cannot set the parent of {ALL_PROJECTS}"
                )));
            }
            if !project_exists(db, parent)? {
                return Err(StorageError::Invalid(format!(
                    "Parent project '{parent}' not found"
                )));
            }
            // Walk up from the new parent: meeting the project itself would close a cycle.
            let mut ancestor = Some(parent.to_owned());
            while let Some(current) = ancestor {
                if current == name {
                    return Err(StorageError::Conflict(format!(
                        "cycle exists between {name} and {parent}"
                    )));
                }
                ancestor = get(db, &current)?.and_then(|p| p.parent);
            }
            update(db, name, "parent", &parent)
        })
    }

    /// Sets the state.
    pub fn set_project_state(&self, name: &str, state: ProjectState) -> StorageResult<Project> {
        self.write(|db| update(db, name, "state", &state))
    }

    /// Points `HEAD` at an existing branch (short or full name), else `Invalid`.
    pub fn set_project_head(&self, name: &str, branch: &str) -> StorageResult<Project> {
        self.write(|db| {
            require(db, name)?;
            let branch = full_ref(branch);
            if branch_revision(db, name, &branch)?.is_none() {
                return Err(StorageError::Invalid(format!("branch {branch} not found")));
            }
            update(db, name, "head", &branch)
        })
    }
}
