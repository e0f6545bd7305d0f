//! Validates the base spec and publishes its directory to the crates that depend on this
//! one (`DEP_SHOP_BASE_SPEC` in their build scripts).

fn main() -> Result<(), restspec_codegen::BuildError> {
    restspec_codegen::publish_spec("spec")?;
    Ok(())
}
