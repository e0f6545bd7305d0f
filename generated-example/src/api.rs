//! The code review service's API, generated from `spec/` at build time.
//!
//! Everything in here comes from the spec: edit `spec/*.yaml` and rebuild.

restspec_runtime::generate!(pub mod generated = "../spec");

pub use generated::*;
