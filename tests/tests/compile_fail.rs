//! Spec mistakes are compile errors naming file, line, column and a hint; a correct spec
//! compiles without a warning, even in a private module (one trybuild run for both).
#[test]
fn spec_mistakes_are_compile_errors_and_generated_code_is_warning_free() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
    t.pass("ui-pass/*.rs");
}
