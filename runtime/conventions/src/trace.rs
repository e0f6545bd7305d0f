//! `conventions.trace`: how a request asks to be traced.

/// The switches that turn tracing on for one request (`conventions.trace`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TraceConventions<S = &'static str> {
    /// Query parameter, with or without an id (`trace`).
    pub parameter: Option<S>,
    /// Request header turning tracing on and answer header carrying the id back
    /// (`X-Service-Trace`).
    pub header: Option<S>,
}

#[cfg(feature = "tokens")]
impl<S: AsRef<str>> quote::ToTokens for TraceConventions<S> {
    /// `rt::TraceConventions { parameter: Some("trace"), header: Some("X-Service-Trace") }`.
    fn to_tokens(&self, tokens: &mut proc_macro2::TokenStream) {
        use crate::tokens::{Record, optional_text};
        let mut record = Record::new("TraceConventions", None);
        for (name, value) in [("parameter", &self.parameter), ("header", &self.header)] {
            record.field(name, optional_text(value), optional_text(value));
        }
        tokens.extend(record.finish());
    }
}
