//! The output records of the family: `ChangeInfo` (with the parts the `o` options ask
//! for, [`Fields`]), `RevisionInfo`, `CommitInfo`, `FileInfo`, `ChangeMessageInfo`, `ReviewerInfo`.

use std::collections::HashMap;

pub(crate) use super::fields::Fields;
use super::*;
use crate::storage::{Account, ChangeMessage, ChangeStatus, Commit, Reviewer, ReviewerState};

/// Builds output records for one request, reading each account once.
pub(crate) struct Renderer<'a> {
    svc: &'a ReviewService,
    /// Emails are shown to authenticated callers only.
    anonymous: bool,
    accounts: HashMap<i64, Option<Account>>,
}

impl<'a> Renderer<'a> {
    /// A renderer for `caller`.
    pub(crate) fn new(svc: &'a ReviewService, caller: &Caller) -> Self {
        Renderer {
            svc,
            anonymous: caller_id(caller).is_none(),
            accounts: HashMap::new(),
        }
    }

    /// The account with this id, read at most once per request.
    pub(crate) fn account(&mut self, id: i64) -> Result<Option<&Account>, Error> {
        if !self.accounts.contains_key(&id) {
            let account = self.svc.storage.account(id)?;
            self.accounts.insert(id, account);
        }
        Ok(self.accounts.get(&id).and_then(Option::as_ref))
    }

    /// An account as a change shows it: only `_account_id` unless `detailed`.
    pub(crate) fn account_info(
        &mut self,
        id: i64,
        detailed: bool,
    ) -> Result<types::AccountInfo, Error> {
        let anonymous = self.anonymous;
        let account = if detailed { self.account(id)? } else { None };
        Ok(match account {
            Some(account) => visible_account_info(anonymous, account),
            None => types::AccountInfo {
                account_id: id,
                name: None,
                email: None,
                username: None,
                display_name: None,
                secondary_emails: None,
                status: None,
                inactive: None,
                more_accounts: None,
            },
        })
    }

    /// A reviewer with their (no) votes.
    pub(crate) fn reviewer_info(&mut self, account_id: i64) -> Result<types::ReviewerInfo, Error> {
        let info = self.account_info(account_id, true)?;
        Ok(types::ReviewerInfo {
            account_id: info.account_id,
            name: info.name,
            email: info.email,
            username: info.username,
            display_name: info.display_name,
            approvals: Some(BTreeMap::new()),
        })
    }

    /// A message of a change.
    pub(crate) fn message_info(
        &mut self,
        message: &ChangeMessage,
        detailed: bool,
    ) -> Result<types::ChangeMessageInfo, Error> {
        let author = message
            .author
            .map(|id| self.account_info(id, detailed))
            .transpose()?;
        Ok(types::ChangeMessageInfo {
            id: message.id.clone(),
            author,
            real_author: None,
            date: message.date,
            message: message.message.clone(),
            tag: message.tag.clone(),
            revision_number: Some(message.patch_set),
        })
    }

    /// The change with the parts `fields` asks for.
    pub(crate) fn change_info(
        &mut self,
        change: &Change,
        fields: Fields,
    ) -> Result<types::ChangeInfo, Error> {
        let detailed = fields.detailed_accounts;
        let owner = self.account_info(change.owner, detailed)?;
        let submitter = change
            .submitter
            .map(|id| self.account_info(id, detailed))
            .transpose()?;
        let reviewers = if fields.reviewers {
            Some(self.reviewer_map(change.number, detailed)?)
        } else {
            None
        };
        let messages = if fields.messages {
            let messages = self.svc.storage.change_messages(change.number)?;
            Some(
                messages
                    .iter()
                    .map(|m| self.message_info(m, detailed))
                    .collect::<Result<Vec<_>, _>>()?,
            )
        } else {
            None
        };
        let revisions = if fields.revisions {
            let revision = self.revision_info(change, fields)?;
            Some(BTreeMap::from([(
                change.current_revision.clone(),
                revision,
            )]))
        } else {
            None
        };
        Ok(types::ChangeInfo {
            id: change_url_id(change),
            triplet_id: Some(format!(
                "{}~{}~{}",
                encode_id(&change.project),
                encode_id(&change.branch),
                change.change_id
            )),
            project: change.project.clone(),
            branch: change.branch.clone(),
            change_id: change.change_id.clone(),
            number: change.number,
            subject: change.subject.clone(),
            topic: change.topic.clone(),
            hashtags: Some(change.hashtags.clone()),
            status: status(change.status),
            owner,
            created: change.created,
            updated: change.updated,
            submitted: change.submitted,
            submitter,
            is_private: change.is_private.then_some(true),
            work_in_progress: change.work_in_progress.then_some(true),
            mergeable: None,
            submittable: fields
                .submittable
                .then_some(change.status == ChangeStatus::New && !change.work_in_progress),
            insertions: Some(0),
            deletions: Some(0),
            unresolved_comment_count: Some(0),
            reviewers,
            messages,
            current_revision: fields.revisions.then(|| change.current_revision.clone()),
            revisions,
            more_changes: None,
        })
    }

    /// The reviewers and CCs of a change by state (`REVIEWER`, `CC`); states without
    /// accounts are left out.
    fn reviewer_map(
        &mut self,
        number: i64,
        detailed: bool,
    ) -> Result<BTreeMap<String, Vec<types::AccountInfo>>, Error> {
        let mut map: BTreeMap<String, Vec<types::AccountInfo>> = BTreeMap::new();
        for Reviewer {
            account_id, state, ..
        } in self.svc.storage.reviewers(number)?
        {
            let info = self.account_info(account_id, detailed)?;
            map.entry(state.as_str().to_owned()).or_default().push(info);
        }
        Ok(map)
    }

    /// The change's (only) revision.
    pub(crate) fn revision_info(
        &mut self,
        change: &Change,
        fields: Fields,
    ) -> Result<types::RevisionInfo, Error> {
        let commit = self
            .svc
            .storage
            .commit(&change.project, &change.current_revision)?;
        let uploader = self.account_info(change.owner, fields.detailed_accounts)?;
        let commit_info = if fields.commit {
            let mut info = self.commit_info(change, commit.as_ref())?;
            // A commit embedded in a revision leaves out its own id.
            info.commit = None;
            Some(info)
        } else {
            None
        };
        let files = if fields.files {
            Some(self.files(change, commit.as_ref())?)
        } else {
            None
        };
        Ok(types::RevisionInfo {
            kind: Some(types::ChangeKind::Rework),
            number: change.current_patch_set,
            created: commit.as_ref().map_or(change.created, |c| c.created),
            uploader,
            ref_: patch_set_ref(change),
            commit: commit_info,
            files,
            description: None,
        })
    }

    /// The commit of the change's revision, with its parent (`commit` and `subject`
    /// only). The commit is the one the storage made up when the change was created;
    /// should it be missing, one is described from the change itself.
    pub(crate) fn commit_info(
        &mut self,
        change: &Change,
        commit: Option<&Commit>,
    ) -> Result<types::CommitInfo, Error> {
        let author_id = commit.map_or(Some(change.owner), |c| c.author);
        let date = commit.map_or(change.created, |c| c.created);
        let person = self.git_person(author_id, date)?;
        let parents = match commit.and_then(|c| c.parent.as_deref()) {
            Some(parent) => {
                let subject = self
                    .svc
                    .storage
                    .commit(&change.project, parent)?
                    .map(|p| p.subject)
                    .unwrap_or_default();
                vec![types::CommitInfo {
                    commit: Some(parent.to_owned()),
                    parents: None,
                    author: None,
                    committer: None,
                    subject,
                    message: None,
                    web_links: None,
                }]
            }
            None => Vec::new(),
        };
        Ok(types::CommitInfo {
            commit: Some(change.current_revision.clone()),
            parents: Some(parents),
            author: Some(person.clone()),
            committer: Some(person),
            subject: commit.map_or_else(|| change.subject.clone(), |c| c.subject.clone()),
            message: Some(commit.map_or_else(|| commit_message(change), |c| c.message.clone())),
            web_links: None,
        })
    }

    /// The files of the change's revision: the commits are empty, so only the commit
    /// message, as the real service shows it (`/COMMIT_MSG`, added, with its header).
    pub(crate) fn files(
        &mut self,
        change: &Change,
        commit: Option<&Commit>,
    ) -> Result<BTreeMap<String, types::FileInfo>, Error> {
        let info = self.commit_info(change, commit)?;
        let text = commit_msg_file(&info);
        let size = i64::try_from(text.len()).unwrap_or(i64::MAX);
        let lines = i64::try_from(text.lines().count()).unwrap_or(i64::MAX);
        Ok(BTreeMap::from([(
            COMMIT_MSG.to_owned(),
            types::FileInfo {
                status: Some(types::FileStatus::A),
                binary: None,
                old_path: None,
                lines_inserted: Some(lines),
                lines_deleted: None,
                size_delta: size,
                size,
            },
        )]))
    }

    /// A person of a commit (see [`person`]), its account read once per request.
    fn git_person(
        &mut self,
        id: Option<i64>,
        date: Timestamp,
    ) -> Result<types::GitPersonInfo, Error> {
        let account = match id {
            Some(id) => self.account(id)?,
            None => None,
        };
        Ok(person(account, date))
    }
}

/// The path of the commit message among a revision's files.
pub(crate) const COMMIT_MSG: &str = "/COMMIT_MSG";

/// The commit message as a file, with the header the real service puts above it.
fn commit_msg_file(info: &types::CommitInfo) -> String {
    let mut text = String::new();
    for parent in info.parents.iter().flatten() {
        let sha = parent.commit.as_deref().unwrap_or_default();
        let short = sha.get(..8).unwrap_or(sha);
        text.push_str(&format!("Parent:     {short} ({})\n", parent.subject));
    }
    if let Some(author) = &info.author {
        text.push_str(&format!("Author:     {} <{}>\n", author.name, author.email));
        text.push_str(&format!("AuthorDate: {}\n", author.date));
    }
    if let Some(committer) = &info.committer {
        text.push_str(&format!(
            "Commit:     {} <{}>\n",
            committer.name, committer.email
        ));
        text.push_str(&format!("CommitDate: {}\n", committer.date));
    }
    text.push('\n');
    text.push_str(info.message.as_deref().unwrap_or(&info.subject));
    text
}

/// The message of a change's commit when the commit itself cannot be read.
fn commit_message(change: &Change) -> String {
    format!("{}\n\nChange-Id: {}\n", change.subject, change.change_id)
}

/// `ChangeInfo.id`: `<url-encoded project>~<_number>`.
pub(crate) fn change_url_id(change: &Change) -> String {
    format!("{}~{}", encode_id(&change.project), change.number)
}

/// The ref of the current patch set: `refs/changes/<last two digits>/<number>/<patch set>`.
pub(crate) fn patch_set_ref(change: &Change) -> String {
    format!(
        "refs/changes/{:02}/{}/{}",
        change.number % 100,
        change.number,
        change.current_patch_set
    )
}

/// A stored state as clients see it.
pub(crate) fn status(status: ChangeStatus) -> types::ChangeStatus {
    match status {
        ChangeStatus::New => types::ChangeStatus::New,
        ChangeStatus::Merged => types::ChangeStatus::Merged,
        ChangeStatus::Abandoned => types::ChangeStatus::Abandoned,
    }
}

/// A reviewer state of the input as the storage keeps it; `REMOVED` is no state to add
/// someone in.
pub(crate) fn reviewer_state(state: Option<types::ReviewerState>) -> Result<ReviewerState, Error> {
    match state {
        None | Some(types::ReviewerState::Reviewer) => Ok(ReviewerState::Reviewer),
        Some(types::ReviewerState::Cc) => Ok(ReviewerState::Cc),
        Some(types::ReviewerState::Removed) => {
            Err(Error::BadRequest("state REMOVED is not allowed".into()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_case_insensitive_and_unknown_ones_refused() {
        let fields = Fields::parse(&["current_commit".into(), "DETAILED_ACCOUNTS".into()]).unwrap();
        assert!(fields.revisions && fields.commit && fields.detailed_accounts);
        assert!(!fields.messages);
        let err = Fields::parse(&["NOPE".into()]).unwrap_err();
        assert_eq!(err.code(), 400);
        assert_eq!(err.message(), "\"NOPE\" is not a valid value for \"-o\"");
    }
}
