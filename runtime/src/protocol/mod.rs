//! The conventions a request meets before routing and an answer after it: path
//! normalisation and the authenticated prefix, method and content-type overrides,
//! credentials and sessions, run-as, cross-origin requests and the security headers. Each
//! module is one convention of `docs/protocol.md`; the spec switches each on through
//! [`Conventions`](crate::spec::Conventions).

// Items here are `pub` for the crate's rooms to share; the crate's public API is what
// `lib.rs` re-exports.
#![allow(unreachable_pub)]

pub(crate) mod auth;
pub(crate) mod authenticator;
pub(crate) mod basic;
pub(crate) mod cors;
pub(crate) mod credential_cache;
pub(crate) mod credential_places;
pub(crate) mod envelope;
pub(crate) mod failure_budget;
pub(crate) mod fixed_tokens;
#[cfg(feature = "fixed-users")]
pub(crate) mod fixed_users;
pub(crate) mod list_error;
pub(crate) mod overrides;
pub(crate) mod run_as;
pub(crate) mod security_headers;
pub(crate) mod session;
pub(crate) mod session_clock;
