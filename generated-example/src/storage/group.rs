//! Groups as the storage keeps them.

use restspec_runtime::Timestamp;

/// The id of the system group `Anonymous Users` (everyone, logged in or not).
pub const ANONYMOUS_USERS_ID: &str = "global:Anonymous-Users";
/// The name of the system group `Anonymous Users`.
pub const ANONYMOUS_USERS_NAME: &str = "Anonymous Users";
/// The id of the system group `Registered Users` (every account).
pub const REGISTERED_USERS_ID: &str = "global:Registered-Users";
/// The name of the system group `Registered Users`.
pub const REGISTERED_USERS_NAME: &str = "Registered Users";
/// The name of the internal group created on first start with `admin` as its member.
pub const ADMINISTRATORS_NAME: &str = "Administrators";

/// A group: one of the system groups or an internal group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// `GroupInfo.id`: 40 hex digits for internal groups, `global:…` for system groups.
    pub id: String,
    /// `group_id`, the legacy numeric id of internal groups (from 1); `None` for system
    /// groups.
    pub number: Option<i64>,
    /// Name, unique (case-sensitive).
    pub name: String,
    /// Description.
    pub description: Option<String>,
    /// The id of the group that owns this one; `None` for system groups.
    pub owner_id: Option<String>,
    /// `options.visible_to_all`.
    pub visible_to_all: bool,
    /// True for internal groups; false for the system groups, whose members, owner,
    /// name and options cannot be changed (the storage answers
    /// [`NotAllowed`](super::StorageError::NotAllowed)).
    pub internal: bool,
    /// When the group was created.
    pub created_on: Timestamp,
}

/// What a new internal group is made of; the storage assigns the id, number and time.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewGroup {
    /// Name; taken → [`Conflict`](super::StorageError::Conflict).
    pub name: String,
    /// Description.
    pub description: Option<String>,
    /// The id of the owner group (any group, including a system group); `None`: the new
    /// group owns itself. Unknown → [`Invalid`](super::StorageError::Invalid).
    pub owner_id: Option<String>,
    /// `visible_to_all`.
    pub visible_to_all: bool,
    /// Initial members (the creator, usually). Unknown → `Invalid`.
    pub members: Vec<i64>,
}

/// Which groups [`Storage::list_groups`](super::Storage::list_groups) answers, ordered by
/// name. System groups are listed like the others.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GroupQuery {
    /// Names starting with this (case-sensitive).
    pub prefix: Option<String>,
    /// Case-insensitive (ASCII) substring of the name.
    pub text: Option<String>,
    /// Only groups owned by one of these groups (ids): with the caller's groups from
    /// [`Storage::account_groups`](super::Storage::account_groups), the groups it owns.
    pub owned_by: Option<Vec<String>>,
    /// Only groups with this `visible_to_all`.
    pub visible_to_all: Option<bool>,
    /// Only groups this account is a direct member of.
    pub member: Option<i64>,
    /// At most this many; `None`: all.
    pub limit: Option<usize>,
    /// Skip this many first.
    pub skip: usize,
}
