//! `impl Default` for a struct of query options or header parameters whose options with
//! a value are all defaulted (a required one too, which the typed client then sends): each
//! field its spec default, the others absent, so a client call can write
//! `&ListCustomersOptions::default()`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::model::{OptionType, QueryOption, Scalar, Service};

/// The impl, or `None` where an option is required without a default (it has no honest
/// one) or none has a default (the struct derives `Default`).
pub(super) fn default_impl(
    service: &Service,
    ident: &proc_macro2::Ident,
    options: &[QueryOption],
) -> Option<TokenStream> {
    if options.iter().any(|o| o.required && o.default.is_none())
        || !options.iter().any(|o| o.default.is_some())
    {
        return None;
    }
    let fields = options.iter().map(|o| {
        let name = format_ident!("{}", o.field);
        let value = o.default.as_deref().map_or_else(
            || quote! { Default::default() },
            |text| value(service, &o.ty, text),
        );
        quote! { #name: #value, }
    });
    let docs = super::doc("Every option at its spec default, or absent.");
    Some(quote! {
        impl Default for #ident {
            #docs
            fn default() -> Self {
                Self { #(#fields)* }
            }
        }
    })
}

/// A default's text as a Rust value of the option's type (lowering admitted it).
fn value(service: &Service, ty: &OptionType, text: &str) -> TokenStream {
    match ty {
        OptionType::String => quote! { #text.to_owned() },
        OptionType::Boolean => {
            let on = text == "true";
            quote! { #on }
        }
        OptionType::Integer => number(Scalar::Int64, text),
        OptionType::Number => number(Scalar::Double, text),
        OptionType::Scalar(scalar) => number(*scalar, text),
        OptionType::Enum(name) => {
            let (ty, variant) = (
                format_ident!("{}", name),
                super::fields::enum_variant(service, name, text),
            );
            quote! { super::types::#ty::#variant }
        }
        OptionType::List(_)
        | OptionType::Map(_)
        | OptionType::Json(_)
        | OptionType::Nested(_)
        | OptionType::Timestamp => {
            quote! { Default::default() }
        }
    }
}

/// A numeric default as a literal of its width (the fields' defaults write theirs so too).
fn number(scalar: Scalar, text: &str) -> TokenStream {
    let n = serde_json::from_str::<serde_json::Number>(text).unwrap_or_else(|_| 0.into());
    super::fields::number(scalar, &n)
}
