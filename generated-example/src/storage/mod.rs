// Declared by `pub mod storage;` in lib.rs.

//! The service's persistent data behind the [`Storage`] handle.
//!
//! Handlers see only this handle and the plain types of this module; no SQL leaves it.
//! Its queries are written once, in SQL, for every database engine (`sql/`); an engine is
//! a backend under it: [`SqliteStorage`], an embedded SQLite database in
//! `<site>/db/review.sqlite`, or [`PgStorage`], a PostgreSQL database that several
//! instances share. [`Storage::new`] makes the handle of either.
//!
//! # Calling it
//!
//! Every method is synchronous and blocking: it takes the database lock, and a method
//! that changes anything commits (with `synchronous=FULL`, an fsync) before it returns.
//! A write that returned `Ok` is on disk and survives `kill -9`. The calls are short
//! (well under a millisecond for reads, one fsync for writes), so handlers may call them
//! directly from async code; inside a loop over many items, or wherever latency on the
//! runtime's threads matters, wrap them in `tokio::task::spawn_blocking` with a clone of
//! the [`Storage`] (a clone is cheap and shares the database).
//!
//! Each method is atomic on its own. A sequence of calls is not: check-then-act logic
//! that must not race belongs in one method (as [`Storage::transition_change`] does for
//! state changes and `create_*` do for taken names).
//!
//! # Errors
//!
//! Every method answers a [`StorageError`] instead of panicking; its variants map onto
//! HTTP statuses (see there). Lookups answer `Ok(None)` for a missing object; methods
//! about one object (`set_*`, `rename_*`, member changes) answer `NotFound` instead.
//!
//! # Times
//!
//! The storage stamps times itself (`registered_on`, `created`, `updated`, message
//! dates) with [`Timestamp::now`](restspec_runtime::Timestamp::now), and keeps them to the
//! nanosecond.

mod account;
mod change;
mod error;
mod group;
mod postgres;
mod project;
mod sql;
pub(crate) mod sqlite;

#[cfg(test)]
mod tests;

pub use account::{
    ADMIN_ACCOUNT_ID, ADMIN_USERNAME, Account, AccountQuery, AdminSeed, NewAccount, Session,
};
pub use change::{
    Change, ChangeMessage, ChangeQuery, ChangeStatus, NewChange, NewMessage, PrivateFilter,
    Reviewer, ReviewerState, Transition,
};
pub use error::{StorageError, StorageResult};
pub use group::{
    ADMINISTRATORS_NAME, ANONYMOUS_USERS_ID, ANONYMOUS_USERS_NAME, Group, GroupQuery, NewGroup,
    REGISTERED_USERS_ID, REGISTERED_USERS_NAME,
};
pub use postgres::{DEFAULT_CALL_TIMEOUT as DEFAULT_DATABASE_TIMEOUT, PgStorage};
pub use project::{
    ALL_PROJECTS, ALL_USERS, Branch, Commit, DEFAULT_BRANCH, META_CONFIG_REF, NewProject, NewTag,
    Project, ProjectQuery, ProjectState, Tag, full_ref, full_tag_ref, short_branch,
};
pub use sql::Storage;
pub use sqlite::{DATABASE_PATH, SqliteStorage};

/// One page of a list: the items asked for and whether more follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    /// The items, at most `limit` of them.
    pub items: Vec<T>,
    /// True when items beyond `skip + limit` exist (`_more_changes`, `_more_accounts`).
    pub more: bool,
}

impl<T> Default for Page<T> {
    fn default() -> Self {
        Page {
            items: Vec::new(),
            more: false,
        }
    }
}
