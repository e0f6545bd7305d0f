//! An account's email addresses: listing, adding, deleting and the preferred one.

use super::*;
use crate::api::AccountsEmailsHandlers;

/// The email id that names the account's preferred email.
pub(crate) const PREFERRED: &str = "preferred";

#[allow(refining_impl_trait)]
impl AccountsEmailsHandlers for ReviewService {
    async fn list_account_emails(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<Vec<types::EmailInfo>, Error> {
        let account = load_modifiable(self, &ctx, account_id)?;
        Ok(account
            .emails
            .iter()
            .map(|email| email_info(&account, email))
            .collect())
    }

    async fn get_account_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
    ) -> Result<types::EmailInfo, Error> {
        let account = load_modifiable(self, &ctx, account_id)?;
        let email = registered_email(&account, email_id)?;
        Ok(email_info(&account, &email))
    }

    async fn create_account_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
        body: types::EmailInput,
    ) -> Result<types::EmailInfo, Error> {
        let account = load_modifiable(self, &ctx, account_id)?;
        let email = email_id.trim();
        if body.email.as_deref().is_some_and(|e| e.trim() != email) {
            return Err(Error::BadRequest("email address must match URL".into()));
        }
        if !is_valid_email(email) {
            return Err(Error::BadRequest(
                format!("invalid email address '{email}'").into(),
            ));
        }
        if body.no_confirmation == Some(true) {
            require_capability(ctx.caller, cap::MODIFY_ACCOUNT)?;
        }
        self.storage.add_account_email(account.id, email)?;
        let account = if body.preferred == Some(true) || account.email.is_none() {
            self.storage.set_preferred_email(account.id, Some(email))?
        } else {
            load(self, &account.id.to_string())?
        };
        Ok(email_info(&account, email))
    }

    async fn delete_account_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
    ) -> Result<(), Error> {
        let account = load_modifiable(self, &ctx, account_id)?;
        let email = registered_email(&account, email_id)?;
        self.storage.delete_account_email(account.id, &email)?;
        Ok(())
    }

    async fn set_preferred_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
    ) -> Result<(), Error> {
        let account = load_modifiable(self, &ctx, account_id)?;
        let email = registered_email(&account, email_id)?;
        if account.email.as_deref() != Some(email.as_str()) {
            self.storage.set_preferred_email(account.id, Some(&email))?;
        }
        Ok(())
    }
}

/// True when the caller may see the account's other emails.
pub(crate) fn can_see_secondary_emails(caller: &Caller, account: &Account) -> bool {
    caller_id(caller) == Some(account.id)
        || has_capability(caller, cap::VIEW_SECONDARY_EMAILS)
        || has_capability(caller, cap::MODIFY_ACCOUNT)
}

/// The registered emails other than the preferred one; `None` when there are none.
pub(crate) fn secondary_emails(account: &Account) -> Option<Vec<String>> {
    let others: Vec<String> = account
        .emails
        .iter()
        .filter(|e| account.email.as_deref() != Some(e.as_str()))
        .cloned()
        .collect();
    (!others.is_empty()).then_some(others)
}

/// An email of the account as `EmailInfo`.
pub(crate) fn email_info(account: &Account, email: &str) -> types::EmailInfo {
    types::EmailInfo {
        email: email.to_owned(),
        preferred: (account.email.as_deref() == Some(email)).then_some(true),
        pending_confirmation: None,
    }
}

/// The registered email an email id names (`preferred` is the preferred one), or 404.
pub(crate) fn registered_email(account: &Account, email_id: &str) -> Result<String, Error> {
    let found = if email_id == PREFERRED {
        account.email.clone()
    } else {
        account.emails.iter().find(|e| *e == email_id).cloned()
    };
    found.ok_or_else(|| Error::NotFound(format!("Not found: {email_id}").into()))
}

/// A plausible email address: `local@domain`, no spaces, a domain with a dot or a name.
pub(crate) fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.is_empty()
        && !domain.contains('@')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | ',' | ';'))
}
