//! The per-endpoint pipeline, written once for every endpoint of every service:
//! mutation check → capability → self alias → top-level resource → quota → precondition →
//! options → body → the endpoint's arm of the generated table (panics become 500).
//!
//! Nothing here is generic over an endpoint: only the arm is, so this code is compiled
//! once per service.

use std::borrow::Cow;
use std::net::SocketAddr;

use bytes::{Buf, BufMut, Bytes, BytesMut};
use futures_util::FutureExt;
use http::Method;
use http::request::Parts;
use http_body_util::BodyExt;
use tokio::time::Instant;

use crate::error::{ApiError, Condition};
use crate::idempotency::{self, fingerprint};
use crate::limits::Limits;
use crate::message::context::{AuthMethod, Caller, ResourceMetadata};
use crate::metrics::{BodyRefusal, Matched, Metrics, TimedOut};
use crate::pipeline::api::{Answer, Api, Call};
use crate::pipeline::routing::{Lookup, PathParams};
use crate::pipeline::state::Shared;
use crate::protocol::auth::Authenticated;
use crate::protocol::conventions::Admitted;
use crate::quota::QuotaState;
use crate::spec::{EndpointSpec, ServiceSpec};

mod budget;

pub(crate) use budget::refused_before_routing;
use budget::{check_quota, refused_early, with_quota_headers};

/// A request the conventions admitted and whose caller is authenticated, not yet routed:
/// what [`run`] routes and takes through its endpoint.
pub(crate) struct AuthenticatedRequest<'a, B> {
    pub(crate) parts: &'a Parts,
    pub(crate) body: B,
    pub(crate) admitted: &'a Admitted<'a>,
    pub(crate) authenticated: &'a Authenticated,
    pub(crate) trace_id: Option<&'a str>,
    pub(crate) remote_addr: Option<SocketAddr>,
    /// Where the endpoint the request reaches is noted, for the metrics.
    pub(crate) matched: &'a Matched,
}

/// Routes the request and runs it through its endpoint.
pub(crate) async fn run<P, A, B>(
    shared: &Shared<P, A>,
    request: AuthenticatedRequest<'_, B>,
) -> Answer
where
    P: Api,
    B: http_body::Body + Send,
    B::Error: Into<crate::BoxError>,
{
    let service = P::SERVICE;
    let AuthenticatedRequest {
        parts,
        body,
        admitted,
        authenticated,
        trace_id,
        remote_addr,
        matched,
    } = request;
    let metrics = shared.metrics.as_deref();
    let max_body = shared.settings.limits.max_body_bytes;
    if body.size_hint().lower() > max_body as u64 {
        // Known from `Content-Length` before a byte of the body is read: refused before
        // routing, so that nothing of the body is read and no endpoint runs for it (the
        // caller was authenticated already, in `service.rs`).
        return Err(body_too_large(max_body, metrics));
    }
    let (endpoint, mut params) = match shared.routes.lookup_request(parts, &admitted.path) {
        Lookup::Found(endpoint, params) => {
            matched.endpoint(endpoint);
            (endpoint, params)
        }
        Lookup::NotFound => return Err(ApiError::condition(Condition::NotFound)),
        Lookup::BadEncoding(_) => {
            return Err(ApiError::condition(Condition::NotFound)
                .with_message("Not found: invalid path encoding"));
        }
        Lookup::MethodNotAllowed(allow) => {
            return Err(ApiError::condition(Condition::MethodNotAllowed)
                .with_header(http::header::ALLOW, allow));
        }
    };
    // An endpoint reading only some of the service's places: a caller found at another
    // is anonymous to it, unless the keys found there prove those of a place it reads.
    let anonymous;
    let places = service.conventions.credentials;
    let proves = |found: u8, read: &[u8]| {
        read.contains(&found)
            || places.get(usize::from(found)).is_some_and(|found| {
                (read.iter()).any(|r| {
                    places
                        .get(usize::from(*r))
                        .is_some_and(|r| found.covers(*r))
                })
            })
    };
    let authenticated = match (endpoint.credentials, authenticated.place) {
        (Some(read), Some(place)) if !proves(place, read) => {
            anonymous = Authenticated {
                caller: Caller::anonymous(),
                xsrf_token: None,
                place: None,
            };
            &anonymous
        }
        _ => authenticated,
    };
    let caller = &authenticated.caller;
    let resource = match admit(shared, endpoint, &mut params, authenticated, parts).await {
        Ok(resource) => resource,
        // Refused before the quota check: with the budget's headers, and charged, where
        // the spec says the API does so.
        Err(error) => {
            return Err(refused_early(shared, error, endpoint, caller, parts, remote_addr).await);
        }
    };

    let quota = if shared.settings.quota.is_empty() {
        QuotaState::default()
    } else {
        check_quota(
            shared,
            endpoint,
            caller,
            resource.as_ref(),
            parts,
            remote_addr,
        )
        .await?
    };

    // From here on, every answer (a handler's error too) tells the caller's budget, when
    // the spec names headers for it.
    let answer = async {
        if let (Some(header), Some(_)) = (&shared.headers.create_only, &resource)
            && parts.headers.get(header).is_some_and(|v| v == "*")
        {
            return Err(ApiError::condition(Condition::PreconditionFailed)
                .with_message("Resource already exists"));
        }

        admitted
            .query
            .check_options(endpoint, &service.conventions)?;
        let body = if endpoint.request_body {
            read_body(body, &shared.settings.limits, metrics).await?
        } else {
            Bytes::new()
        };
        let store = &*shared.settings.idempotency;
        let limit = shared.settings.limits.request_timeout;
        let key = idempotency::key_of(service, parts, caller, endpoint);
        if let Some((key, expire_after)) = &key {
            let print = fingerprint(&parts.method, parts.uri.path(), &body);
            if let Some(replay) =
                idempotency::begin(store, key, print, *expire_after, limit).await?
            {
                return Ok(replay);
            }
        }

        let call = Call {
            endpoint,
            service,
            parts,
            caller,
            trace_id,
            resource: resource.as_ref(),
            params: &params,
            body,
            pretty: admitted.pretty,
            size_hint: shared.size_hint(endpoint),
            remote_addr,
            limits: &shared.settings.limits,
            public_url: crate::message::context::PublicUrl {
                fixed: shared.settings.public_url.as_deref(),
                trust_forwarded: shared.settings.trust_forwarded,
            },
        };
        let answer = tokio::time::timeout(
            limit,
            std::panic::AssertUnwindSafe(shared.api.call(&call)).catch_unwind(),
        )
        .await;
        let answer = match answer {
            Err(_) => {
                tracing::error!(endpoint = endpoint.name, ?limit, "handler timed out");
                if let Some(metrics) = metrics {
                    metrics.count_timeout(TimedOut::Handler);
                }
                Err(timed_out(limit))
            }
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => {
                tracing::error!(endpoint = endpoint.name, "handler panicked");
                Err(ApiError::condition(Condition::InternalError)
                    .with_message("Internal server error"))
            }
        };
        if let Some((key, _)) = &key {
            idempotency::remember(store, key, &answer, limit).await;
        }
        answer
    }
    .await;
    let answer = with_quota_headers(
        answer,
        &quota,
        service.conventions.rate_limit_headers.as_ref(),
        endpoint,
    );
    with_deprecation(answer, endpoint)
}

/// `error` in the row of its code `endpoint` lists with a format of its own
/// (`EndpointSpec::refusals`), whatever raised it: the runtime's refusals of the request
/// too, before routing (its credentials) or after (its input, quota, a missing resource).
pub(crate) fn in_endpoint_row(
    error: ApiError,
    endpoint: Option<&EndpointSpec>,
    service: &ServiceSpec,
) -> ApiError {
    let Some(refusals) = endpoint.map(|e| e.refusals).filter(|r| !r.is_empty()) else {
        return error;
    };
    let code = error.code(service);
    match refusals.iter().find(|(c, _)| *c == code) {
        Some((_, format)) => error.in_format_over_row(*format),
        None => error,
    }
}

/// Adds the endpoint's `Deprecation` header, when its spec dates its deprecation, to every
/// answer, success or error.
fn with_deprecation(answer: Answer, endpoint: &EndpointSpec) -> Answer {
    let Some(date) = endpoint.deprecation else {
        return answer;
    };
    // Generated as `@` and digits: always a header value.
    let value = http::HeaderValue::from_static(date);
    match answer {
        Ok(mut response) => {
            response.headers_mut().insert(DEPRECATION, value);
            Ok(response)
        }
        Err(error) => Err(error.with_header(DEPRECATION, value)),
    }
}

/// RFC 9745's header.
const DEPRECATION: http::HeaderName = http::HeaderName::from_static("deprecation");

/// What the pipeline checks of a routed request before its quota check: parameter
/// patterns and lengths (404), anonymous callers, XSRF, capability, the self alias, and the top-level
/// resource, whose metadata it returns.
async fn admit<'p, P: Api, A>(
    shared: &Shared<P, A>,
    endpoint: &'static EndpointSpec,
    params: &mut PathParams<'p>,
    authenticated: &'p Authenticated,
    parts: &Parts,
) -> Result<Option<ResourceMetadata>, ApiError> {
    let service = P::SERVICE;
    let caller = &authenticated.caller;
    let names_nothing = |index: usize, value: &str| {
        let name = endpoint.params.get(index).copied().unwrap_or("parameter");
        ApiError::not_found_naming(service, &format!("{name} {value}")).with_field(name)
    };
    for (index, pattern) in shared.patterns(endpoint) {
        let value = params.get(*index);
        // A value too costly to check names nothing either.
        if pattern.find_in(value) != Some(true) {
            return Err(names_nothing(*index, value));
        }
    }
    for &(index, fewest, most) in endpoint.param_lengths {
        let value = params.get(index);
        let length = value.chars().count();
        if length < fewest as usize || length > most as usize {
            return Err(names_nothing(index, value));
        }
    }
    for &(index, least, most) in endpoint.param_bounds {
        let value = params.get(index);
        if value.parse::<f64>().is_ok_and(|n| n < least || n > most) {
            return Err(names_nothing(index, value));
        }
    }
    for &(index, values) in endpoint.param_values {
        let value = params.get(index);
        if value.parse::<f64>().is_ok_and(|n| !values.contains(&n)) {
            return Err(names_nothing(index, value));
        }
    }
    if caller.is_anonymous() && !endpoint.allows_anonymous() {
        return Err(ApiError::condition(Condition::AuthenticationRequired)
            .with_message("Authentication required"));
    }
    if !matches!(parts.method, Method::GET | Method::HEAD) {
        check_xsrf(authenticated, parts, shared, service)?;
    }
    if let Some(capability) = endpoint.capability
        && !caller.has_capability(capability)
    {
        return Err(ApiError::condition(Condition::CapabilityMissing)
            .with_message(format!("not permitted: {capability}")));
    }
    resolve_self_alias(params, endpoint, caller, service.conventions.self_alias)?;
    tracing::debug!(
        endpoint = endpoint.name,
        template = endpoint.template,
        "endpoint matched"
    );

    let resource = if shared.names_resource(endpoint) {
        let family = endpoint.family;
        let (found, owner) = if family.owner_param.is_empty() {
            (shared.api.resolve(family, caller, params.get(0)).await?, "")
        } else {
            let (owner, id) = (params.get(0), params.get(1));
            (
                shared.api.resolve_owned(family, caller, owner, id).await?,
                owner,
            )
        };
        let id = params.get(usize::from(!owner.is_empty()));
        tracing::debug!(
            owner,
            id,
            found = found.is_some(),
            "top-level resource resolved"
        );
        if found.is_none() && !endpoint.creates {
            let named = if owner.is_empty() {
                id.to_owned()
            } else {
                format!("{owner}/{id}")
            };
            return Err(ApiError::not_found_naming(service, &named));
        }
        found
    } else {
        None
    };
    Ok(resource)
}

/// The 503 of a request that ran past the request timeout.
fn timed_out(limit: std::time::Duration) -> ApiError {
    ApiError::status(503).with_message(format!("request timed out after {} s", limit.as_secs_f64()))
}

/// Reads a request body within `limits`: at most [`Limits::max_body_bytes`] (413 past
/// it, without reading further; [`run`] has refused an announced size over it already),
/// each piece within [`Limits::body_read_timeout`] and the whole within
/// [`Limits::body_total_timeout`] (408 past either).
async fn read_body<B>(
    body: B,
    limits: &Limits,
    metrics: Option<&Metrics>,
) -> Result<Bytes, ApiError>
where
    B: http_body::Body + Send,
    B::Error: Into<crate::BoxError>,
{
    let max = limits.max_body_bytes;
    let deadline = Instant::now() + limits.body_total_timeout;
    let mut body = std::pin::pin!(body);
    // One piece (the usual case) is kept as it came; more are joined.
    let mut first = Bytes::new();
    let mut joined = BytesMut::new();
    loop {
        let wait = deadline.min(Instant::now() + limits.body_read_timeout);
        let frame = match tokio::time::timeout_at(wait, body.frame()).await {
            Ok(Some(Ok(frame))) => frame,
            Ok(None) => break,
            Ok(Some(Err(_))) => {
                if let Some(metrics) = metrics {
                    metrics.count_body_refusal(BodyRefusal::Unreadable);
                }
                return Err(ApiError::condition(Condition::MalformedRequest)
                    .with_message("request body unreadable"));
            }
            Err(_) => {
                if let Some(metrics) = metrics {
                    metrics.count_body_refusal(BodyRefusal::TooSlow);
                }
                return Err(ApiError::status(408).with_message("request body not received in time"));
            }
        };
        let Ok(mut data) = frame.into_data() else {
            continue;
        };
        if first.len() + joined.len() + data.remaining() > max {
            return Err(body_too_large(max, metrics));
        }
        if first.is_empty() && joined.is_empty() {
            first = data.copy_to_bytes(data.remaining());
        } else {
            if joined.is_empty() {
                joined.extend_from_slice(&std::mem::take(&mut first));
            }
            joined.put(data);
        }
    }
    Ok(if joined.is_empty() {
        first
    } else {
        joined.freeze()
    })
}

/// 413 for a body over `max` bytes (counted in the metrics).
fn body_too_large(max: usize, metrics: Option<&Metrics>) -> ApiError {
    if let Some(metrics) = metrics {
        metrics.count_body_refusal(BodyRefusal::TooLarge);
    }
    ApiError::status(413).with_message(format!("request body larger than {max} bytes"))
}

/// A mutation by a cookie session needs the session's XSRF token in the XSRF header
/// (protocol 4.4 and 5.4); basic authentication and access tokens need none. (Mutations
/// also need an authenticated caller: [`run`] checks that first.)
pub(crate) fn check_xsrf<P, A>(
    authenticated: &Authenticated,
    parts: &Parts,
    shared: &Shared<P, A>,
    service: &ServiceSpec,
) -> Result<(), ApiError> {
    let xsrf_token = authenticated.xsrf_token.as_deref();
    if authenticated.caller.auth_method() == AuthMethod::Cookie {
        let sent = shared
            .headers
            .xsrf
            .as_ref()
            .and_then(|h| parts.headers.get(h))
            .and_then(|v| v.to_str().ok());
        let valid = matches!((sent, xsrf_token), (Some(sent), Some(expected)) if constant_time_eq(sent, expected));
        if !valid {
            return Err(ApiError::condition(Condition::InvalidXsrfToken)
                .with_message(invalid_xsrf_message(service)));
        }
    }
    Ok(())
}

/// The 403 message for a cookie mutation without its XSRF token: it points at the
/// authenticated form when the spec has one (protocol 5.2), since that needs no token.
fn invalid_xsrf_message(service: &ServiceSpec) -> String {
    match service.conventions.authenticated_prefix {
        Some(prefix) => format!(
            "Invalid authentication method. In order to authenticate, prefix the REST endpoint URL with {prefix} (e.g. {}{prefix}).",
            service.base_url.trim_end_matches('/'),
        ),
        None => "Invalid authentication method. A mutation authenticated by a session cookie needs the session's XSRF token.".to_owned(),
    }
}

/// Compares two secrets without revealing where they differ.
fn constant_time_eq(a: &str, b: &str) -> bool {
    subtle::ConstantTimeEq::ct_eq(a.as_bytes(), b.as_bytes()).into()
}

/// Replaces the self alias (`self`) by the caller's id in the parameters the spec marks;
/// anonymous callers get 403 (protocol 2.2 and 5.6).
fn resolve_self_alias<'a>(
    params: &mut PathParams<'a>,
    endpoint: &EndpointSpec,
    caller: &'a Caller,
    alias: Option<&str>,
) -> Result<(), ApiError> {
    let Some(alias) = alias else {
        return Ok(());
    };
    for &index in endpoint.self_params {
        if params.get(index) != alias {
            continue;
        }
        match caller.identity() {
            Some(identity) => params.set(index, Cow::Borrowed(identity.id.as_str())),
            None => {
                return Err(ApiError::condition(Condition::AnonymousSelf)
                    .with_message(format!("Resolving account '{alias}' requires login")));
            }
        }
    }
    Ok(())
}
