//! The data both services serve and the account store they authenticate against: one
//! [`Fixture`](crate::Fixture) per service under test, built the same way for both, so that they do the
//! same work per request.
//!
//! Nothing here knows the generated types or the runtime; the records are plain Rust. The
//! quota backend both services call lives in [`crate::quota`].

use std::collections::HashMap;
use std::sync::Arc;

use jiff::Timestamp;

/// The administrator's user name.
pub const ADMIN_USERNAME: &str = "admin";
/// The administrator's HTTP password.
pub const ADMIN_PASSWORD: &str = "secret";
/// The administrator's account id.
pub const ADMIN_ID: i64 = 1_000_000;
/// The quota group of `GET /accounts/{account-id}/detail` (`endpoints::GET_ACCOUNT_DETAIL`
/// of the generated module).
pub const ACCOUNT_DETAIL_QUOTA_GROUP: &str = "/restapi/accounts/detail:GET";
/// The quota group of `GET /changes/{change-id}/revisions/{revision-id}/detail`
/// (`endpoints::GET_REVISION_DETAIL` of the generated module).
pub const REVISION_DETAIL_QUOTA_GROUP: &str = "/restapi/changes/revisions/detail:GET";
/// The realm of the `WWW-Authenticate` challenge: the service's title.
pub const REALM: &str = "Code Review Service";

use restspec_runtime::CredentialCache;
/// A stored HTTP password: the example service's own scheme (argon2id, checked once per
/// credential and then remembered), so both sides of the comparison pay what the example
/// pays.
pub use review_service::passwords::PasswordHash;

/// An account.
#[derive(Debug, Clone)]
pub struct Account {
    /// The numeric id.
    pub id: i64,
    /// The user name.
    pub username: String,
    /// The full name.
    pub name: Option<String>,
    /// The preferred email address.
    pub email: Option<String>,
    /// The display name.
    pub display_name: Option<String>,
    /// The other registered email addresses.
    pub secondary_emails: Vec<String>,
    /// A free-text status message.
    pub status: Option<String>,
    /// When the account was registered.
    pub registered_on: Timestamp,
    /// Inactive accounts cannot log in.
    pub active: bool,
    /// Global capabilities.
    pub capabilities: Vec<String>,
    /// The HTTP password, hashed; `None` when the account cannot use basic authentication.
    pub password: Option<PasswordHash>,
}

/// The state of a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeState {
    /// Open.
    New,
    /// Submitted.
    Merged,
    /// Abandoned.
    Abandoned,
}

/// How a revision differs from the previous one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RevisionKind {
    /// A new version of the change.
    Rework,
    /// A rebase without conflicts.
    TrivialRebase,
    /// Only the commit message changed.
    NoCodeChange,
}

/// How a file changed in a revision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileChange {
    /// Added.
    Added,
    /// Modified (left out of the JSON).
    Modified,
    /// Deleted.
    Deleted,
    /// Renamed.
    Renamed,
}

/// The author or committer of a commit.
#[derive(Debug, Clone)]
pub struct Person {
    /// The name.
    pub name: String,
    /// The email address.
    pub email: String,
    /// When.
    pub date: Timestamp,
    /// The timezone offset from UTC in minutes.
    pub tz: i64,
}

/// The commit of a revision.
#[derive(Debug, Clone)]
pub struct Commit {
    /// The parent commits: SHA-1 and subject.
    pub parents: Vec<(String, String)>,
    /// The author.
    pub author: Person,
    /// The committer.
    pub committer: Person,
    /// The first line of the message.
    pub subject: String,
    /// The full message.
    pub message: String,
}

/// A file a revision modifies.
#[derive(Debug, Clone)]
pub struct File {
    /// Its path.
    pub path: String,
    /// How it changed.
    pub change: FileChange,
    /// The former path of a renamed file.
    pub old_path: Option<String>,
    /// Lines inserted.
    pub lines_inserted: Option<i64>,
    /// Lines deleted.
    pub lines_deleted: Option<i64>,
    /// Bytes by which the file grew.
    pub size_delta: i64,
    /// The size in bytes.
    pub size: i64,
}

/// A revision (patch set).
#[derive(Debug, Clone)]
pub struct Revision {
    /// The patch set number.
    pub number: i64,
    /// The commit SHA-1.
    pub sha: String,
    /// How it differs from the previous one.
    pub kind: RevisionKind,
    /// When it was uploaded.
    pub created: Timestamp,
    /// Who uploaded it (account id).
    pub uploader: i64,
    /// Its Git reference.
    pub git_ref: String,
    /// Its commit.
    pub commit: Commit,
    /// The files it modifies.
    pub files: Vec<File>,
    /// Its description.
    pub description: Option<String>,
}

/// A message of a change.
#[derive(Debug, Clone)]
pub struct Message {
    /// Its id.
    pub id: String,
    /// Its author (account id); `None` for messages of the server.
    pub author: Option<i64>,
    /// When it was posted.
    pub date: Timestamp,
    /// The text.
    pub text: String,
    /// A tag for automated messages.
    pub tag: Option<String>,
    /// The patch set it refers to.
    pub revision_number: Option<i64>,
}

/// A change under review.
#[derive(Debug, Clone)]
pub struct Change {
    /// The change number.
    pub number: i64,
    /// The project.
    pub project: String,
    /// The target branch.
    pub branch: String,
    /// The Change-Id.
    pub change_id: String,
    /// The subject.
    pub subject: String,
    /// The topic.
    pub topic: Option<String>,
    /// The hashtags.
    pub hashtags: Vec<String>,
    /// The state.
    pub state: ChangeState,
    /// The owner (account id).
    pub owner: i64,
    /// When it was created.
    pub created: Timestamp,
    /// When it was last updated.
    pub updated: Timestamp,
    /// Lines inserted.
    pub insertions: i64,
    /// Lines deleted.
    pub deletions: i64,
    /// Unresolved comments.
    pub unresolved_comments: i64,
    /// Reviewers by state (`REVIEWER`, `CC`): account ids.
    pub reviewers: Vec<(String, Vec<i64>)>,
    /// The messages, oldest first.
    pub messages: Vec<Message>,
    /// The revisions, oldest first; the last is current.
    pub revisions: Vec<Revision>,
}

impl Change {
    /// The current (latest) revision.
    pub fn current_revision(&self) -> Option<&Revision> {
        self.revisions.last()
    }

    /// A revision by `current`, its number or its commit SHA-1 (a prefix of at least four
    /// characters will do).
    pub fn revision(&self, id: &str) -> Option<&Revision> {
        if id == "current" {
            return self.current_revision();
        }
        if let Ok(number) = id.parse::<i64>() {
            return self.revisions.iter().find(|r| r.number == number);
        }
        if id.len() >= 4 {
            return self.revisions.iter().find(|r| r.sha.starts_with(id));
        }
        None
    }

    /// `<project>~<number>`: the change's `id` in JSON (the project name needs no
    /// URL-encoding in the fixture).
    pub fn api_id(&self) -> String {
        format!("{}~{}", self.project, self.number)
    }

    /// `<project>~<branch>~<Change-Id>`: the change's `triplet_id` in JSON.
    pub fn triplet_id(&self) -> String {
        format!("{}~{}~{}", self.project, self.branch, self.change_id)
    }
}

/// The in-memory data both services serve.
#[derive(Debug, Clone)]
pub struct Store {
    accounts: Vec<Account>,
    by_username: HashMap<String, usize>,
    changes: Vec<Change>,
    /// Passwords verified recently: both implementations check the slow hash once and then
    /// remember it, as a careful service does.
    verified: Arc<CredentialCache>,
}

impl Store {
    /// The fixture data: `admin` (1000000) and `alice` (1000001), and change 1 of project
    /// `demo` with two revisions and two messages.
    pub fn new() -> Self {
        let accounts = vec![
            Account {
                id: ADMIN_ID,
                username: ADMIN_USERNAME.to_owned(),
                name: Some("Administrator".to_owned()),
                email: Some("admin@example.com".to_owned()),
                display_name: Some("Admin".to_owned()),
                secondary_emails: vec!["root@example.com".to_owned()],
                status: Some("Reviewing".to_owned()),
                registered_on: at(1_767_261_600),
                active: true,
                capabilities: vec!["administrateServer".to_owned()],
                password: Some(PasswordHash::new(ADMIN_PASSWORD)),
            },
            Account {
                id: ADMIN_ID + 1,
                username: "alice".to_owned(),
                name: Some("Alice Example".to_owned()),
                email: Some("alice@example.com".to_owned()),
                display_name: None,
                secondary_emails: Vec::new(),
                status: None,
                registered_on: at(1_767_265_200),
                active: true,
                capabilities: Vec::new(),
                password: Some(PasswordHash::new("alice-pw")),
            },
        ];
        let by_username = accounts
            .iter()
            .enumerate()
            .map(|(i, a)| (a.username.clone(), i))
            .collect();
        Store {
            verified: Arc::new(CredentialCache::default()),
            accounts,
            by_username,
            changes: vec![demo_change()],
        }
    }

    /// Every account.
    pub fn accounts(&self) -> &[Account] {
        &self.accounts
    }

    /// An account by id.
    pub fn account(&self, id: i64) -> Option<&Account> {
        self.accounts.iter().find(|a| a.id == id)
    }

    /// An account by its numeric id or user name.
    pub fn find_account(&self, id: &str) -> Option<&Account> {
        match id.parse::<i64>() {
            Ok(number) => self.account(number),
            Err(_) => self.by_username.get(id).map(|&i| &self.accounts[i]),
        }
    }

    /// The active account with this user name and HTTP password. The slow hash is checked
    /// once; the credentials are then remembered for a while.
    pub fn authenticate(&self, username: &str, password: &str) -> Option<&Account> {
        let account = self
            .by_username
            .get(username)
            .map(|&i| &self.accounts[i])
            .filter(|a| a.active)?;
        let stored = account.password.as_ref()?;
        // The fixture's passwords never change, so the stored hash need not be in the key.
        let key = self.verified.key(username, password, "");
        if self.verified.contains(&key) {
            return Some(account);
        }
        stored.verify(password).then(|| {
            self.verified.insert(key);
            account
        })
    }

    /// A change by its number, `<project>~<number>` or Change-Id.
    pub fn find_change(&self, id: &str) -> Option<&Change> {
        if let Ok(number) = id.parse::<i64>() {
            return self.changes.iter().find(|c| c.number == number);
        }
        if let Some((project, number)) = id.rsplit_once('~') {
            let number = number.parse::<i64>().ok()?;
            return self
                .changes
                .iter()
                .find(|c| c.number == number && c.project == project);
        }
        self.changes.iter().find(|c| c.change_id == id)
    }
}

impl Default for Store {
    fn default() -> Self {
        Self::new()
    }
}

/// `seconds` after the epoch.
fn at(seconds: i64) -> Timestamp {
    Timestamp::from_second(seconds).unwrap_or(Timestamp::UNIX_EPOCH)
}

fn person(name: &str, email: &str, seconds: i64) -> Person {
    Person {
        name: name.to_owned(),
        email: email.to_owned(),
        date: at(seconds),
        tz: 60,
    }
}

fn demo_change() -> Change {
    const CHANGE_ID: &str = "I8473b95934b5732ac55d26311a706c9c2bde9940";
    const PARENT: &str = "1eee2c9d8f352483781e772f35dc586a69ff5646";
    const SHA1: &str = "674ac754f91e64a0efb8087e59a176484bd534d1";
    const SHA2: &str = "b3c2a5f1d0e94c7a8f6e5d4c3b2a1908f7e6d5c4";
    let subject = "Speed up the request path";
    let body =
        "Speed up the request path\n\nChange-Id: I8473b95934b5732ac55d26311a706c9c2bde9940\n";
    let revision = |number: i64, sha: &str, kind, seconds: i64, files: Vec<File>| Revision {
        number,
        sha: sha.to_owned(),
        kind,
        created: at(seconds),
        uploader: ADMIN_ID + 1,
        git_ref: format!("refs/changes/01/1/{number}"),
        commit: Commit {
            parents: vec![(PARENT.to_owned(), "Initial commit".to_owned())],
            author: person("Alice Example", "alice@example.com", seconds - 60),
            committer: person("Alice Example", "alice@example.com", seconds),
            subject: subject.to_owned(),
            message: body.to_owned(),
        },
        files,
        description: None,
    };
    let file = |path: &str, change, inserted: i64, deleted: i64, size: i64| File {
        path: path.to_owned(),
        change,
        old_path: None,
        lines_inserted: (inserted > 0).then_some(inserted),
        lines_deleted: (deleted > 0).then_some(deleted),
        size_delta: (inserted - deleted) * 30,
        size,
    };
    let message =
        |n: i64, author: Option<i64>, text: &str, tag: Option<&str>, revision: i64| Message {
            id: format!("{:08x}", 0x5eed_0000 + n),
            author,
            date: at(1_767_340_800 + n * 3_600),
            text: text.to_owned(),
            tag: tag.map(str::to_owned),
            revision_number: Some(revision),
        };
    Change {
        number: 1,
        project: "demo".to_owned(),
        branch: "master".to_owned(),
        change_id: CHANGE_ID.to_owned(),
        subject: subject.to_owned(),
        topic: Some("performance".to_owned()),
        hashtags: vec!["bench".to_owned(), "runtime".to_owned()],
        state: ChangeState::New,
        owner: ADMIN_ID + 1,
        created: at(1_767_340_800),
        updated: at(1_767_355_200),
        insertions: 42,
        deletions: 7,
        unresolved_comments: 1,
        reviewers: vec![("REVIEWER".to_owned(), vec![ADMIN_ID])],
        messages: vec![
            message(1, None, "Uploaded patch set 1.", Some("autogenerated"), 1),
            message(2, Some(ADMIN_ID), "Patch Set 1: Code-Review-1", None, 1),
        ],
        revisions: vec![
            revision(
                1,
                SHA1,
                RevisionKind::Rework,
                1_767_340_800,
                vec![
                    file("/COMMIT_MSG", FileChange::Added, 9, 0, 410),
                    file("src/handler.rs", FileChange::Modified, 30, 7, 5_120),
                ],
            ),
            revision(
                2,
                SHA2,
                RevisionKind::TrivialRebase,
                1_767_351_600,
                vec![
                    file("/COMMIT_MSG", FileChange::Added, 9, 0, 410),
                    file("src/handler.rs", FileChange::Modified, 33, 7, 5_210),
                ],
            ),
        ],
    }
}
