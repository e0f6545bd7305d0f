//! The service's data, in memory: users, and projects holding their issues (with notes),
//! labels and merge requests. Records hold what is stored; the answers' absolute URLs are
//! made when a request reads them (`views`), from the URL that request reached the service
//! at.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use restspec_runtime::{Caller, Rfc3339Timestamp};

use crate::api::types::{IssueState, MergeRequestState, Visibility};

/// A user, and the token they call with.
#[derive(Debug, Clone)]
pub(crate) struct UserRecord {
    pub(crate) id: i64,
    pub(crate) username: String,
    pub(crate) name: String,
    pub(crate) email: String,
    pub(crate) token: String,
    pub(crate) admin: bool,
    pub(crate) created_at: Rfc3339Timestamp,
}

/// A project and everything in it.
#[derive(Debug, Clone)]
pub(crate) struct ProjectRecord {
    pub(crate) id: i64,
    pub(crate) name: String,
    pub(crate) path: String,
    pub(crate) owner: i64,
    pub(crate) description: Option<String>,
    pub(crate) default_branch: Option<String>,
    pub(crate) visibility: Visibility,
    pub(crate) created_at: Rfc3339Timestamp,
    pub(crate) updated_at: Rfc3339Timestamp,
    /// Issues by `iid`.
    pub(crate) issues: BTreeMap<i64, IssueRecord>,
    pub(crate) next_iid: i64,
    /// Labels by id.
    pub(crate) labels: BTreeMap<i64, LabelRecord>,
    pub(crate) merge_requests: Vec<MergeRequestRecord>,
}

/// An issue and its notes.
#[derive(Debug, Clone)]
pub(crate) struct IssueRecord {
    pub(crate) id: i64,
    pub(crate) iid: i64,
    pub(crate) title: String,
    pub(crate) description: Option<String>,
    pub(crate) state: IssueState,
    pub(crate) labels: Vec<String>,
    pub(crate) author: i64,
    pub(crate) confidential: bool,
    pub(crate) due_date: Option<String>,
    pub(crate) created_at: Rfc3339Timestamp,
    pub(crate) updated_at: Rfc3339Timestamp,
    pub(crate) closed_at: Option<Rfc3339Timestamp>,
    pub(crate) closed_by: Option<i64>,
    /// Notes by id.
    pub(crate) notes: BTreeMap<i64, NoteRecord>,
}

/// A comment on an issue.
#[derive(Debug, Clone)]
pub(crate) struct NoteRecord {
    pub(crate) id: i64,
    pub(crate) body: String,
    pub(crate) author: i64,
    pub(crate) created_at: Rfc3339Timestamp,
    pub(crate) updated_at: Rfc3339Timestamp,
}

/// A project's label.
#[derive(Debug, Clone)]
pub(crate) struct LabelRecord {
    pub(crate) id: i64,
    pub(crate) name: String,
    pub(crate) color: String,
    pub(crate) description: Option<String>,
    pub(crate) priority: Option<i64>,
}

/// A merge request (read only here).
#[derive(Debug, Clone)]
pub(crate) struct MergeRequestRecord {
    pub(crate) id: i64,
    pub(crate) iid: i64,
    pub(crate) title: String,
    pub(crate) state: MergeRequestState,
    pub(crate) source_branch: String,
    pub(crate) target_branch: String,
    pub(crate) author: i64,
    pub(crate) created_at: Rfc3339Timestamp,
}

/// Everything, behind one lock.
#[derive(Debug, Default)]
pub(crate) struct Data {
    pub(crate) users: Vec<UserRecord>,
    /// Projects by id.
    pub(crate) projects: BTreeMap<i64, ProjectRecord>,
    next_id: i64,
}

impl Data {
    /// A fresh id for a project, issue, note or label: unique over the whole service.
    pub(crate) fn next_id(&mut self) -> i64 {
        self.next_id += 1;
        self.next_id
    }

    pub(crate) fn user(&self, id: i64) -> Option<&UserRecord> {
        self.users.iter().find(|u| u.id == id)
    }

    /// The project `id` names, by number or by full path (`alice/demo`), if `caller` may
    /// see it.
    pub(crate) fn project(&self, caller: &Caller, id: &str) -> Option<&ProjectRecord> {
        let found = match id.parse::<i64>() {
            Ok(number) => self.projects.get(&number),
            Err(_) => self
                .projects
                .values()
                .find(|p| self.full_path(p).as_deref() == Some(id)),
        }?;
        self.may_see(caller, found).then_some(found)
    }

    /// `namespace/path`.
    pub(crate) fn full_path(&self, project: &ProjectRecord) -> Option<String> {
        let owner = self.user(project.owner)?;
        Some(format!("{}/{}", owner.username, project.path))
    }

    /// Public projects are anyone's to see; the others their owner's and admins'.
    pub(crate) fn may_see(&self, caller: &Caller, project: &ProjectRecord) -> bool {
        project.visibility == Visibility::Public || self.may_change(caller, project)
    }

    /// Only the owner and admins change a project and what is in it.
    pub(crate) fn may_change(&self, caller: &Caller, project: &ProjectRecord) -> bool {
        match caller_id(caller) {
            Some(id) => id == project.owner || self.user(id).is_some_and(|u| u.admin),
            None => false,
        }
    }
}

/// The calling user's id, when there is one.
pub(crate) fn caller_id(caller: &Caller) -> Option<i64> {
    caller.identity().and_then(|i| i.id.parse().ok())
}

/// The service's data, shared by every request.
#[derive(Debug, Clone, Default)]
pub(crate) struct Store(Arc<Mutex<Data>>);

impl Store {
    /// The data, locked for one request's work (nothing awaits while it is held).
    pub(crate) fn lock(&self) -> MutexGuard<'_, Data> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Users `alice` (an admin, token `alice-token`) and `bob` (`bob-token`), and alice's
    /// public project `alice/seed` (id 1) with merge request 1.
    pub(crate) fn seeded() -> Self {
        let store = Store::default();
        {
            let mut data = store.lock();
            let now = Rfc3339Timestamp::now();
            for (id, username, name, admin) in [
                (1, "alice", "Alice Liddell", true),
                (2, "bob", "Bob Builder", false),
            ] {
                data.users.push(UserRecord {
                    id,
                    username: username.to_owned(),
                    name: name.to_owned(),
                    email: format!("{username}@example.com"),
                    token: format!("{username}-token"),
                    admin,
                    created_at: now,
                });
            }
            let id = data.next_id();
            let mr = data.next_id();
            data.projects.insert(
                id,
                ProjectRecord {
                    id,
                    name: "seed".to_owned(),
                    path: "seed".to_owned(),
                    owner: 1,
                    description: Some("The project every new service starts with.".to_owned()),
                    default_branch: Some("main".to_owned()),
                    visibility: Visibility::Public,
                    created_at: now,
                    updated_at: now,
                    issues: BTreeMap::new(),
                    next_iid: 1,
                    labels: BTreeMap::new(),
                    merge_requests: vec![MergeRequestRecord {
                        id: mr,
                        iid: 1,
                        title: "Seed merge request".to_owned(),
                        state: MergeRequestState::Opened,
                        source_branch: "feature".to_owned(),
                        target_branch: "main".to_owned(),
                        author: 1,
                        created_at: now,
                    }],
                },
            );
        }
        store
    }
}
