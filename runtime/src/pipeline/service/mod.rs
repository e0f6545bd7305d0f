//! The service a generated module builds: one tower (and hyper) service whose `call` starts
//! a request on its way ([`crate::pipeline::request`]), with one allocation of its own per
//! request (the boxed future `tower::Service` requires).

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use bytes::Bytes;

use crate::limits::Limits;
use crate::message::body::Response;
use crate::pipeline::api::Api;
use crate::pipeline::request;
use crate::pipeline::state::ServiceState;
use crate::protocol::auth::Authenticator;
use crate::server::activity::Activity;
use crate::settings::Settings;

mod own_answers;
mod traits;

pub(crate) use own_answers::ServiceWatch;

use crate::pipeline::BoxFuture;

/// A generated service: the generated API `P` over the service's handlers, with the
/// runtime's conventions, served with `Settings<A>`.
///
/// Serve it with [`serve`](fn@crate::serve), wrap it in tower layers, or (feature `axum`)
/// turn it into an axum router with `into_router` to combine it with other routes.
pub struct Service<P, A> {
    shared: Arc<ServiceState<P, A>>,
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
            shared: Arc::new(ServiceState::new(api, settings)),
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
        B: http_body::Body<Data = Bytes> + Send + 'static,
        B::Error: Into<crate::BoxError>,
    {
        match self.call(request).await {
            Ok(response) => response,
        }
    }

    /// The answer to a request on this connection whose line, starting with `line_start`,
    /// is longer than `limit` bytes: hyper cannot read it, so the connection writes this
    /// answer in its place (`server::uri_too_long`).
    pub(crate) fn refuse_unread(&self, line_start: &[u8], limit: usize) -> Response {
        request::unread::refuse(&self.shared, self.remote_addr, line_start, limit)
    }

    /// Starts answering one request: the future hyper's and tower's `call` answer.
    fn call<B>(&self, request: http::Request<B>) -> BoxFuture<Result<Response, Infallible>>
    where
        B: http_body::Body<Data = Bytes> + Send + 'static,
        B::Error: Into<crate::BoxError>,
    {
        request::start(
            &self.shared,
            self.remote_addr,
            self.activity.as_ref(),
            request,
        )
    }
}
