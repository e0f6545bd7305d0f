//! Impersonation (protocol 5.9): an authenticated caller holding the spec's run-as
//! capability acts as another account by naming it in the spec's run-as header.
//!
//! As in the real service, any identified caller may send the header (basic, cookie or
//! access token); the capability is what decides. The target is resolved by the service's
//! [`Authenticator::identity_of`], like an account id in a URL. From then on the request
//! runs as the target (`self`, ownership, visibility, capability checks), while the
//! caller stays on record as the real user: handlers see it in the context and quota
//! enforcers get it with the impersonation bit.

use http::HeaderValue;

use crate::error::{ApiError, Condition};
use crate::message::context::Caller;
use crate::protocol::auth::Authenticator;
use crate::spec::RunAsConventions;

/// `caller` acting as the account `header` names, or the 403 that refuses it.
pub(crate) async fn impersonate<A: Authenticator>(
    authenticator: &A,
    run_as: RunAsConventions,
    header: &HeaderValue,
    caller: Caller,
) -> Result<Caller, ApiError> {
    let refused =
        |message: String| Err(ApiError::condition(Condition::RunAsRefused).with_message(message));
    let Some(identity) = caller.identity() else {
        return refused(format!(
            "{} requires an authenticated caller",
            run_as.header
        ));
    };
    if !identity.capabilities.contains(run_as.capability) {
        return refused(format!(
            "not permitted to use {}: the {} capability is required",
            run_as.header, run_as.capability
        ));
    }
    let Ok(account) = header.to_str() else {
        return refused(format!("{} is not a readable account id", run_as.header));
    };
    match authenticator.identity_of(account.trim()).await {
        Some(target) => Ok(caller.impersonating(target)),
        None => refused(format!("no account matches {} {account}", run_as.header)),
    }
}
