//! The `accounts` handlers: accounts found by numeric id, username or email; their creation,
//! name, status, username, active flag, emails, global capabilities and groups; and the
//! account query.
//!
//! Reads are open to everyone who can reach the account (emails only to authenticated
//! callers); changes need the account itself or `modifyAccount` (administrators hold it).

use super::common::*;
use super::groups::{Viewer, group_info};
use super::*;
use crate::accounts::PasswordHash;
use crate::api::capabilities;
use crate::storage::{Account, AccountQuery, NewAccount};

/// The email id that names the account's preferred email.
const PREFERRED: &str = "preferred";
/// At most this many accounts per query (the real service's default `queryLimit`).
const QUERY_LIMIT: usize = 500;
/// Suggestions answer this many accounts unless `n` says otherwise.
const SUGGEST_LIMIT: usize = 10;

pub(super) async fn resolve_accounts(
    svc: &ReviewService,
    _caller: &Caller,
    account_id: &str,
) -> Result<Option<AccountsResource>, Error> {
    Ok(svc
        .storage
        .find_account(account_id)?
        .map(|account| AccountsResource {
            account_id: account.id.to_string(),
        }))
}

pub(super) async fn query_accounts(
    svc: &ReviewService,
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
    let limit = options
        .limit
        .and_then(|n| usize::try_from(n).ok())
        .filter(|n| *n > 0)
        .unwrap_or(default_limit)
        .min(QUERY_LIMIT);
    let skip = options
        .skip
        .and_then(|s| usize::try_from(s).ok())
        .unwrap_or(0);

    let everyone = svc.storage.query_accounts(&AccountQuery::default())?.items;
    let matching: Vec<Account> = everyone
        .into_iter()
        .filter(|a| query.matches(a, suggest))
        .collect();
    let more = matching.len() > skip.saturating_add(limit);
    let mut answer: Vec<types::AccountInfo> = matching
        .iter()
        .skip(skip)
        .take(limit)
        .map(|account| {
            let mut info = visible_account_info(ctx.caller, account);
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

pub(super) async fn get_account(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
) -> Result<types::AccountInfo, Error> {
    Ok(visible_account_info(ctx.caller, &load(svc, &account_id)?))
}

pub(super) async fn create_account(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
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
    if ctx.resource.is_some() || svc.storage.account_by_username(username)?.is_some() {
        return Err(Error::Conflict(
            format!("username '{username}' already exists").into(),
        ));
    }
    if let Some(email) = email
        && svc.storage.account_by_email(email)?.is_some()
    {
        return Err(Error::UnprocessableEntity(
            format!("email '{email}' already exists").into(),
        ));
    }
    let viewer = Viewer::of(svc, ctx.caller)?;
    let mut groups = Vec::new();
    for id in body.groups.iter().flatten() {
        let group = svc
            .storage
            .find_group(id)?
            .filter(|g| viewer.can_see(g))
            .ok_or_else(|| Error::UnprocessableEntity(format!("Group Not Found: {id}").into()))?;
        if !group.internal {
            return Err(Error::UnprocessableEntity(
                format!("{id} is not an internal group").into(),
            ));
        }
        groups.push(group.id);
    }
    let account = svc.storage.create_account(&NewAccount {
        username: username.to_owned(),
        name: non_empty(body.name.as_deref()).map(str::to_owned),
        display_name: non_empty(body.display_name.as_deref()).map(str::to_owned),
        email: email.map(str::to_owned),
        password_hash: non_empty(body.http_password.as_deref())
            .map(|pw| PasswordHash::new(pw).encode()),
        capabilities: Vec::new(),
    })?;
    for group in &groups {
        svc.storage.add_group_member(group, account.id)?;
    }
    Ok(visible_account_info(ctx.caller, &account))
}

pub(super) async fn get_account_detail(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
) -> Result<types::AccountDetailInfo, Error> {
    let account = load(svc, &account_id)?;
    let info = visible_account_info(ctx.caller, &account);
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

pub(super) async fn get_account_name(
    svc: &ReviewService,
    _ctx: RequestContext<'_>,
    account_id: String,
) -> Result<String, Error> {
    Ok(load(svc, &account_id)?.name.unwrap_or_default())
}

pub(super) async fn set_account_name(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
    body: types::AccountNameInput,
) -> Result<String, Error> {
    let account = load(svc, &account_id)?;
    require_modify(ctx.caller, &account)?;
    let name = non_empty(body.name.as_deref());
    let account = svc.storage.set_account_name(account.id, name)?;
    Ok(account.name.unwrap_or_default())
}

pub(super) async fn delete_account_name(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
) -> Result<(), Error> {
    let account = load(svc, &account_id)?;
    require_modify(ctx.caller, &account)?;
    svc.storage.set_account_name(account.id, None)?;
    Ok(())
}

pub(super) async fn get_account_status(
    svc: &ReviewService,
    _ctx: RequestContext<'_>,
    account_id: String,
) -> Result<String, Error> {
    Ok(load(svc, &account_id)?.status.unwrap_or_default())
}

pub(super) async fn set_account_status(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
    body: types::AccountStatusInput,
) -> Result<String, Error> {
    let account = load(svc, &account_id)?;
    require_modify(ctx.caller, &account)?;
    let status = non_empty(body.status.as_deref());
    let account = svc.storage.set_account_status(account.id, status)?;
    Ok(account.status.unwrap_or_default())
}

pub(super) async fn get_username(
    svc: &ReviewService,
    _ctx: RequestContext<'_>,
    account_id: String,
) -> Result<String, Error> {
    let account = load(svc, &account_id)?;
    if account.username.is_empty() {
        return Err(Error::NotFound(
            format!("account '{account_id}' has no username").into(),
        ));
    }
    Ok(account.username)
}

pub(super) async fn set_username(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
    _body: types::UsernameInput,
) -> Result<String, Error> {
    let account = load(svc, &account_id)?;
    require_self_or_admin(ctx.caller, &account)?;
    // Every account here got its username when it was created, and a username is never
    // changed: the real service answers 405 before it looks at the input.
    Err(Error::MethodNotAllowed(
        "Username cannot be changed.".into(),
    ))
}

pub(super) async fn get_active(
    svc: &ReviewService,
    _ctx: RequestContext<'_>,
    account_id: String,
) -> Result<String, Error> {
    // The real service answers 204 without a body for an inactive account; the spec's
    // string answer makes that the empty string.
    Ok(if load(svc, &account_id)?.active {
        "ok".to_owned()
    } else {
        String::new()
    })
}

pub(super) async fn set_active(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
) -> Result<(), Error> {
    let account = load(svc, &account_id)?;
    require_capability(ctx.caller, capabilities::MODIFY_ACCOUNT)?;
    if !account.active {
        svc.storage.set_account_active(account.id, true)?;
    }
    Ok(())
}

pub(super) async fn delete_active(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
) -> Result<(), Error> {
    let account = load(svc, &account_id)?;
    require_capability(ctx.caller, capabilities::MODIFY_ACCOUNT)?;
    if caller_id(ctx.caller) == Some(account.id) {
        return Err(Error::Conflict("cannot deactivate own account".into()));
    }
    if !account.active {
        return Err(Error::Conflict("account not active".into()));
    }
    svc.storage.set_account_active(account.id, false)?;
    svc.storage.delete_account_sessions(account.id)?;
    Ok(())
}

pub(super) async fn list_account_emails(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
) -> Result<Vec<types::EmailInfo>, Error> {
    let account = load(svc, &account_id)?;
    require_modify(ctx.caller, &account)?;
    Ok(account
        .emails
        .iter()
        .map(|email| email_info(&account, email))
        .collect())
}

pub(super) async fn get_account_email(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
    email_id: String,
) -> Result<types::EmailInfo, Error> {
    let account = load(svc, &account_id)?;
    require_modify(ctx.caller, &account)?;
    let email = registered_email(&account, &email_id)?;
    Ok(email_info(&account, &email))
}

pub(super) async fn create_account_email(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
    email_id: String,
    body: types::EmailInput,
) -> Result<types::EmailInfo, Error> {
    let account = load(svc, &account_id)?;
    require_modify(ctx.caller, &account)?;
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
        require_capability(ctx.caller, capabilities::MODIFY_ACCOUNT)?;
    }
    svc.storage.add_account_email(account.id, email)?;
    let account = if body.preferred == Some(true) || account.email.is_none() {
        svc.storage.set_preferred_email(account.id, Some(email))?
    } else {
        load(svc, &account.id.to_string())?
    };
    Ok(email_info(&account, email))
}

pub(super) async fn delete_account_email(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
    email_id: String,
) -> Result<(), Error> {
    let account = load(svc, &account_id)?;
    require_modify(ctx.caller, &account)?;
    let email = registered_email(&account, &email_id)?;
    svc.storage.delete_account_email(account.id, &email)?;
    Ok(())
}

pub(super) async fn set_preferred_email(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
    email_id: String,
) -> Result<(), Error> {
    let account = load(svc, &account_id)?;
    require_modify(ctx.caller, &account)?;
    let email = registered_email(&account, &email_id)?;
    if account.email.as_deref() != Some(email.as_str()) {
        svc.storage.set_preferred_email(account.id, Some(&email))?;
    }
    Ok(())
}

pub(super) async fn list_account_capabilities(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
    options: options::ListAccountCapabilitiesOptions,
) -> Result<types::CapabilityInfo, Error> {
    let account = load(svc, &account_id)?;
    require_self_or_admin(ctx.caller, &account)?;
    let wanted: Vec<String> = options
        .filter
        .iter()
        .map(|c| c.trim().to_ascii_lowercase())
        .collect();
    let held = crate::capabilities::effective(svc.storage.as_ref(), &account)
        .into_iter()
        .filter(|c| wanted.is_empty() || wanted.contains(&c.to_ascii_lowercase()))
        .collect::<Vec<_>>();
    Ok(capability_info(&held))
}

pub(super) async fn check_account_capability(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
    capability_id: String,
) -> Result<String, Error> {
    let account = load(svc, &account_id)?;
    require_self_or_admin(ctx.caller, &account)?;
    if crate::capabilities::effective(svc.storage.as_ref(), &account)
        .contains(&capability_id.as_str())
    {
        Ok("ok".to_owned())
    } else {
        Err(Error::NotFound(
            format!("Not found: {capability_id}").into(),
        ))
    }
}

pub(super) async fn list_account_groups(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: String,
) -> Result<Vec<types::GroupInfo>, Error> {
    let account = load(svc, &account_id)?;
    let viewer = Viewer::of(svc, ctx.caller)?;
    let mut groups = Vec::new();
    for id in svc.storage.account_groups(account.id)? {
        if let Some(group) = svc.storage.group(&id)?.filter(|g| viewer.can_see(g)) {
            groups.push(group);
        }
    }
    groups.sort_by(|a, b| a.name.cmp(&b.name));
    groups
        .iter()
        .map(|group| group_info(svc, &viewer, group, false, false))
        .collect()
}

// ---- helpers ----------------------------------------------------------------------------

/// The account a path names (the resolver found it; 404 if it vanished since).
fn load(svc: &ReviewService, account_id: &str) -> Result<Account, Error> {
    svc.storage
        .find_account(account_id)?
        .ok_or_else(|| Error::NotFound(format!("Account '{account_id}' not found").into()))
}

/// `AccountInfo` as this caller may see it: anonymous callers get no email.
pub(super) fn visible_account_info(caller: &Caller, account: &Account) -> types::AccountInfo {
    let mut info = account_info(account);
    if caller.is_anonymous() {
        info.email = None;
    }
    info
}

/// 403 unless the caller is the account itself or may modify accounts.
fn require_modify(caller: &Caller, account: &Account) -> Result<(), Error> {
    if caller_id(caller) == Some(account.id) || has_capability(caller, capabilities::MODIFY_ACCOUNT)
    {
        Ok(())
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

/// True when the caller may see the account's other emails.
fn can_see_secondary_emails(caller: &Caller, account: &Account) -> bool {
    caller_id(caller) == Some(account.id)
        || has_capability(caller, capabilities::VIEW_SECONDARY_EMAILS)
        || has_capability(caller, capabilities::MODIFY_ACCOUNT)
}

/// The registered emails other than the preferred one; `None` when there are none.
fn secondary_emails(account: &Account) -> Option<Vec<String>> {
    let others: Vec<String> = account
        .emails
        .iter()
        .filter(|e| account.email.as_deref() != Some(e.as_str()))
        .cloned()
        .collect();
    (!others.is_empty()).then_some(others)
}

/// An email of the account as `EmailInfo`.
fn email_info(account: &Account, email: &str) -> types::EmailInfo {
    types::EmailInfo {
        email: email.to_owned(),
        preferred: (account.email.as_deref() == Some(email)).then_some(true),
        pending_confirmation: None,
    }
}

/// The registered email an email id names (`preferred` is the preferred one), or 404.
fn registered_email(account: &Account, email_id: &str) -> Result<String, Error> {
    let found = if email_id == PREFERRED {
        account.email.clone()
    } else {
        account.emails.iter().find(|e| *e == email_id).cloned()
    };
    found.ok_or_else(|| Error::NotFound(format!("Not found: {email_id}").into()))
}

/// The text, unless it is missing or blank.
fn non_empty(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// A username as the real service accepts them: starts with a letter or digit, then
/// letters, digits and `.!#$%&'*+=?^_`{|}~@-`, not ending in `.` or `@`.
fn is_valid_username(name: &str) -> bool {
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

/// A plausible email address: `local@domain`, no spaces, a domain with a dot or a name.
fn is_valid_email(email: &str) -> bool {
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

/// `CapabilityInfo` with the named capabilities set.
fn capability_info(held: &[&str]) -> types::CapabilityInfo {
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

/// One predicate of an account query.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Predicate {
    /// `name:` – the full or display name contains the text.
    Name(String),
    /// `username:` – the username, exactly (ignoring case).
    Username(String),
    /// `email:` – a registered email contains the text.
    Email(String),
    /// `is:active` / `is:inactive`.
    Active(bool),
    /// Free text: the id, or a substring of the username, names or emails.
    Text(String),
}

impl Predicate {
    fn matches(&self, account: &Account) -> bool {
        let contains = |field: Option<&str>, text: &str| {
            field.is_some_and(|f| f.to_lowercase().contains(&text.to_lowercase()))
        };
        match self {
            Predicate::Name(text) => {
                contains(account.name.as_deref(), text)
                    || contains(account.display_name.as_deref(), text)
            }
            Predicate::Username(name) => account.username.eq_ignore_ascii_case(name),
            Predicate::Email(text) => account.emails.iter().any(|e| contains(Some(e), text)),
            Predicate::Active(active) => account.active == *active,
            Predicate::Text(text) => {
                text.parse::<i64>().is_ok_and(|id| id == account.id)
                    || contains(Some(&account.username), text)
                    || contains(account.name.as_deref(), text)
                    || contains(account.display_name.as_deref(), text)
                    || account.emails.iter().any(|e| contains(Some(e), text))
            }
        }
    }
}

/// A parsed account query: alternatives (`OR`) of conjunctions of possibly negated
/// predicates (`-name:x`, `NOT name:x`).
#[derive(Debug, Clone, Default)]
struct AccountSearch {
    alternatives: Vec<Vec<(bool, Predicate)>>,
}

impl AccountSearch {
    /// Parses `q`; an unknown operator is 400.
    fn parse(query: &str) -> Result<Self, Error> {
        let mut search = AccountSearch::default();
        let mut current = Vec::new();
        let mut negate = false;
        for token in tokens(query) {
            match token.as_str() {
                "OR" => {
                    if !current.is_empty() {
                        search.alternatives.push(std::mem::take(&mut current));
                    }
                    continue;
                }
                "AND" => continue,
                "NOT" => {
                    negate = !negate;
                    continue;
                }
                _ => {}
            }
            let (negated, token) = match token.strip_prefix('-') {
                Some(rest) if !rest.is_empty() => (!negate, rest.to_owned()),
                _ => (negate, token),
            };
            negate = false;
            let predicate = match token.split_once(':') {
                Some((operator, value)) => {
                    let value = value.to_owned();
                    match operator.to_ascii_lowercase().as_str() {
                        "name" => Predicate::Name(value),
                        "username" => Predicate::Username(value),
                        "email" => Predicate::Email(value),
                        "is" => match value.to_ascii_lowercase().as_str() {
                            "active" => Predicate::Active(true),
                            "inactive" => Predicate::Active(false),
                            _ => {
                                return Err(Error::BadRequest(
                                    format!("Unsupported query: is:{value}").into(),
                                ));
                            }
                        },
                        _ => {
                            return Err(Error::BadRequest(
                                format!("Unsupported operator {operator}:{value}").into(),
                            ));
                        }
                    }
                }
                None => Predicate::Text(token),
            };
            current.push((negated, predicate));
        }
        if !current.is_empty() {
            search.alternatives.push(current);
        }
        if search.alternatives.is_empty() {
            return Err(Error::BadRequest("missing query field".into()));
        }
        // As the real service does, a query that does not ask about the active flag only
        // finds active accounts.
        for conjunction in &mut search.alternatives {
            if !conjunction
                .iter()
                .any(|(_, p)| matches!(p, Predicate::Active(_)))
            {
                conjunction.push((false, Predicate::Active(true)));
            }
        }
        Ok(search)
    }

    /// True when the account matches; suggestions only ever find active accounts.
    fn matches(&self, account: &Account, suggest: bool) -> bool {
        (!suggest || account.active)
            && self.alternatives.iter().any(|all| {
                all.iter()
                    .all(|(negated, p)| p.matches(account) != *negated)
            })
    }
}

/// Splits a query into whitespace-separated tokens; double quotes keep spaces
/// (`name:"John Doe"`) and are removed.
fn tokens(query: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in query.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[allow(refining_impl_trait)]
impl AccountsHandlers for ReviewService {
    async fn resolve_accounts(
        &self,
        caller: &Caller,
        account_id: &str,
    ) -> Result<Option<AccountsResource>, Error> {
        resolve_accounts(self, caller, account_id).await
    }

    async fn query_accounts(
        &self,
        ctx: RequestContext<'_>,
        options: options::QueryAccountsOptions,
    ) -> Result<Vec<types::AccountInfo>, Error> {
        query_accounts(self, ctx, options).await
    }

    async fn get_account(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<types::AccountInfo, Error> {
        get_account(self, ctx, account_id.to_owned()).await
    }

    async fn create_account(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::AccountInput,
    ) -> Result<types::AccountInfo, Error> {
        create_account(self, ctx, account_id.to_owned(), body).await
    }

    async fn get_account_detail(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<types::AccountDetailInfo, Error> {
        get_account_detail(self, ctx, account_id.to_owned()).await
    }

    async fn get_account_name(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<String, Error> {
        get_account_name(self, ctx, account_id.to_owned()).await
    }

    async fn set_account_name(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::AccountNameInput,
    ) -> Result<String, Error> {
        set_account_name(self, ctx, account_id.to_owned(), body).await
    }

    async fn delete_account_name(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<(), Error> {
        delete_account_name(self, ctx, account_id.to_owned()).await
    }

    async fn get_account_status(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<String, Error> {
        get_account_status(self, ctx, account_id.to_owned()).await
    }

    async fn set_account_status(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::AccountStatusInput,
    ) -> Result<String, Error> {
        set_account_status(self, ctx, account_id.to_owned(), body).await
    }

    async fn get_username(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<String, Error> {
        get_username(self, ctx, account_id.to_owned()).await
    }

    async fn set_username(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        body: types::UsernameInput,
    ) -> Result<String, Error> {
        set_username(self, ctx, account_id.to_owned(), body).await
    }

    async fn get_active(&self, ctx: RequestContext<'_>, account_id: &str) -> Result<String, Error> {
        get_active(self, ctx, account_id.to_owned()).await
    }

    async fn set_active(&self, ctx: RequestContext<'_>, account_id: &str) -> Result<(), Error> {
        set_active(self, ctx, account_id.to_owned()).await
    }

    async fn delete_active(&self, ctx: RequestContext<'_>, account_id: &str) -> Result<(), Error> {
        delete_active(self, ctx, account_id.to_owned()).await
    }

    async fn list_account_emails(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<Vec<types::EmailInfo>, Error> {
        list_account_emails(self, ctx, account_id.to_owned()).await
    }

    async fn get_account_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
    ) -> Result<types::EmailInfo, Error> {
        get_account_email(self, ctx, account_id.to_owned(), email_id.to_owned()).await
    }

    async fn create_account_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
        body: types::EmailInput,
    ) -> Result<types::EmailInfo, Error> {
        create_account_email(self, ctx, account_id.to_owned(), email_id.to_owned(), body).await
    }

    async fn delete_account_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
    ) -> Result<(), Error> {
        delete_account_email(self, ctx, account_id.to_owned(), email_id.to_owned()).await
    }

    async fn set_preferred_email(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        email_id: &str,
    ) -> Result<(), Error> {
        set_preferred_email(self, ctx, account_id.to_owned(), email_id.to_owned()).await
    }

    async fn list_account_capabilities(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        options: options::ListAccountCapabilitiesOptions,
    ) -> Result<types::CapabilityInfo, Error> {
        list_account_capabilities(self, ctx, account_id.to_owned(), options).await
    }

    async fn check_account_capability(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
        capability_id: &str,
    ) -> Result<String, Error> {
        check_account_capability(self, ctx, account_id.to_owned(), capability_id.to_owned()).await
    }

    async fn list_account_groups(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<Vec<types::GroupInfo>, Error> {
        list_account_groups(self, ctx, account_id.to_owned()).await
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

    #[test]
    fn queries_parse_operators_quotes_and_alternatives() {
        let search = AccountSearch::parse("name:\"John Doe\" OR -email:x.org").expect("parses");
        assert_eq!(search.alternatives.len(), 2);
        assert_eq!(
            search.alternatives[0][0],
            (false, Predicate::Name("John Doe".into()))
        );
        assert_eq!(
            search.alternatives[1][0],
            (true, Predicate::Email("x.org".into()))
        );
        assert!(AccountSearch::parse("owner:self").is_err());
        assert!(AccountSearch::parse("is:inactive").is_ok());
    }
}
