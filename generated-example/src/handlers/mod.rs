//! The handler implementations: the code review service's behaviour behind the generated
//! handler traits, one per family and one per section of a family.
//!
//! Each family's module implements its generated trait itself (`access`, `accounts`,
//! `changes`, `config`, `documentation`, `groups`, `plugins`, `projects`). A large family is
//! split in the spec into sections (`spec/changes/reviewers.yaml`), each with a trait of
//! its own (`ChangesReviewersHandlers`) implemented in the file of the same name beside the
//! family's `mod.rs` (`changes/reviewers.rs`); `mod.rs` holds the family's resolver, the
//! endpoints outside its sections and what the sections share.
//! Every module reaches the data only through [`Storage`]; `common` holds what several
//! families share (errors, paging, rendering of accounts and commit persons, in-process
//! state).
//!
//! Visibility: an item another handler module uses is `pub(crate)`; everything else is
//! private. Nothing here is public API of the crate but [`ReviewService`].

mod access;
mod accounts;
mod changes;
mod common;
mod config;
mod documentation;
mod groups;
mod plugins;
mod projects;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use restspec_runtime::{Caller, RequestContext, ResolvedRecord, Timestamp};

use crate::api::{
    AccountsHandlers, AccountsResource, ChangesHandlers, ChangesResource, Error, GroupsHandlers,
    options, types,
};
use crate::storage::Storage;

pub use common::ServerState;

/// The service: the storage, plus the state that lives only while the process runs
/// (plugins, caches, tasks).
#[derive(Clone)]
pub struct ReviewService {
    /// The data.
    pub storage: Storage,
    /// In-process state.
    pub server: Arc<Mutex<ServerState>>,
    /// When the process started.
    pub started: Timestamp,
}

impl std::fmt::Debug for ReviewService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReviewService").finish_non_exhaustive()
    }
}

impl ReviewService {
    /// A service over `storage`.
    pub fn new(storage: Storage) -> Self {
        ReviewService {
            storage,
            server: Arc::new(Mutex::new(ServerState::default())),
            started: Timestamp::now(),
        }
    }
}
