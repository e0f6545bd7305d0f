//! Generates the GitLab subset from `spec/` into `$OUT_DIR/api.rs` (server and typed client)
//! and `$OUT_DIR/api.openapi.json`. A spec error fails the build, located by file, line and
//! column.

fn main() -> Result<(), restspec_codegen::BuildError> {
    restspec_codegen::Config::new()
        .spec_dir("spec")
        .module_name("api")
        .client(true)
        .openapi(true)
        .generate()?;
    Ok(())
}
