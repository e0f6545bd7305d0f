//! The revision of a change. Changes have one patch set, so a revision is `current`, its
//! number (`1`) or its commit SHA-1 (in full or abbreviated to at least 4 digits);
//! anything else is 404.

use super::render::{Fields, Renderer};
use super::*;
use crate::api::ChangesRevisionsHandlers;

#[allow(refining_impl_trait)]
impl ChangesRevisionsHandlers for ReviewService {
    /// The change with every revision, their commits and files, its reviewers and messages.
    async fn get_revision_detail(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
    ) -> Result<types::ChangeInfo, Error> {
        let change = load_revision(self, &ctx, change_id, revision_id)?;
        let fields = Fields {
            revisions: true,
            commit: true,
            files: true,
            ..Fields::default()
        }
        .with_detail();
        Renderer::new(self, ctx.caller).change_info(&change, fields)
    }

    /// The revision's commit with its parent; no web links are configured, so `links`
    /// adds none.
    async fn get_revision_commit(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
        _options: options::GetRevisionCommitOptions,
    ) -> Result<types::CommitInfo, Error> {
        let change = load_revision(self, &ctx, change_id, revision_id)?;
        let commit = self
            .storage
            .commit(&change.project, &change.current_revision)?;
        Renderer::new(self, ctx.caller).commit_info(&change, commit.as_ref())
    }

    /// The files of the revision: the commits are empty, so only `/COMMIT_MSG`.
    ///
    /// `base` must name a revision of the change (404 otherwise); against itself nothing
    /// differs. `parent` must be 1, the only parent (400 otherwise). `reviewed` lists what
    /// the caller marked as reviewed, which nobody can mark here: nothing. `q` keeps the
    /// paths that contain it.
    async fn list_revision_files(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
        options: options::ListRevisionFilesOptions,
    ) -> Result<BTreeMap<String, types::FileInfo>, Error> {
        let change = load_revision(self, &ctx, change_id, revision_id)?;
        if let Some(base) = options.base.as_deref() {
            if !names_revision(&change, base) {
                return Err(Error::not_found_for(base));
            }
            return Ok(BTreeMap::new());
        }
        if let Some(parent) = options.parent
            && parent != 1
        {
            return Err(Error::BadRequest(
                format!("invalid parent number: {parent}").into(),
            ));
        }
        if options.reviewed == Some(true) {
            return Ok(BTreeMap::new());
        }
        let commit = self
            .storage
            .commit(&change.project, &change.current_revision)?;
        let mut files = Renderer::new(self, ctx.caller).files(&change, commit.as_ref())?;
        if let Some(query) = options.path_query.as_deref() {
            files.retain(|path, _| path.contains(query));
        }
        Ok(files)
    }
}

/// The change named in the path, when `revision_id` names its revision; 404 otherwise.
pub(crate) fn load_revision<'a>(
    svc: &ReviewService,
    ctx: &RequestContext<'a>,
    change_id: &str,
    revision_id: &str,
) -> Result<Cow<'a, Change>, Error> {
    let change = load(svc, ctx, change_id)?;
    if names_revision(&change, revision_id) {
        Ok(change)
    } else {
        Err(Error::not_found_for(revision_id))
    }
}

/// True when `id` names the change's current (and only) revision.
fn names_revision(change: &Change, id: &str) -> bool {
    if id == "current" {
        return true;
    }
    if !id.is_empty() && id.len() < 6 && id.bytes().all(|b| b.is_ascii_digit()) {
        return id.parse::<i64>().ok() == Some(change.current_patch_set);
    }
    id.len() >= 4
        && id.bytes().all(|b| b.is_ascii_hexdigit())
        && change
            .current_revision
            .starts_with(&id.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::ChangeStatus;

    fn change() -> Change {
        Change {
            number: 7,
            change_id: "I0123".into(),
            project: "p".into(),
            branch: "master".into(),
            subject: "s".into(),
            topic: None,
            status: ChangeStatus::New,
            owner: 1_000_000,
            created: Timestamp::now(),
            updated: Timestamp::now(),
            submitted: None,
            submitter: None,
            is_private: false,
            work_in_progress: false,
            hashtags: Vec::new(),
            current_patch_set: 1,
            current_revision: "abcdef0123456789abcdef0123456789abcdef01".into(),
        }
    }

    #[test]
    fn revisions_are_current_their_number_or_their_commit() {
        let c = change();
        for id in ["current", "1", "abcd", "ABCDEF01", &c.current_revision] {
            assert!(names_revision(&c, id), "{id}");
        }
        for id in ["2", "0", "abc", "bcde", "", "Current", "1234567"] {
            assert!(!names_revision(&c, id), "{id}");
        }
    }
}
