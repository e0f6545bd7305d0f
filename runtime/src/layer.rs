//! The convention layer: everything that happens to a request before routing, and to
//! every response on its way out (seed 4.2-4.5 and 5).
//!
//! In order: CORS preflights are answered; the path is normalised and the authenticated
//! prefix stripped; the reserved query parameters are read; `$m`/`$ct` are applied; the
//! caller is authenticated; the session endpoints are served; then the router runs. On the
//! way out every response, errors included, gets its CORS headers.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use http::{Method, StatusCode, Uri, header};
use tracing::Instrument;

use crate::auth::resolve_caller;
use crate::cors::{self, Decoration};
use crate::error::{ApiError, Condition};
use crate::overrides;
use crate::request::{RequestInfo, query_pairs};
use crate::router::Shared;
use crate::spec::ServiceSpec;

/// The layer function, installed by `RouterBuilder::build` in front of the router.
pub(crate) async fn conventions<H: Send + Sync + 'static>(
    State(shared): State<Arc<Shared<H>>>,
    request: Request,
    next: Next,
) -> Response {
    let service = shared.service;
    let allowed = &shared.settings.allowed_origins;
    let xsrf_header = service.conventions.xsrf_header;
    let origin = request
        .headers()
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);

    if cors::is_preflight(request.method(), request.headers()) {
        let mut response = match cors::preflight(request.headers(), allowed, xsrf_header) {
            Ok(response) => response,
            Err(error) => error.into_response_for(service),
        };
        cors::preflight_headers(response.headers_mut());
        return response;
    }

    let origin_allowed = origin.as_deref().is_some_and(|o| allowed.allows(o));
    let conventions = &service.conventions;
    let trace = crate::trace::requested_trace(
        request.uri().query(),
        request.headers(),
        conventions.trace_parameter,
        conventions.trace_header,
    );
    let (outcome, overridden) = match (&trace, &shared.settings.site_dir) {
        (Some(trace), Some(site)) => {
            let secrets: Vec<&str> = conventions.access_token_parameter.into_iter().collect();
            let path_and_query = request.uri().path_and_query().map_or("/", |p| p.as_str());
            let span = crate::trace::request_span(
                trace.primary_id(),
                &crate::trace::error_log_path(site),
                request.method(),
                path_and_query,
                &secrets,
            );
            let id = trace.primary_id().to_owned();
            handle(&shared, request, next, origin_allowed, Some(id))
                .instrument(span)
                .await
        }
        (Some(trace), None) => {
            let id = trace.primary_id().to_owned();
            handle(&shared, request, next, origin_allowed, Some(id)).await
        }
        (None, _) => handle(&shared, request, next, origin_allowed, None).await,
    };
    let mut response = outcome.unwrap_or_else(|error| error.into_response_for(service));
    if let (Some(trace), Some(header)) = (&trace, conventions.trace_header) {
        for id in trace.ids() {
            if let (Ok(name), Ok(value)) = (
                http::HeaderName::from_bytes(header.as_bytes()),
                http::HeaderValue::from_str(id),
            ) {
                response.headers_mut().append(name, value);
            }
        }
    }

    if allowed.is_configured() && origin.is_some() {
        cors::vary(response.headers_mut(), false);
    }
    if let (Some(origin), true) = (origin, origin_allowed) {
        let decoration = if overridden {
            Decoration::Override
        } else {
            Decoration::Full
        };
        cors::decorate(response.headers_mut(), &origin, decoration, xsrf_header);
    }
    response
}

/// Everything between the preflight check and the CORS decoration. Answers the response
/// (or the error to render) and whether a method override was applied.
async fn handle<H: Send + Sync + 'static>(
    shared: &Shared<H>,
    mut request: Request,
    next: Next,
    origin_allowed: bool,
    trace_id: Option<String>,
) -> (Result<Response, ApiError>, bool) {
    let service = shared.service;
    let conventions = &service.conventions;

    let (path, authenticated_form) =
        normalise_path(request.uri().path(), conventions.authenticated_prefix);
    if let Some(uri) = rewrite_path(request.uri(), &path) {
        *request.uri_mut() = uri;
    }

    let pairs = query_pairs(request.uri().query());
    let params = match overrides::reserved_params(&pairs, conventions) {
        Ok(params) => params,
        Err(error) => return (Err(error), false),
    };
    let overridden = match overrides::apply(&mut request, &params, conventions, origin_allowed) {
        Ok(overridden) => overridden,
        Err(error) => return (Err(error), false),
    };
    let pretty = crate::json::wants_pretty(
        conventions,
        params.pretty.as_deref(),
        request.headers().get(header::ACCEPT),
    );

    let authenticator = shared.settings.authenticator.as_ref();
    if let Some(sessions) = conventions.sessions
        && request.method() == Method::POST
    {
        if path == sessions.login_path {
            let answer =
                crate::session::login(authenticator, &sessions, request.headers(), service.title)
                    .await;
            return (answer, overridden);
        }
        if path == sessions.logout_path {
            let answer = crate::session::logout(
                authenticator,
                &sessions,
                request.headers(),
                params.access_token.as_deref(),
            )
            .await;
            return (Ok(answer), overridden);
        }
    }

    let authenticated = match resolve_caller(
        authenticator,
        conventions,
        request.headers(),
        authenticated_form,
        params.access_token.as_deref(),
        service.title,
    )
    .await
    {
        Ok(authenticated) => authenticated,
        Err(error) => return (Err(error), overridden),
    };

    tracing::debug!(
        method = %request.method(),
        path = %path,
        caller = authenticated.caller.identity().map_or("anonymous", |i| i.username.as_str()),
        auth = ?authenticated.caller.auth_method(),
        method_overridden = overridden,
        "request accepted by the convention layer"
    );
    request.extensions_mut().insert(RequestInfo {
        caller: authenticated.caller,
        authenticated_form,
        pretty,
        trace_id,
        xsrf_token: authenticated.xsrf_token,
    });
    let response = next.run(request).await;
    tracing::debug!(status = response.status().as_u16(), "response");
    (Ok(plaintext_405(response, service)), overridden)
}

/// axum answers an unsupported method on a known path with an empty 405; give it the
/// status table's body, keeping the `Allow` header.
fn plaintext_405(response: Response, service: &ServiceSpec) -> Response {
    if response.status() != StatusCode::METHOD_NOT_ALLOWED
        || response.headers().contains_key(header::CONTENT_TYPE)
    {
        return response;
    }
    let mut error = ApiError::condition(Condition::MethodNotAllowed);
    if let Some(allow) = response.headers().get(header::ALLOW) {
        error = error.with_header(header::ALLOW, allow.clone());
    }
    error.into_response_for(service)
}

/// Collapses runs of `/`, drops one trailing `/` and strips the authenticated prefix.
/// Answers the new path and whether the prefix was there.
pub fn normalise_path(path: &str, authenticated_prefix: Option<&str>) -> (String, bool) {
    let mut out = String::with_capacity(path.len());
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        out.push('/');
        out.push_str(segment);
    }
    if out.is_empty() {
        out.push('/');
    }
    if let Some(prefix) = authenticated_prefix {
        let bare = prefix.trim_end_matches('/');
        if out == bare {
            return ("/".to_owned(), true);
        }
        if let Some(rest) = out.strip_prefix(bare)
            && rest.starts_with('/')
        {
            return (rest.to_owned(), true);
        }
    }
    (out, false)
}

fn rewrite_path(uri: &Uri, path: &str) -> Option<Uri> {
    if uri.path() == path {
        return None;
    }
    let path_and_query = match uri.query() {
        Some(q) => format!("{path}?{q}"),
        None => path.to_owned(),
    };
    let mut parts = uri.clone().into_parts();
    parts.path_and_query = path_and_query.parse().ok();
    Uri::from_parts(parts).ok()
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
            ("/ab/c", ("/ab/c", false)),
            ("/", ("/", false)),
            ("//", ("/", false)),
        ];
        for (input, (path, authenticated)) in cases {
            assert_eq!(
                normalise_path(input, Some("/a/")),
                (path.to_owned(), authenticated),
                "{input}"
            );
        }
        assert_eq!(normalise_path("/a/x", None), ("/a/x".to_owned(), false));
    }
}
