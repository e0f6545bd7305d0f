//! The [`Storage`] trait: everything handlers may ask of the database.

use super::{
    Account, AccountQuery, Branch, Change, ChangeMessage, ChangeQuery, Commit, Group, GroupQuery,
    NewAccount, NewChange, NewGroup, NewMessage, NewProject, NewTag, Page, Project, ProjectQuery,
    ProjectState, Reviewer, ReviewerState, Session, StorageResult, Tag, Transition, full_ref,
    full_tag_ref,
};
use restspec_runtime::Timestamp;

/// The service's persistent data. Object safe: handlers hold an `Arc<dyn Storage>`.
///
/// All methods block (see the [module documentation](super) on calling them from async
/// code); each is atomic, and each that changes something has committed when it returns.
/// Lookups answer `Ok(None)` for a missing object; methods acting on one answer
/// `NotFound` when it is missing.
pub trait Storage: Send + Sync + 'static {
    /// `Err` with the reason while the database is away (a shared database restarting or
    /// cut off): a lookup that found nothing then says nothing about the data.
    fn reachable(&self) -> Result<(), String> {
        Ok(())
    }

    // ---- accounts -------------------------------------------------------------------

    /// Creates an account with the next id. Taken username or email → `Conflict`.
    fn create_account(&self, new: &NewAccount) -> StorageResult<Account>;
    /// The account with this id.
    fn account(&self, id: i64) -> StorageResult<Option<Account>>;
    /// The account with this username (exact).
    fn account_by_username(&self, username: &str) -> StorageResult<Option<Account>>;
    /// The account that registered this email (any of its emails, exact).
    fn account_by_email(&self, email: &str) -> StorageResult<Option<Account>>;
    /// Sets or clears the full name.
    fn set_account_name(&self, id: i64, name: Option<&str>) -> StorageResult<Account>;
    /// Sets or clears the display name.
    fn set_account_display_name(&self, id: i64, name: Option<&str>) -> StorageResult<Account>;
    /// Sets or clears the status message.
    fn set_account_status(&self, id: i64, status: Option<&str>) -> StorageResult<Account>;
    /// Activates or deactivates. Deactivating does not end sessions: see
    /// [`delete_account_sessions`](Self::delete_account_sessions).
    fn set_account_active(&self, id: i64, active: bool) -> StorageResult<Account>;
    /// Sets or clears the encoded HTTP password hash.
    fn set_account_password(&self, id: i64, hash: Option<&str>) -> StorageResult<Account>;
    /// Replaces the account's own global capabilities.
    fn set_account_capabilities(&self, id: i64, caps: &[String]) -> StorageResult<Account>;
    /// Registers an email; answers false when the account had it already. Another
    /// account's → `Conflict`.
    fn add_account_email(&self, id: i64, email: &str) -> StorageResult<bool>;
    /// Removes an email (and clears the preferred one if it was that); answers whether
    /// the account had it.
    fn delete_account_email(&self, id: i64, email: &str) -> StorageResult<bool>;
    /// Makes an email the preferred one, registering it if needed (another account's →
    /// `Conflict`); `None` clears the preferred email.
    fn set_preferred_email(&self, id: i64, email: Option<&str>) -> StorageResult<Account>;
    /// Accounts matching `query`, ordered by id.
    fn query_accounts(&self, query: &AccountQuery) -> StorageResult<Page<Account>>;

    /// Finds an account the way URLs name them: numeric id, username or email (`self`
    /// is the handler's business).
    fn find_account(&self, id: &str) -> StorageResult<Option<Account>> {
        if let Ok(number) = id.parse::<i64>()
            && let Some(account) = self.account(number)?
        {
            return Ok(Some(account));
        }
        if let Some(account) = self.account_by_username(id)? {
            return Ok(Some(account));
        }
        if id.contains('@') {
            return self.account_by_email(id);
        }
        Ok(None)
    }

    // ---- sessions -------------------------------------------------------------------

    /// Stores a web session. Unknown account → `Invalid`; key in use → `Conflict`.
    fn create_session(&self, key: &str, account_id: i64, xsrf: &str) -> StorageResult<Session>;
    /// The session with this key. Whether its account is still active is the caller's
    /// check.
    fn session(&self, key: &str) -> StorageResult<Option<Session>>;
    /// Ends a session; answers whether it existed.
    fn delete_session(&self, key: &str) -> StorageResult<bool>;
    /// Ends every session of an account; answers how many there were.
    fn delete_account_sessions(&self, account_id: i64) -> StorageResult<usize>;
    /// Records that a session was used at `at`; answers whether it exists.
    fn touch_session(&self, key: &str, at: Timestamp) -> StorageResult<bool>;
    /// Ends every session last used before `used_before` or created before
    /// `created_before`; answers how many there were.
    fn delete_expired_sessions(
        &self,
        used_before: Timestamp,
        created_before: Timestamp,
    ) -> StorageResult<usize>;

    // ---- groups ---------------------------------------------------------------------

    /// Creates an internal group with a new 40-hex id and the next number. Taken name →
    /// `Conflict`; unknown owner or member → `Invalid`.
    fn create_group(&self, new: &NewGroup) -> StorageResult<Group>;
    /// The group with this id (`GroupInfo.id`).
    fn group(&self, id: &str) -> StorageResult<Option<Group>>;
    /// The group with this name (exact).
    fn group_by_name(&self, name: &str) -> StorageResult<Option<Group>>;
    /// The internal group with this legacy number (`group_id`).
    fn group_by_number(&self, number: i64) -> StorageResult<Option<Group>>;
    /// Deletes an internal group with its memberships. System group → `NotAllowed`;
    /// a group that owns other groups → `Conflict`.
    fn delete_group(&self, id: &str) -> StorageResult<()>;
    /// Renames. Taken → `Conflict`; system group → `NotAllowed` (as for every change
    /// of a system group below).
    fn rename_group(&self, id: &str, name: &str) -> StorageResult<Group>;
    /// Sets or clears the description.
    fn set_group_description(&self, id: &str, description: Option<&str>) -> StorageResult<Group>;
    /// Sets the owner group (by id); unknown owner → `Invalid`.
    fn set_group_owner(&self, id: &str, owner_id: &str) -> StorageResult<Group>;
    /// Sets `visible_to_all`.
    fn set_group_visible_to_all(&self, id: &str, visible: bool) -> StorageResult<Group>;
    /// Groups matching `query`, ordered by name.
    fn list_groups(&self, query: &GroupQuery) -> StorageResult<Page<Group>>;
    /// The direct members' account ids, ascending; system group → `NotAllowed`.
    fn group_members(&self, id: &str) -> StorageResult<Vec<i64>>;
    /// Adds a member; answers false when it was one already. Unknown account → `Invalid`.
    fn add_group_member(&self, id: &str, account_id: i64) -> StorageResult<bool>;
    /// Removes a member; answers false when it was none.
    fn remove_group_member(&self, id: &str, account_id: i64) -> StorageResult<bool>;
    /// The ids of the directly included groups, ordered by name; system group →
    /// `NotAllowed`.
    fn subgroups(&self, id: &str) -> StorageResult<Vec<String>>;
    /// Includes a group (system groups too); answers false when it was included already.
    /// Unknown subgroup → `Invalid`.
    fn add_subgroup(&self, id: &str, subgroup_id: &str) -> StorageResult<bool>;
    /// Removes an included group; answers false when it was not included.
    fn remove_subgroup(&self, id: &str, subgroup_id: &str) -> StorageResult<bool>;
    /// The ids of every group the account belongs to, sorted: the internal groups it is a
    /// member of directly or through included groups (also through an included
    /// `Registered Users`), plus `Anonymous Users` and `Registered Users`.
    fn account_groups(&self, account_id: i64) -> StorageResult<Vec<String>>;
    /// Whether the account belongs to the group named `name` (as [`account_groups`]
    /// counts membership), in one statement: what every authenticated request asks of
    /// `Administrators`.
    ///
    /// [`account_groups`]: Storage::account_groups
    fn is_member_of_group_named(&self, account_id: i64, name: &str) -> StorageResult<bool>;
    /// The account with this username and whether it belongs to the group named `group`
    /// ([`is_member_of_group_named`]): the two lookups of a password check, in one
    /// statement where the storage can.
    ///
    /// [`is_member_of_group_named`]: Storage::is_member_of_group_named
    fn account_by_username_in_group(
        &self,
        username: &str,
        group: &str,
    ) -> StorageResult<Option<(Account, bool)>> {
        let Some(account) = self.account_by_username(username)? else {
            return Ok(None);
        };
        let member = self.is_member_of_group_named(account.id, group)?;
        Ok(Some((account, member)))
    }

    /// Finds a group the way URLs name them: id, then legacy number, then name.
    fn find_group(&self, id: &str) -> StorageResult<Option<Group>> {
        if let Some(group) = self.group(id)? {
            return Ok(Some(group));
        }
        if let Ok(number) = id.parse::<i64>()
            && let Some(group) = self.group_by_number(number)?
        {
            return Ok(Some(group));
        }
        self.group_by_name(id)
    }

    // ---- projects -------------------------------------------------------------------

    /// Creates a project with `refs/meta/config`, and with [`NewProject::branches`] when
    /// `create_empty_commit` is set. Taken name → `Conflict`; unknown parent → `Invalid`.
    fn create_project(&self, new: &NewProject) -> StorageResult<Project>;
    /// The project with this name (exact).
    fn project(&self, name: &str) -> StorageResult<Option<Project>>;
    /// Projects matching `query`, ordered by name.
    fn list_projects(&self, query: &ProjectQuery) -> StorageResult<Page<Project>>;
    /// Sets or clears the description.
    fn set_project_description(&self, name: &str, text: Option<&str>) -> StorageResult<Project>;
    /// Sets the parent. Unknown parent → `Invalid`; a cycle, or any parent for
    /// `All-Projects` → `Conflict`.
    fn set_project_parent(&self, name: &str, parent: &str) -> StorageResult<Project>;
    /// Sets the state.
    fn set_project_state(&self, name: &str, state: ProjectState) -> StorageResult<Project>;
    /// Points `HEAD` at an existing branch (short or full name), else `Invalid`.
    fn set_project_head(&self, name: &str, branch: &str) -> StorageResult<Project>;
    /// The project's refs (branches and `refs/meta/config`), ordered by name; unknown
    /// project → `NotFound` (as for the other methods taking a project below).
    fn branches(&self, project: &str) -> StorageResult<Vec<Branch>>;
    /// Creates a branch (short or full name) at a commit of the project (else
    /// `Invalid`); existing → `Conflict`.
    fn create_branch(&self, project: &str, branch: &str, revision: &str) -> StorageResult<Branch>;
    /// Deletes a branch; answers whether it existed. `refs/meta/config` → `Conflict`.
    /// Refusing `HEAD`'s target (409) is the handler's decision.
    fn delete_branch(&self, project: &str, branch: &str) -> StorageResult<bool>;
    /// The project's tags, ordered by name.
    fn tags(&self, project: &str) -> StorageResult<Vec<Tag>>;
    /// Creates a tag; existing → `Conflict`; unknown commit → `Invalid`.
    fn create_tag(&self, project: &str, new: &NewTag) -> StorageResult<Tag>;
    /// Deletes a tag (short or full name); answers whether it existed.
    fn delete_tag(&self, project: &str, tag: &str) -> StorageResult<bool>;
    /// A commit of the project: of a branch, a tag or a change (`None` also for an
    /// unknown project).
    fn commit(&self, project: &str, sha: &str) -> StorageResult<Option<Commit>>;

    /// A project, and whether it has `branch` (short or full name): `None` for an unknown
    /// project. What a new change checks first, in one call.
    fn project_with_branch(
        &self,
        project: &str,
        branch: &str,
    ) -> StorageResult<Option<(Project, bool)>> {
        let Some(found) = self.project(project)? else {
            return Ok(None);
        };
        let exists = self.branch(&found.name, branch)?.is_some();
        Ok(Some((found, exists)))
    }

    /// One branch of a project (short or full name); unknown project → `NotFound`.
    fn branch(&self, project: &str, branch: &str) -> StorageResult<Option<Branch>> {
        let name = full_ref(branch);
        Ok(self.branches(project)?.into_iter().find(|b| b.name == name))
    }

    /// One tag of a project (short or full name); unknown project → `NotFound`.
    fn tag(&self, project: &str, tag: &str) -> StorageResult<Option<Tag>> {
        let name = full_tag_ref(tag);
        Ok(self.tags(project)?.into_iter().find(|t| t.name == name))
    }

    // ---- changes --------------------------------------------------------------------

    /// Creates a change in state `NEW`: next number, new Change-Id, and patch set 1 as a
    /// commit on top of the branch's tip. Unknown project or owner → `Invalid`.
    fn create_change(&self, new: &NewChange) -> StorageResult<Change>;
    /// [`create_change`](Storage::create_change) and its first message, in one write:
    /// both or neither, and the change answered as it is after the message. One write
    /// instead of two is one turn at the writers' lock and one commit to wait for.
    fn create_change_with_message(
        &self,
        new: &NewChange,
        message: &NewMessage,
    ) -> StorageResult<Change>;
    /// The change with this `_number`.
    fn change(&self, number: i64) -> StorageResult<Option<Change>>;
    /// The change with this Change-Id (`I…`).
    fn change_by_change_id(&self, change_id: &str) -> StorageResult<Option<Change>>;
    /// Changes matching `query`, most recently updated first.
    fn query_changes(&self, query: &ChangeQuery) -> StorageResult<Page<Change>>;
    /// Deletes a change that is not merged (merged → `Conflict`) with its reviewers,
    /// messages and hashtags. Its number is not reused.
    fn delete_change(&self, number: i64) -> StorageResult<()>;
    /// Abandons, restores or submits, checking the state in the same transaction: not in
    /// [`Transition::from`] → `Conflict` (`change is merged`, …). `message` is added to
    /// the change in that transaction too.
    fn transition_change(
        &self,
        number: i64,
        transition: Transition,
        actor: i64,
        message: Option<&NewMessage>,
    ) -> StorageResult<Change>;
    /// Sets the work-in-progress flag, adding `message`. Unconditional: refusing a
    /// change that is already (not) WIP, or closed, is the handler's decision.
    fn set_change_work_in_progress(
        &self,
        number: i64,
        wip: bool,
        message: Option<&NewMessage>,
    ) -> StorageResult<Change>;
    /// Sets the private flag, adding `message`. Unconditional, like the WIP flag.
    fn set_change_private(
        &self,
        number: i64,
        private: bool,
        message: Option<&NewMessage>,
    ) -> StorageResult<Change>;
    /// Sets or clears the topic.
    fn set_change_topic(&self, number: i64, topic: Option<&str>) -> StorageResult<Change>;
    /// Adds, then removes hashtags (as given: cleaning them up is the handler's job);
    /// answers the resulting hashtags, sorted.
    fn set_hashtags(
        &self,
        number: i64,
        add: &[String],
        remove: &[String],
    ) -> StorageResult<Vec<String>>;
    /// The reviewers and CCs, by account id.
    fn reviewers(&self, number: i64) -> StorageResult<Vec<Reviewer>>;
    /// Adds a reviewer or CC, or changes the state of one; answers false when nothing
    /// changed. Unknown account → `Invalid`.
    fn add_reviewer(&self, number: i64, account: i64, state: ReviewerState) -> StorageResult<bool>;
    /// Removes a reviewer or CC; answers false when it was none.
    fn remove_reviewer(&self, number: i64, account_id: i64) -> StorageResult<bool>;
    /// Adds a message and moves `updated`.
    fn add_change_message(&self, number: i64, message: &NewMessage)
    -> StorageResult<ChangeMessage>;
    /// The change's messages, oldest first.
    fn change_messages(&self, number: i64) -> StorageResult<Vec<ChangeMessage>>;

    /// One message of a change.
    fn change_message(&self, number: i64, id: &str) -> StorageResult<Option<ChangeMessage>> {
        Ok(self
            .change_messages(number)?
            .into_iter()
            .find(|m| m.id == id))
    }

    /// Finds a change the way URLs name them: `_number`, `<project>~<_number>`,
    /// `<project>~<branch>~<Change-Id>` or a Change-Id; `project` decoded (`a/b~1`).
    /// Private changes are answered too: visibility is the handler's decision.
    fn find_change(&self, id: &str) -> StorageResult<Option<Change>> {
        if let Ok(number) = id.parse::<i64>() {
            return self.change(number);
        }
        if let Some((rest, last)) = id.rsplit_once('~') {
            if let Ok(number) = last.parse::<i64>() {
                return Ok(self.change(number)?.filter(|c| c.project == rest));
            }
            let Some((project, branch)) = rest.rsplit_once('~') else {
                return Ok(None);
            };
            return Ok(self
                .change_by_change_id(last)?
                .filter(|c| c.project == project && full_ref(&c.branch) == full_ref(branch)));
        }
        if id.starts_with('I') {
            return self.change_by_change_id(id);
        }
        Ok(None)
    }
}
