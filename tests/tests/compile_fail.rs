//! Spec mistakes are compile errors naming file, line, column and a hint.
#[test]
fn spec_mistakes_are_compile_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
}
