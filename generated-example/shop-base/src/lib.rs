//! The shop platform's base spec, in `spec/`: the conventions, status table and quota rule
//! every shop service shares. A service builds on it by depending on this crate and writing
//! `extends: { links: shop_base }` in its `service.yaml`; its build script then finds the
//! directory, which this crate's build script validated and published.
//!
//! The crate has no code: it carries the spec.

/// The base spec's directory, for tools and tests that read it without a build script.
pub const SPEC_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/spec");
