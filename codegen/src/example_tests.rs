//! The spec's examples as tests, through two doors: the `example_tests!` macro (parse
//! `"spec", start = path::to::start`, then one test per example, or the spec's errors as
//! compile errors), and the file the build script writes for `include_example_tests!`.

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
    let (body, sources) = match crate::Loader::dir(dir).display_dir(&relative).load() {
        Ok(loaded) => {
            let start = input.start.to_token_stream();
            (
                crate::emit::example_tests(&loaded.service, &start),
                loaded.sources,
            )
        }
        Err(errors) => {
            let messages = errors.diagnostics.iter().map(|d| {
                let message = d.to_string();
                quote! { ::core::compile_error!(#message); }
            });
            (quote! { #(#messages)* }, errors.sources)
        }
    };
    // Editing a spec file rebuilds the tests.
    let tracked = sources.iter().map(|s| {
        let path = s.path.display().to_string();
        quote! { const _: &str = include_str!(#path); }
    });
    quote! { #body #(#tracked)* }
}

/// The file `Config::example_tests` writes: a `restspec_example_tests!` macro that expands,
/// given the start function, to one test per example (`include_example_tests!` defines and
/// calls it). The tests are formatted as the macro door's are, then indented into the
/// macro's body, so that a reviewer reads ordinary Rust.
pub fn file(loaded: &crate::Loaded) -> String {
    const PLACEHOLDER: &str = "__restspec_start";
    let start = Ident::new(PLACEHOLDER, Span::call_site()).to_token_stream();
    let tests = crate::render(&crate::emit::example_tests(&loaded.service, &start));
    let body: String = tests
        .replace(PLACEHOLDER, "$start")
        .lines()
        .map(|line| match line {
            "" => "\n".to_owned(),
            _ => format!("        {line}\n"),
        })
        .collect();
    format!(
        "{}/// One `#[test]` per example of the spec, each running against the service the start\n\
         /// function builds.\n\
         macro_rules! restspec_example_tests {{\n    ($start:path) => {{\n{body}    }};\n}}\n",
        crate::render::file_header(&loaded.service.files)
    )
}
