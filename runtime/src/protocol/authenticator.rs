//! What a service supplies to authentication: its [`Authenticator`] (accounts, passwords,
//! sessions) and the [`Session`] records it finds. The mechanics that use them are in
//! [`auth`](crate::protocol::auth) and [`session_clock`](crate::protocol::session_clock), which both build on
//! this module and not on each other.

use std::future::Future;
use std::sync::Arc;
use std::time::SystemTime;

use crate::error::ApiError;
use crate::message::context::Identity;

/// A web session, as cookie and access-token authentication find it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The session key: the session cookie's value, also accepted as access token.
    pub key: String,
    /// Who the session belongs to.
    pub identity: Arc<Identity>,
    /// The XSRF token cookie-authenticated mutations must echo in the XSRF header.
    pub xsrf_token: String,
    /// When it was created: a session older than [`Limits::session_max_age`] has ended.
    ///
    /// [`Limits::session_max_age`]: crate::Limits::session_max_age
    pub created: SystemTime,
    /// When it was last used (as far as [`Authenticator::touch_session`] recorded): a
    /// session unused for [`Limits::session_idle_timeout`] has ended.
    ///
    /// [`Limits::session_idle_timeout`]: crate::Limits::session_idle_timeout
    pub last_used: SystemTime,
}

/// The service's account store, as far as authentication needs it.
///
/// The methods are `async` (a store may be remote) but not boxed: the service is generic
/// over its authenticator, so a lookup in memory costs what the lookup costs. Identities
/// are shared (`Arc`), so a store that keeps them ready hands them out without copying.
/// Only [`basic`](Self::basic) must be written; the rest answer "nobody" until they are.
///
/// ```
/// use std::sync::Arc;
///
/// use restspec_runtime::{Authenticator, Identity, Settings};
///
/// /// One user, `alice`, with a password and an API token.
/// struct Alice(Arc<Identity>);
///
/// impl Authenticator for Alice {
///     async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
///         // A real store compares a hash in constant time.
///         (username == "alice" && password == "secret").then(|| self.0.clone())
///     }
///
///     async fn token(&self, token: &str) -> Option<Arc<Identity>> {
///         (token == "alice-token").then(|| self.0.clone())
///     }
/// }
///
/// let settings = Settings::default().authenticator(Alice(Arc::new(Identity::new("1", "alice"))));
/// # let _ = settings;
/// ```
pub trait Authenticator: Send + Sync + 'static {
    /// Checks a user name and HTTP password (HTTP basic authentication on `/a/`).
    /// Implementations compare in constant time against a stored hash.
    fn basic(
        &self,
        username: &str,
        password: &str,
    ) -> impl Future<Output = Option<Arc<Identity>>> + Send;

    /// Checks an API token: one a request carries where the spec's `credentials` say (an
    /// `Authorization` scheme such as `Bearer`, a header such as `PRIVATE-TOKEN`, or a
    /// query parameter). `None` for a token the service does not know, or one that expired
    /// or was revoked: the request then gets 401, or is served as anonymous, as the spec's
    /// `unknown_credentials` says. Separate from [`session`](Self::session), which finds
    /// browser sessions.
    fn token(&self, token: &str) -> impl Future<Output = Option<Arc<Identity>>> + Send {
        let _ = token;
        async { None }
    }

    /// Checks keys a request carries together (the spec's `together` place: an app key
    /// and an app token), each with the name of its place (the header's name as the spec
    /// writes it, or the `Authorization` scheme), in the spec's order. `None` as for
    /// [`token`](Self::token). A request carrying some of them only carries none.
    fn keys(&self, keys: &[(&str, &str)]) -> impl Future<Output = Option<Arc<Identity>>> + Send {
        let _ = keys;
        async { None }
    }

    /// Looks up a session by its key (the session cookie, or an access token). The runtime
    /// judges its age, from when it was last used: a store returns what it has.
    fn session(&self, key: &str) -> impl Future<Output = Option<Session>> + Send {
        let _ = key;
        async { None }
    }

    /// Starts a session for `identity` (the login endpoint calls this). `None` when the
    /// service has no sessions.
    fn create_session(&self, identity: &Identity) -> impl Future<Output = Option<Session>> + Send {
        let _ = identity;
        async { None }
    }

    /// Finds the account a run-as header names (protocol 5.9), the way an account id in a
    /// URL is resolved (an id, a user name, an email address...). `None` when there is no
    /// such account, and in services without impersonation.
    fn identity_of(&self, account: &str) -> impl Future<Output = Option<Arc<Identity>>> + Send {
        let _ = account;
        async { None }
    }

    /// Ends the session with `key` (the logout endpoint calls this, and the runtime when
    /// it finds the session expired).
    fn end_session(&self, key: &str) -> impl Future<Output = ()> + Send {
        let _ = key;
        async {}
    }

    /// Records that the session with `key` was used `at`. The runtime calls it at most
    /// about once a minute per session, so a store may write it.
    fn touch_session(&self, key: &str, at: SystemTime) -> impl Future<Output = ()> + Send {
        let _ = (key, at);
        async {}
    }

    /// Whether the accounts can be looked up now; `Err` says why not ("the account
    /// database does not answer"). The runtime asks only when a lookup found nothing
    /// (credentials or a session not accepted): then `Err` answers 503 with `Retry-After`
    /// instead of 401 or an anonymous caller, so that a client is not told its credentials
    /// are wrong while the store that holds them is away, and the failure is not counted
    /// against the account. The reason is logged, not sent. By default the accounts are
    /// always reachable (a fixed list, a store in the process).
    fn reachable(&self) -> impl Future<Output = Result<(), String>> + Send {
        async { Ok(()) }
    }

    /// Removes every session last used before `used_before` or created before
    /// `created_before`: the expired sessions nobody presented again. The runtime calls it
    /// now and then (at most once a minute) while sessions are in use.
    fn end_expired_sessions(
        &self,
        used_before: SystemTime,
        created_before: SystemTime,
    ) -> impl Future<Output = ()> + Send {
        let _ = (used_before, created_before);
        async {}
    }
}

/// `Ok` when `authenticator`'s accounts can be looked up now; else the 503 that answers a
/// request whose credentials could not be checked ([`Authenticator::reachable`]).
pub async fn accounts_reachable<A: Authenticator>(authenticator: &A) -> Result<(), ApiError> {
    authenticator.reachable().await.map_err(|why| {
        tracing::warn!(%why, "credentials could not be checked");
        ApiError::status(503)
            .with_message("Authentication is unavailable; try again shortly")
            .with_retry_after(std::time::Duration::from_secs(1))
    })
}

/// An authenticator that knows nobody: every `/a/` request is 401, everything else
/// anonymous. The default until a service supplies its own.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoAccounts;

impl Authenticator for NoAccounts {
    async fn basic(&self, _username: &str, _password: &str) -> Option<Arc<Identity>> {
        None
    }
}
