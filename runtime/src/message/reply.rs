//! What a handler answers on success: its typed body by value, or anything that serialises
//! to the same JSON without being copied first, optionally with a status and headers.
//!
//! A handler method of the generated traits returns `Result<impl Reply<T>, Error>`, where
//! `T` is the endpoint's response type. These all work:
//!
//! - `T` itself, built for this request;
//! - `Arc<T>`, `Box<T>` or `&'static T`: a record the service holds or caches, serialised
//!   in place, never cloned;
//! - [`Json(view)`](Json): any other `Serialize` value that writes the same JSON (a view
//!   borrowing from a cache, say); the generated type stays the documentation;
//! - [`Custom::new(reply)`](Custom) with [`status`](Custom::status),
//!   [`header`](Custom::header) and [`location`](Custom::location): a `Location`, `ETag`
//!   or `Cache-Control` header, or another success status the endpoint declares.

use std::sync::Arc;

use http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use restspec_client::ResponseHeaders;
use serde::Serialize;

/// A successful answer standing for a `T`: what is serialised, with an optional status and
/// headers.
///
/// ```
/// use std::sync::Arc;
///
/// use restspec_runtime::http::{HeaderValue, StatusCode, header};
/// use restspec_runtime::{Custom, Reply};
///
/// #[derive(serde::Serialize)]
/// struct Shelf {
///     name: String,
/// }
///
/// // A shelf the service keeps: serialised in place, never cloned.
/// let kept = Arc::new(Shelf { name: "poetry".into() });
/// let reply = Custom::new(kept)
///     .status(StatusCode::CREATED)
///     .header(header::LOCATION, HeaderValue::from_static("/shelves/poetry"));
/// assert_eq!(Reply::<Shelf>::status(&reply), Some(StatusCode::CREATED));
/// assert_eq!(Reply::<Shelf>::value(&reply).name, "poetry");
/// ```
pub trait Reply<T: ?Sized>: Send {
    /// What is serialised.
    type Value: Serialize + ?Sized;

    /// The value to serialise.
    fn value(&self) -> &Self::Value;

    /// The status, when not the endpoint's usual success status.
    fn status(&self) -> Option<StatusCode> {
        None
    }

    /// Response headers to add (taken once, when the response is written).
    fn take_headers(&mut self) -> HeaderMap {
        HeaderMap::new()
    }
}

impl<T: Serialize + Send> Reply<T> for T {
    type Value = T;

    fn value(&self) -> &T {
        self
    }
}

impl<T: Serialize + Send + Sync> Reply<T> for Arc<T> {
    type Value = T;

    fn value(&self) -> &T {
        self
    }
}

impl<T: Serialize + Send> Reply<T> for Box<T> {
    type Value = T;

    fn value(&self) -> &T {
        self
    }
}

impl<T: Serialize + Sync> Reply<T> for &'static T {
    type Value = T;

    fn value(&self) -> &T {
        self
    }
}

/// Any `Serialize` value standing for the endpoint's response type: it must write the same
/// JSON the response type would (nothing checks this; the generated type documents it).
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<S>(pub S);

impl<T: ?Sized, S: Serialize + Send> Reply<T> for Json<S> {
    type Value = S;

    fn value(&self) -> &S {
        &self.0
    }
}

/// A reply with its own status and headers.
#[derive(Debug, Clone)]
pub struct Custom<R> {
    reply: R,
    status: Option<StatusCode>,
    headers: HeaderMap,
}

impl<R> Custom<R> {
    /// `reply` with the endpoint's usual status and no extra headers.
    pub fn new(reply: R) -> Self {
        Custom {
            reply,
            status: None,
            headers: HeaderMap::new(),
        }
    }

    /// Answers with `status` instead: it must be the endpoint's success status or one of
    /// its declared other successes, otherwise the runtime answers 500 and logs why.
    #[must_use]
    pub fn status(mut self, status: StatusCode) -> Self {
        self.status = Some(status);
        self
    }

    /// Adds a response header (`Location`, `ETag`, `Cache-Control`, ...).
    #[must_use]
    pub fn header(mut self, name: HeaderName, value: HeaderValue) -> Self {
        self.headers.append(name, value);
        self
    }

    /// Adds `Location: {path}{id}`: where the resource a 201 created can be read. `id` is
    /// percent-encoded as one path segment (a name with a space, a slash or an accent
    /// stays one segment and a valid header); `path` is written as it is, so give the path
    /// clients use, base path included (`"/shelves/"`).
    ///
    /// ```
    /// use restspec_runtime::{Custom, Reply};
    ///
    /// let mut reply = Custom::new(()).location("/shelves/", "new fiction");
    /// let headers = Reply::<()>::take_headers(&mut reply);
    /// assert_eq!(headers["location"], "/shelves/new%20fiction");
    /// ```
    #[must_use]
    pub fn location(mut self, path: &str, id: &str) -> Self {
        let url = format!("{path}{}", utf8_percent_encode(id, SEGMENT));
        match HeaderValue::try_from(url) {
            Ok(value) => {
                self.headers.append(http::header::LOCATION, value);
            }
            // Only a path with control characters gets here: the id is encoded.
            Err(_) => tracing::error!(path, "a Location path a header cannot carry"),
        }
        self
    }
}

impl<R> Custom<R> {
    /// Adds `Location: {url}`, written as given: where a redirect (an endpoint whose status
    /// is 3xx) sends the client. A URL a header cannot carry (a control character) is left
    /// out and logged.
    ///
    /// ```
    /// use restspec_runtime::{Custom, Reply};
    ///
    /// let mut reply = Custom::new(()).location_url("https://id.example/login?app=7");
    /// let headers = Reply::<()>::take_headers(&mut reply);
    /// assert_eq!(headers["location"], "https://id.example/login?app=7");
    /// ```
    #[must_use]
    pub fn location_url(mut self, url: &str) -> Self {
        match HeaderValue::try_from(url) {
            Ok(value) => {
                self.headers.append(http::header::LOCATION, value);
            }
            Err(_) => tracing::error!(url, "a Location a header cannot carry"),
        }
        self
    }
}

/// A reply with the typed response headers its endpoint declares (`response_headers:` in
/// the spec): the handler of such an endpoint returns one, so that a required header
/// cannot be forgotten. The generated struct writes each header that has a value.
///
/// ```
/// use restspec_runtime::http::HeaderMap;
/// use restspec_runtime::{Reply, ResponseHeaders, WithHeaders};
///
/// struct Tagged {
///     etag: String,
/// }
///
/// impl ResponseHeaders for Tagged {
///     fn write(&self, out: &mut HeaderMap) {
///         restspec_client::response_headers::write(out, "ETag", &self.etag);
///     }
///     fn read(headers: &HeaderMap) -> Result<Self, String> {
///         let etag = restspec_client::response_headers::read(headers, "ETag")?;
///         Ok(Tagged { etag: restspec_client::response_headers::required(etag, "ETag")? })
///     }
/// }
///
/// let mut reply = WithHeaders::new("poetry".to_owned(), Tagged { etag: "\"v2\"".into() });
/// let headers = Reply::<String>::take_headers(&mut reply);
/// assert_eq!(headers["etag"], "\"v2\"");
/// ```
#[derive(Debug, Clone)]
pub struct WithHeaders<R, H> {
    reply: R,
    headers: H,
}

impl<R, H> WithHeaders<R, H> {
    /// `reply` (a body, an `Arc`, a [`Custom`] with another status, ...) with `headers`.
    pub fn new(reply: R, headers: H) -> Self {
        WithHeaders { reply, headers }
    }
}

impl<T: ?Sized, R: Reply<T>, H: ResponseHeaders + Send> Reply<T> for WithHeaders<R, H> {
    type Value = R::Value;

    fn value(&self) -> &R::Value {
        self.reply.value()
    }

    fn status(&self) -> Option<StatusCode> {
        self.reply.status()
    }

    fn take_headers(&mut self) -> HeaderMap {
        let mut headers = self.reply.take_headers();
        self.headers.write(&mut headers);
        headers
    }
}

/// What [`Custom::location`] encodes in an id: everything but RFC 3986's unreserved
/// characters.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

impl<T: ?Sized, R: Reply<T>> Reply<T> for Custom<R> {
    type Value = R::Value;

    fn value(&self) -> &R::Value {
        self.reply.value()
    }

    fn status(&self) -> Option<StatusCode> {
        self.status.or_else(|| self.reply.status())
    }

    fn take_headers(&mut self) -> HeaderMap {
        let mut headers = self.reply.take_headers();
        headers.extend(std::mem::take(&mut self.headers));
        headers
    }
}
