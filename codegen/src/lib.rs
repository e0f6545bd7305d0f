//! `restspec-codegen`: reads a restspec YAML description of a REST service and generates the
//! Rust glue (router, handler trait, types, error mapping, quota groups) that links against
//! `restspec-runtime`.
//!
//! The phases, each in its own private module: `read` (YAML with positions) → `lower`
//! (validated [`model`]) → `check` (rules across the model) → `emit` (tokens) → [`render`](mod@render)
//! (text). The public API is what the three front doors need:
//!
//! - reading: [`load`] a spec directory (or a [`Loader`], for specs held in memory, the
//!   name messages give the directory, the bases published by crates) into a [`Loaded`]
//!   spec, or every problem at once as [`SpecErrors`];
//! - generating: [`Loaded::tokens`] (what the `restspec_runtime::generate!` macro, through
//!   [`macro_input`], expands to), [`Loaded::file`] (the code as one text) and
//!   [`Loaded::files`] (the code and the OpenAPI document beside it, which the build
//!   script's [`Config`] and the `restspec` CLI write);
//! - the [`model`], for tools that read a spec, such as the CLI's route table.
//!
//! ```
//! use restspec_codegen::Outputs;
//!
//! let loaded = restspec_codegen::load(concat!(
//!     env!("CARGO_MANIFEST_DIR"),
//!     "/../tests/fixtures/minimal"
//! ))?;
//! let code = loaded.file(Outputs::SERVER);
//! assert!(code.contains("pub trait ThingsHandlers"));
//! # Ok::<(), restspec_codegen::SpecErrors>(())
//! ```
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod calendar;
mod check;
pub mod config;
mod diag;
pub mod diff;
mod emit;
pub mod example_tests;
mod generated;
mod load;
mod lower;
mod macro_file;
pub mod macro_input;
pub mod mock;
pub mod model;
mod names;
/// The rules spec names follow and how they become Rust names, for tools that write specs
/// (`restspec import`) and must choose names the generator accepts.
pub mod naming {
    pub use crate::names::{
        BUILTIN_TYPES, CLIENT_METHODS, FRAMING_HEADERS, HTTP_HEADERS, KEYWORDS,
        RESERVED_STATUS_NAMES, RESERVED_TYPE_NAMES, field_ident, is_framing_header, is_header_name,
        is_param_name, is_pascal_case, is_path_char, is_snake_case, pascal, snake, variant,
    };
}
pub mod openapi;
mod outputs;
pub mod pattern;
mod read;
pub mod render;
pub mod schema;
mod source;

pub use check::MAX_PATH_PARAMS;
pub use config::{BuildError, Config, publish_spec};
pub use diag::{Diagnostic, Location, SpecErrors};
pub use generated::{GeneratedFiles, OpenapiDocument};
pub use load::{Loaded, Loader, load};
pub use lower::RUNTIME_CONDITIONS;
pub use outputs::Outputs;
pub use read::{PublishedSpecs, spec_files};
pub use render::render;
pub use source::SourceFile;
