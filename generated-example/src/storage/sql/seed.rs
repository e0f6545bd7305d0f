//! The data every database starts with.

use super::db::Db;
use super::projects::ProjectRow;
use super::{accounts, groups, projects};
use crate::storage::{
    ADMIN_ACCOUNT_ID, ADMIN_USERNAME, ADMINISTRATORS_NAME, ALL_PROJECTS, ALL_USERS,
    ANONYMOUS_USERS_ID, ANONYMOUS_USERS_NAME, AdminSeed, DEFAULT_BRANCH, NewAccount, NewGroup,
    ProjectState, REGISTERED_USERS_ID, REGISTERED_USERS_NAME, StorageError, StorageResult,
};

/// Seeds a new database: `admin` (id 1000000) from `admin`, the system groups `Anonymous
/// Users` and `Registered Users`, the group `Administrators` with `admin` as member, and
/// the projects `All-Projects` and `All-Users`. Answers false (and does nothing) when
/// `admin` exists.
pub(crate) fn seed(db: &dyn Db, admin: &AdminSeed) -> StorageResult<bool> {
    if accounts::by_id(db, ADMIN_ACCOUNT_ID)?.is_some() {
        return Ok(false);
    }
    let account = accounts::create(
        db,
        &NewAccount {
            username: ADMIN_USERNAME.into(),
            name: Some("Administrator".into()),
            display_name: None,
            email: None,
            password_hash: Some(admin.password_hash.clone()),
            capabilities: admin.capabilities.clone(),
        },
    )?;
    if account.id != ADMIN_ACCOUNT_ID {
        return Err(StorageError::Database(format!(
            "the database has accounts but no admin account ({ADMIN_ACCOUNT_ID})"
        )));
    }
    groups::insert_system(
        db,
        ANONYMOUS_USERS_ID,
        ANONYMOUS_USERS_NAME,
        "Any user, signed-in or not",
    )?;
    groups::insert_system(
        db,
        REGISTERED_USERS_ID,
        REGISTERED_USERS_NAME,
        "Any signed-in user",
    )?;
    groups::create(
        db,
        &NewGroup {
            name: ADMINISTRATORS_NAME.into(),
            description: Some("Gerrit Site Administrators".into()),
            owner_id: None,
            visible_to_all: false,
            members: vec![ADMIN_ACCOUNT_ID],
        },
    )?;
    projects::insert(
        db,
        &ProjectRow {
            name: ALL_PROJECTS,
            parent: None,
            description: Some("Access inherited by all other projects."),
            state: ProjectState::Active,
            head: DEFAULT_BRANCH,
            creator: None,
        },
    )?;
    projects::insert(
        db,
        &ProjectRow {
            name: ALL_USERS,
            parent: Some(ALL_PROJECTS),
            description: Some("Individual user settings and preferences."),
            state: ProjectState::Active,
            head: DEFAULT_BRANCH,
            creator: None,
        },
    )?;
    Ok(true)
}
