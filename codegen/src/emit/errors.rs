//! The status table to the `Error` type handlers answer with.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::doc;
use crate::model::Service;
use crate::names;

pub(crate) fn tokens(service: &Service, server: bool) -> TokenStream {
    // A row with a `body` carries the handler's typed body instead of a message.
    let variants = service.statuses.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        let docs = doc(&format!("{} {}: {}", s.code, s.message, s.when.trim()));
        let carried = match &s.body {
            Some(body) => {
                let ty = format_ident!("{}", body);
                quote! { types::#ty }
            }
            None => quote! { rt::Cow<'static, str> },
        };
        quote! {
            #docs
            #variant(#carried),
        }
    });
    let typed: Vec<_> = service
        .statuses
        .iter()
        .filter(|s| s.body.is_some())
        .collect();
    let eq = typed.is_empty().then(|| quote! { Eq, });
    let codes = service.statuses.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        let code = proc_macro2::Literal::u16_unsuffixed(s.code);
        quote! { Error::#variant(_) => #code, }
    });
    let messages = service.statuses.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        match s.body {
            Some(_) => {
                let message = &s.message;
                quote! { Error::#variant(_) => #message, }
            }
            None => quote! { Error::#variant(m) => m, },
        }
    });
    let into_messages = service.statuses.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        match s.body {
            Some(_) => {
                let message = &s.message;
                quote! { Error::#variant(_) => rt::Cow::Borrowed(#message), }
            }
            None => quote! { Error::#variant(m) => m, },
        }
    });
    let conversion = if typed.is_empty() {
        quote! {
            match error.code() {
                500 => rt::ApiError::internal(error.into_message()),
                code => rt::ApiError::status(code).with_message(error.into_message()),
            }
        }
    } else {
        let arms = typed.iter().map(|s| {
            let variant = format_ident!("{}", names::pascal(&s.name));
            let code = proc_macro2::Literal::u16_unsuffixed(s.code);
            quote! { Error::#variant(body) => rt::ApiError::status(#code).with_json_body(&body), }
        });
        quote! {
            match error {
                #(#arms)*
                error => match error.code() {
                    500 => rt::ApiError::internal(error.into_message()),
                    code => rt::ApiError::status(code).with_message(error.into_message()),
                },
            }
        }
    };
    // The runtime's error, for handlers; a client alone has no runtime.
    let into_api_error = server.then(|| {
        quote! {
            impl From<Error> for rt::ApiError {
                fn from(error: Error) -> Self {
                    #conversion
                }
            }
        }
    });
    let constructors = service
        .statuses
        .iter()
        .filter(|s| s.body.is_none())
        .map(|s| {
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
        /// the client sees, or the typed body of a row that declares one.
        #[derive(Debug, Clone, PartialEq, #eq)]
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

        #into_api_error
    }
}
