//! Who may call without credentials, and what credentials the service does not accept get
//! (`anonymous`, `unknown_credentials`).

spec_words! {
    /// What a request whose credentials the service does not accept gets
    /// (`conventions.unknown_credentials`).
    pub enum UnknownCredentials {
        /// The `not_authenticated` condition (401 in most status tables), with a
        /// `WWW-Authenticate` challenge for each declared `Authorization` scheme (the
        /// default).
        Unauthorized = "unauthorized",
        /// Served as if it had sent no credentials.
        Anonymous = "anonymous",
    }
}

spec_words! {
    /// What anonymous callers may call (`conventions.anonymous`, a family's or an
    /// endpoint's `anonymous`).
    pub enum Anonymous {
        /// Endpoints of `GET` and `HEAD` (the default).
        Reads = "reads",
        /// Nothing: every call needs credentials.
        None = "none",
        /// Everything.
        All = "all",
    }
}

impl Anonymous {
    /// True when an anonymous caller may call an endpoint of the method named `method`
    /// (`GET`, as HTTP spells it).
    pub fn allows_method(self, method: &str) -> bool {
        match self {
            Anonymous::Reads => matches!(method, "GET" | "HEAD"),
            Anonymous::None => false,
            Anonymous::All => true,
        }
    }
}
