//! The service's data. In memory for now; handlers reach it only through [`Store`]'s
//! methods, so a database can replace it without touching them.

use std::collections::BTreeMap;

use restspec_runtime::{Identity, Timestamp};

use crate::accounts::PasswordHash;
use crate::api::types::{AccountDetailInfo, AccountInfo, ChangeInfo, ChangeStatus};

/// The id of the `admin` account; accounts created later get the next ids.
pub const ADMIN_ACCOUNT_ID: i64 = 1_000_000;

/// Every global capability; `admin` holds them all.
pub const ALL_CAPABILITIES: &[&str] = &[
    "administrateServer",
    "createAccount",
    "createGroup",
    "createProject",
    "viewCaches",
    "viewPlugins",
];

/// An account.
#[derive(Debug, Clone)]
pub struct Account {
    /// Numeric id.
    pub id: i64,
    /// Login name.
    pub username: String,
    /// Full name.
    pub name: Option<String>,
    /// Preferred email.
    pub email: Option<String>,
    /// HTTP password, hashed.
    pub password: Option<PasswordHash>,
    /// Global capabilities.
    pub capabilities: Vec<String>,
    /// When it was registered.
    pub registered_on: Timestamp,
}

impl Account {
    /// The account as other resources show it.
    pub fn info(&self) -> AccountInfo {
        AccountInfo {
            account_id: self.id,
            name: self.name.clone(),
            email: self.email.clone(),
            username: Some(self.username.clone()),
        }
    }

    /// The account with its registration details.
    pub fn detail(&self) -> AccountDetailInfo {
        AccountDetailInfo {
            account_id: self.id,
            name: self.name.clone(),
            email: self.email.clone(),
            username: Some(self.username.clone()),
            registered_on: self.registered_on,
        }
    }

    /// The account as the runtime's authentication sees it.
    pub fn identity(&self) -> Identity {
        let mut identity = Identity::new(self.id.to_string(), self.username.clone());
        for capability in &self.capabilities {
            identity = identity.with_capability(capability.clone());
        }
        identity
    }
}

/// A change.
#[derive(Debug, Clone)]
pub struct Change {
    /// `_number`.
    pub number: i64,
    /// Project name.
    pub project: String,
    /// Target branch.
    pub branch: String,
    /// `I` + 40 hex digits.
    pub change_id: String,
    /// Subject.
    pub subject: String,
    /// Topic.
    pub topic: Option<String>,
    /// State.
    pub status: ChangeStatus,
    /// Owner's account id.
    pub owner: i64,
    /// Created.
    pub created: Timestamp,
    /// Last updated.
    pub updated: Timestamp,
    /// Visible to its owner (and administrators) only.
    pub is_private: bool,
}

/// All data of the service.
#[derive(Debug, Default)]
pub struct Store {
    accounts: BTreeMap<i64, Account>,
    projects: Vec<String>,
    changes: BTreeMap<i64, Change>,
}

impl Store {
    /// A store with the `admin` account and the initial projects.
    pub fn new(admin_password: &str) -> Self {
        let mut store = Store::default();
        store.accounts.insert(
            ADMIN_ACCOUNT_ID,
            Account {
                id: ADMIN_ACCOUNT_ID,
                username: "admin".into(),
                name: Some("Administrator".into()),
                email: None,
                password: Some(PasswordHash::new(admin_password)),
                capabilities: ALL_CAPABILITIES.iter().map(|c| (*c).to_owned()).collect(),
                registered_on: Timestamp::now(),
            },
        );
        store.projects = vec!["All-Projects".into(), "All-Users".into()];
        store
    }

    /// Checks a username and HTTP password.
    pub fn authenticate(&self, username: &str, password: &str) -> Option<&Account> {
        self.accounts
            .values()
            .find(|a| a.username == username)
            .filter(|a| a.password.as_ref().is_some_and(|p| p.verify(password)))
    }

    /// Finds an account by numeric id, username or email.
    pub fn find_account(&self, id: &str) -> Option<&Account> {
        if let Ok(number) = id.parse::<i64>() {
            return self.accounts.get(&number);
        }
        self.accounts
            .values()
            .find(|a| a.username == id || a.email.as_deref() == Some(id))
    }

    /// Finds an account by numeric id.
    pub fn account(&self, id: i64) -> Option<&Account> {
        self.accounts.get(&id)
    }

    /// True when the project exists.
    pub fn project_exists(&self, name: &str) -> bool {
        self.projects.iter().any(|p| p == name)
    }

    /// Finds a change by `_number`, `<project>~<_number>` or Change-Id.
    pub fn find_change(&self, id: &str) -> Option<&Change> {
        if let Ok(number) = id.parse::<i64>() {
            return self.changes.get(&number);
        }
        if let Some((project, number)) = id.rsplit_once('~') {
            return number
                .parse::<i64>()
                .ok()
                .and_then(|n| self.changes.get(&n))
                .filter(|c| c.project == project);
        }
        self.changes.values().find(|c| c.change_id == id)
    }

    /// Stores a new change and answers it.
    pub fn insert_change(&mut self, mut change: Change) -> &Change {
        let number = self.changes.keys().next_back().map_or(1, |n| n + 1);
        change.number = number;
        self.changes.entry(number).or_insert(change)
    }

    /// The change as clients see it.
    pub fn change_info(&self, change: &Change) -> ChangeInfo {
        let owner = self
            .accounts
            .get(&change.owner)
            .map(Account::info)
            .unwrap_or(AccountInfo {
                account_id: change.owner,
                name: None,
                email: None,
                username: None,
            });
        ChangeInfo {
            id: format!("{}~{}", encode_id(&change.project), change.number),
            project: change.project.clone(),
            branch: change.branch.clone(),
            change_id: change.change_id.clone(),
            number: change.number,
            subject: change.subject.clone(),
            topic: change.topic.clone(),
            status: change.status,
            owner,
            created: change.created,
            updated: change.updated,
            is_private: change.is_private.then_some(true),
        }
    }
}

/// URL-encodes an id so it can be put back into a path as one segment (`a/b` → `a%2Fb`).
pub fn encode_id(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for b in id.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
