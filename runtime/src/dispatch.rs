//! The per-endpoint pipeline, written once for every endpoint of every service:
//! capability → top-level resource → quota → precondition → body → handler → response.
//!
//! Generated code only says which endpoint, how to resolve its family's top-level resource
//! and which handler method to call.

use std::sync::Arc;

use axum::extract::{RawPathParams, Request};
use axum::response::{IntoResponse, Response};
use futures_util::FutureExt;
use http::{Method, StatusCode};
use serde::de::DeserializeOwned;

use crate::context::{Caller, RequestContext, ResourceMetadata};
use crate::error::{ApiError, Condition};
use crate::glue::{Glue, Resolver};
use crate::quota::QuotaRequestContext;
use crate::request::{RequestInfo, parse_json};
use crate::router::Shared;
use crate::spec::EndpointSpec;

/// Largest request body read, in bytes.
pub const MAX_BODY_BYTES: usize = 10 * 1024 * 1024;

/// The outcome of resolving a top-level resource: `None` when it does not exist or the
/// caller cannot see it.
pub type Resolution = Result<Option<ResourceMetadata>, ApiError>;

/// Runs one request through an endpoint.
pub(crate) async fn run<H, O, B, G, R, const N: usize>(
    shared: Arc<Shared<H>>,
    spec: &'static EndpointSpec,
    request: Request,
    resolve: Option<R>,
    call: G,
) -> Response
where
    H: Send + Sync + 'static,
    O: DeserializeOwned + Send + 'static,
    B: DeserializeOwned + Send + 'static,
    G: Glue<H, O, B, N>,
    R: Resolver<H>,
{
    let (mut parts, body) = request.into_parts();
    let info = parts.extensions.remove::<RequestInfo>().unwrap_or_default();
    let pretty = info.pretty;
    let service = shared.service;
    let result = pipeline(&shared, spec, &mut parts, body, info, resolve, call).await;
    match result {
        Ok(value) if spec.response_body => {
            let status = StatusCode::from_u16(spec.success).unwrap_or(StatusCode::OK);
            match crate::json::body(&service.conventions, &value, pretty) {
                Ok(bytes) => crate::json::response(status, bytes),
                Err(err) => {
                    tracing::error!(endpoint = spec.name, %err, "cannot serialise the response");
                    ApiError::condition(Condition::InternalError).into_response_for(service)
                }
            }
        }
        Ok(_) => StatusCode::from_u16(spec.success)
            .unwrap_or(StatusCode::NO_CONTENT)
            .into_response(),
        Err(err) => err.into_response_for(service),
    }
}

async fn pipeline<H, O, B, G, R, const N: usize>(
    shared: &Arc<Shared<H>>,
    spec: &'static EndpointSpec,
    parts: &mut http::request::Parts,
    body: axum::body::Body,
    info: RequestInfo,
    resolve: Option<R>,
    call: G,
) -> Result<G::Output, ApiError>
where
    H: Send + Sync + 'static,
    O: DeserializeOwned + Send + 'static,
    B: DeserializeOwned + Send + 'static,
    G: Glue<H, O, B, N>,
    R: Resolver<H>,
{
    let service = shared.service;
    let conventions = &service.conventions;
    let caller = info.caller;
    if !matches!(parts.method, Method::GET | Method::HEAD) {
        check_mutation_allowed(&caller, info.xsrf_token.as_deref(), parts, service)?;
    }
    if let Some(capability) = spec.capability
        && !caller.has_capability(capability)
    {
        return Err(ApiError::condition(Condition::CapabilityMissing)
            .with_message(format!("not permitted: {capability}")));
    }

    let mut params = path_params::<N>(parts).await?;
    resolve_self_alias(&mut params, spec, &caller, conventions.self_alias)?;

    tracing::debug!(
        endpoint = spec.name,
        template = spec.template,
        "endpoint matched"
    );
    let mut resource = None;
    if let (true, Some(resolve)) = (spec.top_level_id, resolve) {
        let id = params.first().cloned().unwrap_or_default();
        let found = resolve
            .resolve(shared.handlers.clone(), caller.clone(), id.clone())
            .await?;
        tracing::debug!(id = %id, found = found.is_some(), "top-level resource resolved");
        match found {
            Some(meta) => resource = Some(meta),
            None if spec.creates => {}
            None => {
                return Err(ApiError::condition(Condition::NotFound)
                    .with_message(format!("Not found: {id}")));
            }
        }
    }

    if !shared.settings.quota.is_empty() {
        let ctx = QuotaRequestContext {
            caller: caller.clone(),
            resource: resource.clone().unwrap_or_default(),
        };
        shared
            .settings
            .quota
            .request_tokens(spec.quota_group, &ctx, 1)?
            .into_result()
            .inspect_err(
                |e| tracing::debug!(group = spec.quota_group, refusal = %e, "quota refused"),
            )?;
        tracing::debug!(group = spec.quota_group, "quota granted");
    }

    if let (Some(header), Some(_)) = (conventions.create_only_header, &resource)
        && parts.headers.get(header).is_some_and(|v| v == "*")
    {
        return Err(ApiError::condition(Condition::PreconditionFailed)
            .with_message("Resource already exists"));
    }

    let reserved = [
        conventions.pretty_parameter,
        conventions.trace_parameter,
        conventions.access_token_parameter,
        conventions.method_override_parameter,
        conventions.content_type_override_parameter,
    ];
    let options: O = crate::request::parse_options(parts.uri.query(), spec.options, &reserved)?;

    let input: B = if spec.request_body {
        let bytes = axum::body::to_bytes(body, MAX_BODY_BYTES)
            .await
            .map_err(|_| {
                ApiError::condition(Condition::MalformedRequest)
                    .with_message("request body too large or unreadable")
            })?;
        parse_json(&parts.headers, None, &bytes)?
    } else {
        serde_json::from_value(serde_json::Value::Null)
            .map_err(|_| ApiError::condition(Condition::InternalError))?
    };

    let ctx = RequestContext {
        caller,
        trace_id: info.trace_id,
        resource,
    };
    let handler = std::panic::AssertUnwindSafe(call.call(
        shared.handlers.clone(),
        ctx,
        params,
        options,
        input,
    ));
    match handler.catch_unwind().await {
        Ok(result) => result
            .map_err(Into::into)
            .inspect_err(|e| tracing::debug!(error = %e, "handler answered an error")),
        Err(_) => {
            tracing::error!(endpoint = spec.name, "handler panicked");
            Err(ApiError::condition(Condition::InternalError).with_message("Internal server error"))
        }
    }
}

/// Mutations need an authenticated caller; a cookie session also needs its XSRF token in
/// the XSRF header (seed 4.4 and 5.4). Basic authentication and access tokens need none.
fn check_mutation_allowed(
    caller: &Caller,
    xsrf_token: Option<&str>,
    parts: &http::request::Parts,
    service: &crate::spec::ServiceSpec,
) -> Result<(), ApiError> {
    if caller.is_anonymous() {
        return Err(ApiError::condition(Condition::AuthenticationRequired)
            .with_message("Authentication required"));
    }
    if caller.auth_method() == crate::context::AuthMethod::Cookie {
        let sent = service
            .conventions
            .xsrf_header
            .and_then(|h| parts.headers.get(h))
            .and_then(|v| v.to_str().ok());
        let valid = matches!((sent, xsrf_token), (Some(sent), Some(expected)) if constant_time_eq(sent, expected));
        if !valid {
            let prefix = service.conventions.authenticated_prefix.unwrap_or("/a/");
            return Err(ApiError::condition(Condition::InvalidXsrfToken).with_message(format!(
                "Invalid authentication method. In order to authenticate, prefix the REST endpoint URL with {prefix} (e.g. {}{}projects/).",
                service.base_url.trim_end_matches('/'),
                prefix
            )));
        }
    }
    Ok(())
}

/// Compares two secrets without revealing where they differ.
fn constant_time_eq(a: &str, b: &str) -> bool {
    subtle::ConstantTimeEq::ct_eq(a.as_bytes(), b.as_bytes()).into()
}

/// Replaces the self alias (`self`) by the caller's id in the parameters the spec marks;
/// anonymous callers get 403 (seed 2.2 and 5.6).
fn resolve_self_alias<const N: usize>(
    params: &mut [String; N],
    spec: &EndpointSpec,
    caller: &Caller,
    alias: Option<&str>,
) -> Result<(), ApiError> {
    let Some(alias) = alias else {
        return Ok(());
    };
    for &index in spec.self_params {
        let Some(param) = params.get_mut(index) else {
            continue;
        };
        if param != alias {
            continue;
        }
        match caller.identity() {
            Some(identity) => *param = identity.id.clone(),
            None => {
                return Err(ApiError::condition(Condition::AnonymousSelf)
                    .with_message(format!("Resolving account '{alias}' requires login")));
            }
        }
    }
    Ok(())
}

/// The path parameters. axum percent-decodes each captured segment after matching, so
/// `a%2Fb` stays one id, `a/b`.
async fn path_params<const N: usize>(
    parts: &mut http::request::Parts,
) -> Result<[String; N], ApiError> {
    use axum::extract::FromRequestParts;
    if N == 0 {
        return Ok(std::array::from_fn(|_| String::new()));
    }
    let raw = RawPathParams::from_request_parts(parts, &())
        .await
        .map_err(|_| {
            ApiError::condition(Condition::NotFound)
                .with_message("Not found: invalid path encoding")
        })?;
    let decoded: Vec<String> = raw.iter().map(|(_, value)| value.to_owned()).collect();
    <[String; N]>::try_from(decoded).map_err(|_| ApiError::condition(Condition::InternalError))
}
