//! The runtime's authenticator, backed by the store's accounts.

use std::sync::{Arc, Mutex};

use restspec_runtime::auth::BoxFuture;
use restspec_runtime::{Authenticator, Identity};

use crate::store::Store;

/// Checks HTTP passwords against the store.
#[derive(Debug, Clone)]
pub struct StoreAuthenticator {
    store: Arc<Mutex<Store>>,
}

impl StoreAuthenticator {
    /// An authenticator over `store`.
    pub fn new(store: Arc<Mutex<Store>>) -> Self {
        StoreAuthenticator { store }
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
}
