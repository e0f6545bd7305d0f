//! Authentication: the account store is the service's, the mechanics are here.

use std::future::Future;
use std::pin::Pin;

use crate::context::Identity;

/// A boxed future, so that authenticators can be shared as trait objects.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A web session, as cookie and access-token authentication find it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// Who the session belongs to.
    pub identity: Identity,
    /// The XSRF token cookie-authenticated mutations must echo in the XSRF header.
    pub xsrf_token: String,
}

/// The service's account store, as far as authentication needs it.
pub trait Authenticator: Send + Sync + 'static {
    /// Checks a user name and HTTP password (HTTP basic authentication on `/a/`).
    /// Implementations compare in constant time against a stored hash.
    fn basic<'a>(&'a self, username: &'a str, password: &'a str)
    -> BoxFuture<'a, Option<Identity>>;

    /// Looks up a session by its key (the session cookie, or an access token).
    fn session<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Option<Session>> {
        let _ = key;
        Box::pin(async { None })
    }
}

/// An authenticator that knows nobody: every `/a/` request is 401, everything else
/// anonymous. The default until a service supplies its own.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoAccounts;

impl Authenticator for NoAccounts {
    fn basic<'a>(
        &'a self,
        _username: &'a str,
        _password: &'a str,
    ) -> BoxFuture<'a, Option<Identity>> {
        Box::pin(async { None })
    }
}
