//! `conventions.idempotency`: idempotency keys on `POST` and `PATCH` endpoints.

/// How a spec switches idempotency keys on (`conventions.idempotency`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdempotencyConventions<S = &'static str> {
    /// The request header carrying the key (`Idempotency-Key`), as the spec spells it
    /// (generated constants write it lower case).
    pub header: S,
    /// How long a key is remembered, in seconds.
    pub expire_after_seconds: u64,
}

impl<S> IdempotencyConventions<S> {
    /// How long a key is remembered when the spec does not say: a day.
    pub const DEFAULT_EXPIRE_AFTER_SECONDS: u64 = 86_400;
}

#[cfg(feature = "tokens")]
impl<S: AsRef<str>> quote::ToTokens for IdempotencyConventions<S> {
    /// `rt::IdempotencyConventions { header: "idempotency-key", expire_after_seconds: 86400 }`.
    fn to_tokens(&self, tokens: &mut proc_macro2::TokenStream) {
        use crate::tokens::{Record, text};
        let mut record = Record::new("IdempotencyConventions", None);
        let header = self.header.as_ref().to_ascii_lowercase();
        record.field("header", text(&header), text(&header));
        let seconds = proc_macro2::Literal::u64_unsuffixed(self.expire_after_seconds);
        record.field(
            "expire_after_seconds",
            quote::quote! { #seconds },
            quote::quote! { #seconds },
        );
        tokens.extend(record.finish());
    }
}
