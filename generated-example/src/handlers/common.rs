//! What several families share: error mapping, account rendering, permission checks and
//! the in-process server state.

use std::collections::BTreeMap;
use std::sync::{MutexGuard, PoisonError};

use restspec_runtime::{Caller, Timestamp};

use super::ReviewService;
use crate::api::{Error, SERVICE, types};
use crate::storage::{Account, StorageError};

/// Storage failures as the status table's answers: missing is 404, taken or wrong state
/// is 409, a dangling reference in the input is 422, an operation a system object does
/// not support is 405, a database that does not answer (restarting, unreachable) is 503, and
/// the storage's own failures are 500.
impl From<StorageError> for Error {
    fn from(err: StorageError) -> Self {
        match err {
            StorageError::NotFound(m) => Error::NotFound(m.into()),
            StorageError::Conflict(m) => Error::Conflict(m.into()),
            StorageError::Invalid(m) => Error::UnprocessableEntity(m.into()),
            StorageError::NotAllowed(m) => Error::MethodNotAllowed(m.into()),
            StorageError::Unavailable(why) => {
                // The driver's words stay in the log; the client learns only to come back.
                tracing::warn!(%why, "the database is unavailable");
                Error::ServiceUnavailable(DATABASE_UNAVAILABLE.into())
            }
            internal @ (StorageError::Database(_) | StorageError::Io(_)) => {
                Error::Internal(internal.to_string().into())
            }
        }
    }
}

pub(crate) use crate::api::capabilities::ADMINISTRATE_SERVER;

/// What a client reads while the database does not answer.
pub(crate) const DATABASE_UNAVAILABLE: &str =
    "The database is unavailable (restarting or unreachable); try again shortly";

/// The caller's numeric account id, when authenticated.
pub(crate) fn caller_id(caller: &Caller) -> Option<i64> {
    caller.identity().and_then(|i| i.id.parse().ok())
}

/// The caller's account id, or 403 for anonymous callers.
pub(crate) fn require_caller(caller: &Caller) -> Result<i64, Error> {
    caller_id(caller).ok_or_else(|| Error::Forbidden("Authentication required".into()))
}

/// True when the caller holds `capability` (administrators hold them all).
pub(crate) fn has_capability(caller: &Caller, capability: &str) -> bool {
    caller.has_capability(capability) || caller.has_capability(ADMINISTRATE_SERVER)
}

/// 403 unless the caller holds `capability`.
pub(crate) fn require_capability(caller: &Caller, capability: &str) -> Result<(), Error> {
    if has_capability(caller, capability) {
        Ok(())
    } else {
        Err(Error::Forbidden(
            format!("not permitted: {capability}").into(),
        ))
    }
}

/// True for administrators.
pub(crate) fn is_admin(caller: &Caller) -> bool {
    caller.has_capability(ADMINISTRATE_SERVER)
}

/// An account as other resources show it (`AccountInfo`); the email only to
/// authenticated callers, as the real service does by default.
pub(crate) fn account_info(account: &Account) -> types::AccountInfo {
    types::AccountInfo {
        account_id: account.id,
        name: account.name.clone(),
        email: account.email.clone(),
        username: Some(account.username.clone()),
        display_name: account.display_name.clone(),
        secondary_emails: None,
        status: account.status.clone(),
        inactive: (!account.active).then_some(true),
        more_accounts: None,
    }
}

/// An account as a caller sees it: anonymous callers do not see email addresses.
pub(crate) fn visible_account_info(anonymous: bool, account: &Account) -> types::AccountInfo {
    let mut info = account_info(account);
    if anonymous {
        info.email = None;
    }
    info
}

/// The id form of a name that goes back into a URL as one segment (`a/b` → `a%2Fb`).
pub(crate) fn encode_id(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for b in id.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The most results a query (of changes, of accounts) answers, and how many it answers
/// without `n`: the real service's default `queryLimit`. A larger `n` is cut to it, so
/// that no caller, anonymous ones included, can ask for the whole database at once.
pub(crate) const QUERY_LIMIT: usize = 500;

/// The part of a list the skip (`S`) and limit (`n`) options select. A limit of zero or
/// less, or none, is `default_limit`; `None` there means everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Window {
    /// Items left out at the start.
    pub(crate) skip: usize,
    /// Items shown at most.
    pub(crate) limit: Option<usize>,
}

impl Window {
    /// The window the options ask for.
    pub(crate) fn new(skip: Option<i64>, limit: Option<i64>, default_limit: Option<usize>) -> Self {
        Window {
            skip: skip.and_then(|s| usize::try_from(s).ok()).unwrap_or(0),
            limit: limit
                .and_then(|n| usize::try_from(n).ok())
                .filter(|n| *n > 0)
                .or(default_limit),
        }
    }

    /// The window with its limit capped at `max`.
    pub(crate) fn at_most(self, max: usize) -> Self {
        Window {
            limit: Some(self.limit.map_or(max, |n| n.min(max))),
            ..self
        }
    }

    /// True when a list of `total` items goes on after the window (the `_more_*` flags).
    pub(crate) fn has_more(&self, total: usize) -> bool {
        self.limit
            .is_some_and(|limit| total > self.skip.saturating_add(limit))
    }

    /// The items inside the window.
    pub(crate) fn apply<I: IntoIterator>(&self, items: I) -> impl Iterator<Item = I::Item> {
        items
            .into_iter()
            .skip(self.skip)
            .take(self.limit.unwrap_or(usize::MAX))
    }
}

/// Applies `skip` and `limit` options to a list.
pub(crate) fn page<T>(
    items: impl IntoIterator<Item = T>,
    skip: Option<i64>,
    limit: Option<i64>,
) -> Vec<T> {
    Window::new(skip, limit, None).apply(items).collect()
}

/// A plugin of the in-process plugin list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginState {
    /// Its version.
    pub version: String,
    /// Whether it is enabled.
    pub enabled: bool,
}

/// A cache of the in-process cache list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheState {
    /// Entries in memory.
    pub entries: i64,
    /// Hits since start.
    pub hits: i64,
    /// Misses since start.
    pub misses: i64,
}

/// State that lives only while the process runs: the service has no real plugins or
/// caches, but clients list, enable and flush them.
#[derive(Debug, Clone)]
pub struct ServerState {
    /// Plugins by name.
    pub plugins: BTreeMap<String, PluginState>,
    /// Caches by name.
    pub caches: BTreeMap<String, CacheState>,
}

impl Default for ServerState {
    fn default() -> Self {
        let plugins = [
            ("replication", "3.13.0"),
            ("download-commands", "3.13.0"),
            ("webhooks", "3.13.0"),
        ]
        .into_iter()
        .map(|(name, version)| {
            (
                name.to_owned(),
                PluginState {
                    version: version.to_owned(),
                    enabled: true,
                },
            )
        })
        .collect();
        let caches = [
            "accounts",
            "changes",
            "groups",
            "projects",
            "sessions",
            "web_sessions",
        ]
        .into_iter()
        .map(|name| {
            (
                name.to_owned(),
                CacheState {
                    entries: 0,
                    hits: 0,
                    misses: 0,
                },
            )
        })
        .collect();
        ServerState { plugins, caches }
    }
}

/// The in-process state, also after a panic elsewhere poisoned the lock.
pub(crate) fn server(svc: &ReviewService) -> MutexGuard<'_, ServerState> {
    svc.server.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The name shown for accounts without a full name (`user.anonymousCowardName`).
pub(crate) const ANONYMOUS_COWARD_NAME: &str = "Name of user not set";

/// The email of commits the service itself made.
const SERVICE_EMAIL: &str = "noreply@localhost";

/// A person of a commit or tag: the account's full name, else its display name, else the
/// anonymous-coward name (as the real service names accounts without one; the username is
/// not a name), with its email or `<username>@localhost`; the service itself (its title)
/// for commits no account made.
pub(crate) fn person(account: Option<&Account>, date: Timestamp) -> types::GitPersonInfo {
    let (name, email) = match account {
        Some(a) => (
            a.name
                .clone()
                .or_else(|| a.display_name.clone())
                .unwrap_or_else(|| ANONYMOUS_COWARD_NAME.to_owned()),
            a.email
                .clone()
                .unwrap_or_else(|| format!("{}@localhost", a.username)),
        ),
        None => (SERVICE.title.to_owned(), SERVICE_EMAIL.to_owned()),
    };
    types::GitPersonInfo {
        name,
        email,
        date,
        tz: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_and_ids() {
        assert_eq!(page(1..=5, Some(1), Some(2)), vec![2, 3]);
        assert_eq!(page(1..=3, None, None), vec![1, 2, 3]);
        assert_eq!(encode_id("a/b c"), "a%2Fb%20c");
    }
}
