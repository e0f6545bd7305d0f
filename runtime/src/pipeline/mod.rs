//! A request's way through the service: the service (`tower::Service`) that runs the
//! conventions around it, what requests share, the route table, the pipeline that admits,
//! resolves, charges quota and calls the handler, and the generated API's interface.

// Items here are `pub` for the crate's rooms to share; the crate's public API is what
// `lib.rs` re-exports.
#![allow(unreachable_pub)]

pub(crate) mod api;
pub(crate) mod dispatch;
pub(crate) mod routing;
pub(crate) mod service;
pub(crate) mod state;
