//! Generates the bookshop's API from `spec/` into `$OUT_DIR/api.rs`: the server and a typed
//! client sharing its types, the OpenAPI document as `$OUT_DIR/api.openapi.json`, and the
//! spec's examples as tests (`$OUT_DIR/api_examples.rs`, run by `tests/examples.rs`). A spec
//! error fails the build with every problem located by file, line and column.

fn main() -> Result<(), restspec_codegen::BuildError> {
    restspec_codegen::Config::new()
        .spec_dir("spec")
        .module_name("api")
        .client(true)
        .openapi(true)
        .example_tests(true)
        .generate()?;
    Ok(())
}
