//! The handler implementations: the code review service's behaviour behind the generated
//! [`Handlers`] trait.

use std::sync::{Arc, Mutex, MutexGuard};

use restspec_runtime::{Caller, RequestContext, Timestamp};

use crate::accounts::random_secret;
use crate::api::types::{AccountDetailInfo, AccountInfo, ChangeInfo, ChangeInput, ChangeStatus};
use crate::api::{AccountsResource, ChangesResource, Error, Handlers};
use crate::store::{Change, Store};

/// The service: shared state behind a lock.
#[derive(Debug, Clone)]
pub struct ReviewService {
    store: Arc<Mutex<Store>>,
}

impl ReviewService {
    /// A service over `store`.
    pub fn new(store: Arc<Mutex<Store>>) -> Self {
        ReviewService { store }
    }

    fn store(&self) -> Result<MutexGuard<'_, Store>, Error> {
        self.store
            .lock()
            .map_err(|_| Error::Internal("the store lock is poisoned".into()))
    }
}

/// The caller's numeric account id, if authenticated.
fn caller_id(caller: &Caller) -> Option<i64> {
    caller.identity().and_then(|i| i.id.parse().ok())
}

fn is_admin(caller: &Caller) -> bool {
    caller.has_capability("administrateServer")
}

/// Resolves `self` to the caller; anonymous `self` is 403.
fn resolve_self<'a>(caller: &Caller, id: &'a str) -> Result<std::borrow::Cow<'a, str>, Error> {
    if id == "self" || id == "me" {
        match caller_id(caller) {
            Some(own) => Ok(own.to_string().into()),
            None => Err(Error::Forbidden(
                "Resolving account 'self' requires login".into(),
            )),
        }
    } else {
        Ok(id.into())
    }
}

/// A change is visible unless it is private and the caller is neither owner nor admin.
fn visible(change: &Change, caller: &Caller) -> bool {
    !change.is_private || caller_id(caller) == Some(change.owner) || is_admin(caller)
}

impl Handlers for ReviewService {
    async fn resolve_accounts(
        &self,
        caller: &Caller,
        account_id: &str,
    ) -> Result<Option<AccountsResource>, Error> {
        let id = resolve_self(caller, account_id)?;
        Ok(self.store()?.find_account(&id).map(|a| AccountsResource {
            account_id: a.id.to_string(),
        }))
    }

    async fn resolve_changes(
        &self,
        caller: &Caller,
        change_id: &str,
    ) -> Result<Option<ChangesResource>, Error> {
        Ok(self
            .store()?
            .find_change(change_id)
            .filter(|c| visible(c, caller))
            .map(|c| ChangesResource {
                change_id: c.number.to_string(),
                project_name_key: c.project.clone(),
            }))
    }

    async fn get_account(
        &self,
        ctx: RequestContext,
        account_id: String,
    ) -> Result<AccountInfo, Error> {
        let id = resolve_self(&ctx.caller, &account_id)?;
        self.store()?
            .find_account(&id)
            .map(|a| a.info())
            .ok_or_else(|| Error::NotFound(format!("Account '{account_id}' not found").into()))
    }

    async fn get_account_detail(
        &self,
        ctx: RequestContext,
        account_id: String,
    ) -> Result<AccountDetailInfo, Error> {
        let id = resolve_self(&ctx.caller, &account_id)?;
        self.store()?
            .find_account(&id)
            .map(|a| a.detail())
            .ok_or_else(|| Error::NotFound(format!("Account '{account_id}' not found").into()))
    }

    async fn create_change(
        &self,
        ctx: RequestContext,
        body: ChangeInput,
    ) -> Result<ChangeInfo, Error> {
        let owner = caller_id(&ctx.caller)
            .ok_or_else(|| Error::Forbidden("Authentication required".into()))?;
        if body.subject.trim().is_empty() {
            return Err(Error::BadRequest("subject must not be empty".into()));
        }
        let mut store = self.store()?;
        if !store.project_exists(&body.project) {
            return Err(Error::UnprocessableEntity(
                format!("Project Not Found: {}", body.project).into(),
            ));
        }
        let now = Timestamp::now();
        let change = store.insert_change(Change {
            number: 0,
            project: body.project,
            branch: body.branch,
            change_id: format!("I{}", random_secret(20)),
            subject: body.subject,
            topic: body.topic,
            status: ChangeStatus::New,
            owner,
            created: now,
            updated: now,
            is_private: body.is_private.unwrap_or(false),
        });
        let change = change.clone();
        Ok(store.change_info(&change))
    }

    async fn get_change(
        &self,
        ctx: RequestContext,
        change_id: String,
    ) -> Result<ChangeInfo, Error> {
        let store = self.store()?;
        store
            .find_change(&change_id)
            .filter(|c| visible(c, &ctx.caller))
            .map(|c| store.change_info(c))
            .ok_or_else(|| Error::NotFound(format!("Not found: {change_id}").into()))
    }

    async fn get_revision_detail(
        &self,
        ctx: RequestContext,
        change_id: String,
        revision_id: String,
    ) -> Result<ChangeInfo, Error> {
        // Every change has one revision so far: patch set 1, also called `current`.
        if !matches!(revision_id.as_str(), "current" | "1") {
            return Err(Error::NotFound(format!("Not found: {revision_id}").into()));
        }
        self.get_change(ctx, change_id).await
    }
}
