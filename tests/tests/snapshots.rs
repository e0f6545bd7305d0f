//! The generated code of every fixture, and of the example's `spec/`, as insta snapshots.
//!
//! A change to the generator or to a spec shows up here as a snapshot diff to review
//! (`cargo insta review`); `src/lib.rs` compiles the same outputs.

use std::path::Path;

use restspec_codegen::{OpenapiDocument, Outputs};

/// Generates the spec in `dir` (relative to this crate) and snapshots the formatted code
/// as the build script and `restspec generate -o <name>.rs` write it: the OpenAPI document
/// in a file beside it (`openapi.rs` snapshots the document).
fn check(name: &str, dir: &str) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let code = match restspec_codegen::Loader::dir(manifest.join(dir))
        .display_dir(dir)
        .load()
    {
        Ok(loaded) => {
            let tokens = loaded.tokens(Outputs::SERVER, OpenapiDocument::Beside { stem: name });
            restspec_codegen::render(&tokens)
        }
        Err(errors) => panic!("fixture {name} should be valid:\n{errors}"),
    };
    snapshot(name, &code);
}

/// Snapshots `text` as `snapshots__<name>.snap`, the name it has had since this file was a
/// test binary of its own (insta would otherwise prefix the binary's module path).
fn snapshot(name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(format!("snapshots__{name}"), text));
}

/// The typed client generated alone from the spec in `dir`, snapshotted.
fn check_client(name: &str, dir: &str) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = match restspec_codegen::Loader::dir(manifest.join(dir))
        .display_dir(dir)
        .load()
    {
        Ok(loaded) => loaded,
        Err(errors) => panic!("fixture {name} should be valid:\n{errors}"),
    };
    let tokens = loaded.tokens(Outputs::CLIENT, OpenapiDocument::Embedded);
    snapshot(name, &restspec_codegen::render(&tokens));
}

#[test]
fn client_all_types() {
    check_client("client_all_types", "fixtures/all_types");
}

#[test]
fn client_conventions() {
    check_client("client_conventions", "fixtures/conventions");
}

#[test]
fn client_bookshop() {
    check_client("client_bookshop", "../generated-example/bookshop/spec");
}

#[test]
fn all_types() {
    check("all_types", "fixtures/all_types");
}

#[test]
fn common_style() {
    check("common_style", "fixtures/common_style");
}

#[test]
fn offset_lists() {
    check("offset_lists", "fixtures/offset_lists");
}

#[test]
fn payments() {
    check("payments", "fixtures/payments");
}

#[test]
fn client_common_style() {
    check_client("client_common_style", "fixtures/common_style");
}

#[test]
fn conventions() {
    check("conventions", "fixtures/conventions");
}

#[test]
fn bookshop() {
    check("bookshop", "../generated-example/bookshop/spec");
}

#[test]
fn minimal() {
    check("minimal", "fixtures/minimal");
}

#[test]
fn seed_quota() {
    check("seed_quota", "fixtures/seed_quota");
}

#[test]
fn example_spec() {
    check("example_spec", "../spec");
}
