//! Generates the bookshop's API from `spec/` into `$OUT_DIR/api.rs`. A spec error fails the
//! build with every problem located by file, line and column.

fn main() -> Result<(), restspec_codegen::BuildError> {
    restspec_codegen::Config::new()
        .spec_dir("spec")
        .module_name("api")
        .generate()?;
    Ok(())
}
