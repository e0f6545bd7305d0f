//! `restspec-codegen`: reads a restspec YAML description of a REST service and generates the
//! Rust glue (router, handler trait, types, error mapping, quota groups) that links against
//! `restspec-runtime`.
//!
//! The phases, each in its own private module: `spec` (YAML with positions) → `lower`
//! (validated [`model`]) → `check` (rules across the model) → `emit` (tokens) → [`render`](mod@render)
//! (text). The public API is what the three front doors need: [`load`] and [`generate`],
//! [`generated_files`] (the build script's [`Config`] and the `restspec` CLI write them),
//! [`macro_input`] (the `restspec_runtime::generate!` macro), and the [`model`] for tools
//! that read a spec, such as the CLI's route table.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod calendar;
mod check;
pub mod config;
mod diag;
pub mod diff;
mod emit;
pub mod example_tests;
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
pub mod render;
pub mod schema;
mod spec;

use std::path::Path;

pub use check::MAX_PATH_PARAMS;
pub use config::{BuildError, Config, publish_spec};
pub use diag::{Diagnostic, Location, SpecErrors};
pub use lower::RUNTIME_CONDITIONS;
pub use outputs::Outputs;
pub use render::render;
pub use spec::{PublishedSpecs, SourceFile, spec_files};

/// A spec read, validated and ready to emit, with the files it came from.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The validated model.
    pub service: model::Service,
    /// The files read (for rebuild tracking and source snippets).
    pub sources: Vec<spec::SourceFile>,
}

/// Reads and validates the spec in `dir`; messages name files as `display_dir/<file>`.
///
/// On failure every problem found is returned at once, sorted by position, together with
/// the sources that were read (so a CLI can show snippets).
pub fn load(dir: &Path, display_dir: &Path) -> Result<Loaded, (SpecErrors, Vec<spec::SourceFile>)> {
    load_with(dir, display_dir, &PublishedSpecs::new())
}

/// [`load`], with the directories of base specs published by crates given explicitly
/// (`extends: { links: ... }`) instead of only through the environment.
pub fn load_with(
    dir: &Path,
    display_dir: &Path,
    published: &PublishedSpecs,
) -> Result<Loaded, (SpecErrors, Vec<spec::SourceFile>)> {
    let mut diags = diag::Diagnostics::new();
    let Some(raw) = spec::read_dir(dir, display_dir, published, &mut diags) else {
        return Err((errors(diags), Vec::new()));
    };
    validate(raw, diags)
}

/// Validates spec files held in memory (the service file first); see [`load`].
pub fn load_sources(
    sources: Vec<spec::SourceFile>,
) -> Result<Loaded, (SpecErrors, Vec<spec::SourceFile>)> {
    let mut diags = diag::Diagnostics::new();
    match spec::parse_sources(sources.clone(), &PublishedSpecs::new(), &mut diags) {
        Some(raw) => validate(raw, diags),
        None => Err((errors(diags), sources)),
    }
}

fn errors(diags: diag::Diagnostics) -> SpecErrors {
    SpecErrors {
        diagnostics: diags.into_sorted(),
    }
}

/// A spec that did not validate: every problem, the files read, and the model as far as
/// lowering got (`None` when the files could not even be parsed).
struct Rejected {
    errors: SpecErrors,
    sources: Vec<spec::SourceFile>,
    partial: Option<Box<model::Service>>,
}

fn validate(
    raw: spec::RawSpec,
    diags: diag::Diagnostics,
) -> Result<Loaded, (SpecErrors, Vec<spec::SourceFile>)> {
    check_raw(raw, diags).map_err(|rejected| (rejected.errors, rejected.sources))
}

fn check_raw(raw: spec::RawSpec, mut diags: diag::Diagnostics) -> Result<Loaded, Rejected> {
    let service = lower::lower(&raw, &mut diags);
    let complete = diags.is_empty();
    check::run(&service, complete, &mut diags);
    if diags.is_empty() {
        Ok(Loaded {
            service,
            sources: raw.sources,
        })
    } else {
        Err(Rejected {
            errors: errors(diags),
            sources: raw.sources,
            partial: Some(Box::new(service)),
        })
    }
}

/// [`load`] for the macro, which on failure still wants the partial model (to emit the
/// handler traits' skeleton) and the files read (to track them).
fn load_keeping_partial(dir: &Path, display_dir: &Path) -> Result<Loaded, Rejected> {
    let mut diags = diag::Diagnostics::new();
    match spec::read_dir(dir, display_dir, &PublishedSpecs::new(), &mut diags) {
        Some(raw) => check_raw(raw, diags),
        None => Err(Rejected {
            errors: errors(diags),
            sources: Vec::new(),
            partial: None,
        }),
    }
}

/// The generated module's tokens for a validated model (phase four alone): the server, its
/// OpenAPI document embedded as a string literal (what the macro door expands to).
pub fn tokens(service: &model::Service) -> proc_macro2::TokenStream {
    tokens_for(service, Outputs::SERVER)
}

/// [`tokens`] for the chosen outputs (server, client or both).
pub fn tokens_for(service: &model::Service, outputs: Outputs) -> proc_macro2::TokenStream {
    let document = outputs.server.then(|| openapi::to_compact_json(service));
    let document = emit::Document::Embedded(document.as_deref().unwrap_or_default());
    emit::module(service, outputs, document)
}

/// Generates the tokens of the module for the spec in `dir` (the document embedded, as
/// [`tokens`]).
pub fn generate(
    dir: &Path,
    display_dir: &Path,
) -> Result<(proc_macro2::TokenStream, Loaded), SpecErrors> {
    let loaded = load(dir, display_dir).map_err(|(errors, _)| errors)?;
    Ok((tokens(&loaded.service), loaded))
}

/// The complete generated file as one self-contained text: a header naming the spec files
/// (so a reader knows not to edit it), then the formatted code, with the OpenAPI document
/// embedded as a string literal. `restspec generate` prints it; the CLI and the build
/// script write [`generated_files`] instead.
pub fn generated_file(loaded: &Loaded) -> String {
    generated_file_for(loaded, Outputs::SERVER)
}

/// [`generated_file`] for the chosen outputs.
pub fn generated_file_for(loaded: &Loaded, outputs: Outputs) -> String {
    let tokens = tokens_for(&loaded.service, outputs);
    render::file_header(&loaded.service.files) + &render(&tokens)
}

/// The name of the file beside `<stem>.rs` that holds the served OpenAPI document (compact
/// JSON, no final newline: the bytes the service answers), `<stem>.openapi.min.json`. The
/// pretty document `restspec openapi` prints, and `Config::openapi` writes as
/// `<stem>.openapi.json`, says the same.
pub fn openapi_file_name(stem: &str) -> String {
    format!("{stem}.openapi.min.json")
}

/// What is written for generated code in a file `<stem>.rs`: the code, and the OpenAPI
/// document its `OPENAPI` constant includes from beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFiles {
    /// The code, with its header.
    pub code: String,
    /// The document's file name ([`openapi_file_name`]) and text; `None` for a client alone,
    /// which has no `OPENAPI`.
    pub openapi: Option<(String, String)>,
}

/// The tokens of the module written to `<stem>.rs`: its `OPENAPI` is
/// `include_str!("<stem>.openapi.min.json")` ([`openapi_file_name`]), the document that
/// [`openapi::to_compact_json`] makes, written beside it.
pub fn tokens_for_file(
    service: &model::Service,
    outputs: Outputs,
    stem: &str,
) -> proc_macro2::TokenStream {
    emit::module(
        service,
        outputs,
        emit::Document::Beside(&openapi_file_name(stem)),
    )
}

/// The files the CLI (`restspec generate -o <stem>.rs`) and the build script write: the
/// code ([`tokens_for_file`] formatted, with its header) and the document it includes.
/// Keeping the document out of the Rust source keeps the code small and quick to format:
/// the document is most of the bytes of a large API's module.
pub fn generated_files(loaded: &Loaded, outputs: Outputs, stem: &str) -> GeneratedFiles {
    let service = &loaded.service;
    let code =
        render::file_header(&service.files) + &render(&tokens_for_file(service, outputs, stem));
    let openapi = outputs
        .server
        .then(|| (openapi_file_name(stem), openapi::to_compact_json(service)));
    GeneratedFiles { code, openapi }
}
