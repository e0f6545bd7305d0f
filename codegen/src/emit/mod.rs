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
mod handlers;
mod router;
mod service;
mod skeleton;
mod types;

use proc_macro2::TokenStream;
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

/// Every item of the generated module for `outputs`, in a fixed order: the server's
/// description and handlers, the shared types and errors, the client.
pub(crate) fn module(service: &Service, outputs: Outputs) -> TokenStream {
    let server = |emit: fn(&Service) -> TokenStream| outputs.server.then(|| emit(service));
    let spec = server(service::tokens);
    let capabilities = server(capabilities::tokens);
    let conventions = conventions::tokens(service);
    let types = types::tokens(service);
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
        #errors
        #handlers
        #router
        #client
    }
}
