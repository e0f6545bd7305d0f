//! The `review_groups`, `group_members` and `group_subgroups` tables.

use super::accounts::check_exists as check_account;
use super::db::{Db, Param, Row, ToParam, params};
use super::util::{contains_pattern, into_page, next_value, now, page_bounds, random_hex};
use crate::storage::{
    ANONYMOUS_USERS_ID, Group, GroupQuery, NewGroup, Page, REGISTERED_USERS_ID, StorageError,
    StorageResult,
};

const COLUMNS: &str =
    "uuid, group_number, name, description, owner_uuid, visible_to_all, internal, created_on";

fn group_row(row: Row<'_>) -> StorageResult<Group> {
    Ok(Group {
        id: row.get(0)?,
        number: row.get(1)?,
        name: row.get(2)?,
        description: row.get(3)?,
        owner_id: row.get(4)?,
        visible_to_all: row.get(5)?,
        internal: row.get(6)?,
        created_on: row.time(7)?,
    })
}

fn find_one(db: &dyn Db, column: &str, value: &dyn ToParam) -> StorageResult<Option<Group>> {
    let sql = format!("SELECT {COLUMNS} FROM review_groups WHERE {column} = ?1");
    db.row(&sql, params![value], group_row)
}

/// The group with this id.
pub(super) fn by_id(db: &dyn Db, id: &str) -> StorageResult<Option<Group>> {
    find_one(db, "uuid", &id)
}

/// The group with this name.
pub(super) fn by_name(db: &dyn Db, name: &str) -> StorageResult<Option<Group>> {
    find_one(db, "name", &name)
}

/// The group with this legacy number.
pub(super) fn by_number(db: &dyn Db, number: i64) -> StorageResult<Option<Group>> {
    find_one(db, "group_number", &number)
}

fn require(db: &dyn Db, id: &str) -> StorageResult<Group> {
    by_id(db, id)?.ok_or_else(|| StorageError::NotFound(format!("Group Not Found: {id}")))
}

/// The group, which must exist (`NotFound`) and be internal (`NotAllowed`).
fn require_internal(db: &dyn Db, id: &str) -> StorageResult<Group> {
    let group = require(db, id)?;
    if !group.internal {
        return Err(StorageError::NotAllowed(format!(
            "group '{}' is a system group, not an internal group",
            group.name
        )));
    }
    Ok(group)
}

/// `Invalid` unless a group with this id exists: for groups named in an input.
fn check_group(db: &dyn Db, id: &str, role: &str) -> StorageResult<()> {
    if db.exists("SELECT 1 FROM review_groups WHERE uuid = ?1", params![id])? {
        Ok(())
    } else {
        Err(StorageError::Invalid(format!(
            "{role} group '{id}' not found"
        )))
    }
}

fn check_name_free(db: &dyn Db, name: &str) -> StorageResult<()> {
    if name.trim().is_empty() {
        return Err(StorageError::Invalid("group name must not be empty".into()));
    }
    if db.exists("SELECT 1 FROM review_groups WHERE name = ?1", params![name])? {
        return Err(StorageError::Conflict(format!(
            "group '{name}' already exists"
        )));
    }
    Ok(())
}

/// Inserts a system group (seeding only).
pub(super) fn insert_system(
    db: &dyn Db,
    id: &str,
    name: &str,
    description: &str,
) -> StorageResult<()> {
    let (_, created_on) = now()?;
    db.execute(
        "INSERT INTO review_groups (uuid, group_number, name, description, owner_uuid, \
         visible_to_all, internal, created_on) VALUES (?1, NULL, ?2, ?3, NULL, 1, 0, ?4)",
        params![id, name, description, created_on],
    )?;
    Ok(())
}

/// Creates an internal group.
pub(super) fn create(db: &dyn Db, new: &NewGroup) -> StorageResult<Group> {
    check_name_free(db, &new.name)?;
    if let Some(owner) = &new.owner_id {
        check_group(db, owner, "owner")?;
    }
    for member in &new.members {
        check_account(db, *member)?;
    }
    let id = random_hex(20)?;
    let number = next_value(db, "group_number")?;
    let (_, created_on) = now()?;
    let owner = new.owner_id.as_deref().unwrap_or(&id);
    db.execute(
        "INSERT INTO review_groups (uuid, group_number, name, description, owner_uuid, \
         visible_to_all, internal, created_on) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7)",
        params![
            id,
            number,
            new.name,
            new.description,
            owner,
            new.visible_to_all,
            created_on
        ],
    )?;
    for member in &new.members {
        add_member(db, &id, *member)?;
    }
    require(db, &id)
}

fn update(db: &dyn Db, id: &str, column: &str, value: &dyn ToParam) -> StorageResult<Group> {
    require_internal(db, id)?;
    let sql = format!("UPDATE review_groups SET {column} = ?2 WHERE uuid = ?1");
    db.execute(&sql, params![id, value])?;
    require(db, id)
}

/// Renames an internal group.
pub(super) fn rename(db: &dyn Db, id: &str, name: &str) -> StorageResult<Group> {
    let group = require_internal(db, id)?;
    if group.name == name {
        return Ok(group);
    }
    check_name_free(db, name)?;
    update(db, id, "name", &name)
}

/// Sets the description of an internal group.
pub(super) fn set_description(
    db: &dyn Db,
    id: &str,
    description: Option<&str>,
) -> StorageResult<Group> {
    update(db, id, "description", &description)
}

/// Sets the owner of an internal group.
pub(super) fn set_owner(db: &dyn Db, id: &str, owner_id: &str) -> StorageResult<Group> {
    require_internal(db, id)?;
    check_group(db, owner_id, "owner")?;
    update(db, id, "owner_uuid", &owner_id)
}

/// Sets `visible_to_all` of an internal group.
pub(super) fn set_visible_to_all(db: &dyn Db, id: &str, visible: bool) -> StorageResult<Group> {
    update(db, id, "visible_to_all", &visible)
}

/// Deletes an internal group that owns no other group.
pub(super) fn delete(db: &dyn Db, id: &str) -> StorageResult<()> {
    let group = require_internal(db, id)?;
    let owns_others = db.exists(
        "SELECT 1 FROM review_groups WHERE owner_uuid = ?1 AND uuid <> ?1",
        params![id],
    )?;
    if owns_others {
        return Err(StorageError::Conflict(format!(
            "group '{}' owns other groups",
            group.name
        )));
    }
    db.execute("DELETE FROM review_groups WHERE uuid = ?1", params![id])?;
    Ok(())
}

/// Groups matching the query, by name.
pub(super) fn list(db: &dyn Db, query: &GroupQuery) -> StorageResult<Page<Group>> {
    let (fetch, offset) = page_bounds(query.limit, query.skip);
    let pattern = contains_pattern(query.text.as_deref());
    // The owners are a list: one placeholder each, after the fixed ones.
    let owners = match &query.owned_by {
        None => String::new(),
        Some(owners) if owners.is_empty() => " AND 1 = 0".to_owned(),
        Some(owners) => {
            let places: Vec<String> = (0..owners.len()).map(|i| format!("?{}", i + 7)).collect();
            format!(" AND owner_uuid IN ({})", places.join(", "))
        }
    };
    let sql = format!(
        "SELECT {COLUMNS} FROM review_groups \
         WHERE (CAST(?1 AS TEXT) IS NULL OR substr(name, 1, length(?1)) = ?1) \
           AND (CAST(?2 AS TEXT) IS NULL OR name LIKE ?2 ESCAPE '\\') \
           AND (CAST(?3 AS BIGINT) IS NULL OR uuid IN (SELECT group_uuid FROM group_members \
                                       WHERE account_id = ?3)) \
           AND (CAST(?4 AS BIGINT) IS NULL OR visible_to_all = ?4){owners} \
         ORDER BY name LIMIT ?5 OFFSET ?6"
    );
    let mut all = params![
        query.prefix,
        pattern,
        query.member,
        query.visible_to_all,
        fetch,
        offset
    ]
    .to_vec();
    all.extend(
        query
            .owned_by
            .iter()
            .flatten()
            .map(|owner| Param::Text(owner)),
    );
    let groups = db.rows(&sql, &all, group_row)?;
    Ok(into_page(groups, query.limit))
}

/// Direct members, ascending.
pub(super) fn members(db: &dyn Db, id: &str) -> StorageResult<Vec<i64>> {
    require_internal(db, id)?;
    db.rows(
        "SELECT account_id FROM group_members WHERE group_uuid = ?1 ORDER BY account_id",
        params![id],
        |row| row.get(0),
    )
}

/// Adds a member.
pub(super) fn add_member(db: &dyn Db, id: &str, account_id: i64) -> StorageResult<bool> {
    require_internal(db, id)?;
    check_account(db, account_id)?;
    let added = db.execute(
        "INSERT INTO group_members (group_uuid, account_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
        params![id, account_id],
    )?;
    Ok(added > 0)
}

/// Removes a member.
pub(super) fn remove_member(db: &dyn Db, id: &str, account_id: i64) -> StorageResult<bool> {
    require_internal(db, id)?;
    let removed = db.execute(
        "DELETE FROM group_members WHERE group_uuid = ?1 AND account_id = ?2",
        params![id, account_id],
    )?;
    Ok(removed > 0)
}

/// Included groups' ids, by name.
pub(super) fn subgroups(db: &dyn Db, id: &str) -> StorageResult<Vec<String>> {
    require_internal(db, id)?;
    db.rows(
        "SELECT s.subgroup_uuid FROM group_subgroups s \
             JOIN review_groups g ON g.uuid = s.subgroup_uuid \
             WHERE s.group_uuid = ?1 ORDER BY g.name",
        params![id],
        |row| row.get(0),
    )
}

/// Includes a group.
pub(super) fn add_subgroup(db: &dyn Db, id: &str, subgroup_id: &str) -> StorageResult<bool> {
    require_internal(db, id)?;
    check_group(db, subgroup_id, "included")?;
    let added = db.execute("INSERT INTO group_subgroups (group_uuid, subgroup_uuid) VALUES (?1, ?2) ON CONFLICT DO NOTHING", params![id, subgroup_id])?;
    Ok(added > 0)
}

/// Removes an included group.
pub(super) fn remove_subgroup(db: &dyn Db, id: &str, subgroup_id: &str) -> StorageResult<bool> {
    require_internal(db, id)?;
    let removed = db.execute(
        "DELETE FROM group_subgroups WHERE group_uuid = ?1 AND subgroup_uuid = ?2",
        params![id, subgroup_id],
    )?;
    Ok(removed > 0)
}

/// The table `member_of(uuid)` of every group account `?1` belongs to, directly, through
/// included groups, or as `?2` and `?3` (anonymous and registered users): the start of a
/// statement that selects from it.
macro_rules! member_of {
    () => {
        member_of!("?1")
    };
    ($account:literal) => {
        concat!(
            "WITH RECURSIVE member_of(uuid) AS ( \
                 SELECT group_uuid FROM group_members WHERE account_id = ",
            $account,
            " UNION SELECT ?2 \
                 UNION SELECT ?3 \
                 UNION SELECT s.group_uuid FROM group_subgroups s \
                       JOIN member_of m ON s.subgroup_uuid = m.uuid \
             ) "
        )
    };
}
pub(super) use member_of;

/// Every group the account belongs to, directly, through included groups or as a
/// registered user.
pub(super) fn account_groups(db: &dyn Db, account_id: i64) -> StorageResult<Vec<String>> {
    super::accounts::require(db, account_id)?;
    db.rows(
        concat!(member_of!(), "SELECT uuid FROM member_of ORDER BY uuid"),
        params![account_id, ANONYMOUS_USERS_ID, REGISTERED_USERS_ID],
        |row| row.get(0),
    )
}

/// Whether the account belongs to the group named `name`, directly, through included
/// groups or as a registered user: one statement, for the capability check every
/// authenticated request makes.
pub(super) fn is_member_named(db: &dyn Db, account_id: i64, name: &str) -> StorageResult<bool> {
    let found: Vec<i64> = db.rows(
        concat!(
            member_of!(),
            "SELECT 1 FROM member_of m JOIN review_groups g ON g.uuid = m.uuid \
             WHERE g.name = ?4 LIMIT 1"
        ),
        params![account_id, ANONYMOUS_USERS_ID, REGISTERED_USERS_ID, name],
        |row| row.get(0),
    )?;
    Ok(!found.is_empty())
}
