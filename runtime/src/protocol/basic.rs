//! HTTP basic credentials: decoded from the `Authorization` header (in the request's own
//! state when short), checked against the service's accounts within the failed-attempt
//! budget, and the 401 with its challenge that refuses them.

use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;

use base64::Engine;
use http::{HeaderMap, header};

use crate::error::{ApiError, Condition};
use crate::message::context::Identity;
use crate::protocol::authenticator::{Authenticator, accounts_reachable};
use crate::protocol::credential_places::authorization;
use crate::protocol::failure_budget::FailureBudget;

/// Checks the request's HTTP basic credentials (in `headers`, from `remote`): the
/// identity, or 401 with a challenge when they are missing or wrong. While the account
/// has spent its failure budget at the client's address ([`FailureBudget`]) the answer is
/// 429 with `Retry-After`, and the password is not checked.
/// (An async block, as [`look_up`](crate::protocol::auth::look_up) is.)
#[allow(
    clippy::manual_async_fn,
    reason = "an async fn keeps its arguments twice"
)]
pub fn check_basic<A: Authenticator>(
    authenticator: &A,
    failures: &FailureBudget,
    headers: &HeaderMap,
    remote: Option<IpAddr>,
    realm: &str,
) -> impl Future<Output = Result<Arc<Identity>, ApiError>> {
    async move {
        // Decoded in the request's own state when short (the usual case), else into a buffer
        // of their own: the request's future is not made larger for the rare long ones.
        let mut short = [0; CREDENTIALS_ON_STACK];
        let mut long = Vec::new();
        let decoded = authorization(headers, "basic").map_or(0, |e| e.len() / 4 * 3 + 3);
        let buffer: &mut [u8] = if decoded > CREDENTIALS_ON_STACK {
            long.resize(decoded.min(LONGEST_CREDENTIALS), 0);
            &mut long
        } else {
            &mut short
        };
        let Some((user, password)) = basic_credentials(headers, buffer) else {
            return Err(unauthorized(realm));
        };
        if let Err(wait) = failures.check(user, remote) {
            let seconds = crate::error::retry_after_seconds(wait);
            tracing::debug!(user, seconds, "failed attempt budget spent");
            return Err(ApiError::status(429)
                .with_message(format!(
                    "Too many failed authentication attempts; retry in {seconds} s"
                ))
                .with_retry_after(wait));
        }
        match authenticator.basic(user, password).await {
            Some(identity) => {
                failures.succeeded(user, remote);
                Ok(identity)
            }
            None => {
                accounts_reachable(authenticator).await?;
                failures.failed(user, remote);
                Err(unauthorized(realm))
            }
        }
    }
}

/// The 401 of the authenticated form, with its `WWW-Authenticate` challenge.
pub fn unauthorized(realm: &str) -> ApiError {
    let challenge = http::HeaderValue::from_str(&format!("Basic realm=\"{realm}\""))
        .unwrap_or_else(|_| http::HeaderValue::from_static("Basic"));
    ApiError::condition(Condition::NotAuthenticated)
        .with_message("Unauthorized")
        .with_header(header::WWW_AUTHENTICATE, challenge)
}

/// Basic credentials up to this many decoded bytes are decoded in the request's own state.
pub const CREDENTIALS_ON_STACK: usize = 96;

/// The longest basic credentials read, in decoded bytes: longer ones are refused like any
/// malformed header.
pub const LONGEST_CREDENTIALS: usize = 512;

/// The user name and password of an `Authorization: Basic` header, decoded into `buffer`
/// (credentials longer than the buffer are refused, like any malformed header).
pub fn basic_credentials<'b>(
    headers: &HeaderMap,
    buffer: &'b mut [u8],
) -> Option<(&'b str, &'b str)> {
    let encoded = authorization(headers, "basic")?;
    let length = base64::engine::general_purpose::STANDARD
        .decode_slice(encoded, buffer)
        .ok()?;
    let text = std::str::from_utf8(buffer.get(..length)?).ok()?;
    text.split_once(':')
}
