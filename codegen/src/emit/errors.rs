//! The status table to the `Error` type handlers answer with.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::doc;
use crate::model::Service;
use crate::names;

pub(crate) fn tokens(service: &Service) -> TokenStream {
    let variants = service.statuses.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        let docs = doc(&format!("{} {}: {}", s.code, s.message, s.when.trim()));
        quote! {
            #docs
            #variant(rt::Cow<'static, str>),
        }
    });
    let codes = service.statuses.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        let code = proc_macro2::Literal::u16_unsuffixed(s.code);
        quote! { Error::#variant(_) => #code, }
    });
    let messages = service.statuses.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        quote! { Error::#variant(m) => m, }
    });
    let into_messages = service.statuses.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        quote! { Error::#variant(m) => m, }
    });
    let constructors = service.statuses.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        let function = format_ident!("{}", s.name);
        let message = &s.message;
        let docs = doc(&format!(
            "{} with the table's message, \"{message}\".",
            s.code
        ));
        quote! {
            #docs
            pub fn #function() -> Self {
                Error::#variant(rt::Cow::Borrowed(#message))
            }
        }
    });
    quote! {
        /// An error a handler answers with: one variant per row of the status table, plus
        /// `Internal` for failures of the service itself. Each carries the plaintext message
        /// the client sees.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Error {
            #(#variants)*
            /// 500: the service itself failed. The message is logged; the client sees
            /// "Internal server error".
            Internal(rt::Cow<'static, str>),
        }

        impl Error {
            /// The HTTP status code.
            pub fn code(&self) -> u16 {
                match self {
                    #(#codes)*
                    Error::Internal(_) => 500,
                }
            }

            /// The plaintext message.
            pub fn message(&self) -> &str {
                match self {
                    #(#messages)*
                    Error::Internal(m) => m,
                }
            }

            /// The plaintext message, owned.
            pub fn into_message(self) -> rt::Cow<'static, str> {
                match self {
                    #(#into_messages)*
                    Error::Internal(m) => m,
                }
            }

            #(#constructors)*
        }

        impl ::std::fmt::Display for Error {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{} {}", self.code(), self.message())
            }
        }

        impl ::std::error::Error for Error {}

        impl From<Error> for rt::ApiError {
            fn from(error: Error) -> Self {
                match error.code() {
                    500 => rt::ApiError::internal(error.into_message()),
                    code => rt::ApiError::status(code).with_message(error.into_message()),
                }
            }
        }
    }
}
