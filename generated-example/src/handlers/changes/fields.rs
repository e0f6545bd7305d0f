//! Which optional parts of a `ChangeInfo` the `o` list options ask for.

use super::*;

/// The `o` values the real service knows (`ListChangesOption`). The ones marked in
/// [`Fields`] change the output; the others are accepted and have nothing to add here
/// (no labels, votes, comments or actions are kept).
const KNOWN_OPTIONS: &[&str] = &[
    "LABELS",
    "DETAILED_LABELS",
    "CURRENT_REVISION",
    "ALL_REVISIONS",
    "CURRENT_COMMIT",
    "ALL_COMMITS",
    "CURRENT_FILES",
    "ALL_FILES",
    "DETAILED_ACCOUNTS",
    "MESSAGES",
    "CURRENT_ACTIONS",
    "CHANGE_ACTIONS",
    "REVIEWED",
    "DRAFT_COMMENTS",
    "DOWNLOAD_COMMANDS",
    "WEB_LINKS",
    "CHECK",
    "COMMIT_FOOTERS",
    "PUSH_CERTIFICATES",
    "REVIEWER_UPDATES",
    "SUBMITTABLE",
    "TRACKING_IDS",
    "SKIP_MERGEABLE",
    "SKIP_DIFFSTAT",
    "SUBMIT_REQUIREMENTS",
    "CUSTOM_KEYED_VALUES",
    "STAR",
    "PARENTS",
];

/// Which optional parts a `ChangeInfo` carries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Fields {
    /// Accounts with name, email and username (`DETAILED_ACCOUNTS`); else only the id.
    pub(crate) detailed_accounts: bool,
    /// `reviewers` by state (`DETAILED_LABELS`, and in details).
    pub(crate) reviewers: bool,
    /// `messages` (`MESSAGES`).
    pub(crate) messages: bool,
    /// `current_revision` and `revisions` (`CURRENT_REVISION`, `ALL_REVISIONS`).
    pub(crate) revisions: bool,
    /// The commit in each revision (`CURRENT_COMMIT`, `ALL_COMMITS`).
    pub(crate) commit: bool,
    /// The files in each revision (`CURRENT_FILES`, `ALL_FILES`).
    pub(crate) files: bool,
    /// `submittable` (`SUBMITTABLE`).
    pub(crate) submittable: bool,
}

impl Fields {
    /// The fields the `o` options ask for; an option the real service does not know is
    /// 400 with its wording. Names are matched without regard to case, as there.
    pub(crate) fn parse(options: &[String]) -> Result<Fields, Error> {
        let mut fields = Fields::default();
        for option in options {
            let name = option.trim().to_ascii_uppercase();
            if !KNOWN_OPTIONS.contains(&name.as_str()) {
                return Err(Error::BadRequest(
                    format!("\"{option}\" is not a valid value for \"-o\"").into(),
                ));
            }
            match name.as_str() {
                "DETAILED_ACCOUNTS" => fields.detailed_accounts = true,
                "DETAILED_LABELS" => fields.reviewers = true,
                "MESSAGES" => fields.messages = true,
                "CURRENT_REVISION" | "ALL_REVISIONS" => fields.revisions = true,
                "CURRENT_COMMIT" | "ALL_COMMITS" => {
                    fields.revisions = true;
                    fields.commit = true;
                }
                "CURRENT_FILES" | "ALL_FILES" => {
                    fields.revisions = true;
                    fields.files = true;
                }
                "SUBMITTABLE" => fields.submittable = true,
                _ => {}
            }
        }
        Ok(fields)
    }

    /// What `/detail` adds to the options (the real service adds labels, detailed
    /// labels and accounts, reviewer updates and messages).
    pub(crate) fn with_detail(self) -> Fields {
        Fields {
            detailed_accounts: true,
            reviewers: true,
            messages: true,
            ..self
        }
    }
}
