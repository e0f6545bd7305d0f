//! The handler implementations: the code review service's behaviour behind the generated
//! handler traits, one per family.
//!
//! Each family's trait is implemented here by delegating every method to the function of
//! the same name in the module of its family (`accounts`, `changes`, `groups`, `projects`;
//! `config` also holds `/plugins/`, `/access/` and `/Documentation/`). Each of those
//! modules reaches the data only through [`Storage`].

mod accounts;
mod changes;
mod common;
mod config;
mod groups;
mod projects;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use restspec_runtime::{Caller, RequestContext, Timestamp};

use crate::api::{
    AccessHandlers, AccountsHandlers, AccountsResource, ChangesHandlers, ChangesResource,
    ConfigHandlers, DocumentationHandlers, Error, GroupsHandlers, PluginsHandlers,
    ProjectsHandlers, ProjectsResource, options, types,
};
use crate::storage::Storage;

pub use common::ServerState;

/// The service: the storage, plus the state that lives only while the process runs
/// (plugins, caches, tasks).
#[derive(Clone)]
pub struct ReviewService {
    /// The data.
    pub storage: Arc<dyn Storage>,
    /// In-process state.
    pub server: Arc<Mutex<ServerState>>,
    /// When the process started.
    pub started: Timestamp,
}

impl std::fmt::Debug for ReviewService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReviewService").finish_non_exhaustive()
    }
}

impl ReviewService {
    /// A service over `storage`.
    pub fn new(storage: Arc<dyn Storage>) -> Self {
        ReviewService {
            storage,
            server: Arc::new(Mutex::new(ServerState::default())),
            started: Timestamp::now(),
        }
    }
}

#[allow(refining_impl_trait)]
impl AccountsHandlers for ReviewService {
    async fn resolve_accounts(
        &self,
        caller: &Caller,
        account_id: &str,
    ) -> Result<Option<AccountsResource>, Error> {
        accounts::resolve_accounts(self, caller, account_id).await
    }

    async fn query_accounts(
        &self,
        ctx: RequestContext<'_>,
        options: options::QueryAccountsOptions,
    ) -> Result<Vec<types::AccountInfo>, Error> {
        accounts::query_accounts(self, ctx, options).await
    }

    async fn get_account(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<types::AccountInfo, Error> {
        accounts::get_account(self, ctx, account_id.to_owned()).await
    }

    async fn create_account(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::AccountInput,
    ) -> Result<types::AccountInfo, Error> {
        accounts::create_account(self, ctx, account_id.to_owned(), body).await
    }

    async fn get_account_detail(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<types::AccountDetailInfo, Error> {
        accounts::get_account_detail(self, ctx, account_id.to_owned()).await
    }

    async fn get_account_name(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<String, Error> {
        accounts::get_account_name(self, ctx, account_id.to_owned()).await
    }

    async fn set_account_name(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::AccountNameInput,
    ) -> Result<String, Error> {
        accounts::set_account_name(self, ctx, account_id.to_owned(), body).await
    }

    async fn delete_account_name(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<(), Error> {
        accounts::delete_account_name(self, ctx, account_id.to_owned()).await
    }

    async fn get_account_status(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<String, Error> {
        accounts::get_account_status(self, ctx, account_id.to_owned()).await
    }

    async fn set_account_status(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::AccountStatusInput,
    ) -> Result<String, Error> {
        accounts::set_account_status(self, ctx, account_id.to_owned(), body).await
    }

    async fn get_username(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<String, Error> {
        accounts::get_username(self, ctx, account_id.to_owned()).await
    }

    async fn set_username(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::UsernameInput,
    ) -> Result<String, Error> {
        accounts::set_username(self, ctx, account_id.to_owned(), body).await
    }

    async fn get_active(&self, ctx: RequestContext<'_>, account_id: &str) -> Result<String, Error> {
        accounts::get_active(self, ctx, account_id.to_owned()).await
    }

    async fn set_active(&self, ctx: RequestContext<'_>, account_id: &str) -> Result<(), Error> {
        accounts::set_active(self, ctx, account_id.to_owned()).await
    }

    async fn delete_active(&self, ctx: RequestContext<'_>, account_id: &str) -> Result<(), Error> {
        accounts::delete_active(self, ctx, account_id.to_owned()).await
    }

    async fn list_account_emails(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<Vec<types::EmailInfo>, Error> {
        accounts::list_account_emails(self, ctx, account_id.to_owned()).await
    }

    async fn get_account_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
    ) -> Result<types::EmailInfo, Error> {
        accounts::get_account_email(self, ctx, account_id.to_owned(), email_id.to_owned()).await
    }

    async fn create_account_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
        body: types::EmailInput,
    ) -> Result<types::EmailInfo, Error> {
        accounts::create_account_email(self, ctx, account_id.to_owned(), email_id.to_owned(), body)
            .await
    }

    async fn delete_account_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
    ) -> Result<(), Error> {
        accounts::delete_account_email(self, ctx, account_id.to_owned(), email_id.to_owned()).await
    }

    async fn set_preferred_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
    ) -> Result<(), Error> {
        accounts::set_preferred_email(self, ctx, account_id.to_owned(), email_id.to_owned()).await
    }

    async fn list_account_capabilities(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        options: options::ListAccountCapabilitiesOptions,
    ) -> Result<types::CapabilityInfo, Error> {
        accounts::list_account_capabilities(self, ctx, account_id.to_owned(), options).await
    }

    async fn check_account_capability(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        capability_id: &str,
    ) -> Result<String, Error> {
        accounts::check_account_capability(
            self,
            ctx,
            account_id.to_owned(),
            capability_id.to_owned(),
        )
        .await
    }

    async fn list_account_groups(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<Vec<types::GroupInfo>, Error> {
        accounts::list_account_groups(self, ctx, account_id.to_owned()).await
    }
}

#[allow(refining_impl_trait)]
impl ChangesHandlers for ReviewService {
    async fn resolve_changes(
        &self,
        caller: &Caller,
        change_id: &str,
    ) -> Result<Option<ChangesResource>, Error> {
        changes::resolve_changes(self, caller, change_id).await
    }

    async fn create_change(
        &self,
        ctx: RequestContext<'_>,
        body: types::ChangeInput,
    ) -> Result<types::ChangeInfo, Error> {
        changes::create_change(self, ctx, body).await
    }

    async fn query_changes(
        &self,
        ctx: RequestContext<'_>,
        options: options::QueryChangesOptions,
    ) -> Result<Vec<types::ChangeInfo>, Error> {
        changes::query_changes(self, ctx, options).await
    }

    async fn get_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        options: options::GetChangeOptions,
    ) -> Result<types::ChangeInfo, Error> {
        changes::get_change(self, ctx, change_id.to_owned(), options).await
    }

    async fn get_change_detail(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        options: options::GetChangeDetailOptions,
    ) -> Result<types::ChangeInfo, Error> {
        changes::get_change_detail(self, ctx, change_id.to_owned(), options).await
    }

    async fn get_topic(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<String, Error> {
        changes::get_topic(self, ctx, change_id.to_owned()).await
    }

    async fn set_topic(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::TopicInput,
    ) -> Result<String, Error> {
        changes::set_topic(self, ctx, change_id.to_owned(), body).await
    }

    async fn delete_topic(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<(), Error> {
        changes::delete_topic(self, ctx, change_id.to_owned()).await
    }

    async fn abandon_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::AbandonInput,
    ) -> Result<types::ChangeInfo, Error> {
        changes::abandon_change(self, ctx, change_id.to_owned(), body).await
    }

    async fn restore_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::RestoreInput,
    ) -> Result<types::ChangeInfo, Error> {
        changes::restore_change(self, ctx, change_id.to_owned(), body).await
    }

    async fn submit_change(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::SubmitInput,
    ) -> Result<types::ChangeInfo, Error> {
        changes::submit_change(self, ctx, change_id.to_owned(), body).await
    }

    async fn delete_change(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<(), Error> {
        changes::delete_change(self, ctx, change_id.to_owned()).await
    }

    async fn set_work_in_progress(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::WorkInProgressInput,
    ) -> Result<(), Error> {
        changes::set_work_in_progress(self, ctx, change_id.to_owned(), body).await
    }

    async fn set_ready_for_review(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::WorkInProgressInput,
    ) -> Result<(), Error> {
        changes::set_ready_for_review(self, ctx, change_id.to_owned(), body).await
    }

    async fn mark_private(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::PrivateInput,
    ) -> Result<(), Error> {
        changes::mark_private(self, ctx, change_id.to_owned(), body).await
    }

    async fn unmark_private(&self, ctx: RequestContext<'_>, change_id: &str) -> Result<(), Error> {
        changes::unmark_private(self, ctx, change_id.to_owned()).await
    }

    async fn get_hashtags(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<Vec<String>, Error> {
        changes::get_hashtags(self, ctx, change_id.to_owned()).await
    }

    async fn set_hashtags(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::HashtagsInput,
    ) -> Result<Vec<String>, Error> {
        changes::set_hashtags(self, ctx, change_id.to_owned(), body).await
    }

    async fn list_change_messages(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<Vec<types::ChangeMessageInfo>, Error> {
        changes::list_change_messages(self, ctx, change_id.to_owned()).await
    }

    async fn get_change_message(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        change_message_id: &str,
    ) -> Result<types::ChangeMessageInfo, Error> {
        changes::get_change_message(
            self,
            ctx,
            change_id.to_owned(),
            change_message_id.to_owned(),
        )
        .await
    }

    async fn list_reviewers(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
    ) -> Result<Vec<types::ReviewerInfo>, Error> {
        changes::list_reviewers(self, ctx, change_id.to_owned()).await
    }

    async fn get_reviewer(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        account_id: &str,
    ) -> Result<types::ReviewerInfo, Error> {
        changes::get_reviewer(self, ctx, change_id.to_owned(), account_id.to_owned()).await
    }

    async fn add_reviewer(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        body: types::ReviewerInput,
    ) -> Result<types::AddReviewerResult, Error> {
        changes::add_reviewer(self, ctx, change_id.to_owned(), body).await
    }

    async fn delete_reviewer(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        account_id: &str,
    ) -> Result<(), Error> {
        changes::delete_reviewer(self, ctx, change_id.to_owned(), account_id.to_owned()).await
    }

    async fn get_revision_detail(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
    ) -> Result<types::ChangeInfo, Error> {
        changes::get_revision_detail(self, ctx, change_id.to_owned(), revision_id.to_owned()).await
    }

    async fn get_revision_commit(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
        options: options::GetRevisionCommitOptions,
    ) -> Result<types::CommitInfo, Error> {
        changes::get_revision_commit(
            self,
            ctx,
            change_id.to_owned(),
            revision_id.to_owned(),
            options,
        )
        .await
    }

    async fn list_revision_files(
        &self,
        ctx: RequestContext<'_>,
        change_id: &str,
        revision_id: &str,
        options: options::ListRevisionFilesOptions,
    ) -> Result<BTreeMap<String, types::FileInfo>, Error> {
        changes::list_revision_files(
            self,
            ctx,
            change_id.to_owned(),
            revision_id.to_owned(),
            options,
        )
        .await
    }
}

#[allow(refining_impl_trait)]
impl GroupsHandlers for ReviewService {
    async fn resolve_groups(&self, caller: &Caller, group_id: &str) -> Result<bool, Error> {
        groups::resolve_groups(self, caller, group_id).await
    }

    async fn list_groups(
        &self,
        ctx: RequestContext<'_>,
        options: options::ListGroupsOptions,
    ) -> Result<BTreeMap<String, types::GroupInfo>, Error> {
        groups::list_groups(self, ctx, options).await
    }

    async fn get_group(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        groups::get_group(self, ctx, group_id.to_owned()).await
    }

    async fn create_group(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupInput,
    ) -> Result<types::GroupInfo, Error> {
        groups::create_group(self, ctx, group_id.to_owned(), body).await
    }

    async fn delete_group(&self, ctx: RequestContext<'_>, group_id: &str) -> Result<(), Error> {
        groups::delete_group(self, ctx, group_id.to_owned()).await
    }

    async fn get_group_detail(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        groups::get_group_detail(self, ctx, group_id.to_owned()).await
    }

    async fn get_group_name(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<String, Error> {
        groups::get_group_name(self, ctx, group_id.to_owned()).await
    }

    async fn rename_group(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupNameInput,
    ) -> Result<String, Error> {
        groups::rename_group(self, ctx, group_id.to_owned(), body).await
    }

    async fn get_group_description(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<String, Error> {
        groups::get_group_description(self, ctx, group_id.to_owned()).await
    }

    async fn set_group_description(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupDescriptionInput,
    ) -> Result<String, Error> {
        groups::set_group_description(self, ctx, group_id.to_owned(), body).await
    }

    async fn delete_group_description(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<(), Error> {
        groups::delete_group_description(self, ctx, group_id.to_owned()).await
    }

    async fn get_group_options(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupOptionsInfo, Error> {
        groups::get_group_options(self, ctx, group_id.to_owned()).await
    }

    async fn set_group_options(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupOptionsInput,
    ) -> Result<types::GroupOptionsInfo, Error> {
        groups::set_group_options(self, ctx, group_id.to_owned(), body).await
    }

    async fn get_group_owner(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        groups::get_group_owner(self, ctx, group_id.to_owned()).await
    }

    async fn set_group_owner(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupOwnerInput,
    ) -> Result<types::GroupInfo, Error> {
        groups::set_group_owner(self, ctx, group_id.to_owned(), body).await
    }

    async fn list_group_members(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        options: options::ListGroupMembersOptions,
    ) -> Result<Vec<types::AccountInfo>, Error> {
        groups::list_group_members(self, ctx, group_id.to_owned(), options).await
    }

    async fn get_group_member(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        account_id: &str,
    ) -> Result<types::AccountInfo, Error> {
        groups::get_group_member(self, ctx, group_id.to_owned(), account_id.to_owned()).await
    }

    async fn add_group_member(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        account_id: &str,
    ) -> Result<types::AccountInfo, Error> {
        groups::add_group_member(self, ctx, group_id.to_owned(), account_id.to_owned()).await
    }

    async fn add_group_members(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::MembersInput,
    ) -> Result<Vec<types::AccountInfo>, Error> {
        groups::add_group_members(self, ctx, group_id.to_owned(), body).await
    }

    async fn remove_group_member(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        account_id: &str,
    ) -> Result<(), Error> {
        groups::remove_group_member(self, ctx, group_id.to_owned(), account_id.to_owned()).await
    }

    async fn remove_group_members(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::MembersInput,
    ) -> Result<(), Error> {
        groups::remove_group_members(self, ctx, group_id.to_owned(), body).await
    }

    async fn list_subgroups(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
    ) -> Result<Vec<types::GroupInfo>, Error> {
        groups::list_subgroups(self, ctx, group_id.to_owned()).await
    }

    async fn get_subgroup(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        subgroup_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        groups::get_subgroup(self, ctx, group_id.to_owned(), subgroup_id.to_owned()).await
    }

    async fn add_subgroup(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        subgroup_id: &str,
    ) -> Result<types::GroupInfo, Error> {
        groups::add_subgroup(self, ctx, group_id.to_owned(), subgroup_id.to_owned()).await
    }

    async fn add_subgroups(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupsInput,
    ) -> Result<Vec<types::GroupInfo>, Error> {
        groups::add_subgroups(self, ctx, group_id.to_owned(), body).await
    }

    async fn remove_subgroup(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        subgroup_id: &str,
    ) -> Result<(), Error> {
        groups::remove_subgroup(self, ctx, group_id.to_owned(), subgroup_id.to_owned()).await
    }

    async fn remove_subgroups(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::GroupsInput,
    ) -> Result<(), Error> {
        groups::remove_subgroups(self, ctx, group_id.to_owned(), body).await
    }
}

#[allow(refining_impl_trait)]
impl PluginsHandlers for ReviewService {
    async fn resolve_plugins(&self, caller: &Caller, plugin_id: &str) -> Result<bool, Error> {
        config::resolve_plugins(self, caller, plugin_id).await
    }

    async fn list_plugins(
        &self,
        ctx: RequestContext<'_>,
        options: options::ListPluginsOptions,
    ) -> Result<BTreeMap<String, types::PluginInfo>, Error> {
        config::list_plugins(self, ctx, options).await
    }

    async fn get_plugin_status(
        &self,
        ctx: RequestContext<'_>,
        plugin_id: &str,
    ) -> Result<types::PluginInfo, Error> {
        config::get_plugin_status(self, ctx, plugin_id.to_owned()).await
    }

    async fn enable_plugin(
        &self,
        ctx: RequestContext<'_>,
        plugin_id: &str,
    ) -> Result<types::PluginInfo, Error> {
        config::enable_plugin(self, ctx, plugin_id.to_owned()).await
    }

    async fn disable_plugin(
        &self,
        ctx: RequestContext<'_>,
        plugin_id: &str,
    ) -> Result<types::PluginInfo, Error> {
        config::disable_plugin(self, ctx, plugin_id.to_owned()).await
    }

    async fn delete_plugin(
        &self,
        ctx: RequestContext<'_>,
        plugin_id: &str,
    ) -> Result<types::PluginInfo, Error> {
        config::delete_plugin(self, ctx, plugin_id.to_owned()).await
    }

    async fn reload_plugin(
        &self,
        ctx: RequestContext<'_>,
        plugin_id: &str,
    ) -> Result<types::PluginInfo, Error> {
        config::reload_plugin(self, ctx, plugin_id.to_owned()).await
    }
}

#[allow(refining_impl_trait)]
impl ProjectsHandlers for ReviewService {
    async fn resolve_projects(
        &self,
        caller: &Caller,
        project_name: &str,
    ) -> Result<Option<ProjectsResource>, Error> {
        projects::resolve_projects(self, caller, project_name).await
    }

    async fn list_projects(
        &self,
        ctx: RequestContext<'_>,
        options: options::ListProjectsOptions,
    ) -> Result<BTreeMap<String, types::ProjectInfo>, Error> {
        projects::list_projects(self, ctx, options).await
    }

    async fn get_project(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
    ) -> Result<types::ProjectInfo, Error> {
        projects::get_project(self, ctx, project_name.to_owned()).await
    }

    async fn create_project(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        body: types::ProjectInput,
    ) -> Result<types::ProjectInfo, Error> {
        projects::create_project(self, ctx, project_name.to_owned(), body).await
    }

    async fn get_project_description(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
    ) -> Result<String, Error> {
        projects::get_project_description(self, ctx, project_name.to_owned()).await
    }

    async fn set_project_description(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        body: types::ProjectDescriptionInput,
    ) -> Result<String, Error> {
        projects::set_project_description(self, ctx, project_name.to_owned(), body).await
    }

    async fn delete_project_description(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
    ) -> Result<(), Error> {
        projects::delete_project_description(self, ctx, project_name.to_owned()).await
    }

    async fn get_project_parent(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
    ) -> Result<String, Error> {
        projects::get_project_parent(self, ctx, project_name.to_owned()).await
    }

    async fn set_project_parent(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        body: types::ProjectParentInput,
    ) -> Result<String, Error> {
        projects::set_project_parent(self, ctx, project_name.to_owned(), body).await
    }

    async fn get_head(&self, ctx: RequestContext<'_>, project_name: &str) -> Result<String, Error> {
        projects::get_head(self, ctx, project_name.to_owned()).await
    }

    async fn set_head(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        body: types::HeadInput,
    ) -> Result<String, Error> {
        projects::set_head(self, ctx, project_name.to_owned(), body).await
    }

    async fn get_project_access(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
    ) -> Result<types::ProjectAccessInfo, Error> {
        projects::get_project_access(self, ctx, project_name.to_owned()).await
    }

    async fn list_branches(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        options: options::ListBranchesOptions,
    ) -> Result<Vec<types::BranchInfo>, Error> {
        projects::list_branches(self, ctx, project_name.to_owned(), options).await
    }

    async fn get_branch(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        branch_id: &str,
    ) -> Result<types::BranchInfo, Error> {
        projects::get_branch(self, ctx, project_name.to_owned(), branch_id.to_owned()).await
    }

    async fn create_branch(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        branch_id: &str,
        body: types::BranchInput,
    ) -> Result<types::BranchInfo, Error> {
        projects::create_branch(
            self,
            ctx,
            project_name.to_owned(),
            branch_id.to_owned(),
            body,
        )
        .await
    }

    async fn delete_branch(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        branch_id: &str,
    ) -> Result<(), Error> {
        projects::delete_branch(self, ctx, project_name.to_owned(), branch_id.to_owned()).await
    }

    async fn list_child_projects(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        options: options::ListChildProjectsOptions,
    ) -> Result<Vec<types::ProjectInfo>, Error> {
        projects::list_child_projects(self, ctx, project_name.to_owned(), options).await
    }

    async fn get_child_project(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        child_project_name: &str,
        options: options::GetChildProjectOptions,
    ) -> Result<types::ProjectInfo, Error> {
        projects::get_child_project(
            self,
            ctx,
            project_name.to_owned(),
            child_project_name.to_owned(),
            options,
        )
        .await
    }

    async fn list_tags(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        options: options::ListTagsOptions,
    ) -> Result<Vec<types::TagInfo>, Error> {
        projects::list_tags(self, ctx, project_name.to_owned(), options).await
    }

    async fn get_tag(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        tag_id: &str,
    ) -> Result<types::TagInfo, Error> {
        projects::get_tag(self, ctx, project_name.to_owned(), tag_id.to_owned()).await
    }

    async fn create_tag(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        tag_id: &str,
        body: types::TagInput,
    ) -> Result<types::TagInfo, Error> {
        projects::create_tag(self, ctx, project_name.to_owned(), tag_id.to_owned(), body).await
    }

    async fn delete_tag(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        tag_id: &str,
    ) -> Result<(), Error> {
        projects::delete_tag(self, ctx, project_name.to_owned(), tag_id.to_owned()).await
    }

    async fn get_project_commit(
        &self,
        ctx: RequestContext<'_>,
        project_name: &str,
        commit_id: &str,
    ) -> Result<types::CommitInfo, Error> {
        projects::get_project_commit(self, ctx, project_name.to_owned(), commit_id.to_owned()).await
    }
}

#[allow(refining_impl_trait)]
impl AccessHandlers for ReviewService {
    async fn list_access(
        &self,
        ctx: RequestContext<'_>,
        options: options::ListAccessOptions,
    ) -> Result<BTreeMap<String, types::ProjectAccessInfo>, Error> {
        config::list_access(self, ctx, options).await
    }
}

#[allow(refining_impl_trait)]
impl ConfigHandlers for ReviewService {
    async fn get_server_version(&self, ctx: RequestContext<'_>) -> Result<String, Error> {
        config::get_server_version(self, ctx).await
    }

    async fn get_server_info(&self, ctx: RequestContext<'_>) -> Result<types::ServerInfo, Error> {
        config::get_server_info(self, ctx).await
    }

    async fn list_caches(
        &self,
        ctx: RequestContext<'_>,
    ) -> Result<BTreeMap<String, types::CacheInfo>, Error> {
        config::list_caches(self, ctx).await
    }

    async fn cache_operations(
        &self,
        ctx: RequestContext<'_>,
        body: types::CacheOperationInput,
    ) -> Result<(), Error> {
        config::cache_operations(self, ctx, body).await
    }

    async fn get_cache(
        &self,
        ctx: RequestContext<'_>,
        cache_name: &str,
    ) -> Result<types::CacheInfo, Error> {
        config::get_cache(self, ctx, cache_name.to_owned()).await
    }

    async fn flush_cache(&self, ctx: RequestContext<'_>, cache_name: &str) -> Result<(), Error> {
        config::flush_cache(self, ctx, cache_name.to_owned()).await
    }

    async fn get_summary(
        &self,
        ctx: RequestContext<'_>,
        options: options::GetSummaryOptions,
    ) -> Result<types::SummaryInfo, Error> {
        config::get_summary(self, ctx, options).await
    }

    async fn list_server_capabilities(
        &self,
        ctx: RequestContext<'_>,
    ) -> Result<BTreeMap<String, types::ConfigCapabilityInfo>, Error> {
        config::list_server_capabilities(self, ctx).await
    }

    async fn list_tasks(&self, ctx: RequestContext<'_>) -> Result<Vec<types::TaskInfo>, Error> {
        config::list_tasks(self, ctx).await
    }

    async fn get_task(
        &self,
        ctx: RequestContext<'_>,
        task_id: &str,
    ) -> Result<types::TaskInfo, Error> {
        config::get_task(self, ctx, task_id.to_owned()).await
    }
}

#[allow(refining_impl_trait)]
impl DocumentationHandlers for ReviewService {
    async fn search_documentation(
        &self,
        ctx: RequestContext<'_>,
        options: options::SearchDocumentationOptions,
    ) -> Result<Vec<types::DocResult>, Error> {
        config::search_documentation(self, ctx, options).await
    }
}
