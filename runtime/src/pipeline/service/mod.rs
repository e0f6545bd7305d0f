//! The service a generated module builds: one tower (and hyper) service that runs the
//! conventions, routes, authenticates and dispatches in a single async call, with one
//! allocation of its own per request (the boxed future `tower::Service` requires).

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Instant;

use bytes::Bytes;
use http::{HeaderName, Method};
use tracing::Instrument;

use crate::error::ApiError;
use crate::limits::Limits;
use crate::message::body::Response;
use crate::message::context::Caller;
use crate::message::query::QueryParams;
use crate::message::request_id::RequestId;
use crate::metrics::Matched;
use crate::pipeline::api::Api;
use crate::pipeline::dispatch::{self, AuthenticatedRequest};
use crate::pipeline::state::Shared;
use crate::protocol::auth::{Authenticator, Presented, resolve_caller};
use crate::protocol::conventions::{self, Admitted, Outbound};
use crate::protocol::cors;
use crate::serve::activity::Activity;
use crate::settings::Settings;
use crate::trace::TraceRequest;
use crate::trace::server_span;

mod own_answers;
mod traits;

pub(crate) use own_answers::ServiceWatch;
use own_answers::openapi_document;

/// A boxed, sendable future: what `tower::Service::call` answers.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// A generated service: the generated API `P` over the service's handlers, with the
/// runtime's conventions, served with `Settings<A>`.
///
/// Serve it with [`serve`](fn@crate::serve), wrap it in tower layers, or (feature `axum`)
/// turn it into an axum router with `into_router` to combine it with other routes.
pub struct Service<P, A> {
    shared: Arc<Shared<P, A>>,
    remote_addr: Option<SocketAddr>,
    /// The connection's activity when [`serve`](crate::serve) watches it: requests mark
    /// it busy while they run, so that its idle and header timeouts do not apply then.
    activity: Option<Arc<Activity>>,
}

impl<P, A> Clone for Service<P, A> {
    fn clone(&self) -> Self {
        Service {
            shared: self.shared.clone(),
            remote_addr: self.remote_addr,
            activity: self.activity.clone(),
        }
    }
}

impl<P, A> std::fmt::Debug for Service<P, A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Service")
            .field("settings", &self.shared.settings)
            .field("remote_addr", &self.remote_addr)
            .finish_non_exhaustive()
    }
}

impl<P: Api, A: Authenticator> Service<P, A> {
    /// The service of `api` with `settings`.
    pub fn new(api: P, settings: Settings<A>) -> Self {
        Service {
            shared: Arc::new(Shared::new(api, settings)),
            remote_addr: None,
            activity: None,
        }
    }

    /// This service for one connection from `remote_addr`, which handlers then see in
    /// their [`RequestContext`](crate::RequestContext).
    #[must_use]
    pub fn for_connection(&self, remote_addr: SocketAddr) -> Self {
        Service {
            shared: self.shared.clone(),
            remote_addr: Some(remote_addr),
            activity: None,
        }
    }

    /// This service for one connection whose `activity` the serving loop watches.
    pub(crate) fn for_watched_connection(
        &self,
        remote_addr: SocketAddr,
        activity: Arc<Activity>,
    ) -> Self {
        Service {
            activity: Some(activity),
            ..self.for_connection(remote_addr)
        }
    }

    /// The limits it is served with ([`Settings::limits`]).
    pub fn limits(&self) -> &Limits {
        &self.shared.settings.limits
    }

    /// The generated API, with the handlers it serves.
    pub fn api(&self) -> &P {
        &self.shared.api
    }

    /// An axum router serving everything this service serves (to merge with other routes
    /// or layers; serving the service directly saves axum's routing). Feature `axum`.
    #[cfg(feature = "axum")]
    pub fn into_router(self) -> axum::Router {
        axum::Router::new().fallback_service(self)
    }

    /// Answers one request.
    pub async fn handle<B>(&self, request: http::Request<B>) -> Response
    where
        B: http_body::Body<Data = Bytes> + Send,
        B::Error: Into<crate::BoxError>,
    {
        let (parts, body) = request.into_parts();
        match self.clone().serve(parts, body).await {
            Ok(response) => response,
        }
    }

    /// Answers one request, marking the connection busy meanwhile: the future hyper's and
    /// tower's `call` box. It owns the service rather than borrowing it, so that `call`
    /// boxes this future itself and not an async block around it: every level of futures
    /// is a copy of the whole state when it starts. An async block rather than an async fn,
    /// which would keep the request's head twice (as argument and as local); the block
    /// uses the head it captured in place.
    #[allow(clippy::manual_async_fn, reason = "an async fn keeps the head twice")]
    fn serve<B>(
        self,
        mut parts: http::request::Parts,
        body: B,
    ) -> impl Future<Output = Result<Response, Infallible>> + Send
    where
        B: http_body::Body<Data = Bytes> + Send,
        B::Error: Into<crate::BoxError>,
    {
        async move {
            let _under_way = self.activity.as_ref().map(Activity::request_started);
            // Which endpoint the request reaches, for the metrics and the server span.
            let matched = Matched::new();
            // Without a span the future is awaited as it is: wrapping it would copy it once more.
            let Some(span) = server_span::open(&parts, self.remote_addr) else {
                return Ok(self.respond(&mut parts, body, &matched, None).await);
            };
            let response = self
                .respond(&mut parts, body, &matched, Some(&span))
                .instrument(span.clone())
                .await;
            let endpoint = matched.index().and_then(|i| P::SERVICE.endpoints.get(i));
            server_span::close(&span, endpoint.copied(), response.status());
            Ok(response)
        }
    }

    /// Answers one request, inside its server span when there is one.
    async fn respond<B>(
        &self,
        parts: &mut http::request::Parts,
        body: B,
        matched: &Matched,
        server_span: Option<&tracing::Span>,
    ) -> Response
    where
        B: http_body::Body<Data = Bytes> + Send,
        B::Error: Into<crate::BoxError>,
    {
        let started = crate::trace::start_access();
        let shared = &*self.shared;
        let counted_since = shared.metrics.is_some().then(Instant::now);
        let service = P::SERVICE;
        let conventions = &service.conventions;
        let allowed = &shared.settings.allowed_origins;
        // Every request's id, when the spec names a header for it: kept with the request
        // for handlers, answered and logged on the way out.
        let request_id = shared.headers.request_id.as_ref().map(|name| {
            let prefix = conventions.request_id_prefix;
            let id = crate::message::request_id::of(&parts.headers, name, prefix);
            server_span::record_request_id(server_span, id.as_str());
            parts.extensions.insert(id.clone());
            (name, id)
        });

        let trace_header;
        let (response, read) = if cors::is_preflight(&parts.method, &parts.headers) {
            // Answered at once (protocol 10.12, step 1): nothing else of the request is
            // read, so the way out adds only what every answer carries.
            let mut response = cors::preflight(&parts.headers, allowed, conventions)
                .unwrap_or_else(|error| error.into_response_for(service));
            cors::preflight_headers(response.headers_mut());
            (response, None)
        } else {
            trace_header = shared
                .headers
                .trace
                .as_ref()
                .and_then(|name| parts.headers.get(name))
                .cloned();
            // In a block of its own: the parsed query is not kept in this future's state
            // beside what the conventions admitted of it.
            let (outbound, admitted) = {
                let query = QueryParams::read(parts.uri.query(), conventions);
                let outbound = Outbound::read(
                    parts,
                    trace_header.as_ref(),
                    query
                        .as_ref()
                        .map_err(|_| parts.uri.query().unwrap_or_default()),
                    conventions,
                    allowed,
                );
                let admitted = query.and_then(|query| {
                    conventions::admit(
                        service,
                        &parts.uri,
                        &mut parts.method,
                        &mut parts.headers,
                        query,
                        outbound.allowed_origin.is_some(),
                    )
                });
                (outbound, admitted)
            };
            let overridden = admitted.as_ref().is_ok_and(|admitted| admitted.overridden);
            let trace_id = outbound.trace.as_ref().map(TraceRequest::primary_id);
            if let Some(id) = trace_id {
                server_span::record_trace_id(server_span, id);
            }
            let span = match (trace_id, &shared.settings.site_dir) {
                (Some(id), Some(site)) => {
                    let secrets: Vec<&str> = conventions.secret_parameters().collect();
                    Some(crate::trace::request_span(
                        id,
                        &crate::trace::error_log_path(site),
                        &parts.method,
                        parts.uri.path_and_query().map_or("/", |p| p.as_str()),
                        &secrets,
                    ))
                }
                _ => None,
            };
            // No tuple to match on: it would be kept in this future's state too; and the
            // admitted request borrowed where it lies, not moved into a second local.
            let answer = match admitted {
                Err(error) => Err(error),
                Ok(ref admitted) => {
                    let answer = match span {
                        None => {
                            self.serve_admitted(parts, body, admitted, trace_id, matched)
                                .await
                        }
                        Some(span) => {
                            self.serve_admitted(parts, body, admitted, trace_id, matched)
                                .instrument(span)
                                .await
                        }
                    };
                    // In the row of its code the endpoint lists, if it has one of its own:
                    // the endpoint routed to, or for a refusal before routing, the one it
                    // would be.
                    answer.map_err(|error| {
                        let routed = matched.index().and_then(|i| service.endpoints.get(i));
                        let endpoint = routed
                            .copied()
                            .or_else(|| shared.routes.endpoint_for(parts, &admitted.path));
                        dispatch::in_endpoint_row(error, endpoint, service)
                    })
                }
            };
            let response = answer.unwrap_or_else(|error| error.into_response_for(service));
            (response, Some((outbound, overridden)))
        };
        let response = self.leave(response, parts, read.as_ref(), request_id.as_ref(), started);
        if let (Some(metrics), Some(since)) = (&shared.metrics, counted_since)
            && !matched.is_probe()
        {
            metrics.count_request(matched, &parts.method, response.status(), since.elapsed());
        }
        response
    }

    /// The way out, which every answer takes, preflights included: an answer to `HEAD`
    /// loses its body; an answer to a request the conventions `read` (with whether they
    /// applied an override) gets theirs ([`conventions::finish`]: trace ids, CORS, gzip);
    /// then every answer gets the security headers (unless the spec switches them off), the
    /// request id, and its line in the access log.
    fn leave(
        &self,
        mut response: Response,
        parts: &http::request::Parts,
        read: Option<&(Outbound<'_>, bool)>,
        request_id: Option<&(&HeaderName, RequestId)>,
        started: Option<Instant>,
    ) -> Response {
        let shared = &*self.shared;
        let conventions = &P::SERVICE.conventions;
        if parts.method == Method::HEAD {
            *response.body_mut() = crate::message::body::Body::default();
        }
        if let Some((outbound, overridden)) = read {
            conventions::finish(
                &mut response,
                outbound,
                *overridden,
                shared.headers.trace.as_ref(),
                conventions,
            );
        }
        if conventions.security_headers {
            crate::protocol::security_headers::apply(response.headers_mut());
        }
        if let Some((name, id)) = request_id {
            response.headers_mut().insert((*name).clone(), id.0.clone());
        }
        crate::message::echo::answer(&shared.headers.echo, &parts.headers, response.headers_mut());
        let trace_id = read.and_then(|(outbound, _)| outbound.trace.as_ref());
        crate::trace::record_access(
            started,
            &parts.method,
            parts.uri.path(),
            response.status(),
            trace_id.map(TraceRequest::primary_id),
            request_id.map(|(_, id)| id.as_str()),
        );
        response
    }

    async fn serve_admitted<B>(
        &self,
        parts: &http::request::Parts,
        body: B,
        admitted: &Admitted<'_>,
        trace_id: Option<&str>,
        matched: &Matched,
    ) -> Result<Response, ApiError>
    where
        B: http_body::Body<Data = Bytes> + Send,
        B::Error: Into<crate::BoxError>,
    {
        let shared = &*self.shared;
        let service = P::SERVICE;
        let conventions = &service.conventions;
        let authenticator = shared.settings.authenticator.as_ref();
        let sessions = conventions
            .sessions
            .filter(|_| parts.method == Method::POST);
        if matches!(parts.method, Method::GET | Method::HEAD) {
            if let Some(answer) = self.probe(&admitted.path, matched).await {
                return Ok(answer);
            }
            if let Some(path) = conventions.openapi_path
                && admitted.path == path.trim_end_matches('/')
            {
                return Ok(openapi_document(service.openapi));
            }
        }
        if let Some(docs) = conventions.docs_path
            && matches!(parts.method, Method::GET | Method::HEAD)
            && let Some(answer) = crate::docs_page::answer(
                service,
                docs,
                &admitted.path,
                parts.uri.path(),
                &parts.headers,
            )
        {
            return answer;
        }
        let presented = Presented {
            headers: &parts.headers,
            authenticated_form: admitted.authenticated_form,
            access_token: admitted.query.access_token.as_deref(),
            query_tokens: &admitted.query.tokens,
            remote: self.remote_addr.map(|a| a.ip()),
        };
        if let Some(sessions) = sessions
            && admitted.path == sessions.login_path
        {
            let answer = crate::protocol::session::login(
                authenticator,
                &shared.auth,
                &sessions,
                presented,
                service.title,
            )
            .await;
            return self.count_refused_credentials(answer);
        }
        let authenticated = resolve_caller(
            authenticator,
            &shared.auth,
            conventions,
            presented,
            service.title,
        )
        .await;
        let mut authenticated = match self.count_refused_credentials(authenticated) {
            Ok(authenticated) => authenticated,
            Err(error) => {
                let path = &admitted.path;
                let remote = self.remote_addr;
                return Err(
                    dispatch::refused_before_routing(shared, error, parts, path, remote).await,
                );
            }
        };
        if let Some(sessions) = sessions
            && admitted.path == sessions.logout_path
        {
            // Logging out is a mutation: with a cookie session it needs the XSRF token.
            dispatch::check_xsrf(&authenticated, parts, shared, service)?;
            return Ok(crate::protocol::session::logout(
                authenticator,
                &sessions,
                &parts.headers,
                admitted.query.access_token.as_deref(),
            )
            .await);
        }
        if let (Some(run_as), Some(name)) = (conventions.run_as, &shared.headers.run_as)
            && let Some(target) = parts.headers.get(name)
        {
            let caller = std::mem::replace(&mut authenticated.caller, Caller::anonymous());
            authenticated.caller =
                crate::protocol::run_as::impersonate(authenticator, run_as, target, caller).await?;
        }
        tracing::debug!(
            method = %parts.method,
            path = %admitted.path,
            caller = authenticated.caller.identity().map_or("anonymous", |i| i.username.as_str()),
            auth = ?authenticated.caller.auth_method(),
            method_overridden = admitted.overridden,
            "request accepted by the convention layer"
        );
        let request = AuthenticatedRequest {
            parts,
            body,
            admitted,
            authenticated: &authenticated,
            trace_id,
            remote_addr: self.remote_addr,
            matched,
        };
        let answer = dispatch::run(shared, request).await;
        if let Ok(response) = &answer {
            tracing::debug!(status = response.status().as_u16(), "response");
        }
        answer
    }
}
