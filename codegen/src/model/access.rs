//! Who may call: the places credentials are carried, what unknown credentials get, and
//! what anonymous callers may call.

/// A place a request may carry credentials, as the spec spells it.
pub type Credential = restspec_conventions::Credential<String>;

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
