//! The global capabilities an account holds (computed in `crate::capabilities`).

use super::*;
use crate::api::AccountsCapabilitiesHandlers;

#[allow(refining_impl_trait)]
impl AccountsCapabilitiesHandlers for ReviewService {
    async fn list_account_capabilities(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        options: options::ListAccountCapabilitiesOptions,
    ) -> Result<types::CapabilityInfo, Error> {
        let account = load(self, account_id)?;
        require_self_or_admin(ctx.caller, &account)?;
        let wanted: Vec<String> = options
            .filter
            .iter()
            .map(|c| c.trim().to_ascii_lowercase())
            .collect();
        let held = crate::capabilities::effective(&self.storage, &account)
            .into_iter()
            .filter(|c| wanted.is_empty() || wanted.contains(&c.to_ascii_lowercase()))
            .collect::<Vec<_>>();
        Ok(capability_info(&held))
    }

    async fn check_account_capability(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        capability_id: &str,
    ) -> Result<String, Error> {
        let account = load(self, account_id)?;
        require_self_or_admin(ctx.caller, &account)?;
        if crate::capabilities::effective(&self.storage, &account).contains(&capability_id) {
            Ok("ok".to_owned())
        } else {
            Err(Error::NotFound(
                format!("Not found: {capability_id}").into(),
            ))
        }
    }
}

/// `CapabilityInfo` with the named capabilities set.
pub(crate) fn capability_info(held: &[&str]) -> types::CapabilityInfo {
    let has = |c: &str| held.contains(&c).then_some(true);
    types::CapabilityInfo {
        access_database: has("accessDatabase"),
        administrate_server: has("administrateServer"),
        create_account: has("createAccount"),
        create_group: has("createGroup"),
        create_project: has("createProject"),
        email_reviewers: has("emailReviewers"),
        flush_caches: has("flushCaches"),
        kill_task: has("killTask"),
        maintain_server: has("maintainServer"),
        modify_account: has("modifyAccount"),
        priority: None,
        query_limit: None,
        run_as: has("runAs"),
        run_gc: has("runGC"),
        stream_events: has("streamEvents"),
        view_access: has("viewAccess"),
        view_all_accounts: has("viewAllAccounts"),
        view_caches: has("viewCaches"),
        view_connections: has("viewConnections"),
        view_plugins: has("viewPlugins"),
        view_queue: has("viewQueue"),
        view_secondary_emails: has("viewSecondaryEmails"),
    }
}
