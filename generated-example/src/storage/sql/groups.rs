//! The `review_groups`, `group_members` and `group_subgroups` tables.

use super::accounts::check_exists as check_account;
use super::db::{Db, Param, Row, ToParam, params};
use super::handle::Storage;
use super::util::{contains_pattern, into_page, next_value, now, page_bounds, random_hex};
use crate::storage::{Group, GroupQuery, NewGroup, Page, StorageError, StorageResult};

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

/// The group whose `column` is `value`.
fn find_one(db: &dyn Db, column: &str, value: &dyn ToParam) -> StorageResult<Option<Group>> {
    let sql = format!("SELECT {COLUMNS} FROM review_groups WHERE {column} = ?1");
    db.row(&sql, params![value], group_row)
}

/// The group with this id, or `NotFound`.
fn require(db: &dyn Db, id: &str) -> StorageResult<Group> {
    find_one(db, "uuid", &id)?
        .ok_or_else(|| StorageError::NotFound(format!("Group Not Found: {id}")))
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

/// Creates an internal group: [`Storage::create_group`], and the seeded `Administrators`
/// in the seeding's transaction.
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

/// Sets one column of an internal group; answers the group as it is then.
fn update(db: &dyn Db, id: &str, column: &str, value: &dyn ToParam) -> StorageResult<Group> {
    require_internal(db, id)?;
    let sql = format!("UPDATE review_groups SET {column} = ?2 WHERE uuid = ?1");
    db.execute(&sql, params![id, value])?;
    require(db, id)
}

/// Adds a member; answers false when it was one already. A step of [`create`] too.
fn add_member(db: &dyn Db, id: &str, account_id: i64) -> StorageResult<bool> {
    require_internal(db, id)?;
    check_account(db, account_id)?;
    let added = db.execute(
        "INSERT INTO group_members (group_uuid, account_id) VALUES (?1, ?2) \
         ON CONFLICT DO NOTHING",
        params![id, account_id],
    )?;
    Ok(added > 0)
}

impl Storage {
    /// Creates an internal group with a new 40-hex id and the next number. Taken name →
    /// `Conflict`; unknown owner or member → `Invalid`.
    pub fn create_group(&self, new: &NewGroup) -> StorageResult<Group> {
        self.write(|db| create(db, new))
    }

    /// The group with this id (`GroupInfo.id`).
    pub fn group(&self, id: &str) -> StorageResult<Option<Group>> {
        self.read(|db| find_one(db, "uuid", &id))
    }

    /// The group with this name (exact).
    pub fn group_by_name(&self, name: &str) -> StorageResult<Option<Group>> {
        self.read(|db| find_one(db, "name", &name))
    }

    /// The internal group with this legacy number (`group_id`).
    pub fn group_by_number(&self, number: i64) -> StorageResult<Option<Group>> {
        self.read(|db| find_one(db, "group_number", &number))
    }

    /// Finds a group the way URLs name them: id, then legacy number, then name.
    pub fn find_group(&self, id: &str) -> StorageResult<Option<Group>> {
        if let Some(group) = self.group(id)? {
            return Ok(Some(group));
        }
        if let Ok(number) = id.parse::<i64>()
            && let Some(group) = self.group_by_number(number)?
        {
            return Ok(Some(group));
        }
        self.group_by_name(id)
    }

    /// Deletes an internal group with its memberships. System group → `NotAllowed`;
    /// a group that owns other groups → `Conflict`.
    pub fn delete_group(&self, id: &str) -> StorageResult<()> {
        self.write(|db| {
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
        })
    }

    /// Renames. Taken → `Conflict`; system group → `NotAllowed` (as for every change
    /// of a system group below).
    pub fn rename_group(&self, id: &str, name: &str) -> StorageResult<Group> {
        self.write(|db| {
            let group = require_internal(db, id)?;
            if group.name == name {
                return Ok(group);
            }
            check_name_free(db, name)?;
            update(db, id, "name", &name)
        })
    }

    /// Sets or clears the description.
    pub fn set_group_description(
        &self,
        id: &str,
        description: Option<&str>,
    ) -> StorageResult<Group> {
        self.write(|db| update(db, id, "description", &description))
    }

    /// Sets the owner group (by id); unknown owner → `Invalid`.
    pub fn set_group_owner(&self, id: &str, owner_id: &str) -> StorageResult<Group> {
        self.write(|db| {
            require_internal(db, id)?;
            check_group(db, owner_id, "owner")?;
            update(db, id, "owner_uuid", &owner_id)
        })
    }

    /// Sets `visible_to_all`.
    pub fn set_group_visible_to_all(&self, id: &str, visible: bool) -> StorageResult<Group> {
        self.write(|db| update(db, id, "visible_to_all", &visible))
    }

    /// Groups matching `query`, ordered by name.
    pub fn list_groups(&self, query: &GroupQuery) -> StorageResult<Page<Group>> {
        self.read(|db| {
            let (fetch, offset) = page_bounds(query.limit, query.skip);
            let pattern = contains_pattern(query.text.as_deref());
            // The owners are a list: one placeholder each, after the fixed ones.
            let owners = match &query.owned_by {
                None => String::new(),
                Some(owners) if owners.is_empty() => " AND 1 = 0".to_owned(),
                Some(owners) => {
                    let places: Vec<String> =
                        (0..owners.len()).map(|i| format!("?{}", i + 7)).collect();
                    format!(" AND owner_uuid IN ({})", places.join(", "))
                }
            };
            let sql = format!(
                "SELECT {COLUMNS} FROM review_groups \
                 WHERE (CAST(?1 AS TEXT) IS NULL OR substr(name, 1, length(?1)) = ?1) \
                   AND (CAST(?2 AS TEXT) IS NULL OR name LIKE ?2 ESCAPE '\\') \
                   AND (CAST(?3 AS BIGINT) IS NULL OR uuid IN (SELECT group_uuid \
                        FROM group_members WHERE account_id = ?3)) \
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
        })
    }

    /// The direct members' account ids, ascending; system group → `NotAllowed`.
    pub fn group_members(&self, id: &str) -> StorageResult<Vec<i64>> {
        self.read(|db| {
            require_internal(db, id)?;
            db.rows(
                "SELECT account_id FROM group_members WHERE group_uuid = ?1 \
                 ORDER BY account_id",
                params![id],
                |row| row.get(0),
            )
        })
    }

    /// Adds a member; answers false when it was one already. Unknown account → `Invalid`.
    pub fn add_group_member(&self, id: &str, account_id: i64) -> StorageResult<bool> {
        self.write(|db| add_member(db, id, account_id))
    }

    /// Removes a member; answers false when it was none.
    pub fn remove_group_member(&self, id: &str, account_id: i64) -> StorageResult<bool> {
        self.write(|db| {
            require_internal(db, id)?;
            let removed = db.execute(
                "DELETE FROM group_members WHERE group_uuid = ?1 AND account_id = ?2",
                params![id, account_id],
            )?;
            Ok(removed > 0)
        })
    }

    /// The ids of the directly included groups, ordered by name; system group →
    /// `NotAllowed`.
    pub fn subgroups(&self, id: &str) -> StorageResult<Vec<String>> {
        self.read(|db| {
            require_internal(db, id)?;
            db.rows(
                "SELECT s.subgroup_uuid FROM group_subgroups s \
                 JOIN review_groups g ON g.uuid = s.subgroup_uuid \
                 WHERE s.group_uuid = ?1 ORDER BY g.name",
                params![id],
                |row| row.get(0),
            )
        })
    }

    /// Includes a group (system groups too); answers false when it was included already.
    /// Unknown subgroup → `Invalid`.
    pub fn add_subgroup(&self, id: &str, subgroup_id: &str) -> StorageResult<bool> {
        self.write(|db| {
            require_internal(db, id)?;
            check_group(db, subgroup_id, "included")?;
            let added = db.execute(
                "INSERT INTO group_subgroups (group_uuid, subgroup_uuid) VALUES (?1, ?2) \
                 ON CONFLICT DO NOTHING",
                params![id, subgroup_id],
            )?;
            Ok(added > 0)
        })
    }

    /// Removes an included group; answers false when it was not included.
    pub fn remove_subgroup(&self, id: &str, subgroup_id: &str) -> StorageResult<bool> {
        self.write(|db| {
            require_internal(db, id)?;
            let removed = db.execute(
                "DELETE FROM group_subgroups WHERE group_uuid = ?1 AND subgroup_uuid = ?2",
                params![id, subgroup_id],
            )?;
            Ok(removed > 0)
        })
    }
}
