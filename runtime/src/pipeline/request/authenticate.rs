//! The authentication step: who is calling (from the credentials the request presents),
//! and the session paths, whose answer is the authentication itself (logging in and out).
//!
//! The runtime's query parameters are read again here rather than kept from admission:
//! reading a short query twice costs less than carrying its credentials through the whole
//! request.

use std::net::SocketAddr;

use http::Method;
use http::request::Parts;

use super::authorize::{lacks_xsrf_token, xsrf_refusal};
use crate::error::ApiError;
use crate::message::query::QueryParams;
use crate::pipeline::api::{Answer, Api};
use crate::pipeline::state::Shared;
use crate::protocol::auth::{Authenticated, Authenticator, Presented, resolve_caller};
use crate::protocol::session;

/// What authentication found.
pub(super) enum Authentication {
    /// The caller, and whether they lack the XSRF token their mutations need (checked once
    /// here, for the logout below and for every endpoint).
    Caller {
        authenticated: Authenticated,
        lacks_xsrf_token: bool,
    },
    /// Credentials the service does not accept (or could not check): refused before
    /// routing.
    Refused(ApiError),
    /// A session path, answered.
    Answered(Answer),
}

/// Authenticates the request to `path` (normalised), on the authenticated form or not.
pub(super) async fn authenticate<P: Api, A: Authenticator>(
    shared: &Shared<P, A>,
    parts: &Parts,
    remote: Option<SocketAddr>,
    path: &str,
    authenticated_form: bool,
) -> Authentication {
    let service = P::SERVICE;
    let conventions = &service.conventions;
    let authenticator = shared.settings.authenticator.as_ref();
    // Admission read this query without refusing it; of it, only the credentials are kept.
    let QueryParams {
        access_token,
        tokens,
        ..
    } = match QueryParams::read(parts.uri.query(), conventions) {
        Ok(query) => query,
        Err(error) => return Authentication::Refused(error),
    };
    let access_token = access_token.as_deref();
    let presented = Presented {
        headers: &parts.headers,
        authenticated_form,
        access_token,
        query_tokens: &tokens,
        remote: remote.map(|a| a.ip()),
    };
    let sessions = conventions
        .sessions
        .as_ref()
        .filter(|_| parts.method == Method::POST);
    if let Some(sessions) = sessions
        && path == sessions.login_path
    {
        // Boxed: logging in is rare, and its state would otherwise be every request's.
        let login = session::login(
            authenticator,
            &shared.auth,
            sessions,
            &presented,
            service.title,
        );
        return Authentication::Answered(counted(shared, Box::pin(login).await));
    }
    let found = resolve_caller(
        authenticator,
        &shared.auth,
        conventions,
        &presented,
        service.title,
    )
    .await;
    let authenticated = match counted(shared, found) {
        Ok(authenticated) => authenticated,
        Err(error) => return Authentication::Refused(error),
    };
    let lacks_xsrf_token = lacks_xsrf_token(&authenticated, parts, shared);
    if let Some(sessions) = sessions
        && path == sessions.logout_path
    {
        // Logging out is a mutation: with a cookie session it needs the XSRF token.
        if lacks_xsrf_token {
            return Authentication::Answered(Err(xsrf_refusal(service)));
        }
        let answer = session::logout(authenticator, sessions, &parts.headers, access_token).await;
        return Authentication::Answered(Ok(answer));
    }
    Authentication::Caller {
        authenticated,
        lacks_xsrf_token,
    }
}

/// Counts an authentication failure in the metrics: credentials the service did not
/// accept, or a caller past the failed-password budget.
fn counted<P, A, T>(shared: &Shared<P, A>, answer: Result<T, ApiError>) -> Result<T, ApiError> {
    if answer.is_err()
        && let Some(metrics) = &shared.metrics
    {
        metrics.count_authentication_failure();
    }
    answer
}
