//! The code review service's API, generated from `spec/` at build time.
//!
//! Everything in here comes from the spec: edit `spec/*.yaml` and rebuild. (The typed client
//! of the same spec is generated where it is used: the tests' `example/client.rs`.)

restspec_runtime::generate!(pub mod generated = "../spec");

pub use generated::*;
