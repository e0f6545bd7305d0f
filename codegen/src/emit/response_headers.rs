//! The `response_headers` module: for each endpoint whose success answers carry declared
//! headers, a struct of them implementing `rt::ResponseHeaders`. The service writes it
//! with its answer (`rt::WithHeaders`); the typed client reads it from an answer.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::doc;
use crate::model::{Endpoint, OptionType, QueryOption, Service};
use crate::names;

/// The name of an endpoint's response headers struct (`ReadNoteResponseHeaders`).
pub(crate) fn struct_name(endpoint: &Endpoint) -> proc_macro2::Ident {
    format_ident!("{}ResponseHeaders", names::pascal(&endpoint.name))
}

/// The module, or nothing for a spec without response headers.
pub(crate) fn tokens(service: &Service) -> Option<TokenStream> {
    let structs: Vec<TokenStream> = service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .filter(|e| !e.response_headers.is_empty())
        .map(|e| struct_tokens(service, e))
        .collect();
    (!structs.is_empty()).then(|| {
        quote! {
            /// The headers the success answers of the endpoints that declare some carry,
            /// one struct each. Headers an answer may leave out are `None` (or empty).
            pub mod response_headers {
                #[allow(unused_imports)]
                use super::rt;
                #(#structs)*
            }
        }
    })
}

fn struct_tokens(service: &Service, endpoint: &Endpoint) -> TokenStream {
    let ident = struct_name(endpoint);
    let timestamps = service.conventions.timestamp_format;
    let docs = doc(&format!(
        "Response headers of `{} {}`.",
        endpoint.method.as_str(),
        endpoint.path.raw
    ));
    let headers = &endpoint.response_headers;
    let fields = headers.iter().map(|h| {
        let name = format_ident!("{}", h.field);
        let item = super::types::option_item_type(&h.ty, timestamps);
        let ty = match &h.ty {
            OptionType::List(_) => quote! { Vec<#item> },
            _ if h.required => item,
            _ => quote! { Option<#item> },
        };
        let text = match &h.description {
            Some(d) => format!("`{}`: {}", h.wire, d.trim()),
            None => format!("`{}`.", h.wire),
        };
        let docs = doc(&text);
        quote! { #docs pub #name: #ty, }
    });
    let writes = headers.iter().map(|h| {
        let (name, wire) = (format_ident!("{}", h.field), &h.wire);
        match &h.ty {
            OptionType::List(_) => {
                quote! { rt::response_headers::write_list(out, #wire, &self.#name); }
            }
            _ => quote! { rt::response_headers::write(out, #wire, &self.#name); },
        }
    });
    let reads = headers.iter().map(read_tokens);
    let derive_default = (!headers
        .iter()
        .any(|h| h.required && h.ty.list_item().is_none()))
    .then(|| quote! { Default, });
    quote! {
        #docs
        #[derive(Debug, Clone, PartialEq, #derive_default)]
        pub struct #ident {
            #(#fields)*
        }

        impl rt::ResponseHeaders for #ident {
            fn write(&self, out: &mut rt::http::HeaderMap) {
                #(#writes)*
            }

            fn read(headers: &rt::http::HeaderMap) -> Result<Self, String> {
                Ok(Self { #(#reads)* })
            }
        }
    }
}

fn read_tokens(header: &QueryOption) -> TokenStream {
    let (name, wire) = (format_ident!("{}", header.field), &header.wire);
    match &header.ty {
        OptionType::List(_) => quote! { #name: rt::response_headers::read_list(headers, #wire)?, },
        _ if header.required => quote! {
            #name: rt::response_headers::required(
                rt::response_headers::read(headers, #wire)?,
                #wire,
            )?,
        },
        _ => quote! { #name: rt::response_headers::read(headers, #wire)?, },
    }
}
