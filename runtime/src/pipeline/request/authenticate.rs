//! The authentication step: who is calling (from the credentials the request presents),
//! and the session paths, whose answer is the authentication itself (logging in and out).
//!
//! The runtime's query parameters are read again here rather than kept from admission:
//! reading a short query twice costs less than carrying its credentials through the whole
//! request.

use std::future::Future;
use std::net::SocketAddr;

use http::Method;
use http::request::Parts;

use super::authorize::{lacks_xsrf_token, xsrf_refusal};
use super::budget;
use crate::error::ApiError;
use crate::message::query::{QueryParams, QueryTokens};
use crate::pipeline::api::{Answer, Api};
use crate::pipeline::state::ServiceState;
use crate::protocol::auth::{
    Authenticated, Authenticator, PresentedCredentials, find_credentials, look_up,
};
use crate::protocol::session;

/// What authentication found.
pub(super) enum Authentication {
    /// The caller, and whether they lack the XSRF token their mutations need (checked once
    /// here, for the logout below and for every endpoint).
    Caller {
        authenticated: Authenticated,
        lacks_xsrf_token: bool,
    },
    /// The request is answered already: a session path, or credentials the service does
    /// not accept (or could not check), refused before routing.
    Answered(Answer),
}

/// Authenticates the request to `path` (normalised), on the authenticated form or not: the
/// credentials found (nothing waits), then looked up (one wait on the account store), then
/// what the store answered decided. Only the credentials found are kept while it waits.
///
/// One async block, not async fns nesting each other: an async fn keeps its arguments twice
/// (as arguments and as locals), and each level its own copy of what it borrows, in every
/// request's state.
#[allow(
    clippy::manual_async_fn,
    reason = "an async fn keeps its arguments twice"
)]
pub(super) fn authenticate<P: Api, A: Authenticator>(
    shared: &ServiceState<P, A>,
    parts: &Parts,
    remote: Option<SocketAddr>,
    path: &str,
    authenticated_form: bool,
) -> impl Future<Output = Authentication> {
    async move {
        let service = P::SERVICE;
        let conventions = &service.conventions;
        let authenticator = shared.settings.authenticator.as_ref();
        let sessions = conventions
            .sessions
            .as_ref()
            .filter(|_| parts.method == Method::POST);
        if let Some(sessions) = sessions
            && path == sessions.login_path
        {
            // Logging in reads basic credentials only.
            let presented = PresentedCredentials {
                headers: &parts.headers,
                authenticated_form,
                access_token: None,
                query_tokens: &QueryTokens::NONE,
                remote: remote.map(|a| a.ip()),
            };
            // Boxed: logging in is rare, and its state would otherwise be every request's.
            let login = session::login(
                authenticator,
                &shared.auth,
                sessions,
                &presented,
                service.title,
            );
            let answer = counted(shared, Box::pin(login).await);
            return Authentication::Answered(answer);
        }
        // Admission read this query without refusing it; of it, the credentials found and the
        // access token are kept while the store is asked, and no longer: in a block, since a
        // value once borrowed keeps its room in the state to the end of its scope.
        let looked_up = {
            let (found, access_token) = match QueryParams::read(parts.uri.query(), conventions) {
                Ok(QueryParams {
                    access_token,
                    tokens,
                    ..
                }) => {
                    let presented = PresentedCredentials {
                        headers: &parts.headers,
                        authenticated_form,
                        access_token: None,
                        query_tokens: &tokens,
                        remote: remote.map(|a| a.ip()),
                    };
                    (find_credentials(conventions, &presented), access_token)
                }
                Err(error) => return Authentication::Answered(Err(error)),
            };
            let access_token = access_token.as_deref();
            look_up(
                authenticator,
                &shared.auth,
                conventions,
                &found,
                access_token,
                service.title,
            )
            .await
        };
        let authenticated = match counted(shared, looked_up) {
            Ok(authenticated) => authenticated,
            Err(error) => return refused(shared, error, parts, path, remote).await,
        };
        let lacks_xsrf_token = lacks_xsrf_token(&authenticated, parts, shared);
        if let Some(sessions) = sessions
            && path == sessions.logout_path
        {
            // Logging out is a mutation: with a cookie session it needs the XSRF token.
            if lacks_xsrf_token {
                return Authentication::Answered(Err(xsrf_refusal(service)));
            }
            // The access token read again: logging out is rare.
            let query = QueryParams::read(parts.uri.query(), conventions).ok();
            let access_token = query.as_ref().and_then(|q| q.access_token.as_deref());
            let answer =
                session::logout(authenticator, sessions, &parts.headers, access_token).await;
            return Authentication::Answered(Ok(answer));
        }
        Authentication::Caller {
            authenticated,
            lacks_xsrf_token,
        }
    }
}

/// The refusal of credentials the service does not accept (or could not check), before
/// routing: with the budget's headers, and charged, where the spec says the API does so.
async fn refused<P: Api, A>(
    shared: &ServiceState<P, A>,
    error: ApiError,
    parts: &Parts,
    path: &str,
    remote: Option<SocketAddr>,
) -> Authentication {
    if budget::refusals_are_bare(shared) {
        return Authentication::Answered(Err(error));
    }
    // Boxed: such refusals are rare, and their state would otherwise be every request's.
    let refused = budget::refused_before_routing(shared, error, parts, path, remote);
    Authentication::Answered(Err(Box::pin(refused).await))
}

/// Counts an authentication failure in the metrics: credentials the service did not
/// accept, or a caller past the failed-password budget.
fn counted<P, A, T>(
    shared: &ServiceState<P, A>,
    answer: Result<T, ApiError>,
) -> Result<T, ApiError> {
    if answer.is_err()
        && let Some(metrics) = &shared.metrics
    {
        metrics.count_authentication_failure();
    }
    answer
}
