//! The `review_groups`, `group_members` and `group_subgroups` tables.

use rusqlite::{Connection, OptionalExtension, Row, ToSql, params};

use super::accounts::check_exists as check_account;
use super::util::time_at;
use super::util::{contains_pattern, exists, into_page, next_value, now, page_bounds, random_hex};
use crate::storage::{
    ANONYMOUS_USERS_ID, Group, GroupQuery, NewGroup, Page, REGISTERED_USERS_ID, StorageError,
    StorageResult,
};

const COLUMNS: &str =
    "uuid, group_number, name, description, owner_uuid, visible_to_all, internal, created_on";

fn group_row(row: &Row<'_>) -> rusqlite::Result<Group> {
    Ok(Group {
        id: row.get(0)?,
        number: row.get(1)?,
        name: row.get(2)?,
        description: row.get(3)?,
        owner_id: row.get(4)?,
        visible_to_all: row.get(5)?,
        internal: row.get(6)?,
        created_on: time_at(row, 7)?,
    })
}

fn find_one(conn: &Connection, column: &str, value: &dyn ToSql) -> StorageResult<Option<Group>> {
    let sql = format!("SELECT {COLUMNS} FROM review_groups WHERE {column} = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([value], group_row)
        .optional()?)
}

/// The group with this id.
pub(super) fn by_id(conn: &Connection, id: &str) -> StorageResult<Option<Group>> {
    find_one(conn, "uuid", &id)
}

/// The group with this name.
pub(super) fn by_name(conn: &Connection, name: &str) -> StorageResult<Option<Group>> {
    find_one(conn, "name", &name)
}

/// The group with this legacy number.
pub(super) fn by_number(conn: &Connection, number: i64) -> StorageResult<Option<Group>> {
    find_one(conn, "group_number", &number)
}

fn require(conn: &Connection, id: &str) -> StorageResult<Group> {
    by_id(conn, id)?.ok_or_else(|| StorageError::NotFound(format!("Group Not Found: {id}")))
}

/// The group, which must exist (`NotFound`) and be internal (`NotAllowed`).
fn require_internal(conn: &Connection, id: &str) -> StorageResult<Group> {
    let group = require(conn, id)?;
    if !group.internal {
        return Err(StorageError::NotAllowed(format!(
            "group '{}' is a system group, not an internal group",
            group.name
        )));
    }
    Ok(group)
}

/// `Invalid` unless a group with this id exists: for groups named in an input.
fn check_group(conn: &Connection, id: &str, role: &str) -> StorageResult<()> {
    if exists(
        conn,
        "SELECT 1 FROM review_groups WHERE uuid = ?1",
        params![id],
    )? {
        Ok(())
    } else {
        Err(StorageError::Invalid(format!(
            "{role} group '{id}' not found"
        )))
    }
}

fn check_name_free(conn: &Connection, name: &str) -> StorageResult<()> {
    if name.trim().is_empty() {
        return Err(StorageError::Invalid("group name must not be empty".into()));
    }
    if exists(
        conn,
        "SELECT 1 FROM review_groups WHERE name = ?1",
        params![name],
    )? {
        return Err(StorageError::Conflict(format!(
            "group '{name}' already exists"
        )));
    }
    Ok(())
}

/// Inserts a system group (seeding only).
pub(super) fn insert_system(
    conn: &Connection,
    id: &str,
    name: &str,
    description: &str,
) -> StorageResult<()> {
    let (_, created_on) = now()?;
    conn.prepare_cached(
        "INSERT INTO review_groups (uuid, group_number, name, description, owner_uuid, \
         visible_to_all, internal, created_on) VALUES (?1, NULL, ?2, ?3, NULL, 1, 0, ?4)",
    )?
    .execute(params![id, name, description, created_on])?;
    Ok(())
}

/// Creates an internal group.
pub(super) fn create(conn: &Connection, new: &NewGroup) -> StorageResult<Group> {
    check_name_free(conn, &new.name)?;
    if let Some(owner) = &new.owner_id {
        check_group(conn, owner, "owner")?;
    }
    for member in &new.members {
        check_account(conn, *member)?;
    }
    let id = random_hex(20)?;
    let number = next_value(conn, "group_number")?;
    let (_, created_on) = now()?;
    let owner = new.owner_id.as_deref().unwrap_or(&id);
    conn.prepare_cached(
        "INSERT INTO review_groups (uuid, group_number, name, description, owner_uuid, \
         visible_to_all, internal, created_on) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7)",
    )?
    .execute(params![
        id,
        number,
        new.name,
        new.description,
        owner,
        new.visible_to_all,
        created_on
    ])?;
    for member in &new.members {
        add_member(conn, &id, *member)?;
    }
    require(conn, &id)
}

fn update(conn: &Connection, id: &str, column: &str, value: &dyn ToSql) -> StorageResult<Group> {
    require_internal(conn, id)?;
    let sql = format!("UPDATE review_groups SET {column} = ?2 WHERE uuid = ?1");
    conn.prepare_cached(&sql)?.execute(params![id, value])?;
    require(conn, id)
}

/// Renames an internal group.
pub(super) fn rename(conn: &Connection, id: &str, name: &str) -> StorageResult<Group> {
    let group = require_internal(conn, id)?;
    if group.name == name {
        return Ok(group);
    }
    check_name_free(conn, name)?;
    update(conn, id, "name", &name)
}

/// Sets the description of an internal group.
pub(super) fn set_description(
    conn: &Connection,
    id: &str,
    description: Option<&str>,
) -> StorageResult<Group> {
    update(conn, id, "description", &description)
}

/// Sets the owner of an internal group.
pub(super) fn set_owner(conn: &Connection, id: &str, owner_id: &str) -> StorageResult<Group> {
    require_internal(conn, id)?;
    check_group(conn, owner_id, "owner")?;
    update(conn, id, "owner_uuid", &owner_id)
}

/// Sets `visible_to_all` of an internal group.
pub(super) fn set_visible_to_all(
    conn: &Connection,
    id: &str,
    visible: bool,
) -> StorageResult<Group> {
    update(conn, id, "visible_to_all", &visible)
}

/// Deletes an internal group that owns no other group.
pub(super) fn delete(conn: &Connection, id: &str) -> StorageResult<()> {
    let group = require_internal(conn, id)?;
    let owns_others = exists(
        conn,
        "SELECT 1 FROM review_groups WHERE owner_uuid = ?1 AND uuid <> ?1",
        params![id],
    )?;
    if owns_others {
        return Err(StorageError::Conflict(format!(
            "group '{}' owns other groups",
            group.name
        )));
    }
    conn.prepare_cached("DELETE FROM review_groups WHERE uuid = ?1")?
        .execute(params![id])?;
    Ok(())
}

/// Groups matching the query, by name.
pub(super) fn list(conn: &Connection, query: &GroupQuery) -> StorageResult<Page<Group>> {
    let (fetch, offset) = page_bounds(query.limit, query.skip);
    let pattern = contains_pattern(query.text.as_deref());
    let owners = query
        .owned_by
        .as_ref()
        .map(serde_json::to_string)
        .transpose()
        .map_err(|e| StorageError::Invalid(e.to_string()))?;
    let sql = format!(
        "SELECT {COLUMNS} FROM review_groups \
         WHERE (?1 IS NULL OR substr(name, 1, length(?1)) = ?1) \
           AND (?2 IS NULL OR name LIKE ?2 ESCAPE '\\') \
           AND (?3 IS NULL OR owner_uuid IN (SELECT value FROM json_each(?3))) \
           AND (?4 IS NULL OR uuid IN (SELECT group_uuid FROM group_members \
                                       WHERE account_id = ?4)) \
           AND (?5 IS NULL OR visible_to_all = ?5) \
         ORDER BY name LIMIT ?6 OFFSET ?7"
    );
    let groups = conn
        .prepare_cached(&sql)?
        .query_map(
            params![
                query.prefix,
                pattern,
                owners,
                query.member,
                query.visible_to_all,
                fetch,
                offset
            ],
            group_row,
        )?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(into_page(groups, query.limit))
}

/// Direct members, ascending.
pub(super) fn members(conn: &Connection, id: &str) -> StorageResult<Vec<i64>> {
    require_internal(conn, id)?;
    Ok(conn
        .prepare_cached(
            "SELECT account_id FROM group_members WHERE group_uuid = ?1 ORDER BY account_id",
        )?
        .query_map(params![id], |row| row.get(0))?
        .collect::<Result<_, _>>()?)
}

/// Adds a member.
pub(super) fn add_member(conn: &Connection, id: &str, account_id: i64) -> StorageResult<bool> {
    require_internal(conn, id)?;
    check_account(conn, account_id)?;
    let added = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO group_members (group_uuid, account_id) VALUES (?1, ?2)",
        )?
        .execute(params![id, account_id])?;
    Ok(added > 0)
}

/// Removes a member.
pub(super) fn remove_member(conn: &Connection, id: &str, account_id: i64) -> StorageResult<bool> {
    require_internal(conn, id)?;
    let removed = conn
        .prepare_cached("DELETE FROM group_members WHERE group_uuid = ?1 AND account_id = ?2")?
        .execute(params![id, account_id])?;
    Ok(removed > 0)
}

/// Included groups' ids, by name.
pub(super) fn subgroups(conn: &Connection, id: &str) -> StorageResult<Vec<String>> {
    require_internal(conn, id)?;
    Ok(conn
        .prepare_cached(
            "SELECT s.subgroup_uuid FROM group_subgroups s \
             JOIN review_groups g ON g.uuid = s.subgroup_uuid \
             WHERE s.group_uuid = ?1 ORDER BY g.name",
        )?
        .query_map(params![id], |row| row.get(0))?
        .collect::<Result<_, _>>()?)
}

/// Includes a group.
pub(super) fn add_subgroup(conn: &Connection, id: &str, subgroup_id: &str) -> StorageResult<bool> {
    require_internal(conn, id)?;
    check_group(conn, subgroup_id, "included")?;
    let added = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO group_subgroups (group_uuid, subgroup_uuid) VALUES (?1, ?2)",
        )?
        .execute(params![id, subgroup_id])?;
    Ok(added > 0)
}

/// Removes an included group.
pub(super) fn remove_subgroup(
    conn: &Connection,
    id: &str,
    subgroup_id: &str,
) -> StorageResult<bool> {
    require_internal(conn, id)?;
    let removed = conn
        .prepare_cached("DELETE FROM group_subgroups WHERE group_uuid = ?1 AND subgroup_uuid = ?2")?
        .execute(params![id, subgroup_id])?;
    Ok(removed > 0)
}

/// Every group the account belongs to, directly, through included groups or as a
/// registered user.
pub(super) fn account_groups(conn: &Connection, account_id: i64) -> StorageResult<Vec<String>> {
    super::accounts::require(conn, account_id)?;
    Ok(conn
        .prepare_cached(
            "WITH RECURSIVE member_of(uuid) AS ( \
                 SELECT group_uuid FROM group_members WHERE account_id = ?1 \
                 UNION SELECT ?2 \
                 UNION SELECT ?3 \
                 UNION SELECT s.group_uuid FROM group_subgroups s \
                       JOIN member_of m ON s.subgroup_uuid = m.uuid \
             ) SELECT uuid FROM member_of ORDER BY uuid",
        )?
        .query_map(
            params![account_id, ANONYMOUS_USERS_ID, REGISTERED_USERS_ID],
            |row| row.get(0),
        )?
        .collect::<Result<_, _>>()?)
}
