//! The typed client: one method per endpoint, each its path pieces, its options and a call
//! of the runtime's client (`restspec_runtime::client`, feature `client`).

use std::collections::BTreeSet;

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::doc;
use super::docs::summary_and_description;
use super::options::options_struct;
use super::rust_types::rust_type;
use crate::model::{Endpoint, OptionType, Segment, Service};
use crate::names;

pub(crate) fn tokens(service: &Service) -> TokenStream {
    let methods = service
        .families
        .iter()
        .flat_map(|f| f.endpoints.iter().map(move |e| (f, e)))
        .map(|(f, e)| method_tokens(service, f, e));
    let status_table = status_table_tokens(service);
    // The header parameters' structs, where some endpoint has them.
    let headers_module = service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .any(|e| !e.headers.is_empty())
        .then(|| quote! { use super::headers; });
    let docs = doc(&format!(
        "A typed client of {}: one method per endpoint, returning a call to await (for the \
         body) or to `send` (for the whole answer, with the trace id).\n\n\
         It strips the JSON prefix line, asks for compact JSON, takes the authenticated form \
         when it has basic credentials, percent-encodes identifiers and retries answers 429 \
         (see `ClientConfig` and `RetryPolicy`). Needs `restspec-runtime`'s `client` \
         feature.",
        service.title
    ));
    quote! {
        #docs
        pub mod client {
            #[allow(unused_imports)]
            use super::{options, rt, types};
            #headers_module

            pub use rt::client::{Answer, Call, ClientConfig, InvalidBaseUrl, RetryPolicy};

            /// What a call fails with: the service's answer as a row of the status table
            /// (`super::Error`), or no usable answer.
            pub type ClientError = rt::client::ClientError<super::Error>;

            /// A client of the service; cheap to clone.
            #[derive(Debug, Clone)]
            pub struct Client(rt::client::Client);

            impl Client {
                /// An anonymous client of the service at `base_url`, with the default
                /// retry policy.
                pub fn new(base_url: &str) -> Result<Self, InvalidBaseUrl> {
                    Self::with_config(ClientConfig::new(base_url))
                }

                /// A client as configured (credentials, retries, timeout, HTTP client).
                pub fn with_config(config: ClientConfig) -> Result<Self, InvalidBaseUrl> {
                    rt::client::Client::new(&super::CONVENTIONS, config).map(Client)
                }

                /// The base URL calls are made under.
                pub fn base_url(&self) -> &str {
                    self.0.base_url()
                }

                #(#methods)*
            }

            #status_table
        }
    }
}

/// The template's pieces after its leading slash: literal text, and each parameter.
fn path_pieces(family: &crate::model::Family, endpoint: &Endpoint) -> Vec<TokenStream> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    for (i, segment) in endpoint.path.segments.iter().enumerate() {
        if i > 0 {
            text.push('/');
        }
        match segment {
            Segment::Literal(l) => text.push_str(l),
            Segment::Param(_) | Segment::Affixed { .. } => {
                let texts = match segment {
                    Segment::Affixed { texts, .. } => texts.as_slice(),
                    _ => &[],
                };
                for (j, p) in segment.params().iter().enumerate() {
                    text.push_str(texts.get(j).map_or("", String::as_str));
                    if !text.is_empty() {
                        pieces.push(quote! { rt::client::PathPiece::Literal(#text) });
                        text.clear();
                    }
                    let ident = format_ident!("{}", names::field_ident(p));
                    pieces.push(match family.param_type_of(endpoint, p) {
                        crate::model::ParamType::String => {
                            quote! { rt::client::PathPiece::Id(#ident) }
                        }
                        _ => quote! { rt::client::PathPiece::Id(&rt::client::id_text(&#ident)) },
                    });
                }
                text.push_str(texts.last().map_or("", String::as_str));
            }
        }
    }
    if endpoint.path.trailing_slash && !endpoint.path.segments.is_empty() {
        text.push('/');
    }
    if !text.is_empty() {
        pieces.push(quote! { rt::client::PathPiece::Literal(#text) });
    }
    pieces
}

fn method_tokens(
    service: &Service,
    family: &crate::model::Family,
    endpoint: &Endpoint,
) -> TokenStream {
    let method = format_ident!("{}", endpoint.name);
    let format = service.conventions.timestamp_format;
    let params: Vec<TokenStream> = endpoint
        .path
        .params()
        .map(|p| {
            let ident = format_ident!("{}", names::field_ident(p));
            let ty = super::rust_types::param_type(&family.param_type_of(endpoint, p));
            quote! { #ident: #ty }
        })
        .collect();
    let options = (!endpoint.query.is_empty()).then(|| {
        let ty = options_struct(endpoint);
        quote! { options: &options::#ty, }
    });
    let option_calls = endpoint.query.iter().map(|o| {
        let (wire, field) = (&o.wire, format_ident!("{}", o.field));
        match o.ty {
            OptionType::String if o.always_given() => {
                quote! { .option_str(#wire, Some(options.#field.as_str())) }
            }
            OptionType::Integer if o.always_given() => {
                quote! { .option_int(#wire, Some(options.#field)) }
            }
            OptionType::Enum(_) | OptionType::Scalar(_) | OptionType::Timestamp
                if o.always_given() =>
            {
                quote! { .option_value(#wire, Some(&options.#field)) }
            }
            OptionType::String => quote! { .option_str(#wire, options.#field.as_deref()) },
            OptionType::Integer => quote! { .option_int(#wire, options.#field) },
            OptionType::Number if o.always_given() => {
                quote! { .option_number(#wire, Some(options.#field)) }
            }
            OptionType::Number => quote! { .option_number(#wire, options.#field) },
            OptionType::Boolean if o.always_given() => {
                quote! { .option_flag(#wire, Some(options.#field)) }
            }
            OptionType::Boolean => quote! { .option_flag(#wire, options.#field) },
            OptionType::List(_) if o.comma_separated => {
                quote! { .option_comma_list(#wire, &options.#field) }
            }
            OptionType::List(_) => quote! { .option_list(#wire, &options.#field) },
            OptionType::Map(_) => {
                let deep = o.deep_object;
                quote! { .option_map(#wire, #deep, &options.#field) }
            }
            OptionType::Json(_) if o.always_given() => {
                quote! { .option_json(#wire, Some(&options.#field)) }
            }
            OptionType::Json(_) => quote! { .option_json(#wire, options.#field.as_ref()) },
            OptionType::Nested(_) if o.always_given() => {
                quote! { .option_nested(#wire, Some(&options.#field)) }
            }
            OptionType::Nested(_) => quote! { .option_nested(#wire, options.#field.as_ref()) },
            OptionType::Enum(_) | OptionType::Scalar(_) | OptionType::Timestamp => {
                quote! { .option_value(#wire, options.#field.as_ref()) }
            }
        }
    });
    let headers = (!endpoint.headers.is_empty()).then(|| {
        let ty = super::options::headers_struct(endpoint);
        quote! { headers: &headers::#ty, }
    });
    let header_calls = endpoint.headers.iter().map(|h| {
        let (wire, field) = (&h.wire, format_ident!("{}", h.field));
        match (&h.ty, h.cookie) {
            (OptionType::List(_), false) => quote! { .header_list(#wire, &headers.#field) },
            (OptionType::List(_), true) => quote! { .cookie_list(#wire, &headers.#field) },
            (_, false) if h.always_given() => {
                quote! { .header_value(#wire, Some(&headers.#field)) }
            }
            (_, false) => quote! { .header_value(#wire, headers.#field.as_ref()) },
            (_, true) if h.always_given() => {
                quote! { .cookie_value(#wire, Some(&headers.#field)) }
            }
            (_, true) => quote! { .cookie_value(#wire, headers.#field.as_ref()) },
        }
    });
    // What selects the endpoint among those sharing its method and path, sent always (an
    // option that selects by being there is sent as the required option it is).
    let selector_call = endpoint.selected_by.as_ref().and_then(|s| {
        let (name, value) = (&s.name, s.value.as_ref()?);
        Some(match s.place {
            crate::model::SelectorPlace::Header => quote! { .header_value(#name, Some(#value)) },
            crate::model::SelectorPlace::Query => quote! { .option_str(#name, Some(#value)) },
        })
    });
    // An endpoint reading other media types than the service's: its body goes as it reads.
    let media = endpoint.request_bodies.map(|bodies| {
        quote! { .request_bodies(#bodies) }
    });
    let (body, body_call) = match &endpoint.request {
        Some(ty) if endpoint.request_optional => {
            let ty = rust_type(ty, format, false);
            (
                Some(quote! { body: Option<&#ty>, }),
                Some(quote! { .json_if(body) }),
            )
        }
        // `None` is a body of `null`.
        Some(ty) if endpoint.request_nullable => {
            let ty = rust_type(ty, format, false);
            (
                Some(quote! { body: Option<&#ty>, }),
                Some(quote! { .json_or_null(body) }),
            )
        }
        Some(ty) => {
            let ty = rust_type(ty, format, false);
            (Some(quote! { body: &#ty, }), Some(quote! { .json(body) }))
        }
        None => (None, None),
    };
    let output = super::rust_types::response_type(endpoint, format);
    let decode = endpoint.response.is_some();
    let http_method = super::runtime_values::method_tokens(endpoint.method);
    let pieces = path_pieces(family, endpoint);
    let mut text = summary_and_description(&endpoint.summary, endpoint.description.as_deref());
    if endpoint.deprecated {
        text.push_str("\n\nDeprecated: still served, about to go.");
        if let Some(since) = &endpoint.deprecated_since {
            text.push_str(&format!(
                " Since {}: every answer says so in a `Deprecation` header.",
                since.date
            ));
        }
    }
    text.push_str(&format!(
        "\n\n`{} {}`, answered {} on success",
        endpoint.method.as_str(),
        endpoint.path.raw,
        endpoint.status
    ));
    text.push_str(&super::docs::failures(service, endpoint));
    text.push('.');
    if !endpoint.response_headers.is_empty() {
        text.push_str(&format!(
            " Its headers: `.send()` the call and read `response_headers::{}` from the \
             answer's `headers` (`ResponseHeaders::read`).",
            super::response_headers::struct_name(endpoint)
        ));
    }
    let paginated = endpoint.paginated.then(|| quote! { .paginated() });
    let text_answer = endpoint
        .response_media
        .is_some()
        .then(|| quote! { .text_answer() });
    // Where the message stands in its own error bodies (its `error_body`, those of the rows
    // it lists), read before the service's.
    let rows = (endpoint.errors.iter())
        .filter_map(|name| service.statuses.iter().find(|s| s.name == *name))
        .filter_map(|row| row.error_body.as_ref());
    let mut pointers: Vec<String> = Vec::new();
    for body in endpoint.error_body.iter().chain(rows) {
        if let Some(pointer) = crate::model::error_body::message_pointer(body)
            && !pointers.contains(&pointer)
        {
            pointers.push(pointer);
        }
    }
    let messages = (!pointers.is_empty()).then(|| quote! { .error_messages_at(&[#(#pointers),*]) });
    // An endpoint reading some of the service's places: credentials go to one of those.
    let places = endpoint.credentials.as_ref().map(|read| {
        let read = read
            .iter()
            .map(|p| proc_macro2::Literal::u8_unsuffixed(*p as u8));
        quote! { .credentials_at(&[#(#read),*]) }
    });
    if endpoint.paginated {
        text.push_str(
            " Paginated: the call answers the first page; `.page(page, per_page)` asks for \
             another (`.after(cursor)` in the cursor style), `.pages(max_pages)` streams \
             every page and `.all(max_pages)` gathers their items.",
        );
    }
    let docs = doc(&text);
    quote! {
        #docs
        pub fn #method(&self, #(#params,)* #options #headers #body) -> Call<#output, super::Error> {
            self.0
                .call(#http_method, &[#(#pieces),*], #decode)
                #paginated
                #text_answer
                #messages
                #places
                #(#option_calls)*
                #(#header_calls)*
                #selector_call
                #media
                #body_call
        }
    }
}

/// The generated `Error` read back from an answer's status: the first row of each code, and
/// 500 as `Internal`.
fn status_table_tokens(service: &Service) -> TokenStream {
    let mut codes = BTreeSet::new();
    let arms = service
        .statuses
        .iter()
        .filter(|s| s.body.is_none() && s.code != 500 && codes.insert(s.code))
        .map(|s| {
            let variant = format_ident!("{}", names::pascal(&s.name));
            let code = Literal::u16_unsuffixed(s.code);
            quote! { #code => super::Error::#variant(message), }
        });
    // Rows with a typed body are read from the body: the first of a code that decodes.
    let typed: Vec<TokenStream> = service
        .statuses
        .iter()
        .filter(|s| s.body.is_some())
        .map(|s| {
            let variant = format_ident!("{}", names::pascal(&s.name));
            let code = Literal::u16_unsuffixed(s.code);
            quote! {
                if code == #code && let Ok(body) = rt::serde_json::from_slice(body) {
                    return Some(super::Error::#variant(body));
                }
            }
        })
        .collect();
    let from_body = (!typed.is_empty()).then(|| {
        quote! {
            fn from_body(code: u16, body: &[u8]) -> Option<Self> {
                #(#typed)*
                None
            }
        }
    });
    quote! {
        impl rt::client::StatusTable for super::Error {
            fn from_status(code: u16, message: &str) -> Option<Self> {
                let message = rt::Cow::Owned(message.to_owned());
                Some(match code {
                    #(#arms)*
                    500 => super::Error::Internal(message),
                    _ => return None,
                })
            }
            #from_body
        }
    }
}
