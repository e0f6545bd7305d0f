//! A group's member accounts: listing, adding and removing, one or several at a time.

use super::*;
use crate::api::GroupsMembersHandlers;

#[allow(refining_impl_trait)]
impl GroupsMembersHandlers for ReviewService {
    async fn list_group_members(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        options: options::ListGroupMembersOptions,
    ) -> Result<Vec<types::AccountInfo>, Error> {
        let (group, viewer) = load(self, ctx.caller, group_id)?;
        require_internal(&group)?;
        member_infos(self, &viewer, &group.id, options.recursive == Some(true))
    }

    async fn get_group_member(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        account_id: &str,
    ) -> Result<types::AccountInfo, Error> {
        let (group, viewer) = load(self, ctx.caller, group_id)?;
        require_internal(&group)?;
        let account = member(self, &group, account_id)?;
        Ok(visible_account_info(viewer.caller.is_anonymous(), &account))
    }

    async fn add_group_member(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        account_id: &str,
    ) -> Result<types::AccountInfo, Error> {
        let (group, viewer) = load_owned(self, ctx.caller, group_id)?;
        let account = find_named_account(self, account_id)?;
        self.storage.add_group_member(&group.id, account.id)?;
        Ok(visible_account_info(viewer.caller.is_anonymous(), &account))
    }

    async fn add_group_members(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::MembersInput,
    ) -> Result<Vec<types::AccountInfo>, Error> {
        let (group, viewer) = load_owned(self, ctx.caller, group_id)?;
        let accounts = named_accounts(self, body)?;
        for account in &accounts {
            self.storage.add_group_member(&group.id, account.id)?;
        }
        Ok(accounts
            .iter()
            .map(|a| visible_account_info(viewer.caller.is_anonymous(), a))
            .collect())
    }

    async fn remove_group_member(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        account_id: &str,
    ) -> Result<(), Error> {
        let (group, viewer) = load(self, ctx.caller, group_id)?;
        require_internal(&group)?;
        let account = member(self, &group, account_id)?;
        require_owner(&viewer, &group)?;
        self.storage.remove_group_member(&group.id, account.id)?;
        Ok(())
    }

    async fn remove_group_members(
        &self,
        ctx: RequestContext<'_>,
        group_id: &str,
        body: types::MembersInput,
    ) -> Result<(), Error> {
        let (group, _) = load_owned(self, ctx.caller, group_id)?;
        for account in named_accounts(self, body)? {
            self.storage.remove_group_member(&group.id, account.id)?;
        }
        Ok(())
    }
}

/// An active account named in a request body or as a new member; 422 otherwise.
pub(crate) fn find_named_account(svc: &ReviewService, id: &str) -> Result<Account, Error> {
    let account = svc
        .storage
        .find_account(id)?
        .ok_or_else(|| Error::UnprocessableEntity(format!("Account '{id}' not found").into()))?;
    if !account.active {
        return Err(Error::UnprocessableEntity(
            format!("Account Inactive: {id}").into(),
        ));
    }
    Ok(account)
}

/// The accounts of a `MembersInput`, each once, in input order; 422 for one not found.
pub(crate) fn named_accounts(
    svc: &ReviewService,
    body: types::MembersInput,
) -> Result<Vec<Account>, Error> {
    let mut accounts: Vec<Account> = Vec::new();
    for id in body
        .one_member
        .into_iter()
        .chain(body.members.into_iter().flatten())
    {
        let account = find_named_account(svc, &id)?;
        if !accounts.iter().any(|a| a.id == account.id) {
            accounts.push(account);
        }
    }
    Ok(accounts)
}

/// The direct member an account id of the path names; 404 when it is none.
pub(crate) fn member(
    svc: &ReviewService,
    group: &Group,
    account_id: &str,
) -> Result<Account, Error> {
    let members = svc.storage.group_members(&group.id)?;
    svc.storage
        .find_account(account_id)?
        .filter(|a| members.contains(&a.id))
        .ok_or_else(|| Error::NotFound(format!("Not found: {account_id}").into()))
}

/// The members of an internal group (with `recursive`, also those of its internal
/// subgroups, however deep), sorted by name, then email, then id.
pub(crate) fn member_infos(
    svc: &ReviewService,
    viewer: &Viewer,
    group_id: &str,
    recursive: bool,
) -> Result<Vec<types::AccountInfo>, Error> {
    let mut ids = BTreeSet::new();
    let mut seen = BTreeSet::from([group_id.to_owned()]);
    let mut pending = vec![group_id.to_owned()];
    while let Some(id) = pending.pop() {
        ids.extend(svc.storage.group_members(&id)?);
        if !recursive {
            break;
        }
        for sub in svc.storage.subgroups(&id)? {
            let internal = svc.storage.group(&sub)?.is_some_and(|g| g.internal);
            if internal && seen.insert(sub.clone()) {
                pending.push(sub);
            }
        }
    }
    let mut infos = Vec::new();
    for id in ids {
        if let Some(account) = svc.storage.account(id)? {
            infos.push(visible_account_info(viewer.caller.is_anonymous(), &account));
        }
    }
    infos.sort_by(|a, b| (&a.name, &a.email, a.account_id).cmp(&(&b.name, &b.email, b.account_id)));
    Ok(infos)
}
