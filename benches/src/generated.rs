//! The service restspec generates from `benches/spec/`, serving the fixtures.
//!
//! This is the only file of the crate that touches the generated API (and the runtime's
//! `Authenticator` and `Settings`), so that a change of that API is ported here and
//! nowhere else (the runtime's quota types are used in [`crate::quota`] alone). It has two
//! parts:
//!
//! - the glue: the `generate!` call, the handler trait impls, the authenticator adapter
//!   and [`service`], which depend on the shape of the generated API (handler signatures,
//!   resolvers, `router`, `Settings`, `Authenticator`);
//! - the rendering: fixture records to the generated response types (`api::types`), which
//!   depends only on the types the spec describes.

use std::collections::BTreeMap;
use std::sync::Arc;

use restspec_runtime::{
    Authenticator, Caller, Identity, RequestContext, ResolvedRecord, Settings, Timestamp,
};

use crate::Fixture;
use crate::fixtures::{
    Account, Change, ChangeState, File, FileChange, Message, Person, Revision, RevisionKind, Store,
};
use crate::quota::identity;

#[cfg(not(feature = "metrics"))]
restspec_runtime::generate!(pub mod api = "spec");
// The same spec with `metrics_path` (feature `metrics`): what the metrics cost is measured
// against the service without them (`METRICS=1 bash benches/load.sh`).
#[cfg(feature = "metrics")]
restspec_runtime::generate!(pub mod api = "spec-metrics");

use api::{Error, types};

// ---------------------------------------------------------------------------------------
// The glue: what depends on the generated API's shape.
// ---------------------------------------------------------------------------------------

/// The generated service: the generated dispatch table over the fixture's handlers.
pub type Service = restspec_runtime::Service<api::Api<Handlers>, StoreAuthenticator>;

/// The generated service over `fixture`: its store behind the handler traits and the
/// authenticator, its quota backend in the settings.
pub fn service(fixture: &Fixture) -> Service {
    let handlers = Handlers {
        store: fixture.store.clone(),
    };
    let settings = Settings::default()
        .authenticator(authenticator(fixture))
        .quota(fixture.quota.backend().clone());
    api::router(handlers, settings)
}

/// The authenticator the generated service uses, over `fixture` (for the stage benchmarks).
pub fn authenticator(fixture: &Fixture) -> StoreAuthenticator {
    StoreAuthenticator::new(fixture.store.clone())
}

/// The response the change benchmark request is answered with, built as its handler builds
/// it (for the stage benchmarks).
pub fn revision_detail(fixture: &Fixture) -> Option<types::ChangeInfo> {
    let change = fixture.store.find_change("1")?;
    let revision = change.revision("1")?;
    change_info(&fixture.store, change, revision).ok()
}

/// The handlers of both families, over the fixture store.
#[derive(Debug)]
pub struct Handlers {
    store: Arc<Store>,
}

#[allow(refining_impl_trait)]
impl api::AccountsHandlers for Handlers {
    async fn resolve_accounts(
        &self,
        _caller: &Caller,
        account_id: &str,
    ) -> Result<Option<api::AccountsResource>, Error> {
        Ok(self
            .store
            .find_account(account_id)
            .map(|account| api::AccountsResource {
                account_id: account.id.to_string(),
                found: ResolvedRecord::nothing(),
            }))
    }

    async fn get_account_detail(
        &self,
        _ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<types::AccountDetailInfo, Error> {
        let account = self
            .store
            .find_account(account_id)
            .ok_or_else(|| not_found(account_id))?;
        account_detail(account)
    }
}

#[allow(refining_impl_trait)]
impl api::ChangesHandlers for Handlers {
    async fn resolve_changes(
        &self,
        _caller: &Caller,
        change_id: &str,
    ) -> Result<Option<api::ChangesResource>, Error> {
        Ok(self
            .store
            .find_change(change_id)
            .map(|change| api::ChangesResource {
                change_id: change.number.to_string(),
                project_name_key: change.project.clone(),
                found: ResolvedRecord::nothing(),
            }))
    }

    async fn get_revision_detail(
        &self,
        _ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
    ) -> Result<types::ChangeInfo, Error> {
        let change = self
            .store
            .find_change(change_id)
            .ok_or_else(|| not_found(change_id))?;
        let revision = change
            .revision(revision_id)
            .ok_or_else(|| not_found(revision_id))?;
        change_info(&self.store, change, revision)
    }
}

/// The runtime's authenticator over the fixture's accounts (HTTP basic only). The fixture's
/// accounts never change, so each one's identity is built once and shared, as the other
/// two services borrow the account instead of building anything per request.
#[derive(Debug)]
pub struct StoreAuthenticator {
    store: Arc<Store>,
    identities: Vec<(i64, Arc<Identity>)>,
}

impl StoreAuthenticator {
    fn new(store: Arc<Store>) -> Self {
        let identities = store
            .accounts()
            .iter()
            .map(|account| (account.id, Arc::new(identity(account))))
            .collect();
        StoreAuthenticator { store, identities }
    }
}

impl Authenticator for StoreAuthenticator {
    async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
        let account = self.store.authenticate(username, password)?;
        self.identities
            .iter()
            .find(|(id, _)| *id == account.id)
            .map(|(_, identity)| identity.clone())
    }
}

fn not_found(id: &str) -> Error {
    Error::NotFound(format!("Not found: {id}").into())
}

// ---------------------------------------------------------------------------------------
// The rendering: fixture records to the generated response types.
// ---------------------------------------------------------------------------------------

fn timestamp(at: jiff::Timestamp) -> Result<Timestamp, Error> {
    Timestamp::from_unix_nanos(at.as_nanosecond())
        .ok_or_else(|| Error::Internal("timestamp out of range".into()))
}

fn account_detail(account: &Account) -> Result<types::AccountDetailInfo, Error> {
    Ok(types::AccountDetailInfo {
        account_id: account.id,
        name: account.name.clone(),
        email: account.email.clone(),
        username: Some(account.username.clone()),
        registered_on: timestamp(account.registered_on)?,
        display_name: account.display_name.clone(),
        secondary_emails: (!account.secondary_emails.is_empty())
            .then(|| account.secondary_emails.clone()),
        status: account.status.clone(),
        inactive: (!account.active).then_some(true),
    })
}

fn account_info(store: &Store, id: i64) -> Result<types::AccountInfo, Error> {
    let account = store
        .account(id)
        .ok_or_else(|| Error::Internal(format!("no account {id}").into()))?;
    Ok(types::AccountInfo {
        account_id: account.id,
        name: account.name.clone(),
        email: account.email.clone(),
        username: Some(account.username.clone()),
        display_name: account.display_name.clone(),
        ..types::AccountInfo::default()
    })
}

fn change_info(
    store: &Store,
    change: &Change,
    revision: &Revision,
) -> Result<types::ChangeInfo, Error> {
    let reviewers = change
        .reviewers
        .iter()
        .map(|(state, ids)| {
            let accounts = ids
                .iter()
                .map(|&id| account_info(store, id))
                .collect::<Result<Vec<_>, _>>()?;
            Ok((state.clone(), accounts))
        })
        .collect::<Result<BTreeMap<_, _>, Error>>()?;
    let messages = change
        .messages
        .iter()
        .map(|m| message_info(store, m))
        .collect::<Result<Vec<_>, _>>()?;
    let mut revisions = BTreeMap::new();
    revisions.insert(revision.sha.clone(), revision_info(store, revision)?);
    Ok(types::ChangeInfo {
        id: change.api_id(),
        triplet_id: Some(change.triplet_id()),
        project: change.project.clone(),
        branch: change.branch.clone(),
        change_id: change.change_id.clone(),
        number: change.number,
        subject: change.subject.clone(),
        topic: change.topic.clone(),
        hashtags: (!change.hashtags.is_empty()).then(|| change.hashtags.clone()),
        status: match change.state {
            ChangeState::New => types::ChangeStatus::New,
            ChangeState::Merged => types::ChangeStatus::Merged,
            ChangeState::Abandoned => types::ChangeStatus::Abandoned,
        },
        owner: account_info(store, change.owner)?,
        created: timestamp(change.created)?,
        updated: timestamp(change.updated)?,
        submitted: None,
        submitter: None,
        is_private: None,
        work_in_progress: None,
        mergeable: Some(true),
        submittable: Some(false),
        insertions: Some(change.insertions),
        deletions: Some(change.deletions),
        unresolved_comment_count: Some(change.unresolved_comments),
        reviewers: Some(reviewers),
        messages: Some(messages),
        current_revision: change.current_revision().map(|r| r.sha.clone()),
        revisions: Some(revisions),
        more_changes: None,
    })
}

fn message_info(store: &Store, message: &Message) -> Result<types::ChangeMessageInfo, Error> {
    Ok(types::ChangeMessageInfo {
        id: message.id.clone(),
        author: message
            .author
            .map(|id| account_info(store, id))
            .transpose()?,
        real_author: None,
        date: timestamp(message.date)?,
        message: message.text.clone(),
        tag: message.tag.clone(),
        revision_number: message.revision_number,
    })
}

fn revision_info(store: &Store, revision: &Revision) -> Result<types::RevisionInfo, Error> {
    let commit = &revision.commit;
    let files = revision
        .files
        .iter()
        .map(|f| (f.path.clone(), file_info(f)))
        .collect();
    Ok(types::RevisionInfo {
        kind: Some(match revision.kind {
            RevisionKind::Rework => types::ChangeKind::Rework,
            RevisionKind::TrivialRebase => types::ChangeKind::TrivialRebase,
            RevisionKind::NoCodeChange => types::ChangeKind::NoCodeChange,
        }),
        number: revision.number,
        created: timestamp(revision.created)?,
        uploader: account_info(store, revision.uploader)?,
        ref_: revision.git_ref.clone(),
        commit: Some(types::CommitInfo {
            commit: None,
            parents: Some(
                commit
                    .parents
                    .iter()
                    .map(|(sha, subject)| types::CommitInfo {
                        commit: Some(sha.clone()),
                        subject: subject.clone(),
                        ..types::CommitInfo::default()
                    })
                    .collect(),
            ),
            author: Some(person(&commit.author)?),
            committer: Some(person(&commit.committer)?),
            subject: commit.subject.clone(),
            message: Some(commit.message.clone()),
            web_links: None,
        }),
        files: Some(files),
        description: revision.description.clone(),
    })
}

fn person(person: &Person) -> Result<types::GitPersonInfo, Error> {
    Ok(types::GitPersonInfo {
        name: person.name.clone(),
        email: person.email.clone(),
        date: timestamp(person.date)?,
        tz: person.tz,
    })
}

fn file_info(file: &File) -> types::FileInfo {
    types::FileInfo {
        status: match file.change {
            FileChange::Modified => None,
            FileChange::Added => Some(types::FileStatus::A),
            FileChange::Deleted => Some(types::FileStatus::D),
            FileChange::Renamed => Some(types::FileStatus::R),
        },
        binary: None,
        old_path: file.old_path.clone(),
        lines_inserted: file.lines_inserted,
        lines_deleted: file.lines_deleted,
        size_delta: file.size_delta,
        size: file.size,
    }
}
