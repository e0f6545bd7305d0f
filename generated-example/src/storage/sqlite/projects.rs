//! The `projects` and `branches` tables.

use rusqlite::{Connection, OptionalExtension, Row, ToSql, params};

use super::accounts::check_exists as check_account;
use super::refs::{branch_revision, insert_commit, project_exists, project_not_found, set_branch};
use super::util::{contains_pattern, into_page, now, page_bounds, time_at};
use crate::storage::{
    ALL_PROJECTS, DEFAULT_BRANCH, META_CONFIG_REF, NewProject, Page, Project, ProjectQuery,
    ProjectState, StorageError, StorageResult, full_ref,
};

const COLUMNS: &str = "name, parent, description, state, head, created_on";

fn project_row(row: &Row<'_>) -> rusqlite::Result<Project> {
    Ok(Project {
        name: row.get(0)?,
        parent: row.get(1)?,
        description: row.get(2)?,
        state: row.get(3)?,
        head: row.get(4)?,
        created_on: time_at(row, 5)?,
    })
}

/// The project with this name.
pub(super) fn get(conn: &Connection, name: &str) -> StorageResult<Option<Project>> {
    let sql = format!("SELECT {COLUMNS} FROM projects WHERE name = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row(params![name], project_row)
        .optional()?)
}

/// The project with this name, or `NotFound`.
pub(super) fn require(conn: &Connection, name: &str) -> StorageResult<Project> {
    get(conn, name)?.ok_or_else(|| project_not_found(name))
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
pub(super) fn insert(conn: &Connection, row: &ProjectRow<'_>) -> StorageResult<()> {
    let name = row.name;
    if name.is_empty() {
        return Err(StorageError::Invalid(
            "project name must not be empty".into(),
        ));
    }
    if project_exists(conn, name)? {
        return Err(StorageError::Conflict("Project already exists".into()));
    }
    let (_, created_on) = now()?;
    conn.prepare_cached(
        "INSERT INTO projects (name, parent, description, state, head, created_on) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        name,
        row.parent,
        row.description,
        row.state,
        row.head,
        created_on
    ])?;
    let config = insert_commit(conn, name, None, row.creator, "Created project")?;
    set_branch(conn, name, META_CONFIG_REF, &config)?;
    Ok(())
}

/// Creates a project.
pub(super) fn create(conn: &Connection, new: &NewProject) -> StorageResult<Project> {
    let parent = new.parent.as_deref().unwrap_or(ALL_PROJECTS);
    if project_exists(conn, &new.name)? {
        return Err(StorageError::Conflict("Project already exists".into()));
    }
    if !project_exists(conn, parent)? {
        return Err(StorageError::Invalid(format!(
            "Parent project '{parent}' not found"
        )));
    }
    if let Some(creator) = new.creator {
        check_account(conn, creator)?;
    }
    let branches: Vec<String> = if new.branches.is_empty() {
        vec![DEFAULT_BRANCH.to_owned()]
    } else {
        new.branches.iter().map(|b| full_ref(b)).collect()
    };
    let head = branches.first().map_or(DEFAULT_BRANCH, String::as_str);
    insert(
        conn,
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
        let commit = insert_commit(
            conn,
            &new.name,
            None,
            new.creator,
            "Initial empty repository",
        )?;
        for branch in &branches {
            set_branch(conn, &new.name, branch, &commit)?;
        }
    }
    require(conn, &new.name)
}

/// Projects matching the query, by name.
pub(super) fn list(conn: &Connection, query: &ProjectQuery) -> StorageResult<Page<Project>> {
    let (fetch, offset) = page_bounds(query.limit, query.skip);
    let pattern = contains_pattern(query.text.as_deref());
    let sql = format!(
        "SELECT {COLUMNS} FROM projects \
         WHERE (?1 IS NULL OR substr(name, 1, length(?1)) = ?1) \
           AND (?2 IS NULL OR name LIKE ?2 ESCAPE '\\') \
           AND (?3 IS NULL OR state = ?3) \
           AND (?4 = 0 OR state <> 'HIDDEN') \
           AND (?5 IS NULL OR parent = ?5) \
         ORDER BY name LIMIT ?6 OFFSET ?7"
    );
    let projects = conn
        .prepare_cached(&sql)?
        .query_map(
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
        )?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(into_page(projects, query.limit))
}

fn update(
    conn: &Connection,
    name: &str,
    column: &str,
    value: &dyn ToSql,
) -> StorageResult<Project> {
    let sql = format!("UPDATE projects SET {column} = ?2 WHERE name = ?1");
    let changed = conn.prepare_cached(&sql)?.execute(params![name, value])?;
    if changed == 0 {
        return Err(StorageError::NotFound(format!("Project Not Found: {name}")));
    }
    require(conn, name)
}

/// Sets or clears the description.
pub(super) fn set_description(
    conn: &Connection,
    name: &str,
    description: Option<&str>,
) -> StorageResult<Project> {
    update(conn, name, "description", &description)
}

/// Sets the state.
pub(super) fn set_state(
    conn: &Connection,
    name: &str,
    state: ProjectState,
) -> StorageResult<Project> {
    update(conn, name, "state", &state)
}

/// Sets the parent, refusing cycles.
pub(super) fn set_parent(conn: &Connection, name: &str, parent: &str) -> StorageResult<Project> {
    require(conn, name)?;
    if name == ALL_PROJECTS {
        return Err(StorageError::Conflict(format!(
            "cannot set the parent of {ALL_PROJECTS}"
        )));
    }
    if !project_exists(conn, parent)? {
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
        ancestor = get(conn, &current)?.and_then(|p| p.parent);
    }
    update(conn, name, "parent", &parent)
}

/// Points `HEAD` at an existing branch.
pub(super) fn set_head(conn: &Connection, name: &str, branch: &str) -> StorageResult<Project> {
    require(conn, name)?;
    let branch = full_ref(branch);
    if branch_revision(conn, name, &branch)?.is_none() {
        return Err(StorageError::Invalid(format!("branch {branch} not found")));
    }
    update(conn, name, "head", &branch)
}
