//! `impl Default` for a struct of query options or header parameters whose options with
//! a value are all defaulted (none required): each field its spec default, the others
//! absent, so a client call can write `&ListCustomersOptions::default()`.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::model::{OptionType, QueryOption, Scalar};
use crate::names;

/// The impl, or `None` where an option is required (it has no honest default) or none has
/// a default (the struct derives `Default`).
pub(super) fn default_impl(
    ident: &proc_macro2::Ident,
    options: &[QueryOption],
) -> Option<TokenStream> {
    if options.iter().any(|o| o.required) || !options.iter().any(|o| o.default.is_some()) {
        return None;
    }
    let fields = options.iter().map(|o| {
        let name = format_ident!("{}", o.field);
        let value = o
            .default
            .as_deref()
            .map_or_else(|| quote! { Default::default() }, |text| value(&o.ty, text));
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
fn value(ty: &OptionType, text: &str) -> TokenStream {
    match ty {
        OptionType::String => quote! { #text.to_owned() },
        OptionType::Boolean => {
            let on = text == "true";
            quote! { #on }
        }
        OptionType::Integer => {
            let n = Literal::i64_suffixed(text.parse().unwrap_or_default());
            quote! { #n }
        }
        OptionType::Number => {
            let n = Literal::f64_suffixed(text.parse().unwrap_or_default());
            quote! { #n }
        }
        OptionType::Enum(name) => {
            let (ty, variant) = (
                format_ident!("{}", name),
                format_ident!("{}", names::variant(text)),
            );
            quote! { super::types::#ty::#variant }
        }
        OptionType::Scalar(scalar) => {
            let n = match scalar {
                Scalar::Int32 => Literal::i32_suffixed(text.parse().unwrap_or_default()),
                Scalar::Int64 => Literal::i64_suffixed(text.parse().unwrap_or_default()),
                Scalar::Uint32 => Literal::u32_suffixed(text.parse().unwrap_or_default()),
                Scalar::Uint64 => Literal::u64_suffixed(text.parse().unwrap_or_default()),
                Scalar::Float => Literal::f32_suffixed(text.parse().unwrap_or_default()),
                _ => Literal::f64_suffixed(text.parse().unwrap_or_default()),
            };
            quote! { #n }
        }
        OptionType::StringList | OptionType::Timestamp => quote! { Default::default() },
    }
}
