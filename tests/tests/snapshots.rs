//! The generated code of every fixture, and of the example's `spec/`, as insta snapshots.
//!
//! A change to the generator or to a spec shows up here as a snapshot diff to review
//! (`cargo insta review`); `src/lib.rs` compiles the same outputs.

use std::path::Path;

/// Generates the spec in `dir` (relative to this crate) and snapshots the formatted code.
fn check(name: &str, dir: &str) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let display = Path::new(dir);
    let code = match restspec_codegen::generate(&manifest.join(dir), display) {
        Ok((tokens, _)) => restspec_codegen::render(&tokens),
        Err(errors) => panic!("fixture {name} should be valid:\n{errors}"),
    };
    insta::assert_snapshot!(name, code);
}

#[test]
fn all_types() {
    check("all_types", "fixtures/all_types");
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
