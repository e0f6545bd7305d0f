//! The steps once the caller is known: route, authorize, resolve the resource, charge the
//! quota, read the options and the body, and call the handler under its timer, with
//! idempotency around it.
//!
//! They are a future of their own, which the request's steps await once the caller is
//! known. A future keeps room for every value that lives across two of its waits in every
//! one of its states, so this is what keeps the request's state small: what these steps
//! keep across their waits (the route's parameters, the resource, the quota, the
//! idempotency key) takes no room while the credentials are looked up, and the lookup's
//! state none while the handler runs. The request's steps await one of the two at a time,
//! and neither holds the other.

use std::future::Future;
use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;

use bytes::Bytes;
use futures_util::FutureExt;
use http::request::Parts;

use super::{authorize, body, budget, way_out};
use crate::error::{ApiError, Condition};
use crate::idempotency::{self, fingerprint};
use crate::message::context::Caller;
use crate::message::query::QueryParams;
use crate::metrics::TimedOut;
use crate::pipeline::api::{Answer, Api, Call};
use crate::pipeline::routing::Lookup;
use crate::pipeline::state::ServiceState;
use crate::protocol::auth::Authenticator;
use crate::protocol::envelope::AdmittedRequest;
use crate::quota::QuotaState;
use crate::spec::EndpointSpec;
use crate::trace::TraceRequest;

/// Who is calling, as authentication (and impersonation) found.
pub(super) struct Identified {
    /// The caller, anonymous when no credentials identified one.
    pub(super) caller: Caller,
    /// The credential place the caller was found in (`Conventions::credentials`).
    pub(super) place: Option<u8>,
    /// The caller lacks the XSRF token their mutations need.
    pub(super) lacks_xsrf_token: bool,
}

/// The answer of the endpoint `parts` reaches at `admitted`'s path, for the caller
/// `identified`, and the endpoint, if it was routed. An async block rather than an async
/// fn, which would keep its arguments twice.
#[allow(
    clippy::manual_async_fn,
    reason = "an async fn keeps its arguments twice"
)]
pub(super) fn serve<'r, P, A, B>(
    shared: &'r ServiceState<P, A>,
    parts: &'r Parts,
    admitted: &'r AdmittedRequest<'_>,
    trace: Option<&'r TraceRequest<'_>>,
    remote: &'r Option<SocketAddr>,
    mut identified: Identified,
    body: B,
) -> impl Future<Output = (Answer, Option<&'static EndpointSpec>)> + Send + 'r
where
    P: Api,
    A: Authenticator,
    B: http_body::Body<Data = Bytes> + Send + 'r,
    B::Error: Into<crate::BoxError>,
{
    async move {
        // What is at hand everywhere below (the spec, the limits) is read where it is used,
        // not kept in locals: each would take room in every state of this future.

        // Route. A body announced over the limit is refused first: nothing of
        // it is read, and no endpoint runs for it.
        if body.size_hint().lower() > shared.settings.limits.max_body_bytes as u64 {
            let metrics = shared.metrics.as_deref();
            return (
                Err(body::too_large(
                    shared.settings.limits.max_body_bytes,
                    metrics,
                )),
                None,
            );
        }
        let path = &*admitted.path;
        let (routed, mut params) = match shared.routes.lookup_request(parts, path) {
            Lookup::Found(routed, params) => (routed, params),
            Lookup::NotFound => {
                return (Err(ApiError::condition(Condition::NotFound)), None);
            }
            Lookup::BadEncoding(_) => {
                return (
                    Err(ApiError::condition(Condition::NotFound)
                        .with_message("Not found: invalid path encoding")),
                    None,
                );
            }
            Lookup::MethodNotAllowed(allow) => {
                return (
                    Err(ApiError::condition(Condition::MethodNotAllowed)
                        .with_header(http::header::ALLOW, allow)),
                    None,
                );
            }
        };
        let answer: Answer = 'routed: {
            // Authorize, then resolve the resource.
            if !authorize::seen_by(routed, identified.place, P::SERVICE) {
                identified.caller = Caller::anonymous();
                identified.lacks_xsrf_token = false;
            }
            let caller = &identified.caller;
            let method = &parts.method;
            let resource = match authorize::resolve(
                shared,
                routed,
                &mut params,
                caller,
                identified.lacks_xsrf_token,
                method,
            )
            .await
            {
                Ok(resource) => resource,
                // Refused before the quota check: with the budget's headers, and
                // charged, where the spec says the API does so.
                Err(error) if budget::refusals_are_bare(shared) => break 'routed Err(error),
                Err(error) => {
                    let refused =
                        budget::refused_early(shared, error, routed, caller, parts, *remote);
                    break 'routed Err(Box::pin(refused).await);
                }
            };

            // Charge the quota.
            let quota = if shared.settings.quota.is_empty() {
                QuotaState::default()
            } else {
                let resource = resource.as_ref();
                match budget::check_quota(shared, routed, caller, resource, parts, *remote).await {
                    Ok(quota) => quota,
                    Err(error) => break 'routed Err(error),
                }
            };

            // From here on, every answer (a handler's error too) tells the caller's
            // budget, when the spec names headers for it.
            let answer: Answer = 'endpoint: {
                if let (Some(header), Some(_)) = (&shared.headers.create_only, &resource)
                    && parts.headers.get(header).is_some_and(|v| v == "*")
                {
                    break 'endpoint Err(ApiError::condition(Condition::PreconditionFailed)
                        .with_message("Resource already exists"));
                }
                if let Err(error) =
                    QueryParams::check_options(admitted.others, routed, &P::SERVICE.conventions)
                {
                    break 'endpoint Err(error);
                }
                let body = if routed.request_body {
                    match body::read(body, &shared.settings.limits, shared.metrics.as_deref()).await
                    {
                        Ok(body) => body,
                        Err(error) => break 'endpoint Err(error),
                    }
                } else {
                    Bytes::new()
                };

                // The handler, with idempotency around it.
                let key = idempotency::key_of(P::SERVICE, parts, caller, routed);
                if let Some((key, expire_after)) = &key {
                    let print = fingerprint(&parts.method, parts.uri.path(), &body);
                    match idempotency::begin(
                        &*shared.settings.idempotency,
                        key,
                        print,
                        *expire_after,
                        shared.settings.limits.request_timeout,
                    )
                    .await
                    {
                        Ok(Some(replay)) => break 'endpoint Ok(replay),
                        Ok(None) => {}
                        Err(error) => break 'endpoint Err(error),
                    }
                }
                // The call lives only while the handler runs (not while its answer is
                // remembered), so that it takes no room beside the steps' other waits.
                let answer = {
                    let call = Call {
                        endpoint: routed,
                        service: P::SERVICE,
                        parts,
                        caller,
                        trace,
                        resource: resource.as_ref(),
                        params: &params,
                        body,
                        pretty: admitted.pretty,
                        size_hint: shared.size_hint(routed),
                        remote_addr: remote,
                        limits: &shared.settings.limits,
                        public_url: shared.settings.public_url.as_deref(),
                        trust_forwarded: shared.settings.trust_forwarded,
                    };
                    let handled = AssertUnwindSafe(shared.api.call(&call)).catch_unwind();
                    let limit = shared.settings.limits.request_timeout;
                    match tokio::time::timeout(limit, handled).await {
                        Err(_) => {
                            tracing::error!(endpoint = routed.name, ?limit, "handler timed out");
                            if let Some(metrics) = &shared.metrics {
                                metrics.count_timeout(TimedOut::Handler);
                            }
                            Err(budget::timed_out(limit))
                        }
                        Ok(Ok(answer)) => answer,
                        Ok(Err(_)) => {
                            tracing::error!(endpoint = routed.name, "handler panicked");
                            Err(ApiError::condition(Condition::InternalError)
                                .with_message("Internal server error"))
                        }
                    }
                };
                if let Some((key, _)) = &key {
                    let (store, limit) = (
                        &*shared.settings.idempotency,
                        shared.settings.limits.request_timeout,
                    );
                    idempotency::remember(store, key, &answer, limit).await;
                }
                answer
            };
            let headers = P::SERVICE.conventions.rate_limit_headers;
            let answer = budget::with_quota_headers(answer, &quota, headers.as_ref(), routed);
            way_out::with_deprecation(answer, routed)
        };
        (answer, Some(routed))
    }
}
