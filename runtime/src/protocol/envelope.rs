//! A request's envelope: the per-request conventions that admit it before routing and
//! finish its answer on the way out (protocol 4.2-4.5 and 5; the order is protocol 10.12),
//! as functions over the borrowed request head: nothing here copies the path, the query or a
//! header unless a convention changes it.
//!
//! In: the path is normalised and the authenticated prefix stripped; the runtime's query
//! parameters are read (once); `$m`/`$ct` are applied; pretty or compact output is chosen;
//! tracing is read. Out: trace ids go back in the trace header, CORS headers are added for
//! allowed origins, and large bodies are gzipped for clients that accept it.

use std::borrow::Cow;

use http::header::{self, HeaderName, HeaderValue};
use http::request::Parts;

use crate::error::ApiError;
use crate::message::body::Response;
use crate::message::compression;
use crate::message::query::QueryParams;
use crate::protocol::cors::{self, Decoration};
use crate::protocol::overrides;
use crate::spec::{Conventions, ServiceSpec};
use crate::trace::TraceRequest;

/// What the conventions learn about a request before it is authenticated and routed.
#[derive(Debug)]
pub struct AdmittedRequest<'a> {
    /// The path to route: normalised, without the authenticated prefix.
    pub path: Cow<'a, str>,
    /// The request used the authenticated form (`/a/`).
    pub authenticated_form: bool,
    /// The query, when some parameter in it is not one of the runtime's (an endpoint's
    /// option, or a mistake): [`QueryParams::check_options`] reads it once routed.
    pub others: Option<&'a str>,
    /// Pretty JSON was asked for (or is the default).
    pub pretty: bool,
    /// A method override (`$m`) was applied: CORS answers with the reduced header set.
    pub overridden: bool,
}

/// What the way out needs to know about the request head as the client sent it, read
/// once, before admission applies any override: a few flags, so that the request's future
/// keeps no copy of a header (the way out finds the `Origin` and trace headers in the
/// request head again, which overrides leave alone).
#[derive(Debug, Clone, Copy, Default)]
pub struct AnswerFlags {
    /// The request's `Origin` is allowed cross-origin use.
    pub origin_allowed: bool,
    /// CORS is configured and the request named an origin (the answer varies by origin).
    pub varies_by_origin: bool,
    /// The client accepts gzip.
    pub gzip: bool,
    /// Error answers may be gzipped too (unless the spec says `gzip_errors: false`).
    pub gzip_errors: bool,
    /// Admission applied a method override ([`AdmittedRequest::overridden`]): CORS answers with
    /// the reduced header set.
    pub overridden: bool,
}

impl AnswerFlags {
    /// Reads what the way out needs from the request head, before any override.
    pub fn read(parts: &Parts, conventions: &Conventions, allowed: &cors::AllowedOrigins) -> Self {
        let origin = parts.headers.get(header::ORIGIN);
        let origin_allowed = origin.is_some_and(|o| {
            o.to_str()
                .is_ok_and(|o| cors::origin_allowed(allowed, conventions, o))
        });
        AnswerFlags {
            origin_allowed,
            varies_by_origin: allowed.is_configured() && origin.is_some(),
            gzip: compression::accepts_gzip(&parts.headers),
            gzip_errors: !conventions.never_gzip_errors,
            overridden: false,
        }
    }
}

/// Applies the conventions of the way in to a request whose query was read. `method` and
/// `headers` are the request's, which `$m`/`$ct` may change; `uri` is read only, so the
/// path and query stay borrowed from it.
pub fn admit<'a>(
    service: &ServiceSpec,
    uri: &'a http::Uri,
    method: &mut http::Method,
    headers: &mut http::HeaderMap,
    query: QueryParams<'a>,
    origin_allowed: bool,
) -> Result<AdmittedRequest<'a>, ApiError> {
    let conventions = &service.conventions;
    let (path, authenticated_form) = normalise_path(
        uri.path(),
        conventions.base_path,
        conventions.authenticated_prefix,
    )
    .ok_or_else(|| {
        ApiError::condition(crate::error::Condition::NotFound)
            .with_message("Not found: outside the service's base path")
    })?;
    let overridden = overrides::apply(method, headers, &query, conventions, origin_allowed)?;
    let pretty = crate::message::json::wants_pretty(
        conventions,
        query.pretty.as_deref(),
        headers.get(header::ACCEPT),
    );
    Ok(AdmittedRequest {
        path,
        authenticated_form,
        others: query.others(),
        pretty,
        overridden,
    })
}

/// The conventions of the way out, for every answer to a request they read (errors
/// included): trace ids, CORS, gzip. `request` is the request's head as admission left it
/// (its `Origin` and trace headers as the client sent them); `trace` the request's demand
/// for tracing, when it made one.
pub fn finish(
    response: &mut Response,
    request: &http::HeaderMap,
    answer_flags: AnswerFlags,
    trace: Option<&TraceRequest<'_>>,
    trace_header: Option<&HeaderName>,
    conventions: &Conventions,
) {
    if let (Some(trace), Some(name)) = (trace, trace_header) {
        let sent = request.get(name);
        for id in trace.ids() {
            let value = match sent {
                // The id is the header's own bytes: send them back without copying.
                Some(sent) if sent.as_bytes() == id.as_bytes() => Ok(sent.clone()),
                _ => HeaderValue::from_str(id),
            };
            if let Ok(value) = value {
                response.headers_mut().append(name.clone(), value);
            }
        }
    }
    if answer_flags.varies_by_origin {
        cors::vary(response.headers_mut(), false);
    }
    if let Some(origin) = request
        .get(header::ORIGIN)
        .filter(|_| answer_flags.origin_allowed)
    {
        let decoration = if answer_flags.overridden {
            Decoration::Override
        } else {
            Decoration::Full
        };
        cors::decorate(response.headers_mut(), origin, decoration, conventions);
    }
    compression::compress(response, answer_flags.gzip, answer_flags.gzip_errors);
}

/// Collapses runs of `/`, drops one trailing `/`, strips the base path and then the
/// authenticated prefix. Answers the new path (borrowed unless it had to be rewritten) and
/// whether the prefix was there; `None` for a path outside the base path.
pub fn normalise_path<'p>(
    path: &'p str,
    base_path: Option<&str>,
    authenticated_prefix: Option<&str>,
) -> Option<(Cow<'p, str>, bool)> {
    let normal = !path.contains("//") && (path == "/" || !path.ends_with('/'));
    let path: Cow<'p, str> = if normal {
        Cow::Borrowed(path)
    } else {
        let mut out = String::with_capacity(path.len());
        for segment in path.split('/').filter(|s| !s.is_empty()) {
            out.push('/');
            out.push_str(segment);
        }
        if out.is_empty() {
            out.push('/');
        }
        Cow::Owned(out)
    };
    let path = match base_path {
        Some(base) => strip_segments(path, base).ok()?,
        None => path,
    };
    let Some(prefix) = authenticated_prefix else {
        return Some((path, false));
    };
    Some(match strip_segments(path, prefix) {
        Ok(rest) => (rest, true),
        Err(path) => (path, false),
    })
}

/// `path` without `prefix` (whole segments, compared without trailing slashes): the rest
/// starting with `/` (`/` when nothing is left), or `path` unchanged when it does not start
/// with `prefix`.
fn strip_segments<'p>(path: Cow<'p, str>, prefix: &str) -> Result<Cow<'p, str>, Cow<'p, str>> {
    let bare = prefix.trim_end_matches('/');
    if path == bare {
        return Ok(Cow::Borrowed("/"));
    }
    let rest = |p: &str| p.strip_prefix(bare).is_some_and(|r| r.starts_with('/'));
    match path {
        Cow::Borrowed(p) if rest(p) => Ok(Cow::Borrowed(&p[bare.len()..])),
        Cow::Owned(mut p) if rest(&p) => {
            p.drain(..bare.len());
            Ok(Cow::Owned(p))
        }
        other => Err(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_paths_and_strips_the_authenticated_prefix() {
        let cases = [
            ("/a/changes/", ("/changes", true)),
            ("/a//changes//1/", ("/changes/1", true)),
            ("/changes/", ("/changes", false)),
            ("/a", ("/", true)),
            ("/a/", ("/", true)),
            ("/ab/c", ("/ab/c", false)),
            ("/", ("/", false)),
            ("//", ("/", false)),
        ];
        for (input, (path, authenticated)) in cases {
            let (out, auth) = normalise_path(input, None, Some("/a/")).unwrap();
            assert_eq!((out.as_ref(), auth), (path, authenticated), "{input}");
        }
        let (out, auth) = normalise_path("/a/x", None, None).unwrap();
        assert_eq!((out.as_ref(), auth), ("/a/x", false));
    }

    #[test]
    fn strips_the_base_path_before_the_authenticated_prefix() {
        let cases = [
            ("/api/v4/projects/1", Some(("/projects/1", false))),
            ("/api/v4/a/projects/", Some(("/projects", true))),
            ("/api//v4/user/", Some(("/user", false))),
            ("/api/v4", Some(("/", false))),
            ("/api/v4/", Some(("/", false))),
            ("/api/v40/user", None),
            ("/api/user", None),
            ("/a/api/v4/user", None),
            ("/", None),
        ];
        for (input, expected) in cases {
            let out = normalise_path(input, Some("/api/v4"), Some("/a/"));
            let out = out.as_ref().map(|(p, a)| (p.as_ref(), *a));
            assert_eq!(out, expected, "{input}");
        }
        let (out, _) = normalise_path("/api/v4/projects/1/issues", Some("/api/v4"), None).unwrap();
        assert!(matches!(out, Cow::Borrowed("/projects/1/issues")));
    }

    #[test]
    fn normal_paths_are_borrowed() {
        let (out, _) =
            normalise_path("/a/changes/1/revisions/2/detail", None, Some("/a/")).unwrap();
        assert!(matches!(
            out,
            Cow::Borrowed("/changes/1/revisions/2/detail")
        ));
        let (out, _) = normalise_path("/changes/1", None, Some("/a/")).unwrap();
        assert!(matches!(out, Cow::Borrowed(_)));
    }
}
