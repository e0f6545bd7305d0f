//! The `example_tests!` macro's logic, kept here so tests can call it: parse
//! `"spec", start = path::to::start`, then one test per example of the spec, or the spec's
//! errors as compile errors.

use std::path::Path;

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitStr, Token};

/// `"spec", start = start_service`.
struct ExampleTestsInput {
    path: LitStr,
    start: syn::Path,
}

impl Parse for ExampleTestsInput {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let path = input.parse()?;
        input.parse::<Token![,]>()?;
        let key: Ident = input.parse()?;
        if key != "start" {
            return Err(syn::Error::new(key.span(), "expected `start = <function>`"));
        }
        input.parse::<Token![=]>()?;
        let start = input.parse()?;
        input.parse::<Option<Token![,]>>()?;
        Ok(ExampleTestsInput { path, start })
    }
}

/// Expands `example_tests!` against the crate at `manifest_dir`, called from a source file
/// in `caller_dir` (when the compiler can tell).
pub fn expand(input: TokenStream, manifest_dir: &Path, caller_dir: Option<&Path>) -> TokenStream {
    let input: ExampleTestsInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(mut err) => {
            err.combine(syn::Error::new(
                Span::call_site(),
                "expected `example_tests!(\"spec\", start = start_service)`: the spec directory and \
                 the async function that builds the service under test",
            ));
            return err.to_compile_error();
        }
    };
    let relative = input.path.value();
    let dir = crate::macro_input::resolve_spec_dir(Path::new(&relative), manifest_dir, caller_dir);
    let (body, sources) = match crate::load(&dir, Path::new(&relative)) {
        Ok(loaded) => {
            let start = input.start.to_token_stream();
            (
                crate::emit::example_tests(&loaded.service, &start),
                loaded.sources,
            )
        }
        Err((errors, sources)) => {
            let errors = errors.diagnostics.iter().map(|d| {
                let message = d.to_string();
                quote! { ::core::compile_error!(#message); }
            });
            (quote! { #(#errors)* }, sources)
        }
    };
    // Editing a spec file rebuilds the tests.
    let tracked = sources.iter().map(|s| {
        let path = s.path.display().to_string();
        quote! { const _: &str = include_str!(#path); }
    });
    quote! { #body #(#tracked)* }
}
