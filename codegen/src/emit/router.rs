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
        .flat_map(|f| f.endpoints.iter().map(move |e| route_tokens(service, f, e)));
    quote! {
        /// Builds the axum router that serves every endpoint with `handlers`, behind the
        /// runtime's convention layer.
        pub fn router<H: Handlers>(handlers: H, settings: rt::Settings) -> rt::axum::Router {
            rt::RouterBuilder::new(&SERVICE, handlers, settings)
                #(#routes)*
                .build()
        }

        #(#adapters)*
    }
}

fn route_tokens(service: &Service, family: &Family, endpoint: &Endpoint) -> TokenStream {
    let spec = endpoint_const(endpoint);
    let method = format_ident!("{}", endpoint.name);
    let params: Vec<_> = endpoint
        .path
        .params()
        .map(|p| format_ident!("{}", names::field_ident(p)))
        .collect();
    let count = proc_macro2::Literal::usize_unsuffixed(params.len());
    let (body_pattern, body_arg) = match &endpoint.request {
        Some(ty) => {
            let ty = rust_type(ty, service.conventions.timestamp_format, false);
            (quote! { body: #ty }, Some(quote! { body }))
        }
        None => (quote! { _: rt::NoBody }, None),
    };
    // Parameters arrive as an array in template order and are named inside the block:
    // prettyplease lays out a destructuring closure parameter poorly.
    let closure = if params.is_empty() {
        quote! {
            |handlers: rt::Arc<H>, ctx, _: [String; 0], #body_pattern| async move {
                handlers.#method(ctx, #body_arg).await
            }
        }
    } else {
        quote! {
            |handlers: rt::Arc<H>, ctx, params: [String; #count], #body_pattern| async move {
                let [#(#params),*] = params;
                handlers.#method(ctx, #(#params,)* #body_arg).await
            }
        }
    };
    if names_top_level(endpoint) {
        let resolve = adapter(family);
        quote! { .endpoint_with_resource(&endpoints::#spec, #resolve::<H>, #closure) }
    } else {
        quote! { .endpoint(&endpoints::#spec, #closure) }
    }
}
