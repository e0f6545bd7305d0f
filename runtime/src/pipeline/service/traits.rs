//! The tower and hyper `Service` impls of `Service`: both box the one future a request
//! is answered with (`Service::serve`), tower's by calling hyper's.

use std::convert::Infallible;
use std::task::{Context, Poll};

use bytes::Bytes;

use super::{BoxFuture, Service};
use crate::message::body::Response;
use crate::pipeline::api::Api;
use crate::protocol::auth::Authenticator;

impl<P, A, B> tower::Service<http::Request<B>> for Service<P, A>
where
    P: Api,
    A: Authenticator,
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<crate::BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = BoxFuture<Result<Response, Infallible>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        hyper::service::Service::call(self, request)
    }
}

/// hyper's trait, so that [`serve`](fn@crate::serve) drives the service without an adapter;
/// the tower impl above calls this one.
impl<P, A, B> hyper::service::Service<http::Request<B>> for Service<P, A>
where
    P: Api,
    A: Authenticator,
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<crate::BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = BoxFuture<Result<Response, Infallible>>;

    fn call(&self, request: http::Request<B>) -> Self::Future {
        Service::call(self, request)
    }
}
