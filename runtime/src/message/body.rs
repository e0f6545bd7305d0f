//! The one response type every generated service answers with: a complete body in memory.
//!
//! Every answer the runtime writes (JSON, plaintext errors, empty 204s) is known in full
//! before the first byte is sent, so the body is a single [`Bytes`] chunk: no boxing, no
//! streaming machinery, and compression can work on the whole body at once.

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{HeaderValue, StatusCode, header};
use http_body::{Frame, SizeHint};

/// A response body: one chunk, known in full, readable until it is sent (compression and
/// tests look at it).
#[derive(Debug, Clone, Default)]
pub struct Body {
    data: Option<Bytes>,
}

impl Body {
    /// A body of `data`.
    pub fn new(data: Bytes) -> Self {
        Body {
            data: (!data.is_empty()).then_some(data),
        }
    }

    /// The bytes not sent yet.
    pub fn bytes(&self) -> &[u8] {
        self.data.as_deref().unwrap_or_default()
    }
}

impl http_body::Body for Body {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Poll::Ready(self.get_mut().data.take().map(|data| Ok(Frame::data(data))))
    }

    fn is_end_stream(&self) -> bool {
        self.data.is_none()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.data.as_ref().map_or(0, |d| d.len() as u64))
    }
}

/// The responses of a generated service.
pub type Response = http::Response<Body>;

/// The content type of plaintext answers (errors).
pub const TEXT_CONTENT_TYPE: HeaderValue = HeaderValue::from_static("text/plain; charset=UTF-8");

/// How many headers a response's map holds without growing: the content type, the four
/// security headers, `Vary`, `Content-Encoding`, the trace and request ids, CORS's and a
/// handler's own. `http`'s map starts at 6 and would grow, rehashing, at the seventh.
const RESPONSE_HEADERS: usize = 12;

/// A response with `status`, `body` and, when given, its content type.
pub fn response(status: StatusCode, content_type: Option<HeaderValue>, body: Bytes) -> Response {
    let mut response = http::Response::new(Body::new(body));
    *response.headers_mut() = http::HeaderMap::with_capacity(RESPONSE_HEADERS);
    *response.status_mut() = status;
    if let Some(content_type) = content_type {
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, content_type);
    }
    response
}

/// A response with `status` and no body.
pub fn empty(status: StatusCode) -> Response {
    response(status, None, Bytes::new())
}
