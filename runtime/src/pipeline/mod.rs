//! A request's way through the service once the conventions have read it: the service
//! (`tower::Service`), the route table, the pipeline that admits, resolves, charges quota
//! and calls the handler, the generated API's interface, and the reading of requests and
//! writing of answers (query, JSON, bodies, replies, compression).

// Items here are `pub` for the crate's rooms to share; the crate's public API is what
// `lib.rs` re-exports.
#![allow(unreachable_pub)]

pub(crate) mod api;
pub(crate) mod body;
pub(crate) mod compression;
pub(crate) mod context;
pub(crate) mod dispatch;
pub(crate) mod json;
pub(crate) mod query;
pub(crate) mod reply;
pub(crate) mod request;
pub(crate) mod routing;
pub(crate) mod service;
pub(crate) mod state;
pub(crate) mod strict_json;
