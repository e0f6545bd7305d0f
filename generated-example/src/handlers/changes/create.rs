//! Finding, creating and reading changes.

use super::render::{Fields, Renderer};
use super::*;
use crate::storage::{NewChange, ProjectState, full_ref};

/// The longest topic the real service accepts.
pub(crate) const TOPIC_MAX_LENGTH: usize = 2048;

#[allow(refining_impl_trait)]
impl ChangesHandlers for ReviewService {
    /// Finds a change by `_number`, `<project>~<_number>`, `<project>~<branch>~<Change-Id>`
    /// or Change-Id; a private change only for its owner and administrators.
    async fn resolve_changes(
        &self,
        caller: &Caller,
        change_id: &str,
    ) -> Result<Option<ChangesResource>, Error> {
        Ok(self
            .storage
            .find_change(change_id)?
            .filter(|c| visible(c, caller))
            .map(|c| ChangesResource {
                change_id: c.number.to_string(),
                project_name_key: c.project.clone(),
                found: ResolvedRecord::new(c),
            }))
    }

    /// Creates a change in state `NEW` owned by the caller, with its first message
    /// (`Uploaded patch set 1.`).
    ///
    /// The project must exist (422 `Project Not Found: x`) and permit writes (409); the
    /// branch must exist, or be the branch the project's `HEAD` names while it has no
    /// commit yet (as a first push for review may), else 400 `Destination branch does not
    /// exist` as the real service answers. The subject loses comment lines (`# ...`) and
    /// surrounding blanks and must not end up empty; only its first line is the subject.
    async fn create_change(
        &self,
        ctx: RequestContext<'_>,
        body: types::ChangeInput,
    ) -> Result<types::ChangeInfo, Error> {
        let owner = require_caller(ctx.caller)?;
        let project_name = body.project.trim();
        if project_name.is_empty() {
            return Err(Error::BadRequest("project must be non-empty".into()));
        }
        let branch = body.branch.trim();
        if branch.is_empty() {
            return Err(Error::BadRequest("branch must be non-empty".into()));
        }
        let subject = clean_subject(&body.subject);
        if subject.is_empty() {
            return Err(Error::BadRequest("commit message must be non-empty".into()));
        }
        let topic = clean_topic(body.topic.as_deref())?;

        let (project, exists) = self
            .storage
            .project_with_branch(project_name, branch)?
            .ok_or_else(|| {
                Error::UnprocessableEntity(format!("Project Not Found: {project_name}").into())
            })?;
        if project.state != ProjectState::Active {
            return Err(Error::Conflict(
                format!("project state {} does not permit write", project.state).into(),
            ));
        }
        if !exists && full_ref(branch) != project.head {
            return Err(Error::BadRequest(
                "Destination branch does not exist".into(),
            ));
        }

        let change = self.storage.create_change_with_message(
            &NewChange {
                project: project.name,
                branch: branch.to_owned(),
                subject,
                topic,
                owner,
                is_private: body.is_private.unwrap_or(false),
                work_in_progress: body.work_in_progress.unwrap_or(false),
            },
            &message(owner, "Uploaded patch set 1.", None, tags::NEW_PATCH_SET),
        )?;
        Renderer::new(self, ctx.caller).change_info(&change, Fields::default())
    }

    /// The change, with the parts the `o` options ask for.
    async fn get_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        options: options::GetChangeOptions,
    ) -> Result<types::ChangeInfo, Error> {
        let fields = Fields::parse(&options.options)?;
        let change = load(self, &ctx, change_id)?;
        Renderer::new(self, ctx.caller).change_info(&change, fields)
    }

    /// The change with its reviewers, messages and detailed accounts, plus what the `o`
    /// options ask for.
    async fn get_change_detail(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        options: options::GetChangeDetailOptions,
    ) -> Result<types::ChangeInfo, Error> {
        let fields = Fields::parse(&options.options)?.with_detail();
        let change = load(self, &ctx, change_id)?;
        Renderer::new(self, ctx.caller).change_info(&change, fields)
    }
}

/// The subject of a new change: comment lines dropped, blanks trimmed, first line.
fn clean_subject(text: &str) -> String {
    let kept: Vec<&str> = text.lines().filter(|line| !line.starts_with('#')).collect();
    let joined = kept.join("\n");
    joined
        .trim()
        .lines()
        .next()
        .unwrap_or_default()
        .trim()
        .to_owned()
}

/// A topic as the real service keeps it: trimmed, empty meaning none, at most
/// [`TOPIC_MAX_LENGTH`] characters (400 beyond).
pub(crate) fn clean_topic(topic: Option<&str>) -> Result<Option<String>, Error> {
    let Some(topic) = topic.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if topic.chars().count() > TOPIC_MAX_LENGTH {
        return Err(Error::BadRequest(
            format!("topic length exceeds the limit ({TOPIC_MAX_LENGTH})").into(),
        ));
    }
    Ok(Some(topic.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_and_topics_are_cleaned() {
        assert_eq!(clean_subject("# comment\n  Fix it  \n\nBody"), "Fix it");
        assert_eq!(clean_subject("# only a comment"), "");
        assert_eq!(clean_topic(Some("  t  ")).unwrap(), Some("t".to_owned()));
        assert_eq!(clean_topic(Some("   ")).unwrap(), None);
        assert_eq!(
            clean_topic(Some(&"x".repeat(2049))).unwrap_err().code(),
            400
        );
    }
}
