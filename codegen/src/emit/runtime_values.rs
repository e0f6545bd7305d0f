//! Values of the runtime's own types, spelled as the generated code writes them: an HTTP
//! method, a condition. Every emitter that needs one spells it here; the conventions'
//! values write themselves (`restspec-conventions`' `ToTokens`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::model::Method;
use crate::names;

/// `rt::http::Method::GET`.
pub(crate) fn method_tokens(method: Method) -> TokenStream {
    let ident = format_ident!("{}", method.as_str());
    quote! { rt::http::Method::#ident }
}

/// `rt::Condition::NotFound` for the condition `not_found`.
pub(crate) fn condition_tokens(name: &str) -> TokenStream {
    let ident = format_ident!("{}", names::pascal(name));
    quote! { rt::Condition::#ident }
}
