//! A request's way through the service: the service (`tower::Service`), the request's
//! steps from admission to the way out, what requests share, the route table, and the
//! generated API's interface.

// Items here are `pub` for the crate's rooms to share; the crate's public API is what
// `lib.rs` re-exports.
#![allow(unreachable_pub)]

pub(crate) mod api;
pub(crate) mod request;
pub(crate) mod routing;
pub(crate) mod service;
pub(crate) mod state;

use std::future::Future;
use std::pin::Pin;

/// A boxed, sendable future: what `tower::Service::call` answers. Here, where both the
/// service that answers it and the request's steps that build it find it.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;
