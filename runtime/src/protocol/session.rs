//! The login and logout endpoints of cookie sessions (when the spec names them): `POST`
//! the login path with HTTP basic credentials to get a session cookie (HttpOnly) and an
//! XSRF token cookie (readable by scripts); `POST` the logout path to end the session.

use cookie::{Cookie, CookieBuilder, SameSite};
use http::{HeaderMap, HeaderValue, StatusCode, header};

use crate::error::{ApiError, Condition};
use crate::message::body::{Response, empty};
use crate::protocol::auth::{AuthState, Authenticator, PresentedCredentials, cookie};
use crate::protocol::basic::check_basic;
use crate::spec::SessionConventions;

/// Appends `Set-Cookie` for `cookie`, on every path of the site (`Path=/`).
fn set_cookie(response: &mut Response, cookie: CookieBuilder<'_>) {
    let cookie = cookie.path("/").build().to_string();
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
}

/// `POST <login path>`: 204 with both cookies, or 401 (429 while the failure budget is
/// spent: [`check_basic`]). Both cookies last as long as the session may
/// ([`SessionClock::max_age`](crate::protocol::session_clock::SessionClock::max_age)); a login is
/// also when expired sessions are swept, if a sweep is due.
pub async fn login<A: Authenticator>(
    authenticator: &A,
    state: &AuthState,
    sessions: &SessionConventions,
    presented: &PresentedCredentials<'_, '_>,
    realm: &str,
) -> Result<Response, ApiError> {
    let identity = check_basic(
        authenticator,
        &state.failures,
        presented.headers,
        presented.remote,
        realm,
    )
    .await?;
    let clock = &state.sessions;
    let session = authenticator
        .create_session(&identity)
        .await
        .ok_or_else(|| {
            ApiError::condition(Condition::MethodNotAllowed)
                .with_message("this service has no sessions")
        })?;
    clock
        .sweep_when_due(authenticator, std::time::SystemTime::now())
        .await;
    let max_age =
        cookie::time::Duration::try_from(clock.max_age()).unwrap_or(cookie::time::Duration::MAX);
    let mut response = empty(StatusCode::NO_CONTENT);
    // The session cookie is out of scripts' reach; the XSRF token is for scripts to echo.
    set_cookie(
        &mut response,
        Cookie::build((sessions.cookie, session.key))
            .http_only(true)
            .same_site(SameSite::Lax)
            .max_age(max_age),
    );
    set_cookie(
        &mut response,
        Cookie::build((sessions.xsrf_cookie, session.xsrf_token))
            .same_site(SameSite::Lax)
            .max_age(max_age),
    );
    Ok(response)
}

/// `POST <logout path>`: ends the session named by the cookie (or the access token) and
/// clears both cookies; 204 whether or not there was a session. The caller has checked the
/// XSRF token of a live cookie session first, as for any cookie mutation.
pub async fn logout<A: Authenticator>(
    authenticator: &A,
    sessions: &SessionConventions,
    headers: &HeaderMap,
    access_token: Option<&str>,
) -> Response {
    if let Some(key) = cookie(headers, sessions.cookie).or(access_token) {
        authenticator.end_session(key).await;
    }
    let mut response = empty(StatusCode::NO_CONTENT);
    for name in [sessions.cookie, sessions.xsrf_cookie] {
        set_cookie(
            &mut response,
            Cookie::build((name, ""))
                .max_age(cookie::time::Duration::ZERO)
                .expires(cookie::time::OffsetDateTime::UNIX_EPOCH),
        );
    }
    response
}
