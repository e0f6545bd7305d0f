//! The `accounts` handlers: accounts found by numeric id, username or email; their creation,
//! name, status, username, active flag, emails, global capabilities and groups; and the
//! account query.
//!
//! Reads are open to everyone who can reach the account (emails only to authenticated
//! callers); changes need the account itself or `modifyAccount` (administrators hold it).

mod capabilities;
mod emails;
mod groups;
mod profile;
mod search;

use emails::*;
use profile::*;
use search::*;

use super::common::*;
use super::groups::{Viewer, group_info};
use super::*;
use crate::api::capabilities as cap;
use crate::passwords::hash_off_thread;
use crate::storage::{Account, AccountQuery, NewAccount};

/// Suggestions answer this many accounts unless `n` says otherwise.
const SUGGEST_LIMIT: usize = 10;

// ---- helpers ----------------------------------------------------------------------------

/// The account a path names (the resolver found it; 404 if it vanished since).
fn load(svc: &ReviewService, account_id: &str) -> Result<Account, Error> {
    svc.storage
        .find_account(account_id)?
        .ok_or_else(|| Error::NotFound(format!("Account '{account_id}' not found").into()))
}

/// The account named in the URL, for a change to it: 404 when it does not exist, 403
/// unless the caller is the account itself or may modify accounts.
fn load_modifiable(
    svc: &ReviewService,
    ctx: &RequestContext<'_>,
    account_id: &str,
) -> Result<Account, Error> {
    let account = load(svc, account_id)?;
    let caller = ctx.caller;
    if caller_id(caller) == Some(account.id) || has_capability(caller, cap::MODIFY_ACCOUNT) {
        Ok(account)
    } else if caller.is_anonymous() {
        Err(Error::Forbidden("Authentication required".into()))
    } else {
        Err(Error::Forbidden("modify account not permitted".into()))
    }
}

/// 403 unless the caller is the account itself or an administrator.
fn require_self_or_admin(caller: &Caller, account: &Account) -> Result<(), Error> {
    if caller_id(caller) == Some(account.id) || is_admin(caller) {
        Ok(())
    } else if caller.is_anonymous() {
        Err(Error::Forbidden("Authentication required".into()))
    } else {
        Err(Error::Forbidden(
            format!("not permitted: {ADMINISTRATE_SERVER}").into(),
        ))
    }
}

#[allow(refining_impl_trait)]
impl AccountsHandlers for ReviewService {
    async fn resolve_accounts(
        &self,
        caller: &Caller,
        account_id: &str,
    ) -> Result<Option<AccountsResource>, Error> {
        // The caller's own account (`self`, resolved to its id) was read from the storage
        // when the caller was authenticated: it exists, and needs no second lookup.
        if caller
            .identity()
            .is_some_and(|identity| identity.id == account_id)
        {
            return Ok(Some(AccountsResource {
                account_id: account_id.to_owned(),
                found: ResolvedRecord::nothing(),
            }));
        }
        Ok(self
            .storage
            .find_account(account_id)?
            .map(|account| AccountsResource {
                account_id: account.id.to_string(),
                found: ResolvedRecord::nothing(),
            }))
    }

    async fn query_accounts(
        &self,
        ctx: RequestContext<'_>,
        options: options::QueryAccountsOptions,
    ) -> Result<Vec<types::AccountInfo>, Error> {
        let suggest = options.suggest.unwrap_or(false);
        let mut details = suggest;
        let mut all_emails = false;
        for option in &options.options {
            match option.to_ascii_uppercase().as_str() {
                "DETAILS" => details = true,
                "ALL_EMAILS" => all_emails = true,
                _ => {
                    return Err(Error::BadRequest(
                        format!("\"{option}\" is not a valid value for \"-o\"").into(),
                    ));
                }
            }
        }
        let text = options.query.as_deref().map(str::trim).unwrap_or_default();
        if text.is_empty() {
            return if suggest {
                Ok(Vec::new())
            } else {
                Err(Error::BadRequest("missing query field".into()))
            };
        }
        let query = AccountSearch::parse(text)?;
        let default_limit = if suggest { SUGGEST_LIMIT } else { QUERY_LIMIT };
        let window =
            Window::new(options.skip, options.limit, Some(default_limit)).at_most(QUERY_LIMIT);

        let everyone = self.storage.query_accounts(&AccountQuery::default())?.items;
        let matching: Vec<Account> = everyone
            .into_iter()
            .filter(|a| query.matches(a, suggest))
            .collect();
        let more = window.has_more(matching.len());
        let mut answer: Vec<types::AccountInfo> = window
            .apply(&matching)
            .map(|account| {
                let mut info = visible_account_info(ctx.caller.is_anonymous(), account);
                if all_emails && can_see_secondary_emails(ctx.caller, account) {
                    info.secondary_emails = secondary_emails(account);
                }
                if !details {
                    info.name = None;
                    info.username = None;
                    info.display_name = None;
                    info.status = None;
                    info.inactive = None;
                    if !all_emails {
                        info.email = None;
                    }
                }
                info
            })
            .collect();
        if more && let Some(last) = answer.last_mut() {
            last.more_accounts = Some(true);
        }
        Ok(answer)
    }

    async fn get_account(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<types::AccountInfo, Error> {
        Ok(visible_account_info(
            ctx.caller.is_anonymous(),
            &load(self, account_id)?,
        ))
    }

    async fn create_account(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::AccountInput,
    ) -> Result<types::AccountInfo, Error> {
        let username = account_id.trim();
        if body
            .username
            .as_deref()
            .is_some_and(|u| u.trim() != username)
        {
            return Err(Error::BadRequest("username must match URL".into()));
        }
        if !is_valid_username(username) {
            return Err(Error::BadRequest(
                format!("Invalid username '{username}'").into(),
            ));
        }
        let email = non_empty(body.email.as_deref());
        if let Some(email) = email
            && !is_valid_email(email)
        {
            return Err(Error::BadRequest(
                format!("invalid email address '{email}'").into(),
            ));
        }
        // The URL names an existing account (by username, id or email): the name is taken.
        if ctx.resource.is_some() || self.storage.account_by_username(username)?.is_some() {
            return Err(Error::Conflict(
                format!("username '{username}' already exists").into(),
            ));
        }
        if let Some(email) = email
            && self.storage.account_by_email(email)?.is_some()
        {
            return Err(Error::UnprocessableEntity(
                format!("email '{email}' already exists").into(),
            ));
        }
        let viewer = Viewer::of(self, ctx.caller)?;
        let mut groups = Vec::new();
        for id in body.groups.iter().flatten() {
            let group = self
                .storage
                .find_group(id)?
                .filter(|g| viewer.can_see(g))
                .ok_or_else(|| {
                    Error::UnprocessableEntity(format!("Group Not Found: {id}").into())
                })?;
            if !group.internal {
                return Err(Error::UnprocessableEntity(
                    format!("{id} is not an internal group").into(),
                ));
            }
            groups.push(group.id);
        }
        let password_hash = match non_empty(body.http_password.as_deref()) {
            Some(password) => Some(
                hash_off_thread(password)
                    .await
                    .ok_or_else(|| Error::Internal("cannot hash the password".into()))?,
            ),
            None => None,
        };
        let account = self.storage.create_account(&NewAccount {
            username: username.to_owned(),
            name: non_empty(body.name.as_deref()).map(str::to_owned),
            display_name: non_empty(body.display_name.as_deref()).map(str::to_owned),
            email: email.map(str::to_owned),
            password_hash,
            capabilities: Vec::new(),
        })?;
        for group in &groups {
            self.storage.add_group_member(group, account.id)?;
        }
        Ok(visible_account_info(ctx.caller.is_anonymous(), &account))
    }

    async fn get_account_detail(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<types::AccountDetailInfo, Error> {
        let account = load(self, account_id)?;
        let info = visible_account_info(ctx.caller.is_anonymous(), &account);
        Ok(types::AccountDetailInfo {
            account_id: info.account_id,
            name: info.name,
            email: info.email,
            username: info.username,
            registered_on: account.registered_on,
            display_name: info.display_name,
            secondary_emails: if can_see_secondary_emails(ctx.caller, &account) {
                secondary_emails(&account)
            } else {
                None
            },
            status: info.status,
            inactive: info.inactive,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_and_emails() {
        assert!(is_valid_username("jdoe"));
        assert!(is_valid_username("j.doe-2@x"));
        assert!(!is_valid_username(".jdoe"));
        assert!(!is_valid_username("j doe"));
        assert!(!is_valid_username("jdoe."));
        assert!(is_valid_email("a@b.c"));
        assert!(!is_valid_email("a b@c"));
        assert!(!is_valid_email("nobody"));
    }
}
