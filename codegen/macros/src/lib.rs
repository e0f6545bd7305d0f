//! The `generate!` proc-macro: a thin adapter around `restspec_codegen::macro_input`.
//! Use it through `restspec_runtime::generate!`.

use std::path::PathBuf;

/// Expands a spec directory into a module: `generate!(pub mod api = "spec")`.
///
/// A relative path is looked for beside the calling crate's `Cargo.toml`, then beside the
/// source file holding the call. Spec errors become compile
/// errors starting with `<dir>/<file>.yaml:<line>:<col>`.
#[proc_macro]
pub fn generate(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    let caller_file = proc_macro::Span::call_site().local_file();
    let caller_dir = caller_file.as_deref().and_then(std::path::Path::parent);
    restspec_codegen::macro_input::expand(input.into(), &manifest_dir, caller_dir).into()
}

/// One `#[test]` per example of a spec: `example_tests!("spec", start = start_service)`.
/// Re-exported, with its documentation, as `restspec_runtime::example_tests`.
#[proc_macro]
pub fn example_tests(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    let caller_file = proc_macro::Span::call_site().local_file();
    let caller_dir = caller_file.as_deref().and_then(std::path::Path::parent);
    restspec_codegen::example_tests::expand(input.into(), &manifest_dir, caller_dir).into()
}
