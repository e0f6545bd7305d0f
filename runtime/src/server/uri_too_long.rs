//! 414 for a request line too long to read. hyper refuses every HTTP/1 request head that
//! fills its read buffer with 431 (Request Header Fields Too Large), also when what fills
//! it is the request line, whose status is 414 (URI Too Long): hyper does not tell the two
//! apart (hyperium/hyper#3874).
//!
//! hyper's buffer holds the head from its first byte and stops at exactly the limit, and
//! it holds the last bytes read from the connection, so the request line is the part too
//! long exactly when the last `limit` bytes read hold no line feed. This stream counts the
//! bytes read since the last line feed, and when hyper then writes its 431 status line,
//! sends the 414 one in its place; the rest of the answer (no body, the connection closed)
//! is hyper's.

use std::io::IoSlice;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// How hyper's answer to a head too large starts (it always answers with HTTP/1.1).
const HEAD_TOO_LARGE: &[u8] = b"HTTP/1.1 431 ";

/// The status line sent instead when the request line is what is too long.
const URI_TOO_LONG: &[u8] = b"HTTP/1.1 414 URI Too Long\r\n";

/// A stream that answers 414 instead of 431 when a request line fills hyper's buffer.
pub(super) struct UriTooLong<S> {
    stream: S,
    /// hyper's read buffer: the largest request head.
    limit: usize,
    /// Bytes read since the last line feed (or since the connection opened).
    since_line_feed: usize,
    rewrite: Rewrite,
}

/// Where the status line's replacement stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rewrite {
    /// Nothing replaced yet.
    Watching,
    /// `written` bytes of [`URI_TOO_LONG`] sent in place of hyper's status line of
    /// `replaced` bytes.
    Writing { written: usize, replaced: usize },
    /// Replaced (the connection closes after this answer).
    Done,
}

impl<S> UriTooLong<S> {
    /// `stream`, read by hyper with a buffer of `limit` bytes.
    pub(super) fn new(stream: S, limit: usize) -> Self {
        UriTooLong {
            stream,
            limit,
            since_line_feed: 0,
            rewrite: Rewrite::Watching,
        }
    }

    /// The length of the status line hyper writes at the start of `buf`, when it is the
    /// 431 of a head whose request line filled the buffer.
    fn replaced_status_line(&self, buf: &[u8]) -> Option<usize> {
        if self.rewrite != Rewrite::Watching
            || self.since_line_feed < self.limit
            || !buf.starts_with(HEAD_TOO_LARGE)
        {
            return None;
        }
        buf.windows(2)
            .position(|pair| pair == b"\r\n")
            .map(|end| end + 2)
    }
}

impl<S: AsyncWrite + Unpin> UriTooLong<S> {
    /// Sends the 414 status line; once it is all sent, answers that hyper's `replaced`
    /// bytes were written.
    fn poll_write_replacement(
        &mut self,
        cx: &mut Context<'_>,
        replaced: usize,
    ) -> Poll<std::io::Result<usize>> {
        let mut written = match self.rewrite {
            Rewrite::Writing { written, .. } => written,
            _ => 0,
        };
        while written < URI_TOO_LONG.len() {
            self.rewrite = Rewrite::Writing { written, replaced };
            let n = ready!(Pin::new(&mut self.stream).poll_write(cx, &URI_TOO_LONG[written..]))?;
            if n == 0 {
                return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()));
            }
            written += n;
        }
        self.rewrite = Rewrite::Done;
        Poll::Ready(Ok(replaced))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for UriTooLong<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        ready!(Pin::new(&mut self.stream).poll_read(cx, buf))?;
        let read = &buf.filled()[before..];
        // `contains` finds a line feed a word at a time; most reads hold one near their end.
        self.since_line_feed = if read.contains(&b'\n') {
            read.iter().rev().take_while(|&&b| b != b'\n').count()
        } else {
            self.since_line_feed.saturating_add(read.len())
        };
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for UriTooLong<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        if let Rewrite::Writing { replaced, .. } = self.rewrite {
            return self.poll_write_replacement(cx, replaced);
        }
        if let Some(replaced) = self.replaced_status_line(buf) {
            return self.poll_write_replacement(cx, replaced);
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        if let Rewrite::Writing { replaced, .. } = self.rewrite {
            return self.poll_write_replacement(cx, replaced);
        }
        let first = bufs.iter().find(|buf| !buf.is_empty());
        if let Some(replaced) = first.and_then(|buf| self.replaced_status_line(buf)) {
            return self.poll_write_replacement(cx, replaced);
        }
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use http_body_util::{BodyExt, Empty};
    use hyper_util::rt::TokioIo;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    /// The smallest read buffer hyper accepts.
    const LIMIT: usize = 8192;

    /// What a server reading through [`UriTooLong`] answers to `request` (sent in
    /// `pieces`), up to the connection's end.
    async fn answer(request: Vec<u8>, pieces: usize) -> String {
        let (client, server) = tokio::io::duplex(1 << 20);
        let serving = tokio::spawn(async move {
            // Reads the body, so that the connection is kept for the next request.
            let service =
                hyper::service::service_fn(|request: http::Request<hyper::body::Incoming>| async {
                    let _ = request.into_body().collect().await;
                    Ok::<_, Infallible>(http::Response::new(Empty::<bytes::Bytes>::new()))
                });
            hyper::server::conn::http1::Builder::new()
                .max_buf_size(LIMIT)
                .serve_connection(TokioIo::new(UriTooLong::new(server, LIMIT)), service)
                .await
        });
        let (mut reader, mut writer) = tokio::io::split(client);
        let writing = tokio::spawn(async move {
            for piece in request.chunks(request.len().div_ceil(pieces)) {
                if writer.write_all(piece).await.is_err() {
                    return;
                }
                tokio::task::yield_now().await;
            }
            let _ = writer.shutdown().await;
        });
        let mut received = Vec::new();
        let _ = reader.read_to_end(&mut received).await;
        writing.abort();
        let _ = serving.await;
        String::from_utf8_lossy(&received).into_owned()
    }

    fn status_line(answer: &str) -> &str {
        answer.lines().next().unwrap_or_default()
    }

    #[tokio::test]
    async fn a_request_line_that_fills_the_buffer_is_414() {
        let request = format!("GET /{} HTTP/1.1\r\nHost: t\r\n\r\n", "a".repeat(3 * LIMIT));
        for pieces in [1, 7] {
            let answer = answer(request.clone().into_bytes(), pieces).await;
            assert_eq!(
                status_line(&answer),
                "HTTP/1.1 414 URI Too Long",
                "{answer}"
            );
            assert!(answer.to_ascii_lowercase().contains("content-length: 0"));
        }
    }

    #[tokio::test]
    async fn a_header_that_fills_the_buffer_stays_431() {
        let request = format!(
            "GET / HTTP/1.1\r\nHost: t\r\nX-Big: {}\r\n\r\n",
            "v".repeat(3 * LIMIT)
        );
        let answer = answer(request.into_bytes(), 3).await;
        assert_eq!(
            status_line(&answer),
            "HTTP/1.1 431 Request Header Fields Too Large"
        );
    }

    #[tokio::test]
    async fn a_body_without_line_feeds_does_not_count_against_the_next_head() {
        let body = "b".repeat(2 * LIMIT);
        let request = format!(
            "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: {}\r\n\r\n{body}\
             GET /next HTTP/1.1\r\nHost: t\r\nX-Big: {}\r\n\r\n",
            body.len(),
            "v".repeat(3 * LIMIT)
        );
        let answer = answer(request.into_bytes(), 5).await;
        let statuses: Vec<&str> = answer
            .lines()
            .filter(|line| line.starts_with("HTTP/1.1 "))
            .collect();
        assert_eq!(
            statuses,
            [
                "HTTP/1.1 200 OK",
                "HTTP/1.1 431 Request Header Fields Too Large"
            ],
            "{answer}"
        );
    }
}
