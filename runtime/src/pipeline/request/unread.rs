//! A request that hyper could not read because its request line is longer than the head
//! limit. It is answered 414 by the way out, like every other answer: in the spec's error
//! format, with the security headers, the request id, the access log line and its count in
//! the metrics. The request's parts are made from what was seen of its line.
//!
//! The connection notices such a request (`server::uri_too_long`). It writes this answer
//! in place of the bare 431 that hyper gives every head too large to read.

use std::net::SocketAddr;

use http::request::Parts;
use http::{Method, Uri};

use super::opening;
use super::way_out::{self, Reached};
use crate::error::ApiError;
use crate::message::body::Response;
use crate::pipeline::api::Api;
use crate::pipeline::state::ServiceState;

/// The answer to a request whose line, starting with `line_start`, is longer than `limit`
/// bytes.
pub(crate) fn refuse<P: Api, A>(
    shared: &ServiceState<P, A>,
    remote: Option<SocketAddr>,
    line_start: &[u8],
    limit: usize,
) -> Response {
    let mut parts = parts_seen(line_start);
    let (opening, spans) = opening::open(shared, P::SERVICE, &mut parts, remote);
    opening::answered_in(spans, || {
        let error =
            ApiError::status(414).with_message(format!("request line longer than {limit} bytes"));
        let reached = Reached {
            endpoint: None,
            probe: false,
            answer_flags: None,
            trace: None,
        };
        way_out::leave(shared, Err(error), &parts, &opening, &reached)
    })
}

/// The parts of a request whose line starts with `line_start`: its method, and as much of
/// its target as is a URI (`/` when none is). The log line and the metrics read them.
fn parts_seen(line_start: &[u8]) -> Parts {
    let (mut parts, ()) = http::Request::new(()).into_parts();
    let mut words = line_start.splitn(2, |&byte| byte == b' ');
    if let Some(method) = words.next().and_then(|m| Method::from_bytes(m).ok()) {
        parts.method = method;
    }
    if let Some(uri) = words.next().and_then(|target| Uri::try_from(target).ok()) {
        parts.uri = uri;
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_are_what_the_line_shows() {
        let parts = parts_seen(b"DELETE /changes/aaaa");
        assert_eq!(parts.method, Method::DELETE);
        assert_eq!(parts.uri.path(), "/changes/aaaa");
    }

    #[test]
    fn a_line_that_is_not_a_request_line_is_a_get_of_the_root() {
        let parts = parts_seen(b"\x01\x02 \x7f\x00");
        assert_eq!(parts.method, Method::GET);
        assert_eq!(parts.uri.path(), "/");
    }
}
