//! 414 for a request line too long to read. hyper refuses every HTTP/1 request head that
//! fills its read buffer with 431 (Request Header Fields Too Large), also when what fills
//! it is the request line, whose status is 414 (URI Too Long): hyper does not tell the two
//! apart (hyperium/hyper#3874), and answers both itself, without calling the service.
//!
//! hyper's buffer holds the head from its first byte and stops at exactly the limit, and
//! it holds the last bytes read from the connection, so the request line is the part too
//! long exactly when the last `limit` bytes read hold no line feed. This stream counts the
//! bytes read since the last line feed and keeps the first of them. When hyper then writes
//! its 431, the stream writes in its place the service's answer to that line
//! ([`AnswerUnread`]), which takes the way out of every other answer. hyper closes the
//! connection after it.

use std::io::{IoSlice, Write};
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::SystemTime;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::message::body::Response;
use crate::pipeline::api::Api;
use crate::pipeline::service::Service;
use crate::protocol::auth::Authenticator;

/// How hyper's answer to a head too large starts (it always answers with HTTP/1.1).
const HEAD_TOO_LARGE: &[u8] = b"HTTP/1.1 431 ";

/// How much of a line is kept: enough for its method and the start of its path, which the
/// answer's log line and metrics show.
const LINE_START: usize = 128;

/// The answer to a request whose line is too long for hyper to read.
pub(super) trait AnswerUnread: Unpin {
    /// The answer to a request whose line, starting with `line_start`, is longer than
    /// `limit` bytes.
    fn answer(&self, line_start: &[u8], limit: usize) -> Response;
}

impl<P: Api, A: Authenticator> AnswerUnread for Service<P, A> {
    fn answer(&self, line_start: &[u8], limit: usize) -> Response {
        self.refuse_unread(line_start, limit)
    }
}

/// A stream that writes the service's answer instead of hyper's 431 when a request line
/// fills hyper's buffer.
pub(super) struct UriTooLong<S, R> {
    stream: S,
    /// hyper's read buffer: the largest request head.
    limit: usize,
    /// Bytes read since the last line feed (or since the connection opened).
    since_line_feed: usize,
    /// The first of those bytes, up to [`LINE_START`].
    line_start: [u8; LINE_START],
    line_start_len: usize,
    answerer: R,
    rewrite: Rewrite,
}

/// Where the replacement of hyper's answer stands.
#[derive(Debug)]
enum Rewrite {
    /// Nothing replaced yet.
    Watching,
    /// `written` bytes of `answer` sent in place of hyper's write of `replaced` bytes.
    Writing {
        answer: Vec<u8>,
        written: usize,
        replaced: usize,
    },
    /// Replaced: what hyper writes after its answer (before it closes) is dropped.
    Done,
}

impl<S, R: AnswerUnread> UriTooLong<S, R> {
    /// `stream`, read by hyper with a buffer of `limit` bytes; `answerer` answers a request
    /// line that fills it.
    pub(super) fn new(stream: S, limit: usize, answerer: R) -> Self {
        UriTooLong {
            stream,
            limit,
            since_line_feed: 0,
            line_start: [0; LINE_START],
            line_start_len: 0,
            answerer,
            rewrite: Rewrite::Watching,
        }
    }

    /// Starts the replacement of hyper's write of `written` bytes starting with `first`,
    /// when it is the 431 of a head whose request line filled the buffer.
    fn begin_replacing(&mut self, first: &[u8], written: usize) {
        if matches!(self.rewrite, Rewrite::Watching)
            && self.since_line_feed >= self.limit
            && first.starts_with(HEAD_TOO_LARGE)
        {
            let line_start = &self.line_start[..self.line_start_len];
            let answer = self.answerer.answer(line_start, self.limit);
            self.rewrite = Rewrite::Writing {
                answer: http1_bytes(&answer),
                written: 0,
                replaced: written,
            };
        }
    }

    /// Notes the bytes just read: counts those since the last line feed, and keeps the
    /// first of them.
    fn note_read(&mut self, read: &[u8]) {
        // `contains` finds a line feed a word at a time; most reads hold one near their end.
        let since = if read.contains(&b'\n') {
            let at = read
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |at| at + 1);
            self.since_line_feed = read.len() - at;
            self.line_start_len = 0;
            &read[at..]
        } else {
            self.since_line_feed = self.since_line_feed.saturating_add(read.len());
            read
        };
        let kept = since.len().min(LINE_START - self.line_start_len);
        self.line_start[self.line_start_len..][..kept].copy_from_slice(&since[..kept]);
        self.line_start_len += kept;
    }
}

impl<S: AsyncWrite + Unpin, R> UriTooLong<S, R> {
    /// Goes on with the replacement: once the answer is all sent, answers that hyper's
    /// bytes were written; after it, drops what hyper writes.
    fn poll_replace(&mut self, cx: &mut Context<'_>, len: usize) -> Poll<std::io::Result<usize>> {
        let Rewrite::Writing {
            answer,
            written,
            replaced,
        } = &mut self.rewrite
        else {
            return Poll::Ready(Ok(len));
        };
        while *written < answer.len() {
            let n = ready!(Pin::new(&mut self.stream).poll_write(cx, &answer[*written..]))?;
            if n == 0 {
                return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()));
            }
            *written += n;
        }
        // Never more than this call offered (a write may come again with other bytes).
        let replaced = (*replaced).min(len);
        self.rewrite = Rewrite::Done;
        Poll::Ready(Ok(replaced))
    }
}

/// `response` as HTTP/1.1 bytes, with its length, a date, and `Connection: close`.
fn http1_bytes(response: &Response) -> Vec<u8> {
    let status = response.status();
    let body = response.body().bytes();
    let mut out = Vec::with_capacity(256 + body.len());
    let reason = status.canonical_reason().unwrap_or_default();
    let _ = write!(out, "HTTP/1.1 {} {reason}\r\n", status.as_u16());
    let headers = response.headers();
    for (name, value) in headers {
        if name != http::header::CONNECTION && name != http::header::CONTENT_LENGTH {
            out.extend_from_slice(name.as_str().as_bytes());
            out.extend_from_slice(b": ");
            out.extend_from_slice(value.as_bytes());
            out.extend_from_slice(b"\r\n");
        }
    }
    if !headers.contains_key(http::header::DATE) {
        let date = httpdate::fmt_http_date(SystemTime::now());
        let _ = write!(out, "date: {date}\r\n");
    }
    let _ = write!(
        out,
        "content-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    out.extend_from_slice(body);
    out
}

impl<S: AsyncRead + Unpin, R: AnswerUnread> AsyncRead for UriTooLong<S, R> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        ready!(Pin::new(&mut this.stream).poll_read(cx, buf))?;
        this.note_read(&buf.filled()[before..]);
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncWrite + Unpin, R: AnswerUnread> AsyncWrite for UriTooLong<S, R> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        this.begin_replacing(buf, buf.len());
        if matches!(this.rewrite, Rewrite::Watching) {
            return Pin::new(&mut this.stream).poll_write(cx, buf);
        }
        this.poll_replace(cx, buf.len())
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let len = bufs.iter().map(|buf| buf.len()).sum();
        if let Some(first) = bufs.iter().find(|buf| !buf.is_empty()) {
            this.begin_replacing(first, len);
        }
        if matches!(this.rewrite, Rewrite::Watching) {
            return Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        }
        this.poll_replace(cx, len)
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

    /// Answers what it saw of the line, and the limit.
    struct Seen;

    impl AnswerUnread for Seen {
        fn answer(&self, line_start: &[u8], limit: usize) -> Response {
            let seen = String::from_utf8_lossy(line_start);
            let body = bytes::Bytes::from(format!("{limit} {seen}"));
            let mut response =
                crate::message::body::response(http::StatusCode::URI_TOO_LONG, None, body);
            response
                .headers_mut()
                .insert("x-seen", http::HeaderValue::from_static("yes"));
            response
        }
    }

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
                .serve_connection(TokioIo::new(UriTooLong::new(server, LIMIT, Seen)), service)
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
    async fn a_request_line_that_fills_the_buffer_gets_the_services_answer() {
        let request = format!("GET /{} HTTP/1.1\r\nHost: t\r\n\r\n", "a".repeat(3 * LIMIT));
        for pieces in [1, 7] {
            let answer = answer(request.clone().into_bytes(), pieces).await;
            assert_eq!(
                status_line(&answer),
                "HTTP/1.1 414 URI Too Long",
                "{answer}"
            );
            let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
            let head = head.to_ascii_lowercase();
            assert!(head.contains("\r\nx-seen: yes\r\n"), "{head}");
            assert!(head.contains("\r\nconnection: close"), "{head}");
            assert!(head.contains("\r\ndate: "), "{head}");
            // The line as far as it is kept, and nothing of hyper's own answer after it.
            let expected = format!("{LIMIT} GET /{}", "a".repeat(LINE_START - 5));
            assert!(head.contains(&format!("content-length: {}", expected.len())));
            assert_eq!(body, expected);
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
