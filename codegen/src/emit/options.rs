//! The structs of an endpoint's query options and of its header and cookie parameters
//! (`options` and `headers` modules), one each, read by the runtime and written by the
//! typed client; and what its `rt::EndpointSpec` says of them (names and rules).

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::doc;
use super::opt_str;
use super::rust_types::{rust_type, scalar_type, seen_from_options};
use crate::model::{Service, TimestampFormat, TypeRef};
use crate::names;

/// The `options` module, and the `headers` module where the spec has header parameters.
pub(crate) fn tokens(service: &Service) -> TokenStream {
    // Each module its own: an alias names a struct of its module.
    let (mut same, mut same_headers) = (Same::default(), Same::default());
    let options: Vec<TokenStream> = service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .filter(|e| !e.query.is_empty())
        .map(|e| {
            let what = format!("Query options of `{} {}`.", e.method.as_str(), e.path.raw);
            same.struct_or_alias(service, &options_struct(e), &what, &e.query)
        })
        .collect();
    let headers = service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .filter(|e| !e.headers.is_empty())
        .map(|e| {
            let what = format!(
                "Header parameters of `{} {}`.",
                e.method.as_str(),
                e.path.raw
            );
            same_headers.struct_or_alias(service, &headers_struct(e), &what, &e.headers)
        })
        .collect::<Vec<_>>();
    // Only a spec with header parameters has the module.
    let headers = (!headers.is_empty()).then(|| {
        quote! {
            /// The header parameters of the endpoints that have some, one struct each.
            /// Headers the request leaves out are `None` (or empty).
            pub mod headers {
                #[allow(unused_imports)]
                use super::rt;
                #[allow(unused_imports)]
                use super::rt::serde::Deserialize;
                #(#headers)*
            }
        }
    });
    quote! {
        /// The query options of the endpoints that have some, one struct each. Options the
        /// request leaves out are `None` (or empty).
        pub mod options {
            #[allow(unused_imports)]
            use super::rt;
            #[allow(unused_imports)]
            use super::rt::serde::Deserialize;
            #(#options)*
        }

        #headers
    }
}

/// The structs written so far, by what they are apart from their names: an endpoint whose
/// options are another's, field for field and word for word (Microsoft Graph's `$select`
/// and `$expand` on `/me/...` and on `/users/{id}/...`: 952 structs of 5,559), has a type
/// alias of the first one's, not a struct of its own to derive and compile again.
#[derive(Default)]
struct Same {
    written: std::collections::HashMap<String, proc_macro2::Ident>,
}

impl Same {
    fn struct_or_alias(
        &mut self,
        service: &Service,
        ident: &proc_macro2::Ident,
        what: &str,
        options: &[crate::model::QueryOption],
    ) -> TokenStream {
        let key = options_tokens(service, &format_ident!("Same"), "", options).to_string();
        match self.written.get(&key) {
            Some(first) => {
                let docs = doc(&format!("{what} The same as [`{first}`]."));
                quote! {
                    #docs
                    pub type #ident = #first;
                }
            }
            None => {
                self.written.insert(key, ident.clone());
                options_tokens(service, ident, what, options)
            }
        }
    }
}

/// The name of an endpoint's options struct (`ListProjectsOptions`).
pub(crate) fn options_struct(endpoint: &crate::model::Endpoint) -> proc_macro2::Ident {
    format_ident!("{}Options", names::pascal(&endpoint.name))
}

/// The name of an endpoint's header parameters struct (`UpdateNoteHeaders`).
pub(crate) fn headers_struct(endpoint: &crate::model::Endpoint) -> proc_macro2::Ident {
    format_ident!("{}Headers", names::pascal(&endpoint.name))
}

/// The Rust type of one value of a list option.
pub(super) fn option_item_type(
    ty: &crate::model::OptionType,
    timestamps: TimestampFormat,
) -> TokenStream {
    use crate::model::OptionType;
    match ty {
        OptionType::String => quote! { String },
        OptionType::Integer => quote! { i64 },
        OptionType::Number => quote! { f64 },
        OptionType::Boolean => quote! { bool },
        OptionType::Scalar(scalar) => scalar_type(*scalar),
        OptionType::Timestamp => rust_type(&TypeRef::Timestamp, timestamps, false),
        OptionType::Enum(name) => {
            let ident = format_ident!("{}", name);
            quote! { super::types::#ident }
        }
        OptionType::List(item) | OptionType::Map(item) => option_item_type(item, timestamps),
        OptionType::Json(ty) | OptionType::Nested(ty) => seen_from_options(ty, timestamps),
    }
}

/// A struct of `options` (query options, or header parameters) named `ident`.
fn options_tokens(
    service: &Service,
    ident: &proc_macro2::Ident,
    what: &str,
    options: &[crate::model::QueryOption],
) -> TokenStream {
    let timestamps = service.conventions.timestamp_format;
    use crate::model::OptionType;
    let docs = doc(what);
    let fields = options.iter().map(|o| {
        let name = format_ident!("{}", o.field);
        let wire = &o.wire;
        let text = match &o.description {
            Some(d) => format!("`{wire}`: {}", d.trim()),
            None => format!("`{wire}`"),
        };
        let docs = doc(&text);
        let (ty, with) = match &o.ty {
            // Required or with a default: always there (the runtime refuses or fills in).
            OptionType::String if o.always_given() => (quote! { String }, None),
            OptionType::Integer if o.always_given() => (quote! { i64 }, None),
            OptionType::Number if o.always_given() => (quote! { f64 }, None),
            OptionType::Enum(name) if o.always_given() => {
                let ident = format_ident!("{}", name);
                (quote! { super::types::#ident }, None)
            }
            OptionType::Timestamp if o.always_given() => {
                (rust_type(&TypeRef::Timestamp, timestamps, false), None)
            }
            OptionType::Timestamp => {
                let ty = rust_type(&TypeRef::Timestamp, timestamps, false);
                (quote! { Option<#ty> }, None)
            }
            OptionType::Scalar(scalar) if o.always_given() => (scalar_type(*scalar), None),
            OptionType::Scalar(scalar) => {
                let ty = scalar_type(*scalar);
                (quote! { Option<#ty> }, None)
            }
            OptionType::String => (quote! { Option<String> }, None),
            OptionType::Integer => (quote! { Option<i64> }, None),
            OptionType::Number => (quote! { Option<f64> }, None),
            OptionType::Boolean if o.always_given() => {
                (quote! { bool }, Some("super::rt::deserialize_flag_value"))
            }
            OptionType::Boolean => (quote! { Option<bool> }, Some("super::rt::deserialize_flag")),
            OptionType::List(item) => {
                let item = option_item_type(item, timestamps);
                (quote! { Vec<#item> }, None)
            }
            OptionType::Map(item) => {
                let item = option_item_type(item, timestamps);
                (quote! { super::rt::QueryMap<#item> }, None)
            }
            // JSON text, or the members' bracketed keys the runtime packs into one value
            // (read as a form's), read as its value: present, for one the request carries.
            OptionType::Json(ty) | OptionType::Nested(ty) => {
                let json = matches!(o.ty, OptionType::Json(_));
                let reader = match (json, o.always_given()) {
                    (true, true) => "super::rt::deserialize_json_text",
                    (true, false) => "super::rt::deserialize_json_text_some",
                    (false, true) => "super::rt::deserialize_nested_text",
                    (false, false) => "super::rt::deserialize_nested_text_some",
                };
                let ty = seen_from_options(ty, timestamps);
                let ty = match o.always_given() {
                    true => ty,
                    false => quote! { Option<#ty> },
                };
                (ty, Some(reader))
            }
            OptionType::Enum(name) => {
                let ident = format_ident!("{}", name);
                (quote! { Option<super::types::#ident> }, None)
            }
        };
        // An option always given (required, or filled in by its default) needs no serde
        // default: the runtime refuses or completes the query first.
        let serde_rename = if o.always_given() {
            quote! { #[serde(rename = #wire)] }
        } else {
            quote! { #[serde(rename = #wire, default)] }
        };
        // The runtime reads `name[]` and `name[0]` as `name` before these are read.
        let with = if o.comma_separated {
            Some(quote! {
                #[serde(deserialize_with = "super::rt::deserialize_comma_list")]
            })
        } else {
            with.map(|w| quote! { #[serde(deserialize_with = #w)] })
        };
        quote! {
            #docs
            #serde_rename
            #with
            pub #name: #ty,
        }
    });
    // A required option has no honest `Default`; one with a default has its own.
    let default = (!options.iter().any(|o| o.always_given())).then(|| quote! { Default, });
    let validate = super::validate::options_impl(ident, options);
    let validate = match super::option_defaults::default_impl(service, ident, options) {
        Some(own) => quote! { #validate #own },
        None => validate,
    };
    quote! {
        #docs
        #[derive(Debug, Clone, #default PartialEq, Deserialize)]
        #[serde(crate = "super::rt::serde")]
        pub struct #ident {
            #(#fields)*
        }

        #validate
    }
}

/// The `rt::EndpointSpec` fields saying what the runtime reads of an endpoint's options:
/// the query options' rules, the header and cookie parameters' names and their rules.
pub(super) fn spec_fields(endpoint: &crate::model::Endpoint) -> Vec<TokenStream> {
    let mut rare = Vec::new();
    let rules = option_rules(&endpoint.query);
    if !rules.is_empty() {
        rare.push(quote! { option_rules: &[#(#rules),*] });
    }
    if !endpoint.headers.is_empty() {
        let (cookies, headers): (Vec<_>, Vec<_>) = endpoint.headers.iter().partition(|h| h.cookie);
        let places = [("headers", headers), ("cookies", cookies)];
        for (key, named) in places.into_iter().filter(|(_, n)| !n.is_empty()) {
            let (key, names) = (format_ident!("{key}"), named.iter().map(|h| &h.wire));
            rare.push(quote! { #key: &[#(#names),*] });
        }
        let rules = option_rules(&endpoint.headers);
        if !rules.is_empty() {
            rare.push(quote! { header_rules: &[#(#rules),*] });
        }
    }
    rare
}

/// The rules the runtime applies to `options` before they are read: required, default
/// and bounds.
fn option_rules(options: &[crate::model::QueryOption]) -> Vec<TokenStream> {
    options
        .iter()
        .filter(|o| o.required || o.default.is_some() || o.minimum.is_some() || o.maximum.is_some())
        .map(|o| {
            let (name, required) = (&o.wire, o.required);
            let default = opt_str(&o.default);
            let bound = |b: Option<i64>| match b {
                Some(n) => {
                    let n = Literal::i64_unsuffixed(n);
                    quote! { Some(#n) }
                }
                None => quote! { None },
            };
            let (minimum, maximum) = (bound(o.minimum), bound(o.maximum));
            quote! {
                rt::OptionRule {
                    name: #name,
                    required: #required,
                    default: #default,
                    minimum: #minimum,
                    maximum: #maximum,
                }
            }
        })
        .collect()
}
