//! Projects and their branches as the storage keeps them.

use std::fmt;
use std::str::FromStr;

use restspec_runtime::Timestamp;

/// The root project every other project inherits from; it has no parent.
pub const ALL_PROJECTS: &str = "All-Projects";
/// The project of user settings, a child of `All-Projects`.
pub const ALL_USERS: &str = "All-Users";
/// The ref of a project's configuration, created with every project.
pub const META_CONFIG_REF: &str = "refs/meta/config";
/// The default `HEAD` and the branch `create_empty_commit` creates.
pub const DEFAULT_BRANCH: &str = "refs/heads/master";

/// A project's state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ProjectState {
    /// Readable and writable.
    #[default]
    Active,
    /// Readable only.
    ReadOnly,
    /// Visible to project owners only.
    Hidden,
}

impl ProjectState {
    /// The name clients see: `ACTIVE`, `READ_ONLY`, `HIDDEN`.
    pub fn as_str(self) -> &'static str {
        match self {
            ProjectState::Active => "ACTIVE",
            ProjectState::ReadOnly => "READ_ONLY",
            ProjectState::Hidden => "HIDDEN",
        }
    }
}

impl fmt::Display for ProjectState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ProjectState {
    type Err = String;

    /// Reads `ACTIVE`, `READ_ONLY` or `HIDDEN`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "ACTIVE" => Ok(ProjectState::Active),
            "READ_ONLY" => Ok(ProjectState::ReadOnly),
            "HIDDEN" => Ok(ProjectState::Hidden),
            other => Err(format!("unknown project state '{other}'")),
        }
    }
}

/// A project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    /// Name, unique (case-sensitive); may contain `/`.
    pub name: String,
    /// The parent project; `None` only for `All-Projects`.
    pub parent: Option<String>,
    /// Description.
    pub description: Option<String>,
    /// State.
    pub state: ProjectState,
    /// The ref `HEAD` points to (`refs/heads/master` unless set).
    pub head: String,
    /// When the project was created.
    pub created_on: Timestamp,
}

/// What a new project is made of.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewProject {
    /// Name; taken → [`Conflict`](super::StorageError::Conflict).
    pub name: String,
    /// Parent project; `None`: `All-Projects`. Unknown →
    /// [`Invalid`](super::StorageError::Invalid).
    pub parent: Option<String>,
    /// Description.
    pub description: Option<String>,
    /// State.
    pub state: ProjectState,
    /// Create the branches below, each pointing at one (fake) empty commit.
    pub create_empty_commit: bool,
    /// The branches `create_empty_commit` creates (`refs/heads/` is added to short
    /// names); empty: `refs/heads/master`. The first one becomes `HEAD`.
    pub branches: Vec<String>,
    /// The author of the project's first commits (`None`: the service).
    pub creator: Option<i64>,
}

/// Which projects [`Storage::list_projects`](super::Storage::list_projects) answers,
/// ordered by name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectQuery {
    /// Names starting with this (`p`), case-sensitive.
    pub prefix: Option<String>,
    /// Case-insensitive (ASCII) substring of the name (`m`).
    pub text: Option<String>,
    /// Only projects in this state.
    pub state: Option<ProjectState>,
    /// Leave out `HIDDEN` projects (the real service lists them only with `all`).
    pub exclude_hidden: bool,
    /// Only direct children of this project.
    pub parent: Option<String>,
    /// At most this many (`n`); `None`: all.
    pub limit: Option<usize>,
    /// Skip this many first (`S`).
    pub skip: usize,
}

/// A branch (or other ref) of a project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    /// Full ref name: `refs/heads/master`, `refs/meta/config`.
    pub name: String,
    /// The commit it points at: 40 hex digits (fake: there is no repository).
    pub revision: String,
}

/// A tag of a project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// Full ref name: `refs/tags/v1.0`.
    pub name: String,
    /// The tag object (annotated tags) or the tagged commit (lightweight tags).
    pub revision: String,
    /// The tagged commit (annotated tags only).
    pub object: Option<String>,
    /// The message (annotated tags only).
    pub message: Option<String>,
    /// Who made it (annotated tags only).
    pub tagger: Option<i64>,
    /// When it was made.
    pub created: Timestamp,
}

/// What a new tag is made of.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewTag {
    /// Name, short (`v1.0`) or full (`refs/tags/v1.0`); taken →
    /// [`Conflict`](super::StorageError::Conflict).
    pub name: String,
    /// The commit to tag: a commit of the project (the handler resolves branch names and
    /// `HEAD` first), else [`Invalid`](super::StorageError::Invalid).
    pub revision: String,
    /// A message makes the tag annotated: it gets a tag object of its own.
    pub message: Option<String>,
    /// Who makes it (recorded for annotated tags).
    pub tagger: Option<i64>,
}

/// A (fake) commit of a project: the service has no repositories, but remembers the
/// commits it made up, so that branches, tags and revisions can be resolved and shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commit {
    /// SHA-1: 40 hex digits.
    pub sha: String,
    /// The project it belongs to.
    pub project: String,
    /// Its parent, if any.
    pub parent: Option<String>,
    /// Author and committer (`None`: the service).
    pub author: Option<i64>,
    /// The first line of the message.
    pub subject: String,
    /// The full message.
    pub message: String,
    /// When it was made.
    pub created: Timestamp,
}

/// `refs/tags/<name>` for a short tag name; full ref names (`refs/…`) as they are.
pub fn full_tag_ref(tag: &str) -> String {
    if tag.starts_with("refs/") {
        tag.to_owned()
    } else {
        format!("refs/tags/{tag}")
    }
}

/// `refs/heads/<name>` for a short branch name; full ref names (`refs/…`) as they are.
pub fn full_ref(branch: &str) -> String {
    if branch.starts_with("refs/") {
        branch.to_owned()
    } else {
        format!("refs/heads/{branch}")
    }
}

/// The short name of a branch: `refs/heads/master` → `master`; other refs as they are.
pub fn short_branch(branch: &str) -> &str {
    branch.strip_prefix("refs/heads/").unwrap_or(branch)
}
