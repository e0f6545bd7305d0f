//! The [`Storage`] trait: everything handlers may ask of the database.

use super::{
    Account, AccountQuery, Branch, Change, ChangeMessage, ChangeQuery, Group, GroupQuery,
    NewAccount, NewChange, NewGroup, NewProject, Page, Project, ProjectQuery, ProjectState,
    Session, StorageResult, Transition, full_ref,
};

/// The service's persistent data. Object safe: handlers hold an `Arc<dyn Storage>`.
///
/// All methods block (see the [module documentation](super) on calling them from async
/// code); each is atomic, and each that changes something has committed when it returns.
pub trait Storage: Send + Sync + 'static {
    // ---- accounts -------------------------------------------------------------------

    /// Creates an account with the next id. Taken username or email → `Conflict`.
    fn create_account(&self, new: &NewAccount) -> StorageResult<Account>;
    /// The account with this id.
    fn account(&self, id: i64) -> StorageResult<Option<Account>>;
    /// The account with this username (exact).
    fn account_by_username(&self, username: &str) -> StorageResult<Option<Account>>;
    /// The account with this preferred email (exact).
    fn account_by_email(&self, email: &str) -> StorageResult<Option<Account>>;
    /// Sets or clears the full name.
    fn set_account_name(&self, id: i64, name: Option<&str>) -> StorageResult<Account>;
    /// Sets or clears the preferred email; taken by another account → `Conflict`.
    fn set_account_email(&self, id: i64, email: Option<&str>) -> StorageResult<Account>;
    /// Activates or deactivates the account. Deactivating does not end its sessions:
    /// call [`delete_account_sessions`](Self::delete_account_sessions) too.
    fn set_account_active(&self, id: i64, active: bool) -> StorageResult<Account>;
    /// Sets or clears the encoded HTTP password hash.
    fn set_account_password(&self, id: i64, password_hash: Option<&str>)
    -> StorageResult<Account>;
    /// Replaces the account's global capabilities.
    fn set_account_capabilities(
        &self,
        id: i64,
        capabilities: &[String],
    ) -> StorageResult<Account>;
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

    /// Stores a new web session. Unknown account → `Invalid`; key in use → `Conflict`.
    fn create_session(
        &self,
        key: &str,
        account_id: i64,
        xsrf_token: &str,
    ) -> StorageResult<Session>;
    /// The session with this key. Whether its account is still active is for the caller
    /// to check.
    fn session(&self, key: &str) -> StorageResult<Option<Session>>;
    /// Ends a session; answers whether it existed.
    fn delete_session(&self, key: &str) -> StorageResult<bool>;
    /// Ends every session of an account; answers how many there were.
    fn delete_account_sessions(&self, account_id: i64) -> StorageResult<usize>;

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
    /// Renames a group. Taken → `Conflict`; system group → `NotAllowed`.
    fn rename_group(&self, id: &str, name: &str) -> StorageResult<Group>;
    /// Sets or clears the description; system group → `NotAllowed`.
    fn set_group_description(&self, id: &str, description: Option<&str>) -> StorageResult<Group>;
    /// Sets the owner group (by id); unknown owner → `Invalid`; system group →
    /// `NotAllowed`.
    fn set_group_owner(&self, id: &str, owner_id: &str) -> StorageResult<Group>;
    /// Sets `visible_to_all`; system group → `NotAllowed`.
    fn set_group_visible_to_all(&self, id: &str, visible: bool) -> StorageResult<Group>;
    /// Groups matching `query`, ordered by name.
    fn list_groups(&self, query: &GroupQuery) -> StorageResult<Page<Group>>;
    /// The direct members' account ids, ascending; system group → `NotAllowed`.
    fn group_members(&self, id: &str) -> StorageResult<Vec<i64>>;
    /// Adds a member; answers false when it was one already. Unknown account →
    /// `Invalid`; system group → `NotAllowed`.
    fn add_group_member(&self, id: &str, account_id: i64) -> StorageResult<bool>;
    /// Removes a member; answers false when it was none. System group → `NotAllowed`.
    fn remove_group_member(&self, id: &str, account_id: i64) -> StorageResult<bool>;
    /// The ids of the directly included groups, ordered by name; system group →
    /// `NotAllowed`.
    fn subgroups(&self, id: &str) -> StorageResult<Vec<String>>;
    /// Includes a group (any, system groups too); answers false when it was included
    /// already. Unknown subgroup → `Invalid`; system group → `NotAllowed`.
    fn add_subgroup(&self, id: &str, subgroup_id: &str) -> StorageResult<bool>;
    /// Removes an included group; answers false when it was not included.
    fn remove_subgroup(&self, id: &str, subgroup_id: &str) -> StorageResult<bool>;
    /// The ids of every group the account belongs to: the internal groups it is a member
    /// of directly or through included groups, plus `Anonymous Users` and `Registered
    /// Users`. Sorted. Unknown account → `NotFound`.
    fn account_groups(&self, account_id: i64) -> StorageResult<Vec<String>>;

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

    /// Creates a project, always with `refs/meta/config`, and with the branches of
    /// [`NewProject::branches`] when `create_empty_commit` is set. Taken name →
    /// `Conflict`; unknown parent or empty name → `Invalid`.
    fn create_project(&self, new: &NewProject) -> StorageResult<Project>;
    /// The project with this name (exact).
    fn project(&self, name: &str) -> StorageResult<Option<Project>>;
    /// Projects matching `query`, ordered by name.
    fn list_projects(&self, query: &ProjectQuery) -> StorageResult<Page<Project>>;
    /// Sets or clears the description.
    fn set_project_description(
        &self,
        name: &str,
        description: Option<&str>,
    ) -> StorageResult<Project>;
    /// Sets the parent. Unknown parent → `Invalid`; a parent below the project (a cycle)
    /// or any parent for `All-Projects` → `Conflict`.
    fn set_project_parent(&self, name: &str, parent: &str) -> StorageResult<Project>;
    /// Sets the state.
    fn set_project_state(&self, name: &str, state: ProjectState) -> StorageResult<Project>;
    /// Points `HEAD` at a branch (short or full name), which must exist → else `Invalid`.
    fn set_project_head(&self, name: &str, branch: &str) -> StorageResult<Project>;
    /// The project's refs, ordered by name. Unknown project → `NotFound`.
    fn branches(&self, project: &str) -> StorageResult<Vec<Branch>>;
    /// Creates a branch (short or full name) at `revision`; existing → `Conflict`.
    fn create_branch(&self, project: &str, branch: &str, revision: &str)
    -> StorageResult<Branch>;
    /// Deletes a branch; answers whether it existed. `HEAD`'s target → `Conflict`.
    fn delete_branch(&self, project: &str, branch: &str) -> StorageResult<bool>;

    /// One branch of a project (short or full name).
    fn branch(&self, project: &str, branch: &str) -> StorageResult<Option<Branch>> {
        let name = full_ref(branch);
        Ok(self.branches(project)?.into_iter().find(|b| b.name == name))
    }

    // ---- changes --------------------------------------------------------------------

    /// Creates a change in state `NEW` with the next number, a new Change-Id and a fake
    /// commit as patch set 1. Unknown project or owner → `Invalid`.
    fn create_change(&self, new: &NewChange) -> StorageResult<Change>;
    /// The change with this `_number`.
    fn change(&self, number: i64) -> StorageResult<Option<Change>>;
    /// The change with this Change-Id (`I…`).
    fn change_by_change_id(&self, change_id: &str) -> StorageResult<Option<Change>>;
    /// Changes matching `query`, most recently updated first.
    fn query_changes(&self, query: &ChangeQuery) -> StorageResult<Page<Change>>;
    /// Abandons, restores or submits. The change not in [`Transition::from`]'s state →
    /// `Conflict` (`change is merged`, …). With `message`, adds it as a change message
    /// by `actor` in the same transaction.
    fn transition_change(
        &self,
        number: i64,
        transition: Transition,
        actor: i64,
        message: Option<&str>,
    ) -> StorageResult<Change>;
    /// Sets or clears the topic.
    fn set_change_topic(&self, number: i64, topic: Option<&str>) -> StorageResult<Change>;
    /// Sets the subject.
    fn set_change_subject(&self, number: i64, subject: &str) -> StorageResult<Change>;
    /// Marks the change private or not.
    fn set_change_private(&self, number: i64, is_private: bool) -> StorageResult<Change>;
    /// The reviewers' account ids, ascending.
    fn reviewers(&self, number: i64) -> StorageResult<Vec<i64>>;
    /// Adds a reviewer; answers false when it was one already. Unknown account →
    /// `Invalid`.
    fn add_reviewer(&self, number: i64, account_id: i64) -> StorageResult<bool>;
    /// Removes a reviewer; answers false when it was none.
    fn remove_reviewer(&self, number: i64, account_id: i64) -> StorageResult<bool>;
    /// Adds a message (author `None`: the service itself) and updates the change's
    /// `updated`.
    fn add_change_message(
        &self,
        number: i64,
        author: Option<i64>,
        message: &str,
    ) -> StorageResult<ChangeMessage>;
    /// The change's messages, oldest first.
    fn change_messages(&self, number: i64) -> StorageResult<Vec<ChangeMessage>>;

    /// Finds a change the way URLs name them: `_number`, `<project>~<_number>`,
    /// `<project>~<branch>~<Change-Id>` or a Change-Id. `project` here is decoded
    /// (`a/b~1`, not `a%2Fb~1`). Private changes are answered too: visibility is the
    /// handler's decision.
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
            return Ok(self.change_by_change_id(last)?.filter(|c| {
                c.project == project && super::full_ref(&c.branch) == full_ref(branch)
            }));
        }
        if id.starts_with('I') {
            return self.change_by_change_id(id);
        }
        Ok(None)
    }
}
