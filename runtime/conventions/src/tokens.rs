//! How a convention's value is written into generated code (feature `tokens`): as the
//! expression that builds it, in a module where `rt` names the runtime's re-exports (as
//! every generated module does: `use restspec_runtime::__private as rt`).

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

/// `rt::A::B`: a path among the runtime's re-exports.
pub(crate) fn runtime_path(segments: &[&str]) -> TokenStream {
    let segments = segments.iter().map(|s| Ident::new(s, Span::call_site()));
    quote! { rt #(:: #segments)* }
}

/// A string literal.
pub(crate) fn text(value: &impl AsRef<str>) -> TokenStream {
    let value = value.as_ref();
    quote! { #value }
}

/// `Some("...")` or `None`.
pub(crate) fn optional_text(value: &Option<impl AsRef<str>>) -> TokenStream {
    match value {
        Some(value) => {
            let value = value.as_ref();
            quote! { Some(#value) }
        }
        None => quote! { None },
    }
}

/// A header name as the runtime needs it, lower case (`HeaderName::from_static` accepts
/// nothing else), `Some` or `None`.
pub(crate) fn optional_header(value: &Option<impl AsRef<str>>) -> TokenStream {
    optional_text(
        &value
            .as_ref()
            .map(|name| name.as_ref().to_ascii_lowercase()),
    )
}

/// A record's struct expression, writing only the fields whose value is not the one its
/// base constant has (`..rt::RateLimitHeaders::NONE`), so that generated code shows what
/// the spec says and a field added later changes no generated code. The base is left out
/// when every field is written (clippy's needless update).
pub(crate) struct Record {
    path: TokenStream,
    base: Option<TokenStream>,
    written: Vec<TokenStream>,
    fields: usize,
}

impl Record {
    /// The record `rt::<name>`, its unwritten fields taken from `rt::<name>::<base>`
    /// (`None`: every field is written).
    pub(crate) fn new(name: &str, base: Option<&str>) -> Record {
        Record {
            path: runtime_path(&[name]),
            base: base.map(|base| runtime_path(&[name, base])),
            written: Vec::new(),
            fields: 0,
        }
    }

    /// The field `name`, written unless its value is the base's.
    pub(crate) fn field(&mut self, name: &str, value: TokenStream, base: TokenStream) {
        self.fields += 1;
        if self.base.is_none() || value.to_string() != base.to_string() {
            let name = Ident::new(name, Span::call_site());
            self.written.push(quote! { #name: #value });
        }
    }

    /// The struct expression.
    pub(crate) fn finish(self) -> TokenStream {
        let Record {
            path,
            base,
            written,
            fields,
        } = self;
        match base.filter(|_| written.len() < fields) {
            Some(base) => quote! { #path { #(#written,)* ..#base } },
            None => quote! { #path { #(#written),* } },
        }
    }
}

#[cfg(test)]
mod tests {
    use quote::ToTokens;

    use crate::{Anonymous, CursorConventions, Pagination, RateLimitHeaders, ResetFormat};

    /// Only what differs from the base constant is written, header names lower case; the
    /// base is left out when every field is written.
    #[test]
    fn a_record_writes_what_differs_from_its_base() {
        let headers = RateLimitHeaders {
            limit: Some("X-RateLimit-Limit".to_owned()),
            reset_format: ResetFormat::UnixSeconds,
            ..RateLimitHeaders::default()
        };
        assert_eq!(
            headers.to_token_stream().to_string(),
            "rt :: RateLimitHeaders { limit : Some (\"x-ratelimit-limit\") , \
             reset_format : rt :: ResetFormat :: UnixSeconds , .. rt :: RateLimitHeaders :: NONE }"
        );
        let usual: Pagination<String, Vec<(String, String)>> =
            Pagination::Cursor(CursorConventions {
                cursor_parameter: "cursor".to_owned(),
                limit_parameter: "limit".to_owned(),
                default_limit: 20,
                max_limit: 100,
                items_field: "items".to_owned(),
                has_more_field: None,
                next_cursor_field: Some("next_page".to_owned()),
                cursor_from: None,
                before_parameter: None,
                url_field: None,
                constant_fields: vec![("object".to_owned(), "list".to_owned())],
            });
        assert_eq!(
            usual.to_token_stream().to_string(),
            "rt :: Pagination :: Cursor (rt :: CursorConventions { \
             constant_fields : & [(\"object\" , \"list\")] , .. rt :: CursorConventions :: USUAL })"
        );
        assert_eq!(
            Anonymous::All.to_token_stream().to_string(),
            "rt :: Anonymous :: All"
        );
    }
}
