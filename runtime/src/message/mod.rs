//! The HTTP messages, as every other room reads and writes them: the request's context
//! (caller, headers, address, request id), its query and body read under the spec's rules
//! (strict JSON, forms, bounded sizes), and the answer written (replies, JSON into one
//! buffer, the single-chunk body, gzip). It imports no other room but the crate's
//! vocabulary (`spec`, `error`, `limits`).

// Items here are `pub` for the crate's rooms to share; the crate's public API is what
// `lib.rs` re-exports.
#![allow(unreachable_pub)]

pub(crate) mod body;
pub(crate) mod compression;
pub(crate) mod context;
pub(crate) mod echo;
pub(crate) mod json;
pub(crate) mod option_keys;
pub(crate) mod query;
pub(crate) mod reply;
pub(crate) mod request;
pub(crate) mod request_id;
pub(crate) mod strict_json;
