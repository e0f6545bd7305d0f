//! The quota check of the pipeline and the rate-limit headers it leaves on answers: once
//! per admitted request, and, when the spec's `rate_limit_headers.early_refusals` say the
//! API does so, on refusals answered before it (bad credentials, a resource that does not
//! exist), shown or charged.

use std::net::SocketAddr;
use std::panic::{AssertUnwindSafe, catch_unwind};

use http::request::Parts;

use crate::error::{ApiError, Condition};
use crate::message::context::{Caller, ResourceMetadata};
use crate::metrics::TimedOut;
use crate::pipeline::api::{Answer, Api};
use crate::pipeline::routing::Lookup;
use crate::pipeline::state::ServiceState;
use crate::quota::{
    BudgetHeaders, EarlyRefusals, QuotaRefusal, QuotaRequestContext, QuotaState, RateLimitHeaders,
};
use crate::spec::EndpointSpec;

/// Adds the rate-limit headers of `state` to an answer, success or error, naming the
/// endpoint's quota category.
pub(super) fn with_quota_headers(
    answer: Answer,
    state: &QuotaState,
    headers: Option<&RateLimitHeaders>,
    endpoint: &EndpointSpec,
) -> Answer {
    let Some(headers) = headers.filter(|_| !state.is_unknown()) else {
        return answer;
    };
    match answer {
        Ok(mut response) => {
            let written = headers.headers(state, endpoint.rate_limit_resource);
            response.headers_mut().extend(written);
            Ok(response)
        }
        Err(error) => Err(error_with_budget(error, state, Some(headers), endpoint)),
    }
}

/// An error answer with the rate-limit headers of `state`, when the spec names some.
fn error_with_budget(
    error: ApiError,
    state: &QuotaState,
    headers: Option<&RateLimitHeaders>,
    endpoint: &EndpointSpec,
) -> ApiError {
    let Some(headers) = headers.filter(|_| !state.is_unknown()) else {
        return error;
    };
    headers
        .headers(state, endpoint.rate_limit_resource)
        .into_iter()
        .fold(error, |error, (name, value)| error.with_header(name, value))
}

/// What the enforcers are asked: a token, or only how the budget stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ask {
    Charge,
    Peek,
}

/// Asks the quota enforcers for one token of the endpoint's group: inline, or, when an
/// enforcer may block, on a blocking thread under the request timeout (503 past it). A
/// refusal carries the rate-limit headers already.
pub(super) async fn check_quota<P: Api, A>(
    shared: &ServiceState<P, A>,
    endpoint: &'static EndpointSpec,
    caller: &Caller,
    resource: Option<&ResourceMetadata>,
    parts: &Parts,
    remote_addr: Option<SocketAddr>,
) -> Result<QuotaState, ApiError> {
    let answer = ask(
        shared,
        Ask::Charge,
        endpoint,
        caller,
        resource,
        parts,
        remote_addr,
    )
    .await?;
    let group = endpoint.quota_group;
    if let Some(metrics) = &shared.metrics {
        metrics.count_quota(endpoint, answer.is_err());
    }
    match answer {
        Ok(state) => {
            tracing::debug!(group, "quota granted");
            Ok(state)
        }
        Err(QuotaRefusal { error, state }) => {
            tracing::debug!(group, refusal = %error, "quota refused");
            let headers = P::SERVICE.conventions.rate_limit_headers;
            Err(error_with_budget(error, &state, headers.as_ref(), endpoint))
        }
    }
}

/// Asks every enforcer, inline or on a blocking thread; `Err` only when they did not
/// answer in time.
async fn ask<P: Api, A>(
    shared: &ServiceState<P, A>,
    asked: Ask,
    endpoint: &'static EndpointSpec,
    caller: &Caller,
    resource: Option<&ResourceMetadata>,
    parts: &Parts,
    remote_addr: Option<SocketAddr>,
) -> Result<Result<QuotaState, QuotaRefusal>, ApiError> {
    static NO_RESOURCE: ResourceMetadata = ResourceMetadata::empty();
    let quota = &shared.settings.quota;
    let group = endpoint.quota_group;
    let run = move |quota: &crate::quota::QuotaBackend, ctx: &QuotaRequestContext<'_>| match asked {
        Ask::Charge => quota.check(group, ctx),
        Ask::Peek => catch_unwind(AssertUnwindSafe(|| quota.available_tokens(group, ctx)))
            .map(|answers| QuotaState::of(&answers.responses))
            .map_err(|_| QuotaRefusal::from(ApiError::condition(Condition::InternalError))),
    };
    if !quota.may_block() {
        let ctx = QuotaRequestContext {
            caller,
            resource: resource.unwrap_or(&NO_RESOURCE),
            remote_addr,
            headers: &parts.headers,
        };
        return Ok(run(quota, &ctx));
    }
    let (quota, caller) = (quota.clone(), caller.clone());
    let resource = resource.cloned().unwrap_or_default();
    let headers = parts.headers.clone();
    let answer = tokio::task::spawn_blocking(move || {
        let ctx = QuotaRequestContext {
            caller: &caller,
            resource: &resource,
            remote_addr,
            headers: &headers,
        };
        run(&quota, &ctx)
    });
    let limit = shared.settings.limits.request_timeout;
    match tokio::time::timeout(limit, answer).await {
        Ok(Ok(answer)) => Ok(answer),
        Ok(Err(_)) => Ok(Err(ApiError::condition(Condition::InternalError).into())),
        Err(_) => {
            tracing::error!(group, ?limit, "quota enforcers timed out");
            if let Some(metrics) = &shared.metrics {
                metrics.count_timeout(TimedOut::Quota);
            }
            Err(timed_out(limit))
        }
    }
}

/// A refusal of a request for `endpoint` answered before the quota check, as the spec's
/// `early_refusals` say: as it is, with the budget's headers, or charged a token (and then
/// the quota's own refusal when the caller has nothing left).
pub(super) async fn refused_early<P: Api, A>(
    shared: &ServiceState<P, A>,
    error: ApiError,
    endpoint: &'static EndpointSpec,
    caller: &Caller,
    parts: &Parts,
    remote_addr: Option<SocketAddr>,
) -> ApiError {
    let headers = P::SERVICE.conventions.rate_limit_headers;
    let Some(early) = headers.map(|h| h.early_refusals) else {
        return error;
    };
    if early == EarlyRefusals::Bare || shared.settings.quota.is_empty() {
        return error;
    }
    let state = if early == EarlyRefusals::Charged {
        match check_quota(shared, endpoint, caller, None, parts, remote_addr).await {
            Ok(state) => state,
            Err(refusal) => return refusal,
        }
    } else {
        match ask(
            shared,
            Ask::Peek,
            endpoint,
            caller,
            None,
            parts,
            remote_addr,
        )
        .await
        {
            Ok(Ok(state)) => state,
            Ok(Err(QuotaRefusal { state, .. })) => state,
            Err(_) => return error,
        }
    };
    error_with_budget(error, &state, headers.as_ref(), endpoint)
}

/// Whether refusals answered before the quota check are answered as they are, without the
/// budget's headers and uncharged (the spec's `early_refusals`, `bare` unless it says
/// otherwise), or when there is no quota to ask.
pub(super) fn refusals_are_bare<P: Api, A>(shared: &ServiceState<P, A>) -> bool {
    let early = P::SERVICE
        .conventions
        .rate_limit_headers
        .map_or(EarlyRefusals::Bare, |h| h.early_refusals);
    early == EarlyRefusals::Bare || shared.settings.quota.is_empty()
}

/// The 503 of a request that ran past the request timeout.
pub(super) fn timed_out(limit: std::time::Duration) -> ApiError {
    ApiError::status(503).with_message(format!("request timed out after {} s", limit.as_secs_f64()))
}

/// A refusal answered before routing (credentials the service does not accept): the
/// request is routed for its endpoint's budget, by an anonymous caller, when the spec's
/// `early_refusals` ask for it; a request no endpoint serves is answered as it is.
pub(super) async fn refused_before_routing<P: Api, A>(
    shared: &ServiceState<P, A>,
    error: ApiError,
    parts: &Parts,
    path: &str,
    remote_addr: Option<SocketAddr>,
) -> ApiError {
    let early = P::SERVICE
        .conventions
        .rate_limit_headers
        .map_or(EarlyRefusals::Bare, |h| h.early_refusals);
    if early == EarlyRefusals::Bare {
        return error;
    }
    let Lookup::Found(endpoint, _) = shared.routes.lookup_request(parts, path) else {
        return error;
    };
    refused_early(
        shared,
        error,
        endpoint,
        &Caller::anonymous(),
        parts,
        remote_addr,
    )
    .await
}
