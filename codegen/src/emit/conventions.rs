//! The spec's conventions as one constant, `CONVENTIONS`, which the service description
//! and the typed client both use.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::opt_str;
use super::runtime_values::{condition_tokens, method_tokens};
use crate::model::error_body::{ErrorPiece, message_pointer, pieces};
use crate::model::{ErrorFormat, Service};

pub(crate) fn tokens(service: &Service) -> TokenStream {
    let c = &service.conventions;
    // Only what the spec switches on is written; the rest is `rt::Conventions::NONE`.
    let mut fields: Vec<TokenStream> = Vec::new();
    if !c.keys.all_off() {
        let keys = &c.keys;
        fields.push(quote! { keys: #keys });
    }
    let mut name = |field: &str, value: &Option<String>| {
        if value.is_some() {
            let ident = format_ident!("{field}");
            let value = opt_str(value);
            fields.push(quote! { #ident: #value });
        }
    };
    name("pretty_parameter", &c.pretty_parameter);
    name("compact_when_accept", &c.compact_when_accept);
    name("method_override_parameter", &c.method_override_parameter);
    name("docs_path", &c.docs_page.as_ref().map(|d| d.path.clone()));
    if !c.echo_headers.is_empty() {
        let echoes = &c.echo_headers;
        fields.push(quote! { echo_headers: &[#(#echoes),*] });
    }
    if c.pretty_by_default {
        fields.push(quote! { pretty_by_default: true });
    }
    if !c.method_override_methods.is_empty() {
        let methods = c.method_override_methods.iter().map(|m| method_tokens(*m));
        fields.push(quote! { method_override_methods: &[#(#methods),*] });
    }
    if !c.credentials.is_empty() {
        let places = &c.credentials;
        fields.push(quote! { credentials: &[#(#places),*] });
    }
    if let Some(schemes) = &c.challenges {
        // Whole header values, so that a 401 writes constants.
        let realm = service.title.replace('\\', "\\\\").replace('"', "\\\"");
        let values = schemes
            .iter()
            .map(|scheme| format!("{scheme} realm=\"{realm}\""));
        fields.push(quote! { challenges: Some(&[#(#values),*]) });
    }
    if let Some(cors) = super::cors::field(service) {
        fields.push(cors);
    }
    if c.never_gzip_errors {
        fields.push(quote! { never_gzip_errors: true });
    }
    let worded: Vec<TokenStream> = service
        .statuses
        .iter()
        .flat_map(|s| &s.messages)
        .map(|(condition, wording)| {
            let condition = condition_tokens(condition);
            quote! { (#condition, #wording) }
        })
        .collect();
    if !worded.is_empty() {
        fields.push(quote! { condition_messages: &[#(#worded),*] });
    }
    if c.error_format != ErrorFormat::Plain {
        let format = error_format_value(c.error_format, c.error_body.as_ref());
        fields.push(quote! { error_format: #format });
    }

    quote! {
        /// The protocol conventions of the spec, each a name or a switch: what the service
        /// follows and what its client applies. What the spec leaves out is off.
        pub const CONVENTIONS: rt::Conventions = rt::Conventions {
            #(#fields,)*
            ..rt::Conventions::NONE
        };
    }
}

/// `rt::ErrorFormat::...` for `format`, with the JSON body `body` gives.
pub(super) fn error_format_value(
    format: ErrorFormat,
    body: Option<&crate::model::error_body::Shape>,
) -> TokenStream {
    match format {
        ErrorFormat::Plain => quote! { rt::ErrorFormat::Plain },
        ErrorFormat::ProblemJson => quote! { rt::ErrorFormat::ProblemJson },
        ErrorFormat::Empty => quote! { rt::ErrorFormat::Empty },
        ErrorFormat::Json(()) => {
            let pointer = body.and_then(message_pointer).unwrap_or_default();
            let body = body.map(pieces).unwrap_or_default();
            let pieces = body.iter().map(|piece| match piece {
                ErrorPiece::Text(text) => quote! { rt::ErrorPiece::Text(#text) },
                ErrorPiece::Value(name) => match name.as_str() {
                    "message" | "status" | "reason" | "name" | "field" | "field_json" | "code"
                    | "code_json" | "error_id" => {
                        let variant = format_ident!("{}", crate::names::pascal(name));
                        quote! { rt::ErrorPiece::#variant }
                    }
                    // The body's own, which each row's `values` fill in.
                    own => quote! { rt::ErrorPiece::Own(#own) },
                },
            });
            quote! {
                rt::ErrorFormat::Json(&rt::JsonErrorBody {
                    pieces: &[#(#pieces),*],
                    message_pointer: #pointer,
                })
            }
        }
    }
}
