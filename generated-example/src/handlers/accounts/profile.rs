//! An account's profile: full name, status message, username and active flag.

use super::*;
use crate::api::AccountsProfileHandlers;

#[allow(refining_impl_trait)]
impl AccountsProfileHandlers for ReviewService {
    async fn get_account_name(
        &self,
        _ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<String, Error> {
        Ok(load(self, account_id)?.name.unwrap_or_default())
    }

    async fn set_account_name(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::AccountNameInput,
    ) -> Result<String, Error> {
        let account = load_modifiable(self, &ctx, account_id)?;
        let name = non_empty(body.name.as_deref());
        let account = self.storage.set_account_name(account.id, name)?;
        Ok(account.name.unwrap_or_default())
    }

    async fn delete_account_name(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<(), Error> {
        let account = load_modifiable(self, &ctx, account_id)?;
        self.storage.set_account_name(account.id, None)?;
        Ok(())
    }

    async fn get_account_status(
        &self,
        _ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<String, Error> {
        Ok(load(self, account_id)?.status.unwrap_or_default())
    }

    async fn set_account_status(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::AccountStatusInput,
    ) -> Result<String, Error> {
        let account = load_modifiable(self, &ctx, account_id)?;
        let status = non_empty(body.status.as_deref());
        let account = self.storage.set_account_status(account.id, status)?;
        Ok(account.status.unwrap_or_default())
    }

    async fn get_username(
        &self,
        _ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<String, Error> {
        let account = load(self, account_id)?;
        if account.username.is_empty() {
            return Err(Error::NotFound(
                format!("account '{account_id}' has no username").into(),
            ));
        }
        Ok(account.username)
    }

    async fn set_username(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        _body: types::UsernameInput,
    ) -> Result<String, Error> {
        let account = load(self, account_id)?;
        require_self_or_admin(ctx.caller, &account)?;
        // Every account here got its username when it was created, and a username is never
        // changed: the real service answers 405 before it looks at the input.
        Err(Error::MethodNotAllowed(
            "Username cannot be changed.".into(),
        ))
    }

    async fn get_active(
        &self,
        _ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<String, Error> {
        // The real service answers 204 without a body for an inactive account; the spec's
        // string answer makes that the empty string.
        Ok(if load(self, account_id)?.active {
            "ok".to_owned()
        } else {
            String::new()
        })
    }

    async fn set_active(&self, ctx: RequestContext<'_>, account_id: &str) -> Result<(), Error> {
        let account = load(self, account_id)?;
        require_capability(ctx.caller, cap::MODIFY_ACCOUNT)?;
        if !account.active {
            self.storage.set_account_active(account.id, true)?;
        }
        Ok(())
    }

    async fn delete_active(&self, ctx: RequestContext<'_>, account_id: &str) -> Result<(), Error> {
        let account = load(self, account_id)?;
        require_capability(ctx.caller, cap::MODIFY_ACCOUNT)?;
        if caller_id(ctx.caller) == Some(account.id) {
            return Err(Error::Conflict("cannot deactivate own account".into()));
        }
        if !account.active {
            return Err(Error::Conflict("account not active".into()));
        }
        self.storage.set_account_active(account.id, false)?;
        self.storage.delete_account_sessions(account.id)?;
        Ok(())
    }
}

/// The text, unless it is missing or blank.
pub(crate) fn non_empty(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// A username as the real service accepts them: starts with a letter or digit, then
/// letters, digits and `.!#$%&'*+=?^_`{|}~@-`, not ending in `.` or `@`.
pub(crate) fn is_valid_username(name: &str) -> bool {
    const MIDDLE: &str = ".!#$%&'*+=?^_`{|}~@-";
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let last = name.chars().last().unwrap_or(first);
    first.is_ascii_alphanumeric()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || MIDDLE.contains(c))
        && !matches!(last, '.' | '@')
}
