//! `conventions.echo_headers`: request headers every answer carries back.

/// A request header the answer carries back (`conventions.echo_headers`): an API version
/// a client pins (`Stripe-Version`), with the version a request naming none gets. The name
/// is as the spec spells it (`header`); generated constants write it lower case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EchoHeader<S = &'static str> {
    /// The header's name.
    pub name: S,
    /// What is answered when the request does not send it (or sends no sensible value);
    /// `None` to answer nothing then.
    pub default: Option<S>,
}

impl EchoHeader {
    /// True for a value answered back as it came: 1 to 256 visible ASCII characters and
    /// spaces (nothing that could forge a log line or a header).
    pub fn sensible(value: &[u8]) -> bool {
        (1..=256).contains(&value.len()) && value.iter().all(|b| *b == b' ' || b.is_ascii_graphic())
    }
}

#[cfg(feature = "tokens")]
impl<S: AsRef<str>> quote::ToTokens for EchoHeader<S> {
    /// `rt::EchoHeader { name: "stripe-version", default: Some("2024-06-20") }`.
    fn to_tokens(&self, tokens: &mut proc_macro2::TokenStream) {
        use crate::tokens::{Record, optional_text, text};
        let mut record = Record::new("EchoHeader", None);
        let name = text(&self.name.as_ref().to_ascii_lowercase());
        record.field("name", name.clone(), name);
        let default = optional_text(&self.default);
        record.field("default", default.clone(), default);
        tokens.extend(record.finish());
    }
}
