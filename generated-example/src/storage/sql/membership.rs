//! Which groups an account belongs to: the recursive query over `group_members` and
//! `group_subgroups`, and the lookups built on it. Above both `accounts.rs` and
//! `groups.rs`, which it reads: neither needs the other for it.

use std::sync::LazyLock;

use super::accounts::{by_username, find, require, select_account};
use super::db::{Db, params};
use super::handle::Storage;
use crate::storage::{ANONYMOUS_USERS_ID, Account, REGISTERED_USERS_ID, StorageResult};

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

/// Whether the account belongs to the group named `name`: one statement.
fn is_member_named(db: &dyn Db, account_id: i64, name: &str) -> StorageResult<bool> {
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

impl Storage {
    /// The ids of every group the account belongs to, sorted: the internal groups it is a
    /// member of directly or through included groups (also through an included
    /// `Registered Users`), plus `Anonymous Users` and `Registered Users`.
    pub fn account_groups(&self, account_id: i64) -> StorageResult<Vec<String>> {
        self.read(|db| {
            require(db, account_id)?;
            db.rows(
                concat!(member_of!(), "SELECT uuid FROM member_of ORDER BY uuid"),
                params![account_id, ANONYMOUS_USERS_ID, REGISTERED_USERS_ID],
                |row| row.get(0),
            )
        })
    }

    /// Whether the account belongs to the group named `name` (as [`account_groups`]
    /// counts membership), in one statement: what every authenticated request asks of
    /// `Administrators`.
    ///
    /// [`account_groups`]: Storage::account_groups
    pub fn is_member_of_group_named(&self, account_id: i64, name: &str) -> StorageResult<bool> {
        self.read_one(|db| is_member_named(db, account_id, name))
    }

    /// The account with this username and whether it belongs to the group named `group`
    /// ([`is_member_of_group_named`]): the two lookups of a password check, in one
    /// statement when statements are round trips.
    ///
    /// [`is_member_of_group_named`]: Storage::is_member_of_group_named
    pub fn account_by_username_in_group(
        &self,
        username: &str,
        group: &str,
    ) -> StorageResult<Option<(Account, bool)>> {
        self.read_one(|db| {
            if !db.statements_are_round_trips() {
                let Some(account) = by_username(db, username)? else {
                    return Ok(None);
                };
                let member = is_member_named(db, account.id, group)?;
                return Ok(Some((account, member)));
            }
            static SQL: LazyLock<String> = LazyLock::new(|| {
                select_account(
                    member_of!("(SELECT id FROM accounts WHERE username = ?1)"),
                    ", EXISTS (SELECT 1 FROM member_of m JOIN review_groups g \
                       ON g.uuid = m.uuid WHERE g.name = ?4)",
                    "a.username = ?1",
                )
            });
            let params = params![username, ANONYMOUS_USERS_ID, REGISTERED_USERS_ID, group];
            find(db, &SQL, params, true)
        })
    }
}
