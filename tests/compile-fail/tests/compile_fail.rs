//! Spec mistakes are compile errors naming file, line, column and a hint; a correct spec
//! compiles without a warning through the macro and the build-script door, even in a
//! private module of a binary (one trybuild run for all). The typed client's warning-free
//! check and the example tests' errors run in restspec-tests, which compiles an HTTP client
//! anyway.
#[test]
fn spec_mistakes_are_compile_errors_and_generated_code_is_warning_free() {
    // The build-script door's output for `ui-pass/build_script_door.rs` to include.
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    restspec_codegen::Config::new()
        .spec_dir(manifest.join("../fixtures/minimal"))
        .module_name("minimal")
        .out_dir(manifest.join("ui-pass/generated"))
        .emit_rerun_if_changed(false)
        .generate()
        .expect("the fixture is valid");
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
    t.pass("ui-pass/*.rs");
}
