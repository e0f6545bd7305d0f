//! Generates the API from `spec/` into `$OUT_DIR/api.rs` (`src/lib.rs` includes it), with
//! the spec's examples as tests (`$OUT_DIR/api_examples.rs`, run by `tests/examples.rs`).
//! A spec error fails the build with every problem located by file, line and column.

fn main() -> Result<(), restspec_codegen::BuildError> {
    restspec_codegen::Config::new()
        .spec_dir("spec")
        .module_name("api")
        .example_tests(true)
        .generate()?;
    Ok(())
}
