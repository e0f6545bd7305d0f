//! Generates the bookshop's API from `spec/` into `$OUT_DIR/api.rs`: the server and a typed
//! client sharing its types, and the OpenAPI document as `$OUT_DIR/api.openapi.json`. A spec
//! error fails the build with every problem located by file, line and column.

fn main() -> Result<(), restspec_codegen::BuildError> {
    restspec_codegen::Config::new()
        .spec_dir("spec")
        .module_name("api")
        .client(true)
        .openapi(true)
        .generate()?;
    Ok(())
}
