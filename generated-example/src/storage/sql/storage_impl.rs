//! `impl Storage` for every [`Backend`]: each method is one read or one transaction over
//! the table modules.

use restspec_runtime::Timestamp;

use super::{Backend, accounts, change_parts, changes, groups, projects, refs, sessions};
use crate::storage::{
    Account, AccountQuery, Branch, Change, ChangeMessage, ChangeQuery, Commit, Group, GroupQuery,
    NewAccount, NewChange, NewGroup, NewMessage, NewProject, NewTag, Page, Project, ProjectQuery,
    ProjectState, Reviewer, ReviewerState, Session, Storage, StorageResult, Tag, Transition,
    full_ref,
};

impl<B: Backend> Storage for B {
    fn reachable(&self) -> Result<(), String> {
        Backend::reachable(self)
    }

    fn create_account(&self, new: &NewAccount) -> StorageResult<Account> {
        self.write(|tx| accounts::create(tx, new))
    }
    fn account(&self, id: i64) -> StorageResult<Option<Account>> {
        self.read_one(|c| accounts::by_id(c, id))
    }
    fn account_by_username(&self, username: &str) -> StorageResult<Option<Account>> {
        self.read_one(|c| accounts::by_username(c, username))
    }
    fn account_by_email(&self, email: &str) -> StorageResult<Option<Account>> {
        self.read_one(|c| accounts::by_email(c, email))
    }
    fn set_account_name(&self, id: i64, name: Option<&str>) -> StorageResult<Account> {
        self.write(|tx| accounts::set_name(tx, id, name))
    }
    fn set_account_display_name(&self, id: i64, name: Option<&str>) -> StorageResult<Account> {
        self.write(|tx| accounts::set_display_name(tx, id, name))
    }
    fn set_account_status(&self, id: i64, status: Option<&str>) -> StorageResult<Account> {
        self.write(|tx| accounts::set_status(tx, id, status))
    }
    fn set_account_active(&self, id: i64, active: bool) -> StorageResult<Account> {
        self.write(|tx| accounts::set_active(tx, id, active))
    }
    fn set_account_password(&self, id: i64, hash: Option<&str>) -> StorageResult<Account> {
        self.write(|tx| accounts::set_password(tx, id, hash))
    }
    fn set_account_capabilities(&self, id: i64, caps: &[String]) -> StorageResult<Account> {
        self.write(|tx| accounts::set_capabilities(tx, id, caps))
    }
    fn add_account_email(&self, id: i64, email: &str) -> StorageResult<bool> {
        self.write(|tx| accounts::add_email(tx, id, email))
    }
    fn delete_account_email(&self, id: i64, email: &str) -> StorageResult<bool> {
        self.write(|tx| accounts::delete_email(tx, id, email))
    }
    fn set_preferred_email(&self, id: i64, email: Option<&str>) -> StorageResult<Account> {
        self.write(|tx| accounts::set_preferred_email(tx, id, email))
    }
    fn query_accounts(&self, query: &AccountQuery) -> StorageResult<Page<Account>> {
        self.read(|c| accounts::query(c, query))
    }

    fn create_session(&self, key: &str, account_id: i64, xsrf: &str) -> StorageResult<Session> {
        self.write(|tx| sessions::create(tx, key, account_id, xsrf))
    }
    fn session(&self, key: &str) -> StorageResult<Option<Session>> {
        self.read_one(|c| sessions::get(c, key))
    }
    fn delete_session(&self, key: &str) -> StorageResult<bool> {
        self.write(|tx| sessions::delete(tx, key))
    }
    fn delete_account_sessions(&self, account_id: i64) -> StorageResult<usize> {
        self.write(|tx| sessions::delete_for_account(tx, account_id))
    }
    fn touch_session(&self, key: &str, at: Timestamp) -> StorageResult<bool> {
        self.write(|tx| sessions::touch(tx, key, at))
    }
    fn delete_expired_sessions(
        &self,
        used_before: Timestamp,
        created_before: Timestamp,
    ) -> StorageResult<usize> {
        self.write(|tx| sessions::delete_expired(tx, used_before, created_before))
    }

    fn create_group(&self, new: &NewGroup) -> StorageResult<Group> {
        self.write(|tx| groups::create(tx, new))
    }
    fn group(&self, id: &str) -> StorageResult<Option<Group>> {
        self.read(|c| groups::by_id(c, id))
    }
    fn group_by_name(&self, name: &str) -> StorageResult<Option<Group>> {
        self.read(|c| groups::by_name(c, name))
    }
    fn group_by_number(&self, number: i64) -> StorageResult<Option<Group>> {
        self.read(|c| groups::by_number(c, number))
    }
    fn delete_group(&self, id: &str) -> StorageResult<()> {
        self.write(|tx| groups::delete(tx, id))
    }
    fn rename_group(&self, id: &str, name: &str) -> StorageResult<Group> {
        self.write(|tx| groups::rename(tx, id, name))
    }
    fn set_group_description(&self, id: &str, description: Option<&str>) -> StorageResult<Group> {
        self.write(|tx| groups::set_description(tx, id, description))
    }
    fn set_group_owner(&self, id: &str, owner_id: &str) -> StorageResult<Group> {
        self.write(|tx| groups::set_owner(tx, id, owner_id))
    }
    fn set_group_visible_to_all(&self, id: &str, visible: bool) -> StorageResult<Group> {
        self.write(|tx| groups::set_visible_to_all(tx, id, visible))
    }
    fn list_groups(&self, query: &GroupQuery) -> StorageResult<Page<Group>> {
        self.read(|c| groups::list(c, query))
    }
    fn group_members(&self, id: &str) -> StorageResult<Vec<i64>> {
        self.read(|c| groups::members(c, id))
    }
    fn add_group_member(&self, id: &str, account_id: i64) -> StorageResult<bool> {
        self.write(|tx| groups::add_member(tx, id, account_id))
    }
    fn remove_group_member(&self, id: &str, account_id: i64) -> StorageResult<bool> {
        self.write(|tx| groups::remove_member(tx, id, account_id))
    }
    fn subgroups(&self, id: &str) -> StorageResult<Vec<String>> {
        self.read(|c| groups::subgroups(c, id))
    }
    fn add_subgroup(&self, id: &str, subgroup_id: &str) -> StorageResult<bool> {
        self.write(|tx| groups::add_subgroup(tx, id, subgroup_id))
    }
    fn remove_subgroup(&self, id: &str, subgroup_id: &str) -> StorageResult<bool> {
        self.write(|tx| groups::remove_subgroup(tx, id, subgroup_id))
    }
    fn account_groups(&self, account_id: i64) -> StorageResult<Vec<String>> {
        self.read(|c| groups::account_groups(c, account_id))
    }
    fn is_member_of_group_named(&self, account_id: i64, name: &str) -> StorageResult<bool> {
        self.read_one(|c| groups::is_member_named(c, account_id, name))
    }
    fn account_by_username_in_group(
        &self,
        username: &str,
        group: &str,
    ) -> StorageResult<Option<(Account, bool)>> {
        self.read_one(|c| accounts::by_username_in_group(c, username, group))
    }

    fn create_project(&self, new: &NewProject) -> StorageResult<Project> {
        self.write(|tx| projects::create(tx, new))
    }
    fn project(&self, name: &str) -> StorageResult<Option<Project>> {
        self.read_one(|c| projects::get(c, name))
    }
    fn list_projects(&self, query: &ProjectQuery) -> StorageResult<Page<Project>> {
        self.read(|c| projects::list(c, query))
    }
    fn set_project_description(&self, name: &str, text: Option<&str>) -> StorageResult<Project> {
        self.write(|tx| projects::set_description(tx, name, text))
    }
    fn set_project_parent(&self, name: &str, parent: &str) -> StorageResult<Project> {
        self.write(|tx| projects::set_parent(tx, name, parent))
    }
    fn set_project_state(&self, name: &str, state: ProjectState) -> StorageResult<Project> {
        self.write(|tx| projects::set_state(tx, name, state))
    }
    fn set_project_head(&self, name: &str, branch: &str) -> StorageResult<Project> {
        self.write(|tx| projects::set_head(tx, name, branch))
    }
    fn branches(&self, project: &str) -> StorageResult<Vec<Branch>> {
        self.read(|c| refs::branches(c, project))
    }
    fn project_with_branch(
        &self,
        project: &str,
        branch: &str,
    ) -> StorageResult<Option<(Project, bool)>> {
        let name = full_ref(branch);
        self.read_one(|c| projects::with_branch(c, project, &name))
    }
    fn branch(&self, project: &str, branch: &str) -> StorageResult<Option<Branch>> {
        let name = full_ref(branch);
        self.read_one(|c| refs::branch(c, project, &name))
    }
    fn create_branch(&self, project: &str, branch: &str, revision: &str) -> StorageResult<Branch> {
        self.write(|tx| refs::create_branch(tx, project, branch, revision))
    }
    fn delete_branch(&self, project: &str, branch: &str) -> StorageResult<bool> {
        self.write(|tx| refs::delete_branch(tx, project, branch))
    }
    fn tags(&self, project: &str) -> StorageResult<Vec<Tag>> {
        self.read(|c| refs::tags(c, project))
    }
    fn create_tag(&self, project: &str, new: &NewTag) -> StorageResult<Tag> {
        self.write(|tx| refs::create_tag(tx, project, new))
    }
    fn delete_tag(&self, project: &str, tag: &str) -> StorageResult<bool> {
        self.write(|tx| refs::delete_tag(tx, project, tag))
    }
    fn commit(&self, project: &str, sha: &str) -> StorageResult<Option<Commit>> {
        self.read(|c| refs::commit(c, project, sha))
    }

    fn create_change(&self, new: &NewChange) -> StorageResult<Change> {
        self.write(|tx| changes::create(tx, new))
    }
    fn create_change_with_message(
        &self,
        new: &NewChange,
        message: &NewMessage,
    ) -> StorageResult<Change> {
        self.write(|tx| changes::create_with_message(tx, new, message))
    }
    fn change(&self, number: i64) -> StorageResult<Option<Change>> {
        self.read_one(|c| changes::by_number(c, number))
    }
    fn change_by_change_id(&self, change_id: &str) -> StorageResult<Option<Change>> {
        self.read_one(|c| changes::by_change_id(c, change_id))
    }
    fn query_changes(&self, query: &ChangeQuery) -> StorageResult<Page<Change>> {
        self.read(|c| changes::query(c, query))
    }
    fn delete_change(&self, number: i64) -> StorageResult<()> {
        self.write(|tx| changes::delete(tx, number))
    }
    fn transition_change(
        &self,
        number: i64,
        transition: Transition,
        actor: i64,
        message: Option<&NewMessage>,
    ) -> StorageResult<Change> {
        self.write(|tx| changes::transition(tx, number, transition, actor, message))
    }
    fn set_change_work_in_progress(
        &self,
        number: i64,
        wip: bool,
        message: Option<&NewMessage>,
    ) -> StorageResult<Change> {
        self.write(|tx| changes::set_work_in_progress(tx, number, wip, message))
    }
    fn set_change_private(
        &self,
        number: i64,
        private: bool,
        message: Option<&NewMessage>,
    ) -> StorageResult<Change> {
        self.write(|tx| changes::set_private(tx, number, private, message))
    }
    fn set_change_topic(&self, number: i64, topic: Option<&str>) -> StorageResult<Change> {
        self.write(|tx| changes::set_topic(tx, number, topic))
    }
    fn set_hashtags(
        &self,
        number: i64,
        add: &[String],
        remove: &[String],
    ) -> StorageResult<Vec<String>> {
        self.write(|tx| change_parts::set_hashtags(tx, number, add, remove))
    }
    fn reviewers(&self, number: i64) -> StorageResult<Vec<Reviewer>> {
        self.read(|c| change_parts::reviewers(c, number))
    }
    fn add_reviewer(&self, number: i64, account: i64, state: ReviewerState) -> StorageResult<bool> {
        self.write(|tx| change_parts::add_reviewer(tx, number, account, state))
    }
    fn remove_reviewer(&self, number: i64, account_id: i64) -> StorageResult<bool> {
        self.write(|tx| change_parts::remove_reviewer(tx, number, account_id))
    }
    fn add_change_message(
        &self,
        number: i64,
        message: &NewMessage,
    ) -> StorageResult<ChangeMessage> {
        self.write(|tx| changes::add_message(tx, number, message))
    }
    fn change_messages(&self, number: i64) -> StorageResult<Vec<ChangeMessage>> {
        self.read(|c| change_parts::messages(c, number))
    }
}
