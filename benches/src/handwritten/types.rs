//! The hand-written services' response types: their own serde structs, built from the
//! fixture records, writing the same JSON as the generated types, and the plaintext
//! failures. The axum service and the bare-hyper floor ([`crate::floor`]) both build them,
//! so both clone the same fixture data per request.

use std::borrow::Cow;
use std::collections::BTreeMap;

use axum::body::Body;
use axum::response::Response;
use http::{HeaderName, HeaderValue, StatusCode, header};

use serde::{Serialize, Serializer};

const TEXT_CONTENT_TYPE: HeaderValue = HeaderValue::from_static("text/plain; charset=UTF-8");

use crate::fixtures::{Account, Change, ChangeState, FileChange, Revision, RevisionKind, Store};

/// A timestamp written `2026-01-01 10:00:00.000000000` (UTC), with jiff's `strftime` (the
/// runtime's choice too; it measured faster than `format_args!` over the civil fields).
pub(crate) struct Ts(jiff::Timestamp);

impl Serialize for Ts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let civil = jiff::tz::TimeZone::UTC.to_datetime(self.0);
        serializer.collect_str(&civil.strftime("%Y-%m-%d %H:%M:%S%.9f"))
    }
}

#[derive(Serialize)]
pub(crate) struct AccountDetailInfo {
    #[serde(rename = "_account_id")]
    account_id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<String>,
    username: String,
    registered_on: Ts,
    #[serde(skip_serializing_if = "Option::is_none")]
    display_name: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    secondary_emails: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    inactive: Option<bool>,
}

impl AccountDetailInfo {
    pub(crate) fn new(account: &Account) -> Self {
        AccountDetailInfo {
            account_id: account.id,
            name: account.name.clone(),
            email: account.email.clone(),
            username: account.username.clone(),
            registered_on: Ts(account.registered_on),
            display_name: account.display_name.clone(),
            secondary_emails: account.secondary_emails.clone(),
            status: account.status.clone(),
            inactive: (!account.active).then_some(true),
        }
    }
}

#[derive(Serialize)]
pub(crate) struct AccountInfo {
    #[serde(rename = "_account_id")]
    account_id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<String>,
    username: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    display_name: Option<String>,
}

impl AccountInfo {
    pub(crate) fn new(store: &Store, id: i64) -> Result<Self, Failure> {
        let account = store.account(id).ok_or_else(|| {
            Failure::new(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error")
        })?;
        Ok(AccountInfo {
            account_id: account.id,
            name: account.name.clone(),
            email: account.email.clone(),
            username: account.username.clone(),
            display_name: account.display_name.clone(),
        })
    }
}

#[derive(Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(crate) enum ChangeStatus {
    New,
    Merged,
    Abandoned,
}

#[derive(Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(crate) enum ChangeKind {
    Rework,
    TrivialRebase,
    NoCodeChange,
}

#[derive(Serialize)]
pub(crate) enum FileStatus {
    A,
    D,
    R,
}

#[derive(Serialize)]
pub(crate) struct ChangeInfo {
    id: String,
    triplet_id: String,
    project: String,
    branch: String,
    change_id: String,
    #[serde(rename = "_number")]
    number: i64,
    subject: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    topic: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    hashtags: Vec<String>,
    status: ChangeStatus,
    owner: AccountInfo,
    created: Ts,
    updated: Ts,
    mergeable: bool,
    submittable: bool,
    insertions: i64,
    deletions: i64,
    unresolved_comment_count: i64,
    reviewers: BTreeMap<String, Vec<AccountInfo>>,
    messages: Vec<ChangeMessageInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    current_revision: Option<String>,
    revisions: BTreeMap<String, RevisionInfo>,
}

impl ChangeInfo {
    pub(crate) fn new(
        store: &Store,
        change: &Change,
        revision: &Revision,
    ) -> Result<Self, Failure> {
        let mut reviewers = BTreeMap::new();
        for (state, ids) in &change.reviewers {
            let accounts = ids
                .iter()
                .map(|&id| AccountInfo::new(store, id))
                .collect::<Result<_, _>>()?;
            reviewers.insert(state.clone(), accounts);
        }
        let messages = change
            .messages
            .iter()
            .map(|m| {
                Ok(ChangeMessageInfo {
                    id: m.id.clone(),
                    author: m.author.map(|id| AccountInfo::new(store, id)).transpose()?,
                    date: Ts(m.date),
                    message: m.text.clone(),
                    tag: m.tag.clone(),
                    revision_number: m.revision_number,
                })
            })
            .collect::<Result<_, Failure>>()?;
        let mut revisions = BTreeMap::new();
        revisions.insert(revision.sha.clone(), RevisionInfo::new(store, revision)?);
        Ok(ChangeInfo {
            id: change.api_id(),
            triplet_id: change.triplet_id(),
            project: change.project.clone(),
            branch: change.branch.clone(),
            change_id: change.change_id.clone(),
            number: change.number,
            subject: change.subject.clone(),
            topic: change.topic.clone(),
            hashtags: change.hashtags.clone(),
            status: match change.state {
                ChangeState::New => ChangeStatus::New,
                ChangeState::Merged => ChangeStatus::Merged,
                ChangeState::Abandoned => ChangeStatus::Abandoned,
            },
            owner: AccountInfo::new(store, change.owner)?,
            created: Ts(change.created),
            updated: Ts(change.updated),
            mergeable: true,
            submittable: false,
            insertions: change.insertions,
            deletions: change.deletions,
            unresolved_comment_count: change.unresolved_comments,
            reviewers,
            messages,
            current_revision: change.current_revision().map(|r| r.sha.clone()),
            revisions,
        })
    }
}

#[derive(Serialize)]
pub(crate) struct ChangeMessageInfo {
    id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    author: Option<AccountInfo>,
    date: Ts,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    tag: Option<String>,
    #[serde(rename = "_revision_number", skip_serializing_if = "Option::is_none")]
    revision_number: Option<i64>,
}

#[derive(Serialize)]
pub(crate) struct RevisionInfo {
    kind: ChangeKind,
    #[serde(rename = "_number")]
    number: i64,
    created: Ts,
    uploader: AccountInfo,
    #[serde(rename = "ref")]
    git_ref: String,
    commit: CommitInfo,
    files: BTreeMap<String, FileInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
}

impl RevisionInfo {
    pub(crate) fn new(store: &Store, revision: &Revision) -> Result<Self, Failure> {
        let commit = &revision.commit;
        let person = |p: &crate::fixtures::Person| GitPersonInfo {
            name: p.name.clone(),
            email: p.email.clone(),
            date: Ts(p.date),
            tz: p.tz,
        };
        Ok(RevisionInfo {
            kind: match revision.kind {
                RevisionKind::Rework => ChangeKind::Rework,
                RevisionKind::TrivialRebase => ChangeKind::TrivialRebase,
                RevisionKind::NoCodeChange => ChangeKind::NoCodeChange,
            },
            number: revision.number,
            created: Ts(revision.created),
            uploader: AccountInfo::new(store, revision.uploader)?,
            git_ref: revision.git_ref.clone(),
            commit: CommitInfo {
                parents: commit
                    .parents
                    .iter()
                    .map(|(sha, subject)| ParentCommit {
                        commit: sha.clone(),
                        subject: subject.clone(),
                    })
                    .collect(),
                author: person(&commit.author),
                committer: person(&commit.committer),
                subject: commit.subject.clone(),
                message: commit.message.clone(),
            },
            files: revision
                .files
                .iter()
                .map(|f| {
                    let info = FileInfo {
                        status: match f.change {
                            FileChange::Modified => None,
                            FileChange::Added => Some(FileStatus::A),
                            FileChange::Deleted => Some(FileStatus::D),
                            FileChange::Renamed => Some(FileStatus::R),
                        },
                        old_path: f.old_path.clone(),
                        lines_inserted: f.lines_inserted,
                        lines_deleted: f.lines_deleted,
                        size_delta: f.size_delta,
                        size: f.size,
                    };
                    (f.path.clone(), info)
                })
                .collect(),
            description: revision.description.clone(),
        })
    }
}

#[derive(Serialize)]
pub(crate) struct CommitInfo {
    parents: Vec<ParentCommit>,
    author: GitPersonInfo,
    committer: GitPersonInfo,
    subject: String,
    message: String,
}

#[derive(Serialize)]
pub(crate) struct ParentCommit {
    commit: String,
    subject: String,
}

#[derive(Serialize)]
pub(crate) struct GitPersonInfo {
    name: String,
    email: String,
    date: Ts,
    tz: i64,
}

#[derive(Serialize)]
pub(crate) struct FileInfo {
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<FileStatus>,
    #[serde(skip_serializing_if = "Option::is_none")]
    old_path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lines_inserted: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lines_deleted: Option<i64>,
    size_delta: i64,
    size: i64,
}

/// An error answer: a plaintext message and at most one extra header.
pub(crate) struct Failure {
    pub(crate) status: StatusCode,
    pub(crate) message: Cow<'static, str>,
    pub(crate) header: Option<(HeaderName, HeaderValue)>,
}

impl Failure {
    pub(crate) fn new(status: StatusCode, message: &'static str) -> Self {
        Failure {
            status,
            message: Cow::Borrowed(message),
            header: None,
        }
    }

    pub(crate) fn not_found(id: &str) -> Self {
        Failure {
            status: StatusCode::NOT_FOUND,
            message: Cow::Owned(format!("Not found: {id}")),
            header: None,
        }
    }

    pub(crate) fn into_response(self) -> Response {
        let mut body = self.message.into_owned();
        body.push('\n');
        let mut response = Response::new(Body::from(body));
        *response.status_mut() = self.status;
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, TEXT_CONTENT_TYPE);
        if let Some((name, value)) = self.header {
            headers.append(name, value);
        }
        response
    }
}
