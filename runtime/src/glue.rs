//! What generated code hands the router for each endpoint: a glue function calling one
//! handler method, and for families with a top-level resource a resolver. Named traits
//! with blanket impls, so the router's and the pipeline's signatures say what they take
//! in one bound each.

use std::future::Future;
use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::context::{Caller, RequestContext};
use crate::dispatch::Resolution;
use crate::error::ApiError;

/// A glue function: handlers, context, `N` path parameters, options `O` and body `B` to
/// the handler's answer. Every `async fn` of that shape is one.
pub trait Glue<H, O, B, const N: usize>: Clone + Send + Sync + 'static
where
    O: DeserializeOwned + Send + 'static,
    B: DeserializeOwned + Send + 'static,
{
    /// What the handler answers on success.
    type Output: Serialize + Send + 'static;
    /// What the handler answers on failure.
    type Error: Into<ApiError> + Send + 'static;
    /// The call in progress.
    type Future: Future<Output = Result<Self::Output, Self::Error>> + Send + 'static;

    /// Calls the handler.
    fn call(
        &self,
        handlers: Arc<H>,
        ctx: RequestContext,
        params: [String; N],
        options: O,
        body: B,
    ) -> Self::Future;
}

impl<H, O, B, T, E, F, Fut, const N: usize> Glue<H, O, B, N> for F
where
    O: DeserializeOwned + Send + 'static,
    B: DeserializeOwned + Send + 'static,
    T: Serialize + Send + 'static,
    E: Into<ApiError> + Send + 'static,
    F: Fn(Arc<H>, RequestContext, [String; N], O, B) -> Fut + Clone + Send + Sync + 'static,
    Fut: Future<Output = Result<T, E>> + Send + 'static,
{
    type Output = T;
    type Error = E;
    type Future = Fut;

    fn call(
        &self,
        handlers: Arc<H>,
        ctx: RequestContext,
        params: [String; N],
        options: O,
        body: B,
    ) -> Fut {
        self(handlers, ctx, params, options, body)
    }
}

/// A resolver: finds the top-level resource a path names, before quota checks and the
/// handler.
pub trait Resolver<H>: Clone + Send + Sync + 'static {
    /// The lookup in progress.
    type Future: Future<Output = Resolution> + Send + 'static;

    /// Looks `id` up for `caller`.
    fn resolve(&self, handlers: Arc<H>, caller: Caller, id: String) -> Self::Future;
}

impl<H, F, Fut> Resolver<H> for F
where
    F: Fn(Arc<H>, Caller, String) -> Fut + Clone + Send + Sync + 'static,
    Fut: Future<Output = Resolution> + Send + 'static,
{
    type Future = Fut;

    fn resolve(&self, handlers: Arc<H>, caller: Caller, id: String) -> Fut {
        self(handlers, caller, id)
    }
}
