//! Reading a request body within the service's limits: its size, the wait for each piece
//! and for the whole.

use bytes::{Buf, BufMut, Bytes, BytesMut};
use http_body_util::BodyExt;
use tokio::time::Instant;

use crate::error::{ApiError, Condition};
use crate::limits::Limits;
use crate::metrics::{BodyRefusal, Metrics};

/// Reads a request body within `limits`: at most [`Limits::max_body_bytes`] (413 past
/// it, without reading further; a size announced over it was refused before routing),
/// each piece within [`Limits::body_read_timeout`] and the whole within
/// [`Limits::body_total_timeout`] (408 past either).
pub(super) async fn read<B>(
    body: B,
    limits: &Limits,
    metrics: Option<&Metrics>,
) -> Result<Bytes, ApiError>
where
    B: http_body::Body + Send,
    B::Error: Into<crate::BoxError>,
{
    let max = limits.max_body_bytes;
    let deadline = Instant::now() + limits.body_total_timeout;
    let mut body = std::pin::pin!(body);
    // One piece (the usual case) is kept as it came; more are joined.
    let mut first = Bytes::new();
    let mut joined = BytesMut::new();
    loop {
        let wait = deadline.min(Instant::now() + limits.body_read_timeout);
        let frame = match tokio::time::timeout_at(wait, body.frame()).await {
            Ok(Some(Ok(frame))) => frame,
            Ok(None) => break,
            Ok(Some(Err(_))) => {
                if let Some(metrics) = metrics {
                    metrics.count_body_refusal(BodyRefusal::Unreadable);
                }
                return Err(ApiError::condition(Condition::MalformedRequest)
                    .with_message("request body unreadable"));
            }
            Err(_) => {
                if let Some(metrics) = metrics {
                    metrics.count_body_refusal(BodyRefusal::TooSlow);
                }
                return Err(ApiError::status(408).with_message("request body not received in time"));
            }
        };
        let Ok(mut data) = frame.into_data() else {
            continue;
        };
        if first.len() + joined.len() + data.remaining() > max {
            return Err(too_large(max, metrics));
        }
        if first.is_empty() && joined.is_empty() {
            first = data.copy_to_bytes(data.remaining());
        } else {
            if joined.is_empty() {
                joined.extend_from_slice(&std::mem::take(&mut first));
            }
            joined.put(data);
        }
    }
    Ok(if joined.is_empty() {
        first
    } else {
        joined.freeze()
    })
}

/// 413 for a body over `max` bytes (counted in the metrics).
pub(super) fn too_large(max: usize, metrics: Option<&Metrics>) -> ApiError {
    if let Some(metrics) = metrics {
        metrics.count_body_refusal(BodyRefusal::TooLarge);
    }
    ApiError::status(413).with_message(format!("request body larger than {max} bytes"))
}
