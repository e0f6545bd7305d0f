//! The handlers of the 2-route service (`spec-two/`): the same three methods the 320-route
//! service's stubs have for these endpoints, answering alike (the resolver finds nothing,
//! so a read of one account is a 404), so that the routing benchmark compares the route
//! tables alone.

#![allow(unused_variables, clippy::all)]

/// The names the trait signatures use, from the runtime's public API.
mod rt {
    pub use restspec_runtime::{Caller, Reply, RequestContext};
    pub use std::future::Future;
}

use crate::two::*;

/// Implements the 2-route service's one handler trait.
#[derive(Debug, Clone, Copy, Default)]
pub struct TwoStub;

impl AccountsHandlers for TwoStub {
    fn resolve_accounts(&self, caller: &rt::Caller, account_id: &str) -> impl rt::Future<Output = Result<Option<AccountsResource>, Error>> + Send { async { Ok(Default::default()) } }
    fn query_account(&self, ctx: rt::RequestContext<'_>) -> impl rt::Future<Output = Result<impl rt::Reply<Vec<types::AccountsInfo>>, Error>> + Send { async { Err::<Vec<types::AccountsInfo>, Error>(Error::not_found()) } }
    fn get_account(&self, ctx: rt::RequestContext<'_>, account_id: &str) -> impl rt::Future<Output = Result<impl rt::Reply<types::AccountsInfo>, Error>> + Send { async { Err::<types::AccountsInfo, Error>(Error::not_found()) } }
}
