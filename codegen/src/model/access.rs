//! Who may call: the places credentials are carried, what unknown credentials get, and
//! what anonymous callers may call.

/// A place a request may carry credentials.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    /// `Authorization: <scheme> <token>` for a scheme other than basic (`Bearer`, `token`),
    /// as the spec spells it.
    Scheme(String),
    /// HTTP basic credentials, on every path.
    Basic,
    /// A token in this request header (`PRIVATE-TOKEN`).
    Header(String),
    /// A token in this query parameter (`private_token`).
    Query(String),
    /// A token in this cookie (`token`).
    Cookie(String),
    /// Keys a request carries together (`Scheme` and `Header` places), checked at once.
    Together(Vec<Credential>),
}

impl std::fmt::Display for Credential {
    /// As the spec writes it: `scheme: bearer` (schemes in lower case, as HTTP compares
    /// them), `header: X-Key`, `query: key`, `together: header: A + header: B`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Credential::Scheme(scheme) => write!(f, "scheme: {}", scheme.to_ascii_lowercase()),
            Credential::Basic => f.write_str("scheme: basic"),
            Credential::Header(header) => write!(f, "header: {header}"),
            Credential::Query(query) => write!(f, "query: {query}"),
            Credential::Cookie(cookie) => write!(f, "cookie: {cookie}"),
            Credential::Together(keys) => {
                f.write_str("together: ")?;
                for (index, key) in keys.iter().enumerate() {
                    if index > 0 {
                        f.write_str(" + ")?;
                    }
                    write!(f, "{key}")?;
                }
                Ok(())
            }
        }
    }
}

impl Credential {
    /// The places a request carries it in: each key of `Together`, else itself.
    pub fn keys(&self) -> &[Credential] {
        match self {
            Credential::Together(keys) => keys,
            one => std::slice::from_ref(one),
        }
    }
}

pub use restspec_conventions::{Anonymous, UnknownCredentials};

/// Who issues the bearer tokens a service accepts: what OpenAPI describes instead of a
/// plain bearer scheme (the requests are the same).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenIssuer {
    /// OAuth 2, with its flows.
    OAuth2(Vec<OAuthFlow>),
    /// OpenID Connect, with its discovery URL.
    OpenIdConnect(String),
}

/// An OAuth 2 flow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OAuthFlow {
    /// `authorization_code`, `client_credentials`, `implicit` or `password`.
    pub kind: String,
    /// Where the user authorizes the client.
    pub authorization_url: Option<String>,
    /// Where a token is obtained.
    pub token_url: Option<String>,
    /// Where a token is refreshed.
    pub refresh_url: Option<String>,
    /// Scope names and what each allows.
    pub scopes: Vec<(String, String)>,
}

impl OAuthFlow {
    /// The flows, as the spec names them, with the URLs each needs.
    pub const KINDS: &'static [(&'static str, &'static [&'static str])] = &[
        ("authorization_code", &["authorization_url", "token_url"]),
        ("client_credentials", &["token_url"]),
        ("implicit", &["authorization_url"]),
        ("password", &["token_url"]),
    ];
}
