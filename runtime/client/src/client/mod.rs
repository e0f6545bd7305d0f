//! The typed client: configuration, the client, and the pieces generated methods use.

mod call;
mod credentials;
mod envelope;
mod error;
mod paginated_calls;
mod retry;

use std::sync::Arc;
use std::time::Duration;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

use crate::conventions::Conventions;

pub use call::{Answer, Call};
pub use error::{ApiFailure, ClientError, InvalidBaseUrl, StatusTable};
pub use retry::RetryPolicy;

/// Who the client calls as.
#[derive(Clone)]
pub enum Credentials {
    /// HTTP basic authentication on the authenticated form.
    Basic {
        /// The account's user name.
        user: String,
        /// Its HTTP password.
        password: String,
    },
    /// An access token (a session key) in the access token parameter.
    AccessToken(String),
    /// An API token, sent where the spec's first `credentials` place says
    /// (`Authorization: Bearer <token>`, a header, the query), or as a bearer token when the
    /// spec names no place.
    Token(String),
    /// Keys carried together (the spec's `together` place: an app key and an app token),
    /// one value for each of its keys, in the spec's order, sent where its first such
    /// place says.
    Keys(Vec<String>),
}

impl std::fmt::Debug for Credentials {
    // Secrets never reach a log through `{:?}`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Credentials::Basic { user, .. } => write!(f, "Basic({user}, <password>)"),
            Credentials::AccessToken(_) => f.write_str("AccessToken(<token>)"),
            Credentials::Token(_) => f.write_str("Token(<token>)"),
            Credentials::Keys(keys) => write!(f, "Keys(<{} keys>)", keys.len()),
        }
    }
}

/// How to reach a service: its address, credentials, retry budget and HTTP client.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    base_url: String,
    credentials: Option<Credentials>,
    retry: RetryPolicy,
    timeout: Option<Duration>,
    http: Option<reqwest::Client>,
}

impl ClientConfig {
    /// A configuration for the service at `base_url` (`http://host:port`, or with a path
    /// the service is mounted under): anonymous, the default [`RetryPolicy`], a 30 s
    /// timeout per attempt.
    pub fn new(base_url: impl Into<String>) -> Self {
        ClientConfig {
            base_url: base_url.into(),
            credentials: None,
            retry: RetryPolicy::default(),
            timeout: Some(Duration::from_secs(30)),
            http: None,
        }
    }

    /// Calls as `user` with HTTP basic authentication, on the authenticated form.
    #[must_use]
    pub fn basic_auth(mut self, user: impl Into<String>, password: impl Into<String>) -> Self {
        self.credentials = Some(Credentials::Basic {
            user: user.into(),
            password: password.into(),
        });
        self
    }

    /// Calls with an access token (a session key), sent in the access token parameter.
    #[must_use]
    pub fn access_token(mut self, token: impl Into<String>) -> Self {
        self.credentials = Some(Credentials::AccessToken(token.into()));
        self
    }

    /// Calls with keys carried together (the spec's `together` place), one value for each
    /// of its keys, in the spec's order.
    #[must_use]
    pub fn keys<K: Into<String>>(mut self, keys: impl IntoIterator<Item = K>) -> Self {
        self.credentials = Some(Credentials::Keys(
            keys.into_iter().map(Into::into).collect(),
        ));
        self
    }

    /// Calls with an API token, sent where the spec's `credentials` say (the first place
    /// that carries a token: an `Authorization` scheme, a header or the query).
    #[must_use]
    pub fn token(mut self, token: impl Into<String>) -> Self {
        self.credentials = Some(Credentials::Token(token.into()));
        self
    }

    /// How answers 429 are retried.
    #[must_use]
    pub fn retry(mut self, policy: RetryPolicy) -> Self {
        self.retry = policy;
        self
    }

    /// The timeout of each attempt (`None` for none).
    #[must_use]
    pub fn timeout(mut self, timeout: Option<Duration>) -> Self {
        self.timeout = timeout;
        self
    }

    /// A reqwest client of your own (proxies, TLS roots, connection pool settings); the
    /// timeout set here still applies per attempt. reqwest follows redirects; to read where
    /// an endpoint answering one (`status: 302`) sends you, give a client that does not
    /// (`redirect(reqwest::redirect::Policy::none())`): the call then succeeds with the
    /// redirect's status and its `Location` among the answer's headers.
    #[must_use]
    pub fn http_client(mut self, client: reqwest::Client) -> Self {
        self.http = Some(client);
        self
    }
}

/// A client of one service: cheap to clone (the connection pool is shared).
#[derive(Debug, Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    http: reqwest::Client,
    /// The base URL without its trailing slash.
    base: String,
    credentials: Option<Credentials>,
    retry: RetryPolicy,
    timeout: Option<Duration>,
    conventions: &'static Conventions,
}

/// A piece of an endpoint's path: text of the template, or an identifier to encode.
#[derive(Debug, Clone, Copy)]
pub enum PathPiece<'a> {
    /// Written as is (`changes/`).
    Literal(&'static str),
    /// Percent-encoded (`my/project` is `my%2Fproject`).
    Id(&'a str),
}

/// A typed path parameter as the path writes it: a number's digits, an enumeration's
/// value.
pub fn id_text<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(text)) => text,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// Everything but the unreserved characters of RFC 3986 is encoded in an identifier.
const ID: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

impl Client {
    /// A client of the service whose conventions generated code passes.
    pub fn new(
        conventions: &'static Conventions,
        config: ClientConfig,
    ) -> Result<Client, InvalidBaseUrl> {
        let base = config.base_url.trim_end_matches('/').to_owned();
        match reqwest::Url::parse(&base) {
            Ok(url) if matches!(url.scheme(), "http" | "https") && !url.cannot_be_a_base() => {}
            _ => return Err(InvalidBaseUrl(config.base_url)),
        }
        Ok(Client {
            inner: Arc::new(Inner {
                http: config.http.unwrap_or_default(),
                base,
                credentials: config.credentials,
                retry: config.retry,
                timeout: config.timeout,
                conventions,
            }),
        })
    }

    /// The base URL calls are made under.
    pub fn base_url(&self) -> &str {
        &self.inner.base
    }

    /// Starts a call of `method` on the path made of `pieces` (the template without its
    /// leading slash). Generated methods call this; `decode` is false for endpoints that
    /// answer no body.
    pub fn call<T, E>(
        &self,
        method: http::Method,
        pieces: &[PathPiece<'_>],
        decode: bool,
    ) -> Call<T, E> {
        let mut url = self.inner.base.clone();
        if let Some(base_path) = self.inner.conventions.base_path {
            url.push_str(base_path);
        }
        url.push('/');
        if let (Some(Credentials::Basic { .. }), Some(prefix)) = (
            &self.inner.credentials,
            self.inner.conventions.authenticated_prefix,
        ) {
            url.push_str(prefix.trim_start_matches('/'));
        }
        for piece in pieces {
            match piece {
                PathPiece::Literal(text) => url.push_str(text),
                PathPiece::Id(id) => url.extend(utf8_percent_encode(id, ID)),
            }
        }
        Call::new(self.clone(), method, url, decode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conventions::{ConventionKeys, TraceConventions};

    const CONVENTIONS: Conventions = Conventions {
        keys: ConventionKeys {
            authenticated_prefix: Some("/a/"),
            json_prefix: Some(")]}'"),
            create_only_header: Some("If-None-Match"),
            access_token_parameter: Some("access_token"),
            trace: Some(TraceConventions {
                parameter: None,
                header: Some("X-Trace"),
            }),
            ..ConventionKeys::NONE
        },
        pretty_by_default: true,
        pretty_parameter: Some("pp"),
        compact_when_accept: Some("application/json"),
        ..Conventions::NONE
    };

    fn url_of(config: ClientConfig, pieces: &[PathPiece<'_>]) -> String {
        let client = Client::new(&CONVENTIONS, config).unwrap();
        client
            .call::<(), ()>(http::Method::GET, pieces, false)
            .url()
            .to_owned()
    }

    #[test]
    fn ids_are_encoded_and_credentials_choose_the_form() {
        let pieces = [
            PathPiece::Literal("projects/"),
            PathPiece::Id("my/project ü?#%"),
            PathPiece::Literal("/tags/"),
            PathPiece::Id("v1.0-rc_2~x"),
        ];
        assert_eq!(
            url_of(ClientConfig::new("http://h:1/"), &pieces),
            "http://h:1/projects/my%2Fproject%20%C3%BC%3F%23%25/tags/v1.0-rc_2~x"
        );
        assert_eq!(
            url_of(
                ClientConfig::new("http://h:1/r").basic_auth("u", "p"),
                &pieces[..2]
            ),
            "http://h:1/r/a/projects/my%2Fproject%20%C3%BC%3F%23%25"
        );
        assert_eq!(
            url_of(
                ClientConfig::new("http://h:1").access_token("t"),
                &pieces[..1]
            ),
            "http://h:1/projects/"
        );
    }

    #[test]
    fn the_base_path_comes_before_the_authenticated_prefix() {
        const UNDER_BASE: Conventions = Conventions {
            keys: ConventionKeys {
                base_path: Some("/api/v4"),
                ..CONVENTIONS.keys
            },
            ..CONVENTIONS
        };
        let client = |config| Client::new(&UNDER_BASE, config).unwrap();
        let url = |client: Client| {
            client
                .call::<(), ()>(http::Method::GET, &[PathPiece::Literal("user")], false)
                .url()
                .to_owned()
        };
        assert_eq!(
            url(client(ClientConfig::new("http://h:1/"))),
            "http://h:1/api/v4/user"
        );
        assert_eq!(
            url(client(ClientConfig::new("http://h:1").basic_auth("u", "p"))),
            "http://h:1/api/v4/a/user"
        );
    }

    #[test]
    fn base_urls_that_cannot_take_a_path_are_refused() {
        for bad in ["", "h:1", "mailto:x@y", "ftp://h/", "not a url"] {
            assert!(
                Client::new(&CONVENTIONS, ClientConfig::new(bad)).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn credentials_do_not_print_their_secrets() {
        let config = ClientConfig::new("http://h").basic_auth("alice", "hunter2");
        assert!(!format!("{config:?}").contains("hunter2"));
        let config = ClientConfig::new("http://h").access_token("tok-123");
        assert!(!format!("{config:?}").contains("tok-123"));
        let config = ClientConfig::new("http://h").token("tok-456");
        assert!(!format!("{config:?}").contains("tok-456"));
    }
}
