//! The code review service's API, generated from `spec/` at build time.
//!
//! Everything in here comes from the spec: edit `spec/*.yaml` and rebuild. The module holds
//! the server and a typed client (`client`), which share the request and response types.

restspec_runtime::generate!(pub mod generated = "../spec", server, client);

pub use generated::*;
