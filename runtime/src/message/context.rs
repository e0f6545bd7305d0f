//! Who is calling, and what a handler learns about the request besides its inputs.

use std::any::Any;
use std::collections::BTreeSet;
use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;

/// An authenticated account, as the service's [`Authenticator`](crate::Authenticator)
/// describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The account's id as the service writes it (`1000000`).
    pub id: String,
    /// The account's user name.
    pub username: String,
    /// Global capabilities the account holds.
    pub capabilities: BTreeSet<String>,
}

impl Identity {
    /// An identity with no capabilities.
    pub fn new(id: impl Into<String>, username: impl Into<String>) -> Self {
        Identity {
            id: id.into(),
            username: username.into(),
            capabilities: BTreeSet::new(),
        }
    }

    /// Adds a global capability.
    #[must_use]
    pub fn with_capability(mut self, capability: impl Into<String>) -> Self {
        self.capabilities.insert(capability.into());
        self
    }
}

/// How the caller proved who they are; decides whether mutations need an XSRF token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthMethod {
    /// Nothing: the anonymous user.
    None,
    /// HTTP basic authentication on the authenticated form (`/a/`).
    Basic,
    /// A session key in the access-token query parameter.
    AccessToken,
    /// A session cookie (mutations need the XSRF header).
    Cookie,
    /// An API token, where the spec's `credentials` put it (`Authorization: Bearer`, a
    /// header, a query parameter).
    Token,
}

/// The calling user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    identity: Option<Arc<Identity>>,
    /// The user acting on someone else's behalf, when impersonating.
    real_user: Option<Arc<Identity>>,
    method: AuthMethod,
}

impl Caller {
    /// The anonymous user.
    pub fn anonymous() -> Self {
        Caller {
            identity: None,
            real_user: None,
            method: AuthMethod::None,
        }
    }

    /// An authenticated user. Takes the identity by value or shared: an authenticator that
    /// keeps its accounts as `Arc<Identity>` hands them out without copying.
    pub fn user(identity: impl Into<Arc<Identity>>, method: AuthMethod) -> Self {
        Caller {
            identity: Some(identity.into()),
            real_user: None,
            method,
        }
    }

    /// This caller acting as `other` (impersonation): `other` becomes the user, this one
    /// the real user.
    #[must_use]
    pub fn impersonating(self, other: impl Into<Arc<Identity>>) -> Self {
        Caller {
            real_user: self.identity,
            identity: Some(other.into()),
            method: self.method,
        }
    }

    /// The authenticated identity, `None` for anonymous callers.
    pub fn identity(&self) -> Option<&Identity> {
        self.identity.as_deref()
    }

    /// The real user when impersonating.
    pub fn real_user(&self) -> Option<&Identity> {
        self.real_user.as_deref()
    }

    /// True when impersonating.
    pub fn is_impersonating(&self) -> bool {
        self.real_user.is_some()
    }

    /// True for the anonymous user.
    pub fn is_anonymous(&self) -> bool {
        self.identity.is_none()
    }

    /// How the caller authenticated.
    pub fn auth_method(&self) -> AuthMethod {
        self.method
    }

    /// True when the caller holds the global capability.
    pub fn has_capability(&self, capability: &str) -> bool {
        self.identity
            .as_ref()
            .is_some_and(|i| i.capabilities.contains(capability))
    }
}

/// Metadata of the top-level resource, by the names the family declares
/// (`Change.Id`, `Project.NameKey`), in declaration order.
///
/// It also carries what the resolver [found](ResolvedRecord), so the endpoint's handler need not
/// look the resource up a second time.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResourceMetadata {
    entries: Vec<(&'static str, String)>,
    found: ResolvedRecord,
}

impl ResourceMetadata {
    /// No metadata (what quota checks carry when the path names no resource).
    pub const fn empty() -> Self {
        ResourceMetadata {
            entries: Vec::new(),
            found: ResolvedRecord::nothing(),
        }
    }

    /// Metadata from name/value pairs.
    pub fn new(entries: Vec<(&'static str, String)>) -> Self {
        ResourceMetadata {
            entries,
            found: ResolvedRecord::nothing(),
        }
    }

    /// The same metadata, carrying what the resolver found.
    #[must_use]
    pub fn with_found(mut self, found: ResolvedRecord) -> Self {
        self.found = found;
        self
    }

    /// What the resolver found, when it handed on a `T`.
    pub fn found<T: Any>(&self) -> Option<&T> {
        self.found.get()
    }

    /// The value recorded under `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every name/value pair.
    pub fn entries(&self) -> &[(&'static str, String)] {
        &self.entries
    }

    /// True when nothing is recorded (families whose quota checks carry the user only).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// What a resolver found (a database row, a loaded record), handed on through the request
/// to the endpoint's handler, which reads it with [`RequestContext::found`] instead of
/// looking the resource up again: a service whose lookups are round trips to a database
/// pays for one instead of two.
///
/// Carrying nothing is the default. Two resources are equal by their metadata: what they
/// carry is not compared.
#[derive(Clone, Default)]
pub struct ResolvedRecord(Option<Arc<dyn Any + Send + Sync>>);

impl ResolvedRecord {
    /// Carries `value` to the handler.
    pub fn new<T: Any + Send + Sync>(value: T) -> Self {
        ResolvedRecord(Some(Arc::new(value)))
    }

    /// Carries nothing: the handler looks the resource up itself.
    pub const fn nothing() -> Self {
        ResolvedRecord(None)
    }

    /// The value carried, when it is a `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.as_deref()?.downcast_ref()
    }
}

impl fmt::Debug for ResolvedRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "ResolvedRecord(..)"
        } else {
            "ResolvedRecord(nothing)"
        })
    }
}

impl PartialEq for ResolvedRecord {
    fn eq(&self, _: &ResolvedRecord) -> bool {
        true
    }
}

impl Eq for ResolvedRecord {}

/// What a generated resource struct turns into for quota checks and the request context.
pub trait TopLevelResource: Send {
    /// The resource's metadata under the family's names.
    fn into_metadata(self) -> ResourceMetadata;
}

impl TopLevelResource for () {
    fn into_metadata(self) -> ResourceMetadata {
        ResourceMetadata::default()
    }
}

/// Everything a handler learns about a request besides its path parameters, options and
/// body. Borrowed from the request: nothing is copied up front, and a handler that needs a
/// header, the remote address or an extension set by the service's own tower layers reads
/// it where it lies.
#[derive(Debug, Clone, Copy)]
pub struct RequestContext<'a> {
    /// The calling user.
    pub caller: &'a Caller,
    /// The trace id, when tracing is on for this request.
    pub trace_id: Option<&'a str>,
    /// Metadata of the top-level resource named in the path, when there is one and it exists.
    pub resource: Option<&'a ResourceMetadata>,
    request: &'a http::request::Parts,
    remote_addr: Option<SocketAddr>,
    public_url: PublicUrl<'a>,
    echo_headers: &'static [crate::spec::EchoHeader],
}

impl<'a> RequestContext<'a> {
    /// A context over a request's head (the runtime builds these; tests may too).
    pub fn new(
        caller: &'a Caller,
        request: &'a http::request::Parts,
        remote_addr: Option<SocketAddr>,
    ) -> Self {
        RequestContext {
            caller,
            trace_id: None,
            resource: None,
            request,
            remote_addr,
            public_url: PublicUrl::default(),
            echo_headers: &[],
        }
    }

    /// The same context, with the spec's echoed headers (`echo_headers`) and their
    /// defaults, which [`echoed`](Self::echoed) reads.
    #[must_use]
    pub fn with_echo_headers(mut self, echo: &'static [crate::spec::EchoHeader]) -> Self {
        self.echo_headers = echo;
        self
    }

    /// The value of an echoed header (`echo_headers`, by name in any case): what the
    /// request sent when it is sensible, else the spec's default; the answer carries the
    /// same. `None` for a header the spec does not echo, or one sent by nobody and
    /// without a default.
    pub fn echoed(&self, name: &str) -> Option<&'a str> {
        let echo = self
            .echo_headers
            .iter()
            .find(|echo| echo.name.eq_ignore_ascii_case(name))?;
        (self.request.headers.get(echo.name))
            .filter(|v| crate::spec::EchoHeader::sensible(v.as_bytes()))
            .and_then(|v| v.to_str().ok())
            .or(echo.default)
    }

    /// The same context, reached at `url` ([`Settings::public_url`](crate::Settings::public_url)).
    #[must_use]
    pub fn with_public_url(mut self, url: PublicUrl<'a>) -> Self {
        self.public_url = url;
        self
    }

    /// The URL clients reach the service at, without a trailing slash, for absolute links
    /// (`web_url` fields): [`Settings::public_url`](crate::Settings::public_url) when set,
    /// else `http://` and the request's `Host` (or its URI's authority).
    pub fn public_url(&self) -> std::borrow::Cow<'a, str> {
        public_url(self.public_url, self.request)
    }

    /// The request's headers, as the client sent them (after `$ct`, if any).
    pub fn headers(&self) -> &'a http::HeaderMap {
        &self.request.headers
    }

    /// The request's URI, as the client sent it.
    pub fn uri(&self) -> &'a http::Uri {
        &self.request.uri
    }

    /// The request's method (after `$m`, if any).
    pub fn method(&self) -> &'a http::Method {
        &self.request.method
    }

    /// Extensions the service's own tower layers put on the request.
    pub fn extensions(&self) -> &'a http::Extensions {
        &self.request.extensions
    }

    /// The request's id, when the spec names a `request_id_header` (the client's when it
    /// sent a sensible one, else a new one; the answer carries it too).
    pub fn request_id(&self) -> Option<&'a str> {
        self.request
            .extensions
            .get::<crate::message::request_id::RequestId>()
            .map(crate::message::request_id::RequestId::as_str)
    }

    /// The client's address, when the service is served by [`serve`](fn@crate::serve).
    pub fn remote_addr(&self) -> Option<SocketAddr> {
        self.remote_addr
    }

    /// What the resolver of the path's top-level resource found and handed on as a `T`
    /// (its resource struct's `found` field); `None` when it handed on nothing, or
    /// something else.
    pub fn found<T: Any>(&self) -> Option<&'a T> {
        self.resource?.found()
    }
}

/// How the URL clients reach the service at is found: the setting, or (behind a proxy
/// the settings trust) the `Forwarded` or `X-Forwarded-Proto`/`-Host` headers, else
/// `http://` and the request's `Host`.
#[derive(Debug, Clone, Copy, Default)]
pub struct PublicUrl<'a> {
    /// [`Settings::public_url`](crate::Settings::public_url).
    pub fixed: Option<&'a str>,
    /// [`Settings::trust_forwarded_headers`](crate::Settings::trust_forwarded_headers).
    pub trust_forwarded: bool,
}

/// The URL clients reach the service at, as `rule` says to find it.
pub(crate) fn public_url<'a>(
    rule: PublicUrl<'a>,
    request: &'a http::request::Parts,
) -> std::borrow::Cow<'a, str> {
    if let Some(url) = rule.fixed {
        return std::borrow::Cow::Borrowed(url);
    }
    if rule.trust_forwarded
        && let Some((proto, host)) = forwarded(&request.headers)
    {
        return std::borrow::Cow::Owned(format!("{proto}://{host}"));
    }
    let host = request
        .headers
        .get(http::header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| request.uri.authority().map(|a| a.as_str()))
        .unwrap_or("localhost");
    std::borrow::Cow::Owned(format!("http://{host}"))
}

/// The scheme and host the first proxy saw: RFC 7239 `Forwarded` (`proto=https;host=a.b`),
/// else `X-Forwarded-Proto` and `X-Forwarded-Host`; only values that can stand in a URL.
fn forwarded(headers: &http::HeaderMap) -> Option<(String, String)> {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let first = |value: &str| {
        value
            .split(',')
            .next()
            .unwrap_or_default()
            .trim()
            .to_owned()
    };
    let (mut proto, mut host) = (None, None);
    if let Some(value) = text("forwarded") {
        for pair in first(value).split(';') {
            if let Some((key, value)) = pair.split_once('=') {
                let value = value.trim().trim_matches('"').to_owned();
                match key.trim().to_ascii_lowercase().as_str() {
                    "proto" => proto = Some(value),
                    "host" => host = Some(value),
                    _ => {}
                }
            }
        }
    }
    let proto = proto.or_else(|| text("x-forwarded-proto").map(first))?;
    let host = host.or_else(|| text("x-forwarded-host").map(first))?;
    let proto_ok = matches!(proto.to_ascii_lowercase().as_str(), "http" | "https");
    let host_ok = !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b));
    (proto_ok && host_ok).then(|| (proto.to_ascii_lowercase(), host))
}

#[cfg(test)]
mod tests {
    use super::{PublicUrl, public_url};

    fn parts(headers: &[(&str, &str)]) -> http::request::Parts {
        let mut request = http::Request::builder().uri("/x");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request
            .body(())
            .map(|r| r.into_parts().0)
            .unwrap_or_else(|_| http::Request::new(()).into_parts().0)
    }

    #[test]
    fn the_public_url_comes_from_the_setting_a_trusted_proxy_or_the_host() {
        let trusted = PublicUrl {
            fixed: None,
            trust_forwarded: true,
        };
        let request = parts(&[
            ("host", "10.0.0.5:8080"),
            (
                "forwarded",
                "proto=https;host=\"git.example.com\", proto=http",
            ),
        ]);
        assert_eq!(public_url(trusted, &request), "https://git.example.com");
        assert_eq!(
            public_url(PublicUrl::default(), &request),
            "http://10.0.0.5:8080"
        );
        let x_headers = parts(&[
            ("host", "h"),
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "a.example, b.example"),
        ]);
        assert_eq!(public_url(trusted, &x_headers), "https://a.example");
        let forged = parts(&[("host", "h"), ("forwarded", "proto=https;host=evil/path")]);
        assert_eq!(
            public_url(trusted, &forged),
            "http://h",
            "not a host: ignored"
        );
        let fixed = PublicUrl {
            fixed: Some("https://fixed.example"),
            trust_forwarded: true,
        };
        assert_eq!(public_url(fixed, &request), "https://fixed.example");
    }
}
