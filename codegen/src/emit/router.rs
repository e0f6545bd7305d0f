//! The router function: one line of glue per endpoint, one resolver adapter per family.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::handlers::{names_top_level, resolved_families, resolver_method};
use super::service::endpoint_const;
use super::types::rust_type;
use crate::model::{Endpoint, Family, Service};
use crate::names;

fn adapter(family: &Family) -> proc_macro2::Ident {
    format_ident!("{}_resolver", names::snake(&family.name))
}

pub(crate) fn tokens(service: &Service) -> TokenStream {
    let adapters = resolved_families(service).map(|family| {
        let name = adapter(family);
        let method = resolver_method(family);
        let convert = if family.quota_metadata.is_empty() {
            quote! { rt::resolved_exists }
        } else {
            quote! { rt::resolved }
        };
        quote! {
            async fn #name<H: Handlers>(handlers: rt::Arc<H>, caller: rt::Caller, id: String) -> rt::Resolution {
                #convert(handlers.#method(&caller, &id).await)
            }
        }
    });
    let routes = service
        .families
        .iter()
        .flat_map(|f| f.endpoints.iter().map(move |e| route_tokens(e, f)));
    let glue = service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .map(|e| glue_tokens(service, e));
    quote! {
        /// Builds the axum router that serves every endpoint with `handlers`, behind the
        /// runtime's convention layer.
        pub fn router<H: Handlers>(handlers: H, settings: rt::Settings) -> rt::axum::Router {
            rt::RouterBuilder::new(&SERVICE, handlers, settings)
                #(#routes)*
                .build()
        }

        #(#adapters)*

        /// One function per endpoint, calling its handler method.
        mod glue {
            #[allow(unused_imports)]
            use super::{Error, Handlers, options, rt, types};

            #(#glue)*
        }
    }
}

fn route_tokens(endpoint: &Endpoint, family: &Family) -> TokenStream {
    let spec = endpoint_const(endpoint);
    let glue = format_ident!("{}", endpoint.name);
    if names_top_level(endpoint) {
        let resolve = adapter(family);
        quote! { .endpoint_with_resource(&endpoints::#spec, #resolve::<H>, glue::#glue::<H>) }
    } else {
        quote! { .endpoint(&endpoints::#spec, glue::#glue::<H>) }
    }
}

/// The function that calls one handler method with what the runtime extracted: path
/// parameters in template order, options, body. Named functions rather than closures so
/// that the router reads as a table and each call reads as a signature.
fn glue_tokens(service: &Service, endpoint: &Endpoint) -> TokenStream {
    let name = format_ident!("{}", endpoint.name);
    let params: Vec<_> = endpoint
        .path
        .params()
        .map(|p| format_ident!("{}", names::field_ident(p)))
        .collect();
    let count = proc_macro2::Literal::usize_unsuffixed(params.len());
    let (params_pattern, destructure) = if params.is_empty() {
        (quote! { _: [String; 0] }, None)
    } else {
        (
            quote! { params: [String; #count] },
            Some(quote! { let [#(#params),*] = params; }),
        )
    };
    let (options_pattern, options_arg) = if endpoint.query.is_empty() {
        (quote! { _: rt::NoOptions }, None)
    } else {
        let ty = super::types::options_struct(endpoint);
        (quote! { options: options::#ty }, Some(quote! { options, }))
    };
    let format = service.conventions.timestamp_format;
    let (body_pattern, body_arg) = match &endpoint.request {
        Some(ty) => {
            let ty = rust_type(ty, format, false);
            (quote! { body: #ty }, Some(quote! { body }))
        }
        None => (quote! { _: rt::NoBody }, None),
    };
    let output = match &endpoint.response {
        Some(ty) => rust_type(ty, format, false),
        None => quote! { () },
    };
    quote! {
        pub(super) async fn #name<H: Handlers>(
            handlers: rt::Arc<H>,
            ctx: rt::RequestContext,
            #params_pattern,
            #options_pattern,
            #body_pattern,
        ) -> Result<#output, Error> {
            #destructure
            handlers.#name(ctx, #(#params,)* #options_arg #body_arg).await
        }
    }
}
