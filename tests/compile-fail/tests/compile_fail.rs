//! Spec mistakes are compile errors naming file, line, column and a hint (one trybuild run
//! for all). That a correct spec compiles without a warning, through the macro and the
//! build-script door, even in a private module of a binary, is the crate's examples'
//! (`examples/`), which the workspace's tests build. The typed client's warning-free check
//! and the example tests' errors run in restspec-tests, which compiles an HTTP client
//! anyway.
#[test]
fn spec_mistakes_are_compile_errors() {
    trybuild::TestCases::new().compile_fail("ui/*.rs");
}
