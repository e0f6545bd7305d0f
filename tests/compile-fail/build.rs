//! The build-script door, as a user's crate takes it: the `minimal` fixture generated into
//! `OUT_DIR` for `examples/build_script_door.rs` to include.

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let spec = std::path::Path::new(&manifest).join("../fixtures/minimal");
    restspec_codegen::Config::new()
        .spec_dir(spec)
        .module_name("minimal")
        .generate()
        .expect("the minimal fixture is valid");
}
