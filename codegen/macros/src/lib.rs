//! The `generate!` proc-macro: a thin adapter around `restspec_codegen::macro_input`.
//! Use it through `restspec_runtime::generate!`.

use std::path::PathBuf;

/// Expands a spec directory into a module: `generate!(pub mod api = "spec")`.
///
/// The path is relative to the calling crate's `Cargo.toml`. Spec errors become compile
/// errors starting with `<dir>/<file>.yaml:<line>:<col>`.
#[proc_macro]
pub fn generate(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    restspec_codegen::macro_input::expand(input.into(), &manifest_dir).into()
}
