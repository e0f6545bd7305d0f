//! Who may call: the places a request carries credentials in, what unknown credentials
//! and anonymous callers get, and impersonation.

/// A place a request may carry credentials on every path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credential {
    /// `Authorization: <scheme> <token>` for a scheme other than basic (`Bearer`, `token`;
    /// compared without regard to case). The token is checked by
    /// the runtime's `Authenticator::token`.
    Scheme(&'static str),
    /// HTTP basic credentials, checked by the runtime's `Authenticator::basic`.
    Basic,
    /// A token in this request header (`PRIVATE-TOKEN`).
    Header(&'static str),
    /// A token in this query parameter (`private_token`).
    Query(&'static str),
    /// A token in this cookie (`token`).
    Cookie(&'static str),
    /// Keys a request carries together, each at its place (`Scheme` and `Header` only),
    /// checked at once by the runtime's `Authenticator::keys`: a request carrying some of
    /// them only carries none.
    Together(&'static [Credential]),
}

impl Credential {
    /// Where a key at this place is, for `Authenticator::keys`: the header's name, or the
    /// `Authorization` scheme (`Bearer`); `None` for basic credentials.
    pub fn key_name(self) -> Option<&'static str> {
        match self {
            Credential::Scheme(name)
            | Credential::Header(name)
            | Credential::Query(name)
            | Credential::Cookie(name) => Some(name),
            Credential::Basic | Credential::Together(_) => None,
        }
    }
}

/// What a request whose credentials the service does not accept gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnknownCredentials {
    /// The `not_authenticated` condition (401 in most status tables), with a
    /// `WWW-Authenticate` challenge for each declared `Authorization` scheme.
    Unauthorized,
    /// Served as if it had sent no credentials.
    Anonymous,
}

/// What anonymous callers may call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anonymous {
    /// Endpoints of `GET` and `HEAD`.
    Reads,
    /// Nothing: every call needs credentials.
    None,
    /// Everything.
    All,
}

impl Anonymous {
    /// True when an anonymous caller may call an endpoint of `method`.
    pub fn allows(self, method: &http::Method) -> bool {
        match self {
            Anonymous::Reads => matches!(*method, http::Method::GET | http::Method::HEAD),
            Anonymous::None => false,
            Anonymous::All => true,
        }
    }
}

/// Impersonation (protocol 5.9): who may act as whom, and how a request says so.
#[derive(Debug, Clone, Copy)]
pub struct RunAsConventions {
    /// Request header naming the account to act as (`X-Service-RunAs`).
    pub header: &'static str,
    /// Global capability a caller needs to send it (`runAs`).
    pub capability: &'static str,
}
