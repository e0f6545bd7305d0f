//! The runtime's authenticator, backed by the store's accounts, with web sessions for
//! `POST /login`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use restspec_runtime::auth::BoxFuture;
use restspec_runtime::{Authenticator, Identity, Session};

use crate::accounts::random_secret;
use crate::store::Store;

/// Checks HTTP passwords against the store and keeps the live sessions.
#[derive(Debug, Clone)]
pub struct StoreAuthenticator {
    store: Arc<Mutex<Store>>,
    sessions: Arc<Mutex<HashMap<String, Session>>>,
}

impl StoreAuthenticator {
    /// An authenticator over `store`.
    pub fn new(store: Arc<Mutex<Store>>) -> Self {
        StoreAuthenticator {
            store,
            sessions: Arc::default(),
        }
    }

    fn sessions(&self) -> std::sync::MutexGuard<'_, HashMap<String, Session>> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Authenticator for StoreAuthenticator {
    fn basic<'a>(
        &'a self,
        username: &'a str,
        password: &'a str,
    ) -> BoxFuture<'a, Option<Identity>> {
        let found = self
            .store
            .lock()
            .ok()
            .and_then(|store| store.authenticate(username, password).map(|a| a.identity()));
        Box::pin(async move { found })
    }

    fn session<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Option<Session>> {
        let found = self.sessions().get(key).cloned();
        Box::pin(async move { found })
    }

    fn create_session<'a>(&'a self, identity: &'a Identity) -> BoxFuture<'a, Option<Session>> {
        let session = Session {
            key: random_secret(24),
            identity: identity.clone(),
            xsrf_token: random_secret(24),
        };
        self.sessions().insert(session.key.clone(), session.clone());
        Box::pin(async move { Some(session) })
    }

    fn end_session<'a>(&'a self, key: &'a str) -> BoxFuture<'a, ()> {
        self.sessions().remove(key);
        Box::pin(async {})
    }
}
