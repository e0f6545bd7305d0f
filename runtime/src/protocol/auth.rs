//! Authentication: the account store is the service's, the mechanics are here.
//!
//! A caller proves who they are in one of three ways (protocol 5): HTTP basic
//! credentials on the authenticated form (`/a/`), a session cookie (mutations then need the
//! XSRF token in the XSRF header), or a session key as access token in the query string.
//! [`resolve_caller`] decides which applies; the service supplies an [`Authenticator`].

use std::borrow::Cow;
use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;

use http::HeaderMap;

use crate::error::{ApiError, Condition};
use crate::limits::Limits;
use crate::message::context::{AuthMethod, Caller, Identity};
use crate::protocol::authenticator::accounts_reachable;
use crate::protocol::basic::check_basic;
use crate::protocol::credential_places::{FoundCredential, MAX_KEYS, presented_credential};
pub use crate::protocol::credential_places::{PresentedCredentials, cookie};
use crate::protocol::failure_budget::FailureBudget;
use crate::protocol::session_clock::SessionClock;
use crate::spec::{Conventions, UnknownCredentials};

pub use crate::protocol::authenticator::{Authenticator, NoAccounts, Session};

/// Who is calling, and the XSRF token their session expects (cookie sessions only).
#[derive(Debug, Clone)]
pub struct Authenticated {
    /// The caller.
    pub caller: Caller,
    /// The token a cookie-authenticated mutation must send in the XSRF header.
    pub xsrf_token: Option<String>,
    /// The index of the spec's credential place the caller was found at, if one was.
    pub place: Option<u8>,
}

/// What authentication keeps between requests: how long sessions live, and the budgets
/// of failed password attempts.
#[derive(Debug)]
pub struct AuthState {
    /// Session lifetimes.
    pub sessions: SessionClock,
    /// Failed attempts per account and address.
    pub failures: FailureBudget,
}

impl AuthState {
    /// The state for `limits`, nothing remembered yet.
    pub fn new(limits: &Limits) -> Self {
        AuthState {
            sessions: SessionClock::new(limits),
            failures: FailureBudget::new(limits),
        }
    }
}

/// The credentials one request carries, found without waiting (nothing here is looked
/// up): what [`look_up`] then asks the account store about. They borrow the request head,
/// not the query credentials read from it, so that those are not kept while it waits.
#[derive(Debug, Clone)]
pub struct FoundCredentials<'a> {
    headers: &'a HeaderMap,
    remote: Option<IpAddr>,
    authenticated_form: bool,
    /// The first of the spec's places the request carries credentials at (its index), and
    /// those credentials: the only place looked at, whatever the store answers.
    first: Option<(usize, FoundCredential<'a>)>,
}

/// Finds the credentials `presented`, without looking any up.
pub fn find_credentials<'a>(
    conventions: &Conventions,
    presented: &PresentedCredentials<'a, '_>,
) -> FoundCredentials<'a> {
    let first = if presented.authenticated_form {
        None
    } else {
        (conventions.credentials.iter().enumerate())
            .find_map(|(place, c)| Some((place, presented_credential(*c, presented)?)))
    };
    FoundCredentials {
        headers: presented.headers,
        remote: presented.remote,
        authenticated_form: presented.authenticated_form,
        first,
    }
}

/// Decides who is calling: `find_credentials`, then its lookup (`look_up`).
pub async fn resolve_caller<A: Authenticator>(
    authenticator: &A,
    state: &AuthState,
    conventions: &Conventions,
    presented: &PresentedCredentials<'_, '_>,
    realm: &str,
) -> Result<Authenticated, ApiError> {
    let found = find_credentials(conventions, presented);
    look_up(
        authenticator,
        state,
        conventions,
        &found,
        presented.access_token,
        realm,
    )
    .await
}

/// Looks up the credentials `found` (and the session cookie and `access_token` after
/// them) and decides who is calling.
///
/// - The authenticated form needs valid basic credentials: otherwise 401 with a challenge
///   (`check_basic`, which also counts failures).
/// - Otherwise the credentials at the first of the spec's places the request carries any:
///   known, they name the caller; unknown, the request is refused or looked at further,
///   as the spec's `unknown_credentials` says.
/// - Otherwise a session cookie, when the service has sessions and the cookie names a live
///   session (one that has not expired: `SessionClock`), makes a cookie caller.
/// - Otherwise an access token naming a live session makes a token caller; an unknown
///   token leaves the caller anonymous (as the real service does).
///
/// A function answering an async block rather than an async fn, which would keep its
/// arguments twice (as arguments and as locals) in every request's state.
#[allow(
    clippy::manual_async_fn,
    reason = "an async fn keeps its arguments twice"
)]
pub fn look_up<A: Authenticator>(
    authenticator: &A,
    state: &AuthState,
    conventions: &Conventions,
    found: &FoundCredentials<'_>,
    access_token: Option<&str>,
    realm: &str,
) -> impl Future<Output = Result<Authenticated, ApiError>> {
    async move {
        let (headers, remote) = (found.headers, found.remote);
        if found.authenticated_form {
            let identity =
                check_basic(authenticator, &state.failures, headers, remote, realm).await?;
            return Ok(Authenticated {
                caller: Caller::user(identity, AuthMethod::Basic),
                xsrf_token: None,
                place: None,
            });
        }
        if let Some((place, credential)) = &found.first {
            let identity = match credential {
                FoundCredential::Basic => {
                    match check_basic(authenticator, &state.failures, headers, remote, realm).await
                    {
                        Ok(identity) => Some((identity, AuthMethod::Basic)),
                        Err(error) if error.as_condition() != Some(Condition::NotAuthenticated) => {
                            return Err(error);
                        }
                        Err(_) => None,
                    }
                }
                FoundCredential::Token(token) => authenticator
                    .token(token)
                    .await
                    .map(|identity| (identity, AuthMethod::Token)),
                FoundCredential::Keys(keys) => (keys_identity(authenticator, keys).await)
                    .map(|identity| (identity, AuthMethod::Token)),
            };
            let identity = match identity {
                Some(identity) => Some(identity),
                // Not known, or not checkable now: 503 for the latter.
                None if !matches!(credential, FoundCredential::Basic) => {
                    accounts_reachable(authenticator).await?;
                    None
                }
                None => None,
            };
            match (identity, conventions.unknown_credentials) {
                (Some((identity, method)), _) => {
                    return Ok(Authenticated {
                        caller: Caller::user(identity, method),
                        xsrf_token: None,
                        place: u8::try_from(*place).ok(),
                    });
                }
                (None, UnknownCredentials::Unauthorized) => {
                    let credential = conventions.credentials.get(*place);
                    tracing::debug!(?credential, "credentials not accepted");
                    // The status table's 401 carries the spec's challenges (`error.rs`).
                    return Err(ApiError::condition(Condition::NotAuthenticated)
                        .with_message("Unauthorized"));
                }
                // Served as if nothing had been sent.
                (None, UnknownCredentials::Anonymous) => {}
            }
        }
        let clock = &state.sessions;
        if let Some(sessions) = conventions.sessions
            && let Some(key) = cookie(headers, sessions.cookie)
        {
            if let Some(session) = clock.live_session(authenticator, key).await {
                return Ok(Authenticated {
                    caller: Caller::user(session.identity, AuthMethod::Cookie),
                    xsrf_token: Some(session.xsrf_token),
                    place: None,
                });
            }
            accounts_reachable(authenticator).await?;
        }
        if let Some(token) = access_token {
            if let Some(session) = clock.live_session(authenticator, token).await {
                return Ok(Authenticated {
                    caller: Caller::user(session.identity, AuthMethod::AccessToken),
                    xsrf_token: None,
                    place: None,
                });
            }
            accounts_reachable(authenticator).await?;
        }
        Ok(Authenticated {
            caller: Caller::anonymous(),
            xsrf_token: None,
            place: None,
        })
    }
}

/// Checks keys carried together, each with its place's name. A function of its own, so that
/// the pairs it lends the store are kept only while that lookup waits, beside no other.
async fn keys_identity<A: Authenticator>(
    authenticator: &A,
    keys: &[(&'static str, Cow<'_, str>)],
) -> Option<Arc<Identity>> {
    let mut pairs = [("", ""); MAX_KEYS];
    for (pair, (name, key)) in pairs.iter_mut().zip(keys) {
        *pair = (*name, key.as_ref());
    }
    authenticator
        .keys(pairs.get(..keys.len()).unwrap_or_default())
        .await
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use http::header;

    use super::*;
    use crate::message::query::QueryTokens;
    use crate::protocol::basic::{CREDENTIALS_ON_STACK, basic_credentials};
    use crate::spec::Credential;

    #[test]
    fn reads_cookies_and_basic_credentials() {
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, "a=1; ReviewSession=abc".parse().unwrap());
        headers.append(header::COOKIE, "XSRF_TOKEN=\"xyz\"".parse().unwrap());
        assert_eq!(cookie(&headers, "ReviewSession"), Some("abc"));
        assert_eq!(cookie(&headers, "XSRF_TOKEN"), Some("xyz"));
        assert_eq!(cookie(&headers, "missing"), None);
        let mut buffer = [0; CREDENTIALS_ON_STACK];
        headers.insert(header::AUTHORIZATION, "Basic YWRtaW46czpl".parse().unwrap());
        assert_eq!(
            basic_credentials(&headers, &mut buffer),
            Some(("admin", "s:e"))
        );
        headers.insert(header::AUTHORIZATION, "Bearer x".parse().unwrap());
        assert_eq!(basic_credentials(&headers, &mut buffer), None);
        let long = base64::engine::general_purpose::STANDARD.encode("u:".repeat(400));
        headers.insert(
            header::AUTHORIZATION,
            format!("Basic {long}").parse().unwrap(),
        );
        assert_eq!(basic_credentials(&headers, &mut [0; 16]), None);
    }

    /// A request on the plain form carrying `headers` and nothing else.
    fn plain(headers: &HeaderMap) -> PresentedCredentials<'_, '_> {
        PresentedCredentials {
            headers,
            authenticated_form: false,
            access_token: None,
            query_tokens: &QueryTokens::NONE,
            remote: None,
        }
    }

    /// Knows nobody; `away` says whether its accounts can be looked up.
    struct Store {
        away: bool,
    }

    impl Authenticator for Store {
        async fn basic(&self, _: &str, _: &str) -> Option<Arc<Identity>> {
            None
        }
        async fn reachable(&self) -> Result<(), String> {
            if self.away {
                Err("the account database does not answer".into())
            } else {
                Ok(())
            }
        }
    }

    /// Knows `ada` by her password and `cli` by its key.
    struct Keys;

    impl Authenticator for Keys {
        async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
            (username == "ada" && password == "pw").then(|| Arc::new(Identity::new("1", "ada")))
        }
        async fn token(&self, token: &str) -> Option<Arc<Identity>> {
            (token == "k123").then(|| Arc::new(Identity::new("2", "cli")))
        }
        async fn keys(&self, keys: &[(&str, &str)]) -> Option<Arc<Identity>> {
            (keys == [("X-App-Key", "app"), ("Bearer", "t1")])
                .then(|| Arc::new(Identity::new("3", "app")))
        }
    }

    /// A token in a cookie (`cookie: token`) is read from the request's cookies.
    #[tokio::test]
    async fn a_token_in_a_cookie_is_read() {
        let conventions = Conventions {
            credentials: &[Credential::Cookie("token")],
            ..Conventions::NONE
        };
        let state = AuthState::new(&crate::Limits::default());
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, "theme=dark; token=k123".parse().unwrap());
        let presented = plain(&headers);
        let found = resolve_caller(&Keys, &state, &conventions, &presented, "r").await;
        let caller = found.expect("known").caller;
        assert_eq!(caller.identity().map(|i| i.username.as_str()), Some("cli"));
        assert_eq!(caller.auth_method(), AuthMethod::Token);
    }

    /// Keys carried together (`together`) are checked at once, each with its place's
    /// name; a request carrying some of them only carries none (anonymous here, where
    /// unknown credentials would be a 401).
    #[tokio::test]
    async fn keys_carried_together_are_checked_at_once() {
        let conventions = Conventions {
            credentials: &[Credential::Together(&[
                Credential::Header("X-App-Key"),
                Credential::Scheme("Bearer"),
            ])],
            ..Conventions::NONE
        };
        let state = AuthState::new(&crate::Limits::default());
        let resolve = |pairs: &[(&'static str, &'static str)]| {
            let mut headers = HeaderMap::new();
            for (name, value) in pairs {
                headers.insert(*name, value.parse().unwrap());
            }
            let conventions = &conventions;
            let state = &state;
            async move {
                let presented = plain(&headers);
                resolve_caller(&Keys, state, conventions, &presented, "r").await
            }
        };
        let both = resolve(&[("x-app-key", "app"), ("authorization", "Bearer t1")]).await;
        let caller = both.expect("known").caller;
        assert_eq!(caller.identity().map(|i| i.username.as_str()), Some("app"));
        assert_eq!(caller.auth_method(), AuthMethod::Token);
        let one = resolve(&[("x-app-key", "app")]).await;
        assert!(one.expect("anonymous").caller.identity().is_none());
        let wrong = resolve(&[("x-app-key", "app"), ("authorization", "Bearer t2")]).await;
        assert_eq!(
            wrong.err().and_then(|e| e.as_condition()),
            Some(Condition::NotAuthenticated)
        );
    }

    /// A key that is the whole `Authorization` header, beside basic credentials (as the
    /// spec's lowering orders them: the schemes first): `Basic ...` is a password,
    /// anything else the key.
    #[tokio::test]
    async fn a_whole_authorization_key_is_what_no_scheme_reads() {
        let conventions = Conventions {
            credentials: &[Credential::Basic, Credential::Header("Authorization")],
            ..Conventions::NONE
        };
        let state = AuthState::new(&crate::Limits::default());
        let caller = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::AUTHORIZATION, value.parse().unwrap());
            headers
        };
        for (value, who, method) in [
            ("Basic YWRhOnB3", "ada", AuthMethod::Basic), // ada:pw
            ("k123", "cli", AuthMethod::Token),
        ] {
            let headers = caller(value);
            let presented = plain(&headers);
            let found = resolve_caller(&Keys, &state, &conventions, &presented, "r").await;
            let caller = found.expect("known").caller;
            assert_eq!(caller.identity().map(|i| i.username.as_str()), Some(who));
            assert_eq!(caller.auth_method(), method, "{value}");
        }
    }

    #[tokio::test]
    async fn credentials_that_could_not_be_checked_are_503_not_401_and_not_counted() {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, "Basic YWRtaW46czpl".parse().unwrap());
        let limits = crate::Limits {
            auth_failures_allowed: 1,
            ..crate::Limits::default()
        };
        let failures = FailureBudget::new(&limits);
        for _ in 0..3 {
            let away = check_basic(&Store { away: true }, &failures, &headers, None, "r").await;
            let error = away.err().unwrap();
            assert_eq!(error.as_condition(), None, "a status of its own, 503");
            assert_eq!(
                error.message(),
                Some("Authentication is unavailable; try again shortly")
            );
            assert!(
                error
                    .headers()
                    .iter()
                    .any(|(n, _)| n == header::RETRY_AFTER)
            );
        }
        // Three 503s spent nothing of a budget of one failure: the wrong password is 401.
        let back = check_basic(&Store { away: false }, &failures, &headers, None, "r").await;
        assert_eq!(
            back.err().unwrap().as_condition(),
            Some(Condition::NotAuthenticated)
        );
    }
}
