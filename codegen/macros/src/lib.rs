//! The `generate!` and `example_tests!` proc-macros: thin adapters around
//! `restspec_codegen::macro_input` and `restspec_codegen::example_tests`. Use them through
//! `restspec_runtime`.

use std::path::{Path, PathBuf};

/// The logic of a macro: its input, the calling crate's manifest directory, and the
/// directory of the source file holding the call (when the compiler can tell).
type Expand = fn(proc_macro2::TokenStream, &Path, Option<&Path>) -> proc_macro2::TokenStream;

/// Runs `expand` where the macro is called: spec paths are looked for beside the calling
/// crate's `Cargo.toml`, then beside the calling source file.
fn expand_here(input: proc_macro::TokenStream, expand: Expand) -> proc_macro::TokenStream {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    let caller_file = proc_macro::Span::call_site().local_file();
    let caller_dir = caller_file.as_deref().and_then(Path::parent);
    expand(input.into(), &manifest_dir, caller_dir).into()
}

/// Expands a spec directory into a module: `generate!(pub mod api = "spec")`.
///
/// A relative path is looked for beside the calling crate's `Cargo.toml`, then beside the
/// source file holding the call. Spec errors become compile
/// errors starting with `<dir>/<file>.yaml:<line>:<col>`.
#[proc_macro]
pub fn generate(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand_here(input, restspec_codegen::macro_input::expand)
}

/// Expands a spec directory into a typed client alone, referring only to `restspec-client`:
/// `generate_client!(pub mod api = "spec")`. Re-exported as `restspec_client::generate`.
#[proc_macro]
pub fn generate_client(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand_here(input, restspec_codegen::macro_input::expand_client)
}

/// One `#[test]` per example of a spec: `example_tests!("spec", start = start_service)`.
/// Re-exported, with its documentation, as `restspec_runtime::example_tests`.
#[proc_macro]
pub fn example_tests(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand_here(input, restspec_codegen::example_tests::expand)
}
