//! gzip (protocol 4.2, 10.19): a response of at least [`GZIP_MIN_BYTES`] is gzipped when the client
//! accepts it, errors included. The whole body is in memory already, so it is compressed in
//! one call; a request that does not ask for gzip costs one header lookup.

use crate::message::body::Response;
use http::HeaderMap;
use http::header;

/// Bodies smaller than this are sent uncompressed: gzip would not pay for itself (the real
/// service uses the same threshold).
#[cfg(feature = "gzip")]
pub const GZIP_MIN_BYTES: usize = 256;

/// True when `Accept-Encoding` accepts gzip: listed (or `*`) with a non-zero quality.
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|coding| {
            let mut parts = coding.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let quality_is_zero = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !quality_is_zero
        })
}

/// For a response worth compressing (a body of [`GZIP_MIN_BYTES`] or more, not encoded
/// already, not a 204/304, not an error when `errors` is false): says it varies by
/// `Accept-Encoding` (so that caches keep the two forms apart), and gzips it in place when
/// the client `accepts` gzip.
#[cfg(feature = "gzip")]
pub fn compress(response: &mut Response, accepts: bool, errors: bool) {
    use std::io::Write;

    use bytes::Bytes;
    use flate2::Compression;
    use flate2::write::GzEncoder;
    use http::StatusCode;
    use http::header::HeaderValue;

    use crate::message::body::Body;

    let body = response.body().bytes();
    if body.len() < GZIP_MIN_BYTES
        || (!errors && (response.status().is_client_error() || response.status().is_server_error()))
        || response.headers().contains_key(header::CONTENT_ENCODING)
        || matches!(
            response.status(),
            StatusCode::NO_CONTENT | StatusCode::NOT_MODIFIED
        )
    {
        return;
    }
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("accept-encoding"));
    if !accepts {
        return;
    }
    let body = response.body().bytes();
    let mut encoder = GzEncoder::new(
        Vec::with_capacity(body.len() / 2 + 64),
        Compression::default(),
    );
    let Ok(compressed) = encoder.write_all(body).and_then(|()| encoder.finish()) else {
        return;
    };
    *response.body_mut() = Body::new(Bytes::from(compressed));
    let headers = response.headers_mut();
    headers.remove(header::CONTENT_LENGTH);
    headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
}

/// Without the `gzip` feature every response goes out as it is.
#[cfg(not(feature = "gzip"))]
pub fn compress(_response: &mut Response, _accepts: bool, _errors: bool) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_accept_encoding_with_qualities() {
        let accepts = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, value.parse().unwrap());
            accepts_gzip(&headers)
        };
        assert!(accepts("gzip"));
        assert!(accepts("deflate, GZIP;q=0.5"));
        assert!(accepts("*"));
        assert!(!accepts("gzip;q=0"));
        assert!(!accepts("br, deflate"));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }
}
