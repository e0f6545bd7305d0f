//! Changes, their reviewers and messages as the storage keeps them.

use std::fmt;
use std::str::FromStr;

use restspec_runtime::Timestamp;

/// A change's state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ChangeStatus {
    /// Open for review.
    #[default]
    New,
    /// Submitted.
    Merged,
    /// Abandoned.
    Abandoned,
}

impl ChangeStatus {
    /// The name clients see: `NEW`, `MERGED`, `ABANDONED`.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeStatus::New => "NEW",
            ChangeStatus::Merged => "MERGED",
            ChangeStatus::Abandoned => "ABANDONED",
        }
    }
}

impl fmt::Display for ChangeStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ChangeStatus {
    type Err = String;

    /// Reads `NEW`, `MERGED` or `ABANDONED`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "NEW" => Ok(ChangeStatus::New),
            "MERGED" => Ok(ChangeStatus::Merged),
            "ABANDONED" => Ok(ChangeStatus::Abandoned),
            other => Err(format!("unknown change status '{other}'")),
        }
    }
}

/// A move between states, checked and applied atomically by
/// [`Storage::transition_change`](super::Storage::transition_change).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Transition {
    /// `NEW` → `ABANDONED`.
    Abandon,
    /// `ABANDONED` → `NEW`.
    Restore,
    /// `NEW` → `MERGED`; records submitter and time, and points the project's branch at
    /// the change's commit (creating the branch if needed).
    Submit,
}

impl Transition {
    /// The state the change must be in.
    pub fn from(self) -> ChangeStatus {
        match self {
            Transition::Abandon | Transition::Submit => ChangeStatus::New,
            Transition::Restore => ChangeStatus::Abandoned,
        }
    }

    /// The state the change ends in.
    pub fn to(self) -> ChangeStatus {
        match self {
            Transition::Abandon => ChangeStatus::Abandoned,
            Transition::Restore => ChangeStatus::New,
            Transition::Submit => ChangeStatus::Merged,
        }
    }
}

/// A change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// `_number`: sequential from 1.
    pub number: i64,
    /// `change_id`: `I` + 40 hex digits, unique.
    pub change_id: String,
    /// Project name.
    pub project: String,
    /// Target branch, short name (`master`, as `ChangeInfo.branch` shows it).
    pub branch: String,
    /// Subject.
    pub subject: String,
    /// Topic.
    pub topic: Option<String>,
    /// State.
    pub status: ChangeStatus,
    /// The owner's account id.
    pub owner: i64,
    /// Created.
    pub created: Timestamp,
    /// Last updated (every change of the change, its reviewers or messages).
    pub updated: Timestamp,
    /// When it was merged.
    pub submitted: Option<Timestamp>,
    /// Who merged it.
    pub submitter: Option<i64>,
    /// Visible to its owner, its reviewers and administrators only.
    pub is_private: bool,
    /// Work in progress.
    pub work_in_progress: bool,
    /// Hashtags, sorted.
    pub hashtags: Vec<String>,
    /// The current patch set's number (1: changes have one patch set so far).
    pub current_patch_set: i64,
    /// The current patch set's commit: 40 hex digits (fake).
    pub current_revision: String,
}

/// What a new change is made of; the storage assigns number, Change-Id, commit and times.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewChange {
    /// An existing project, else [`Invalid`](super::StorageError::Invalid) (422).
    pub project: String,
    /// Target branch, short or full (`refs/heads/` is removed). Whether it must exist is
    /// the handler's decision; the storage does not check.
    pub branch: String,
    /// Subject.
    pub subject: String,
    /// Topic.
    pub topic: Option<String>,
    /// The owner, an existing account, else `Invalid`.
    pub owner: i64,
    /// Private change.
    pub is_private: bool,
    /// Work in progress.
    pub work_in_progress: bool,
}

/// Which private changes a query may answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum PrivateFilter {
    /// None (anonymous callers).
    #[default]
    Exclude,
    /// Those this account owns or reviews (as reviewer or CC): ordinary callers.
    VisibleTo(i64),
    /// All (administrators).
    Include,
}

/// Which changes [`Storage::query_changes`](super::Storage::query_changes) answers,
/// newest update first. Every filter that is set must match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangeQuery {
    /// `status:`.
    pub status: Option<ChangeStatus>,
    /// `owner:` (account id).
    pub owner: Option<i64>,
    /// `reviewer:` (account id).
    pub reviewer: Option<i64>,
    /// `project:` (exact).
    pub project: Option<String>,
    /// `branch:` (short or full name).
    pub branch: Option<String>,
    /// `topic:` (exact).
    pub topic: Option<String>,
    /// `hashtag:` (exact).
    pub hashtag: Option<String>,
    /// Case-insensitive (ASCII) substring of the subject (`message:`, free text).
    pub subject: Option<String>,
    /// `is:wip` (`Some(true)`) or `-is:wip` (`Some(false)`).
    pub work_in_progress: Option<bool>,
    /// Private changes the caller may see; private changes are filtered before `limit`
    /// and `skip` apply.
    pub private: PrivateFilter,
    /// At most this many (`n`); `None`: all.
    pub limit: Option<usize>,
    /// Skip this many first (`S`).
    pub skip: usize,
}

/// A message on a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeMessage {
    /// Unique id (40 hex digits).
    pub id: String,
    /// The change's `_number`.
    pub change: i64,
    /// The author; `None` for messages of the service itself.
    pub author: Option<i64>,
    /// Text.
    pub message: String,
    /// When it was written.
    pub date: Timestamp,
    /// The patch set current when it was written.
    pub patch_set: i64,
    /// A tag for automated messages (`autogenerated:gerrit:abandon`).
    pub tag: Option<String>,
}

/// A message to add to a change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewMessage {
    /// The author (an existing account, else [`Invalid`](super::StorageError::Invalid));
    /// `None`: the service itself.
    pub author: Option<i64>,
    /// Text.
    pub message: String,
    /// A tag for automated messages.
    pub tag: Option<String>,
}

/// The role of a reviewer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ReviewerState {
    /// A reviewer.
    #[default]
    Reviewer,
    /// Kept informed (CC).
    Cc,
}

impl ReviewerState {
    /// The name clients see: `REVIEWER`, `CC`.
    pub fn as_str(self) -> &'static str {
        match self {
            ReviewerState::Reviewer => "REVIEWER",
            ReviewerState::Cc => "CC",
        }
    }
}

impl FromStr for ReviewerState {
    type Err = String;

    /// Reads `REVIEWER` or `CC`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "REVIEWER" => Ok(ReviewerState::Reviewer),
            "CC" => Ok(ReviewerState::Cc),
            other => Err(format!("unknown reviewer state '{other}'")),
        }
    }
}

/// A reviewer of a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reviewer {
    /// The account.
    pub account_id: i64,
    /// Reviewer or CC.
    pub state: ReviewerState,
    /// When it was added (or its state last changed).
    pub added_on: Timestamp,
}
