//! Phase four: the validated model to Rust tokens, one module per output item.
//!
//! Emitters return tokens, never `Result`: everything that could fail was checked before.
//! Generated code refers to the runtime only through `::restspec_runtime::__private`, or,
//! when it is a client alone, to `::restspec_client::__private`, so that a crate that only
//! calls a service does not compile the server stack.

mod capabilities;
mod client;
mod conventions;
mod cors;
mod docs;
mod errors;
mod examples;
mod fields;
pub(crate) mod handlers;
mod option_defaults;
pub(crate) mod options;
pub(crate) mod response_headers;
mod router;
mod runtime_values;
pub(crate) mod rust_types;
mod service;
mod skeleton;
mod type_graph;
pub(crate) mod types;
mod unions;
mod validate;

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::model::Service;
use crate::outputs::Outputs;

pub(crate) use docs::doc;
pub(crate) use examples::tests as example_tests;
pub(crate) use skeleton::tokens as skeleton;

/// Every endpoint with its family and its position in `SERVICE.endpoints` (families in
/// spec order, endpoints in file order): the key of the generated dispatch table.
pub(crate) fn indexed_endpoints(
    service: &Service,
) -> impl Iterator<Item = (usize, &crate::model::Family, &crate::model::Endpoint)> {
    service
        .families
        .iter()
        .flat_map(|f| f.endpoints.iter().map(move |e| (f, e)))
        .enumerate()
        .map(|(index, (family, endpoint))| (index, family, endpoint))
}

/// `Some("text")` or `None`, for the `Option<&'static str>` fields of generated constants.
pub(crate) fn opt_str(value: &Option<String>) -> TokenStream {
    match value {
        Some(v) => quote! { Some(#v) },
        None => quote! { None },
    }
}

/// Where the generated `OPENAPI` constant takes the OpenAPI document from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Document<'a> {
    /// The compact JSON itself, as a raw string literal: the macro door, which has no file
    /// to write, and code printed on its own.
    Embedded(&'a str),
    /// `include_str!` of this file name, which the CLI and the build script write beside
    /// the code (a relative path resolves from the file holding the code, also through
    /// `include!`).
    Beside(&'a str),
}

impl Document<'_> {
    /// The expression the `OPENAPI` constant is.
    fn tokens(self) -> TokenStream {
        match self {
            Document::Embedded(json) => {
                let literal = raw_string(json);
                quote! { #literal }
            }
            Document::Beside(file) => quote! { include_str!(#file) },
        }
    }
}

/// `text` as a raw string literal, `r#"..."#` with one `#` more than the longest run that
/// follows a `"` in it: unlike an escaped literal, no character of the text is rewritten,
/// so it is as long as the text and quick to build and to lex.
fn raw_string(text: &str) -> Literal {
    let bytes = text.as_bytes();
    let longest = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'"')
        .map(|(i, _)| bytes[i + 1..].iter().take_while(|b| **b == b'#').count())
        .max()
        .unwrap_or(0);
    let hashes = "#".repeat(longest + 1);
    format!("r{hashes}\"{text}\"{hashes}")
        .parse()
        // A bare carriage return is the one thing a raw string cannot hold; compact JSON
        // escapes it, but an escaped literal is right whatever the text.
        .unwrap_or_else(|_| Literal::string(text))
}

/// Every item of the generated module for `outputs`, in a fixed order: the server's
/// description and handlers, the shared types and errors, the client.
pub(crate) fn module(service: &Service, outputs: Outputs, document: Document<'_>) -> TokenStream {
    let server = |emit: fn(&Service) -> TokenStream| outputs.server.then(|| emit(service));
    let spec = outputs
        .server
        .then(|| service::tokens(service, &document.tokens()));
    let capabilities = server(capabilities::tokens);
    let conventions = conventions::tokens(service);
    let types = types::tokens(service);
    let options = options::tokens(service);
    let response_headers = response_headers::tokens(service);
    let errors = errors::tokens(service, outputs.server);
    let handlers = server(handlers::tokens);
    let router = server(router::tokens);
    let client = outputs.client.then(|| client::tokens(service));
    let runtime = if outputs.server {
        quote! { ::restspec_runtime::__private }
    } else {
        quote! { ::restspec_client::__private }
    };
    quote! {
        #[allow(unused_imports)]
        use #runtime as rt;

        #conventions
        #spec
        #capabilities
        #types
        #options
        #response_headers
        #errors
        #handlers
        #router
        #client
    }
}

#[cfg(test)]
mod tests {
    use super::raw_string;

    #[test]
    fn a_raw_string_holds_the_text_unchanged_whatever_hashes_it_holds() {
        let texts = [
            "",
            "{}",
            "{\"$ref\":\"#/components\"}",
            "a\"##b\"#",
            "\u{e9}\\n\u{1F600}",
        ];
        for text in texts {
            let literal = raw_string(text);
            let parsed: syn::LitStr = syn::parse2(quote::quote! { #literal }).expect("a literal");
            assert_eq!(parsed.value(), text);
            assert!(literal.to_string().starts_with('r'), "{literal}");
        }
        assert_eq!(raw_string("\"##").to_string(), "r###\"\"##\"###");
    }

    #[test]
    fn a_bare_carriage_return_is_escaped_instead() {
        assert_eq!(raw_string("a\rb").to_string(), "\"a\\rb\"");
    }
}
