//! The status table to the `Error` type handlers answer with.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::doc;
use crate::model::{Service, Status, TypeKind, TypeRef};
use crate::names;

/// The members of the spec's JSON error shape a typed body of `status` gets besides its
/// own fields, as JSON text (`"documentation_url":"..."`); empty without a JSON shape.
fn constant_members(service: &Service, status: &Status) -> String {
    let Some(body) = &service.conventions.error_body else {
        return String::new();
    };
    let own: Vec<&str> = service
        .types
        .iter()
        .find(|t| matches!(&status.body, Some(TypeRef::Named(name)) if *name == t.name))
        .map(|t| match &t.kind {
            TypeKind::Record(fields) => fields.iter().map(|f| f.json_name.as_str()).collect(),
            _ => Vec::new(),
        })
        .unwrap_or_default();
    let fill = |name: &str| match name {
        "status" => Some(status.code.to_string()),
        "name" => Some(status.name.clone()),
        own => status
            .values
            .iter()
            .find(|(k, _)| k == own)
            .map(|(_, v)| v.clone())
            .or_else(|| {
                (!crate::model::ERROR_BODY_PLACEHOLDERS.contains(&own)).then(|| status.name.clone())
            }),
    };
    crate::model::error_body::constant_members(body, &own, &fill)
}

pub(crate) fn tokens(service: &Service, server: bool) -> TokenStream {
    // A row with a `body` carries the handler's typed body instead of a message.
    let variants = service.statuses.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        let docs = doc(&format!("{} {}: {}", s.code, s.message, s.when.trim()));
        let carried = match &s.body {
            Some(body) => {
                let ty =
                    super::rust_types::rust_type(body, service.conventions.timestamp_format, false);
                match s.body_nullable {
                    true => quote! { Option<#ty> },
                    false => ty,
                }
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
    // A typed body gets the members of the spec's error shape that are the same for every
    // error of its row (`documentation_url`), written here once.
    let arms = typed.iter().map(|s| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        let code = proc_macro2::Literal::u16_unsuffixed(s.code);
        // Only a record has members to add to (and `null` none).
        let members = match s.body {
            Some(TypeRef::Named(_)) if !s.body_nullable => constant_members(service, s),
            _ => String::new(),
        };
        if members.is_empty() {
            quote! { Error::#variant(body) => rt::ApiError::status(#code).with_json_body(&body), }
        } else {
            quote! {
                Error::#variant(body) => {
                    rt::ApiError::status(#code).with_json_body_and(&body, #members)
                }
            }
        }
    });
    // A row without a body sharing its code with another: written as itself, not as the
    // first row of its code.
    let shared_code = service.statuses.iter().enumerate().filter(|(_, s)| {
        s.body.is_none()
            && s.code != 500
            && service.statuses.iter().filter(|o| o.code == s.code).count() > 1
    });
    let row_arms = shared_code.map(|(index, s)| {
        let variant = format_ident!("{}", names::pascal(&s.name));
        let code = proc_macro2::Literal::u16_unsuffixed(s.code);
        let index = proc_macro2::Literal::usize_unsuffixed(index);
        quote! { Error::#variant(m) => rt::ApiError::row(#code, #index).with_message(m), }
    });
    let conversion = quote! {
        match error {
            #(#arms)*
            #(#row_arms)*
            Error::Detailed(details) => {
                let ErrorDetails { error, field, code, headers } = *details;
                let mut answer = rt::ApiError::from(error);
                if let Some(field) = field {
                    answer = answer.with_field(field);
                }
                if let Some(code) = code {
                    answer = answer.with_error_code(code);
                }
                for (name, value) in &headers {
                    answer = answer.with_header(name.clone(), value.clone());
                }
                answer
            }
            error => match error.code() {
                500 => rt::ApiError::internal(error.into_message()),
                code => rt::ApiError::status(code).with_message(error.into_message()),
            },
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
            let naming = naming_constructor(s, &variant);
            quote! {
                #docs
                pub fn #function() -> Self {
                    Error::#variant(rt::Cow::Borrowed(#message))
                }
                #naming
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
            /// Another variant with the field it is about or a code of the API's own, for
            /// the error body's `{field}` and `{code}`, or headers of its row's: made by
            /// [`Error::with_field`], [`Error::with_code`] and [`Error::with_headers`].
            Detailed(Box<ErrorDetails>),
        }

        /// An [`Error`] with the field it is about and a code of the API's own.
        #[derive(Debug, Clone, PartialEq, #eq)]
        pub struct ErrorDetails {
            /// The error.
            pub error: Error,
            /// The body field, option or path parameter it is about (`{field}`).
            pub field: Option<rt::Cow<'static, str>>,
            /// Its code (`{code}`: `resource_missing`).
            pub code: Option<rt::Cow<'static, str>>,
            /// Headers its answer carries (its row's `headers`).
            pub headers: rt::http::HeaderMap,
        }

        impl Error {
            /// The HTTP status code.
            pub fn code(&self) -> u16 {
                match self {
                    #(#codes)*
                    Error::Internal(_) => 500,
                    Error::Detailed(details) => details.error.code(),
                }
            }

            /// The plaintext message.
            pub fn message(&self) -> &str {
                match self {
                    #(#messages)*
                    Error::Internal(m) => m,
                    Error::Detailed(details) => details.error.message(),
                }
            }

            /// The plaintext message, owned.
            pub fn into_message(self) -> rt::Cow<'static, str> {
                match self {
                    #(#into_messages)*
                    Error::Internal(m) => m,
                    Error::Detailed(details) => details.error.into_message(),
                }
            }

            /// The error, naming the body field, option or path parameter it is about:
            /// the `{field}` of the spec's error body.
            #[must_use]
            pub fn with_field(self, field: impl Into<rt::Cow<'static, str>>) -> Self {
                let mut details = self.into_details();
                details.field = Some(field.into());
                Error::Detailed(Box::new(details))
            }

            /// The error, with a code of the API's own (`resource_missing`): the `{code}`
            /// of the spec's error body.
            #[must_use]
            pub fn with_code(self, code: impl Into<rt::Cow<'static, str>>) -> Self {
                let mut details = self.into_details();
                details.code = Some(code.into());
                Error::Detailed(Box::new(details))
            }

            /// The error, its answer carrying `headers`: the row's own
            /// (`response_headers::<Row>ErrorHeaders`, where the row declares `headers`).
            #[must_use]
            pub fn with_headers(self, headers: &impl rt::ResponseHeaders) -> Self {
                let mut details = self.into_details();
                headers.write(&mut details.headers);
                Error::Detailed(Box::new(details))
            }

            /// The headers given with [`Error::with_headers`].
            pub fn headers(&self) -> Option<&rt::http::HeaderMap> {
                match self {
                    Error::Detailed(details) => Some(&details.headers),
                    _ => None,
                }
            }

            /// The field given with [`Error::with_field`].
            pub fn field(&self) -> Option<&str> {
                match self {
                    Error::Detailed(details) => details.field.as_deref(),
                    _ => None,
                }
            }

            /// The code given with [`Error::with_code`].
            pub fn error_code(&self) -> Option<&str> {
                match self {
                    Error::Detailed(details) => details.code.as_deref(),
                    _ => None,
                }
            }

            fn into_details(self) -> ErrorDetails {
                match self {
                    Error::Detailed(details) => *details,
                    error => ErrorDetails {
                        error,
                        field: None,
                        code: None,
                        headers: rt::http::HeaderMap::new(),
                    },
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

/// `Error::<row>_for(name)`, the row's message naming what it is about, worded as the
/// runtime words its own refusals of that status (`message_for`, else the runtime's own
/// words for a 404): for a row that declares `message_for`, and for the row of `not_found`.
fn naming_constructor(status: &Status, variant: &proc_macro2::Ident) -> Option<TokenStream> {
    let function = format_ident!("{}_for", status.name);
    let message = match &status.message_for {
        Some(template) => {
            // `{name}` is the one placeholder; every other brace is the text's own.
            let format = template
                .replace('{', "{{")
                .replace('}', "}}")
                .replace("{{name}}", "{name}");
            let docs = doc(&format!(
                "{} naming what it is about, as the runtime says it: \"{template}\".",
                status.code
            ));
            quote! { #docs pub fn #function(name: impl std::fmt::Display) -> Self {
                Error::#variant(rt::Cow::Owned(format!(#format, name = name)))
            } }
        }
        None if status.raised_for.iter().any(|c| c == "not_found") => {
            let docs = doc(&format!(
                "{} naming what it is about, as the runtime words its own (the spec's row \
                 gives no `message_for`: [`rt::Condition::MESSAGE_FOR`]).",
                status.code
            ));
            quote! { #docs pub fn #function(name: impl std::fmt::Display) -> Self {
                Error::#variant(rt::Cow::Owned(
                    rt::Condition::message_naming(None, &name.to_string()),
                ))
            } }
        }
        None => return None,
    };
    Some(message)
}
