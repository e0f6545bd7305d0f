//! Request tracing: trace ids and the per-request debug log.
//!
//! A client turns tracing on for one request with the trace header (`X-Service-Trace` in the
//! example, protocol 4.5) or the trace query parameter (`trace`); the names come from the service spec at run
//! time, so every function here takes them as parameters. [`requested_trace`] reads them;
//! the convention layer then returns the id(s) in the trace header and runs the request
//! inside [`request_span`]. Every event at `DEBUG` or above that happens inside that span is
//! written by [`ErrorLogLayer`] to the span's error log (`<site>/logs/error_log`, see
//! [`error_log_path`]), one line per event, each line carrying the trace id, so that an
//! administrator finds the request's logs by its id.
//!
//! [`init_logging`] installs the usual process-wide subscriber: `INFO` (or `RUST_LOG`) to
//! stdout, and `DEBUG` for traced requests only into their error log. The error log and
//! `init_logging` are the `error-log` feature (on by default, `tracing-subscriber`); without
//! it, trace ids and the request span remain for the service's own subscriber.
//!
//! For span exporters, every request can also run in a server span described by
//! OpenTelemetry's HTTP conventions (method, route, status, the trace id above as
//! `restspec.trace_id`): see [`emit_server_spans`] and, with the `otlp` feature, [`otlp`],
//! which sends those spans to an OpenTelemetry collector.
//!
//! # Secrets
//!
//! Nothing here records the `Authorization` header, passwords or cookies: the request span
//! carries only the method and the path with the values of secret query parameters (such
//! as `access_token`) replaced by `*` ([`redact_query`]), and the error log layer writes
//! fields named `password` or `authorization` as `*` should an event carry one anyway.

mod access;
#[cfg(feature = "error-log")]
mod layer;
#[cfg(feature = "error-log")]
mod line;
#[cfg(feature = "error-log")]
mod log_files;
#[cfg(feature = "error-log")]
mod logging;
#[cfg(feature = "otlp")]
mod otel_span;
#[cfg(feature = "otlp")]
pub mod otlp;
pub(crate) mod server_span;

use std::borrow::Cow;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

pub use access::ACCESS_TARGET;
pub(crate) use access::{record as record_access, start as start_access};
use http::{HeaderMap, HeaderValue};
#[cfg(feature = "error-log")]
pub use layer::{ErrorLogLayer, TracedRequestFilter};
#[cfg(feature = "error-log")]
pub use log_files::Rotation;
#[cfg(feature = "error-log")]
pub use logging::{init_logging, init_logging_with};
use restspec_client::conventions::TraceConventions;
pub use server_span::{emit_server_spans, server_spans_enabled};

/// The target of the server span (filter with `restspec::http=off`). Beside the other
/// targets, so that logging, which turns it off by default, needs nothing of the span's
/// module (which needs the OTLP exporter, which sets up logging).
pub const SERVER_SPAN_TARGET: &str = "restspec::http";

/// The target of the span [`request_span`] creates.
pub const REQUEST_SPAN_TARGET: &str = "restspec::request";

/// The name of the span [`request_span`] creates.
pub const REQUEST_SPAN_NAME: &str = "request";

/// A request's demand for tracing: the trace ids to log under and return to the client,
/// borrowed from the request where it wrote them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceRequest<'a> {
    /// The first `len` are the ids, the header's first.
    ids: [Cow<'a, str>; 2],
    len: usize,
    generated: bool,
}

impl<'a> TraceRequest<'a> {
    /// A demand for tracing under `id`, as if the client had sent it.
    pub fn with_id(id: impl Into<Cow<'a, str>>) -> Self {
        TraceRequest {
            ids: [id.into(), Cow::Borrowed("")],
            len: 1,
            generated: false,
        }
    }

    /// A demand for tracing under a freshly generated id ([`generate_trace_id`]).
    pub fn generated() -> Self {
        TraceRequest {
            generated: true,
            ..Self::with_id(generate_trace_id())
        }
    }

    /// The id the request's logs are written under: the header's id when the client sent
    /// one, else the parameter's, else a generated one.
    pub fn primary_id(&self) -> &str {
        &self.ids[0]
    }

    /// Every id, the primary one first: two when header and parameter carried different
    /// ids. Each one is returned to the client in its own trace header.
    pub fn ids(&self) -> &[Cow<'a, str>] {
        &self.ids[..self.len]
    }

    /// The same demand with ids of its own, to keep apart from the request head it was read
    /// from.
    pub fn into_owned(self) -> TraceRequest<'static> {
        let [first, second] = self.ids;
        TraceRequest {
            ids: [
                Cow::Owned(first.into_owned()),
                Cow::Owned(second.into_owned()),
            ],
            len: self.len,
            generated: self.generated,
        }
    }

    /// Consumes the demand, answering its ids (primary first).
    pub fn into_ids(self) -> Vec<String> {
        self.ids
            .into_iter()
            .take(self.len)
            .map(Cow::into_owned)
            .collect()
    }

    /// True when the client asked for tracing without naming an id, so the id was
    /// generated.
    pub fn is_generated(&self) -> bool {
        self.generated
    }
}

/// Whether a request asks for tracing, and under which ids.
///
/// Tracing is on when `trace`'s header is present (even empty) or its query parameter is
/// present (even without value: `?trace` or `?trace=`); `None` for either name, or for
/// `trace`, means the service has no such convention. See [`trace_demand`] for which ids
/// count. The query string is decoded as
/// `application/x-www-form-urlencoded`; only the first occurrence of the parameter counts,
/// as does only the first header.
pub fn requested_trace<'a>(
    query: Option<&'a str>,
    headers: &'a HeaderMap,
    trace: Option<TraceConventions>,
) -> Option<TraceRequest<'a>> {
    let trace = trace?;
    let from_parameter = match (trace.parameter, query) {
        (Some(name), Some(query)) => form_urlencoded::parse(query.as_bytes())
            .find(|(key, _)| key == name)
            .map(|(_, value)| value),
        _ => None,
    };
    let from_header = trace.header.and_then(|name| headers.get(name));
    trace_demand(from_parameter, from_header)
}

/// The demand for tracing of a request whose trace parameter (already form-decoded) and
/// trace header are given, each `None` when absent.
///
/// The primary id is the header's value if non-empty, else the parameter's value if
/// non-empty, else a generated one ([`generate_trace_id`]). When both carry different
/// non-empty ids, both are returned, the header's first. Surrounding whitespace is dropped
/// from both. An id longer than [`MAX_TRACE_ID_LEN`] or with a byte that is not printable
/// ASCII (a control character such as a decoded `%0A`, or any non-ASCII character) counts
/// as empty, so that a generated id replaces it.
pub fn trace_demand<'a>(
    parameter: Option<Cow<'a, str>>,
    header: Option<&'a HeaderValue>,
) -> Option<TraceRequest<'a>> {
    if parameter.is_none() && header.is_none() {
        return None;
    }
    let from_header: Option<Cow<'a, str>> = header.map(|value| match value.to_str() {
        Ok(text) => Cow::Borrowed(text.trim()),
        Err(_) => Cow::Owned(String::from_utf8_lossy(value.as_bytes()).trim().to_owned()),
    });
    let from_parameter = parameter.map(|value| match value {
        Cow::Borrowed(text) => Cow::Borrowed(text.trim()),
        Cow::Owned(text) => Cow::Owned(text.trim().to_owned()),
    });
    let usable = |id: Option<Cow<'a, str>>| id.filter(|id| !id.is_empty() && is_acceptable_id(id));
    match (usable(from_header), usable(from_parameter)) {
        (Some(header), Some(parameter)) if header != parameter => Some(TraceRequest {
            ids: [header, parameter],
            len: 2,
            generated: false,
        }),
        (Some(id), _) | (None, Some(id)) => Some(TraceRequest::with_id(id)),
        (None, None) => Some(TraceRequest::generated()),
    }
}

/// The longest trace id taken from a request; a longer one is replaced by a generated
/// id, so that a client cannot make every log line of its requests arbitrarily long.
pub const MAX_TRACE_ID_LEN: usize = 64;

/// True when `id` is taken as it is: at most [`MAX_TRACE_ID_LEN`] bytes of printable
/// ASCII (space to `~`). That keeps log lines one per event and short, and every such id
/// can go back in a header as it is.
fn is_acceptable_id(id: &str) -> bool {
    id.len() <= MAX_TRACE_ID_LEN && id.bytes().all(|b| matches!(b, b' '..=b'~'))
}

/// A fresh trace id: `<epoch millis>-<8 lower-case hex chars>`, e.g.
/// `1533885943749-8257c498`, the shape the real service uses.
///
/// The hex part hashes the time, the process id and a process-wide counter with the
/// standard library's randomly keyed SipHash, so ids differ between calls, threads and
/// processes (collisions within one millisecond are as likely as for 32 random bits).
pub fn generate_trace_id() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let now = jiff::Timestamp::now();
    let millis = now.as_millisecond();
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let hash = RandomState::new().hash_one((
        millis,
        now.subsec_nanosecond(),
        std::process::id(),
        count,
        std::thread::current().id(),
    ));
    // The upper half of the 64-bit hash; `as` keeps exactly those 32 bits.
    let hex = (hash >> 32) as u32;
    format!("{millis}-{hex:08x}")
}

/// The error log of a site: `<site>/logs/error_log`.
pub fn error_log_path(site_dir: &Path) -> PathBuf {
    site_dir.join("logs").join("error_log")
}

/// `path_and_query` with the value of every query parameter named in `secret_parameters`
/// (such as `access_token`) replaced by `*`, as the real service logs it.
///
/// Parameter names are compared after form decoding and in any case (so `access%5Ftoken`
/// and `ACCESS_TOKEN` are caught too: a misspelt token is still a secret); everything else
/// is kept exactly as the client wrote it. A secret parameter without a
/// value is kept as it is.
pub fn redact_query(path_and_query: &str, secret_parameters: &[&str]) -> String {
    let Some((path, query)) = path_and_query.split_once('?') else {
        return path_and_query.to_owned();
    };
    if secret_parameters.is_empty() {
        return path_and_query.to_owned();
    }
    let mut out = String::with_capacity(path_and_query.len());
    out.push_str(path);
    out.push('?');
    for (index, pair) in query.split('&').enumerate() {
        if index > 0 {
            out.push('&');
        }
        let secret = pair.split_once('=').is_some_and(|(key, _)| {
            form_urlencoded::parse(key.as_bytes())
                .next()
                .is_some_and(|(name, _)| {
                    secret_parameters
                        .iter()
                        .any(|secret| secret.eq_ignore_ascii_case(&name))
                })
        });
        match pair.split_once('=') {
            Some((key, _)) if secret => {
                out.push_str(key);
                out.push_str("=*");
            }
            _ => out.push_str(pair),
        }
    }
    out
}

/// The span a traced request runs in; [`ErrorLogLayer`] writes the events inside it to
/// `log_file` under `trace_id`.
///
/// It is the span
/// `debug_span!(target: "restspec::request", "request", trace_id = %id, log_file = %path,
/// method = %m, path = %redacted_path)` except for its level, which is `ERROR`: a span's
/// level decides only whether the span exists, and an `ERROR` span exists under every
/// level filter, including the compile-time ones (`tracing`'s `max_level_info` or
/// `release_max_level_warn` features, which any crate in a build may turn on). A `DEBUG`
/// span would vanish there, and with it the trace id of the `INFO`/`WARN`/`ERROR` events
/// that still happen inside the request. Which events reach the error log is decided by
/// [`TracedRequestFilter`], not by the span's level. A side effect: stdout formatters that
/// show span context (such as the one [`init_logging`] installs) prefix the traced
/// request's events with `request{trace_id=… …}`, which tags them with the trace id too;
/// `RUST_LOG=…,restspec::request=off` hides it there.
///
/// `path_and_query` is logged through [`redact_query`] with `secret_parameters`; no header
/// (so neither `Authorization` nor cookies) and no password is ever recorded. `log_file`
/// travels as text, so a path that is not valid UTF-8 loses its invalid bytes.
pub fn request_span(
    trace_id: &str,
    log_file: &Path,
    method: &http::Method,
    path_and_query: &str,
    secret_parameters: &[&str],
) -> tracing::Span {
    let path = redact_query(path_and_query, secret_parameters);
    tracing::span!(
        target: REQUEST_SPAN_TARGET,
        tracing::Level::ERROR,
        REQUEST_SPAN_NAME,
        trace_id = %trace_id,
        log_file = %log_file.display(),
        method = %method,
        path = %path,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRACE: Option<TraceConventions> = Some(TraceConventions {
        parameter: Some("trace"),
        header: Some("X-Service-Trace"),
    });

    /// Request headers with the trace header set to `value` (leaked: the demand borrows
    /// from them, and a test lives briefly).
    fn headers(value: Option<&str>) -> &'static HeaderMap {
        let mut map = HeaderMap::new();
        if let Some(value) = value {
            map.insert("x-service-trace", HeaderValue::from_str(value).unwrap());
        }
        Box::leak(Box::new(map))
    }

    fn is_generated_shape(id: &str) -> bool {
        let Some((millis, hex)) = id.split_once('-') else {
            return false;
        };
        millis.len() >= 13
            && millis.bytes().all(|b| b.is_ascii_digit())
            && hex.len() == 8
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    }

    #[test]
    fn trace_parameter_with_id() {
        let t = requested_trace(Some("q=1&trace=issue-42"), headers(None), TRACE);
        let t = t.unwrap();
        assert_eq!(t.primary_id(), "issue-42");
        assert_eq!(t.ids(), ["issue-42"]);
        assert!(!t.is_generated());
    }

    #[test]
    fn trace_parameter_is_form_decoded() {
        let t = requested_trace(Some("trace=issue%2042+x"), headers(None), TRACE);
        assert_eq!(t.unwrap().primary_id(), "issue 42 x");
    }

    #[test]
    fn trace_parameter_without_value_generates_an_id() {
        for query in ["trace", "trace=", "a=b&trace&c"] {
            let t = requested_trace(Some(query), headers(None), TRACE).unwrap();
            assert!(t.is_generated(), "{query}");
            assert_eq!(t.ids().len(), 1);
            assert!(is_generated_shape(t.primary_id()), "{}", t.primary_id());
        }
    }

    #[test]
    fn trace_header_with_id() {
        let t = requested_trace(None, headers(Some("issue-7")), TRACE).unwrap();
        assert_eq!(t.ids(), ["issue-7"]);
    }

    #[test]
    fn header_name_is_case_insensitive() {
        let t = requested_trace(
            None,
            headers(Some("x")),
            Some(TraceConventions {
                header: Some("x-SERVICE-trace"),
                ..TRACE.unwrap()
            }),
        );
        assert_eq!(t.unwrap().primary_id(), "x");
    }

    #[test]
    fn empty_trace_header_generates_an_id() {
        let t = requested_trace(Some("q=1"), headers(Some("")), TRACE).unwrap();
        assert!(t.is_generated());
        assert!(is_generated_shape(t.primary_id()));
    }

    #[test]
    fn empty_header_falls_back_to_the_parameter() {
        let t = requested_trace(Some("trace=p"), headers(Some("")), TRACE).unwrap();
        assert_eq!(t.ids(), ["p"]);
    }

    #[test]
    fn header_and_parameter_with_different_ids_give_both_header_first() {
        let t = requested_trace(Some("trace=p"), headers(Some("h")), TRACE).unwrap();
        assert_eq!(t.primary_id(), "h");
        assert_eq!(t.ids(), ["h", "p"]);
        assert_eq!(t.into_ids(), vec!["h".to_owned(), "p".to_owned()]);
    }

    #[test]
    fn header_and_parameter_with_the_same_id_give_one() {
        let t = requested_trace(Some("trace=x"), headers(Some("x")), TRACE).unwrap();
        assert_eq!(t.ids(), ["x"]);
    }

    #[test]
    fn neither_header_nor_parameter_means_no_tracing() {
        assert_eq!(
            requested_trace(Some("q=trace&tracer=1"), headers(None), TRACE),
            None
        );
        assert_eq!(requested_trace(None, headers(None), TRACE), None);
        // Conventions the service does not have are not looked at.
        assert_eq!(
            requested_trace(
                Some("trace=1"),
                headers(Some("h")),
                Some(TraceConventions::default())
            ),
            None
        );
    }

    #[test]
    fn ids_with_control_characters_are_replaced() {
        let t = requested_trace(Some("trace=a%0Ab"), headers(None), TRACE).unwrap();
        assert!(t.is_generated());
    }

    #[test]
    fn long_or_non_ascii_ids_are_replaced_and_the_longest_allowed_is_kept() {
        let longest = "x".repeat(MAX_TRACE_ID_LEN);
        let too_long = format!("trace={longest}y");
        let t = requested_trace(Some(&too_long), headers(None), TRACE).unwrap();
        assert!(t.is_generated());
        let kept = format!("trace={longest}");
        let t = requested_trace(Some(&kept), headers(None), TRACE).unwrap();
        assert_eq!(t.primary_id(), longest);
        let t = requested_trace(Some("trace=caf%C3%A9"), headers(None), TRACE).unwrap();
        assert!(t.is_generated(), "non-ASCII");
        let t = requested_trace(Some("trace=a+b~c"), headers(None), TRACE).unwrap();
        assert_eq!(t.primary_id(), "a b~c", "printable ASCII, space included");
    }

    #[test]
    fn generated_ids_have_the_shape_and_differ() {
        let a = generate_trace_id();
        let b = generate_trace_id();
        assert!(is_generated_shape(&a), "{a}");
        assert!(is_generated_shape(&b), "{b}");
        assert_ne!(a, b);
        let many: std::collections::HashSet<String> =
            (0..1000).map(|_| generate_trace_id()).collect();
        assert_eq!(many.len(), 1000);
    }

    #[test]
    fn error_log_is_under_logs() {
        assert_eq!(
            error_log_path(Path::new("/srv/site")),
            Path::new("/srv/site/logs/error_log")
        );
    }

    #[test]
    fn redact_query_hides_secret_values() {
        let secrets = ["access_token"];
        assert_eq!(
            redact_query("/changes/?q=1&access_token=s3cr%3Dt&n=2", &secrets),
            "/changes/?q=1&access_token=*&n=2"
        );
        assert_eq!(
            redact_query("/a?access%5Ftoken=x&access_token=y", &secrets),
            "/a?access%5Ftoken=*&access_token=*"
        );
        assert_eq!(
            redact_query("/a?ACCESS_TOKEN=x&Access_Toke%6E=y", &secrets),
            "/a?ACCESS_TOKEN=*&Access_Toke%6E=*"
        );
        assert_eq!(
            redact_query("/a?access_token&x_access_token=1", &secrets),
            "/a?access_token&x_access_token=1"
        );
        assert_eq!(redact_query("/a/b", &secrets), "/a/b");
        assert_eq!(redact_query("/a?access_token=x", &[]), "/a?access_token=x");
        assert_eq!(redact_query("/a?p=1&s=2", &["p", "s"]), "/a?p=*&s=*");
    }
}
