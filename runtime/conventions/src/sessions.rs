//! `conventions.sessions` and `conventions.run_as`: cookie sessions, and impersonation.

/// Names and paths of cookie sessions (`conventions.sessions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionConventions<S = &'static str> {
    /// The session cookie (HttpOnly).
    pub cookie: S,
    /// The cookie carrying the XSRF token.
    pub xsrf_cookie: S,
    /// `POST` with HTTP basic credentials to log in.
    pub login_path: S,
    /// `POST` to log out.
    pub logout_path: S,
}

/// Impersonation (protocol 5.9, `conventions.run_as`): who may act as whom, and how a
/// request says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunAsConventions<S = &'static str> {
    /// Request header naming the account to act as (`X-Service-RunAs`).
    pub header: S,
    /// Global capability a caller needs to send it (`runAs`).
    pub capability: S,
}

#[cfg(feature = "tokens")]
mod tokens {
    //! Both records written whole: every field is the spec's.

    use proc_macro2::TokenStream;
    use quote::ToTokens;

    use super::{RunAsConventions, SessionConventions};
    use crate::tokens::{Record, text};

    impl<S: AsRef<str>> ToTokens for SessionConventions<S> {
        /// `rt::SessionConventions { cookie: "...", xsrf_cookie: "...", .. }`.
        fn to_tokens(&self, tokens: &mut TokenStream) {
            let mut record = Record::new("SessionConventions", None);
            for (name, value) in [
                ("cookie", &self.cookie),
                ("xsrf_cookie", &self.xsrf_cookie),
                ("login_path", &self.login_path),
                ("logout_path", &self.logout_path),
            ] {
                record.field(name, text(value), text(value));
            }
            tokens.extend(record.finish());
        }
    }

    impl<S: AsRef<str>> ToTokens for RunAsConventions<S> {
        /// `rt::RunAsConventions { header: "X-Service-RunAs", capability: "runAs" }`.
        fn to_tokens(&self, tokens: &mut TokenStream) {
            let mut record = Record::new("RunAsConventions", None);
            for (name, value) in [("header", &self.header), ("capability", &self.capability)] {
                record.field(name, text(value), text(value));
            }
            tokens.extend(record.finish());
        }
    }
}
