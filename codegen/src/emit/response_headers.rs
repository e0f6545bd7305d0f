//! The `response_headers` module: for each endpoint whose success answers carry declared
//! headers, and each status row whose answers may, a struct of them implementing
//! `rt::ResponseHeaders`. The service writes it with its answer (`rt::WithHeaders`, or
//! `Error::with_headers`); the typed client reads it from an answer.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::doc;
use crate::model::{Endpoint, OptionType, QueryOption, Service, Status};
use crate::names;

/// The name of an endpoint's response headers struct (`ReadNoteResponseHeaders`).
pub(crate) fn struct_name(endpoint: &Endpoint) -> proc_macro2::Ident {
    format_ident!("{}ResponseHeaders", names::pascal(&endpoint.name))
}

/// The name of a status row's headers struct (`TooManyRequestsErrorHeaders`).
pub(crate) fn row_struct_name(status: &Status) -> proc_macro2::Ident {
    format_ident!("{}ErrorHeaders", names::pascal(&status.name))
}

/// The module, or nothing for a spec without response headers.
pub(crate) fn tokens(service: &Service) -> Option<TokenStream> {
    let endpoints = (service.families.iter().flat_map(|f| &f.endpoints))
        .filter(|e| !e.response_headers.is_empty())
        .map(|e| {
            let what = format!(
                "Response headers of `{} {}`.",
                e.method.as_str(),
                e.path.raw
            );
            struct_tokens(service, struct_name(e), &what, &e.response_headers)
        });
    let rows = (service.statuses.iter().filter(|s| !s.headers.is_empty())).map(|s| {
        let what = format!(
            "Headers a `{}` ({}) answer may carry: give them with `Error::with_headers`.",
            s.name, s.code
        );
        struct_tokens(service, row_struct_name(s), &what, &s.headers)
    });
    let any_error = (!service.conventions.error_headers.is_empty()).then(|| {
        let what = "Headers any error answer may carry, whatever its status: give them with \
                    `Error::with_headers`.";
        struct_tokens(
            service,
            format_ident!("ErrorHeaders"),
            what,
            &service.conventions.error_headers,
        )
    });
    let structs: Vec<TokenStream> = endpoints.chain(rows).chain(any_error).collect();
    (!structs.is_empty()).then(|| {
        quote! {
            /// The headers the success answers of the endpoints that declare some carry,
            /// and those the answers of status rows that declare some may, one struct
            /// each; those any error answer may, `ErrorHeaders`. Headers an answer may
            /// leave out are `None` (or empty).
            pub mod response_headers {
                #[allow(unused_imports)]
                use super::rt;
                #(#structs)*
            }
        }
    })
}

fn struct_tokens(
    service: &Service,
    ident: proc_macro2::Ident,
    what: &str,
    headers: &[QueryOption],
) -> TokenStream {
    let timestamps = service.conventions.timestamp_format;
    let docs = doc(what);
    let fields = headers.iter().map(|h| {
        let name = format_ident!("{}", h.field);
        let item = super::options::option_item_type(&h.ty, timestamps);
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
