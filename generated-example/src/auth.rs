//! The runtime's authenticator over the storage: HTTP passwords and web sessions.

use std::sync::{Arc, LazyLock};
use std::time::SystemTime;

use restspec_runtime::CredentialCache;
use restspec_runtime::{Authenticator, Identity, Session, Timestamp};
use tokio::sync::Semaphore;

use crate::passwords::{PasswordHash, random_secret};
use crate::storage::{ADMINISTRATORS_NAME, Account, Storage};

/// Checks HTTP passwords and keeps sessions in the storage (so logins survive a restart).
///
/// A password is checked against its slow hash once per client and then remembered for a
/// while ([`CredentialCache`]); the slow checks run on blocking threads, at most one per
/// CPU at a time, so that a burst of new logins queues instead of taking every worker
/// thread and 19 MiB of memory each.
#[derive(Clone)]
pub struct StorageAuthenticator {
    storage: Storage,
    verified: Arc<CredentialCache>,
    hashing: Arc<Semaphore>,
}

impl std::fmt::Debug for StorageAuthenticator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StorageAuthenticator")
            .finish_non_exhaustive()
    }
}

/// What a password is checked against when the account does not exist or has none, so
/// that such an attempt takes as long as a wrong password (no account names leak by time).
static NO_PASSWORD: LazyLock<String> = LazyLock::new(|| PasswordHash::new("").encode());

impl StorageAuthenticator {
    /// An authenticator over `storage`: the [`Storage`] itself, or a backend in an `Arc`
    /// (what a benchmark that opens one has at hand).
    pub fn new(storage: impl Into<Storage>) -> Self {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        StorageAuthenticator {
            storage: storage.into(),
            verified: Arc::new(CredentialCache::default()),
            hashing: Arc::new(Semaphore::new(cpus)),
        }
    }

    /// True when `password` matches `stored` (an encoded [`PasswordHash`]): from the cache,
    /// or by the slow check on a blocking thread.
    async fn password_matches(&self, username: &str, password: &str, stored: &str) -> bool {
        let key = self.verified.key(username, password, stored);
        if self.verified.contains(&key) {
            return true;
        }
        let Ok(_permit) = self.hashing.acquire().await else {
            return false;
        };
        let (password, stored) = (password.to_owned(), stored.to_owned());
        let matches = tokio::task::spawn_blocking(move || {
            PasswordHash::decode(&stored).is_some_and(|hash| hash.verify(&password))
        })
        .await
        .unwrap_or(false);
        if matches {
            self.verified.insert(key);
        }
        matches
    }
}

/// The account as the runtime sees it: id, username and the global capabilities it holds
/// (its own grants, its groups' and their implications: [`crate::capabilities`]).
pub fn identity(storage: &Storage, account: &Account) -> Identity {
    identity_of(account, crate::capabilities::effective(storage, account))
}

fn identity_of(account: &Account, capabilities: Vec<&'static str>) -> Identity {
    capabilities.into_iter().fold(
        Identity::new(account.id.to_string(), account.username.clone()),
        Identity::with_capability,
    )
}

impl Authenticator for StorageAuthenticator {
    async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
        // The account and its membership in `Administrators` (for its capabilities) in
        // one lookup: every authenticated request makes it.
        let found = self
            .storage
            .account_by_username_in_group(username, ADMINISTRATORS_NAME);
        let (account, administrator) = match found {
            Ok(Some((account, administrator))) => {
                (Some(account).filter(|a| a.active), administrator)
            }
            Ok(None) => (None, false),
            // Not looked at: no hash to spend time on, and `reachable` says why at once.
            Err(_) => return None,
        };
        let stored = account
            .as_ref()
            .and_then(|a| a.password_hash.as_deref())
            .unwrap_or(NO_PASSWORD.as_str());
        let matches = self.password_matches(username, password, stored).await;
        let account = account.filter(|a| matches && a.password_hash.is_some())?;
        let capabilities = crate::capabilities::held(&account, administrator);
        Some(Arc::new(identity_of(&account, capabilities)))
    }

    async fn session(&self, key: &str) -> Option<Session> {
        self.storage
            .session(key)
            .ok()
            .flatten()
            .and_then(|session| {
                let account = self.storage.account(session.account_id).ok().flatten()?;
                account.active.then(|| Session {
                    key: session.key,
                    identity: Arc::new(identity(&self.storage, &account)),
                    xsrf_token: session.xsrf_token,
                    created: session.created_on.to_system_time(),
                    last_used: session.last_used.to_system_time(),
                })
            })
    }

    async fn create_session(&self, identity: &Identity) -> Option<Session> {
        let created = identity.id.parse::<i64>().ok().and_then(|id| {
            self.storage
                .create_session(&random_secret(24), id, &random_secret(24))
                .ok()
        });
        created.map(|s| Session {
            key: s.key,
            identity: Arc::new(identity.clone()),
            xsrf_token: s.xsrf_token,
            created: s.created_on.to_system_time(),
            last_used: s.last_used.to_system_time(),
        })
    }

    /// The run-as target: found like an account id in a URL; an inactive account cannot
    /// be acted as, as it cannot log in.
    async fn identity_of(&self, account: &str) -> Option<Arc<Identity>> {
        self.storage
            .find_account(account)
            .ok()
            .flatten()
            .filter(|a| a.active)
            .map(|a| Arc::new(identity(&self.storage, &a)))
    }

    /// A shared database that is away: credentials not found were not looked at.
    async fn reachable(&self) -> Result<(), String> {
        self.storage.reachable()
    }

    async fn end_session(&self, key: &str) {
        let _ = self.storage.delete_session(key);
    }

    async fn touch_session(&self, key: &str, at: SystemTime) {
        if let Some(at) = Timestamp::from_system_time(at) {
            let _ = self.storage.touch_session(key, at);
        }
    }

    async fn end_expired_sessions(&self, used_before: SystemTime, created_before: SystemTime) {
        if let (Some(used), Some(created)) = (
            Timestamp::from_system_time(used_before),
            Timestamp::from_system_time(created_before),
        ) && let Ok(ended) = self.storage.delete_expired_sessions(used, created)
            && ended > 0
        {
            tracing::info!(ended, "expired sessions removed");
        }
    }
}
