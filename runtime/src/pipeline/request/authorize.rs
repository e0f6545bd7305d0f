//! The steps between routing and the quota check: who the caller is to the endpoint (the
//! credential places it reads), whether its path parameters name anything, whether the
//! caller may call it (authentication required, the XSRF token of a cookie session's
//! mutations, capabilities), the self alias, and the top-level resource the path names.

use http::Method;
use http::request::Parts;

use crate::error::{ApiError, Condition};
use crate::message::context::{AuthMethod, Caller, ResourceMetadata};
use crate::pipeline::api::Api;
use crate::pipeline::routing::PathParams;
use crate::pipeline::state::ServiceState;
use crate::protocol::auth::Authenticated;
use crate::spec::{EndpointSpec, ServiceSpec};

/// Whether a cookie session's caller sent a request without the session's XSRF token in
/// the XSRF header (protocol 4.4 and 5.4): such a caller may not mutate. Basic
/// authentication and access tokens need no token. Checked once, right after
/// authentication; [`check`] and the logout refuse with [`xsrf_refusal`].
pub(crate) fn lacks_xsrf_token<P, A>(
    authenticated: &Authenticated,
    parts: &Parts,
    shared: &ServiceState<P, A>,
) -> bool {
    if authenticated.caller.auth_method() != AuthMethod::Cookie {
        return false;
    }
    let sent = shared
        .headers
        .xsrf
        .as_ref()
        .and_then(|h| parts.headers.get(h))
        .and_then(|v| v.to_str().ok());
    let expected = authenticated.xsrf_token.as_deref();
    !matches!((sent, expected), (Some(sent), Some(expected)) if constant_time_eq(sent, expected))
}

/// The 403 of a cookie session's mutation without its XSRF token: it points at the
/// authenticated form when the spec has one (protocol 5.2), since that needs no token.
pub(crate) fn xsrf_refusal(service: &ServiceSpec) -> ApiError {
    let message = match service.conventions.authenticated_prefix {
        Some(prefix) => format!(
            "Invalid authentication method. In order to authenticate, prefix the REST endpoint URL with {prefix} (e.g. {}{prefix}).",
            service.base_url.trim_end_matches('/'),
        ),
        None => "Invalid authentication method. A mutation authenticated by a session cookie needs the session's XSRF token.".to_owned(),
    };
    ApiError::condition(Condition::InvalidXsrfToken).with_message(message)
}

/// Compares two secrets without revealing where they differ.
fn constant_time_eq(a: &str, b: &str) -> bool {
    subtle::ConstantTimeEq::ct_eq(a.as_bytes(), b.as_bytes()).into()
}

/// Whether the caller found at credential place `found` is who `endpoint` sees: an
/// endpoint reading only some of the service's places sees a caller found at another as
/// anonymous, unless the keys found there prove those of a place it reads.
pub(crate) fn seen_by(endpoint: &EndpointSpec, found: Option<u8>, service: &ServiceSpec) -> bool {
    let (Some(read), Some(found)) = (endpoint.credentials, found) else {
        return true;
    };
    let places = service.conventions.credentials;
    read.contains(&found)
        || places.get(usize::from(found)).is_some_and(|found| {
            (read.iter()).any(|r| {
                places
                    .get(usize::from(*r))
                    .is_some_and(|r| found.covers(*r))
            })
        })
}

/// What is checked of a routed request before its resource and quota: parameter patterns,
/// lengths, bounds and values (404 naming the parameter), an anonymous caller (401), a
/// mutation without the XSRF token (403), the capability (403), and the self alias, which
/// becomes the caller's id.
fn check<'p, P: Api, A>(
    shared: &ServiceState<P, A>,
    endpoint: &'static EndpointSpec,
    params: &mut PathParams<'p>,
    caller: &'p Caller,
    lacks_xsrf_token: bool,
    method: &Method,
) -> Result<(), ApiError> {
    let service = P::SERVICE;
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
    if lacks_xsrf_token && !matches!(*method, Method::GET | Method::HEAD) {
        return Err(xsrf_refusal(service));
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
    Ok(())
}

/// Authorizes the request ([`check`]), then finds the family's top-level resource the path
/// names, when it names one: 404 when it does not exist (unless the endpoint creates it).
pub(crate) async fn resolve<'p, P: Api, A>(
    shared: &ServiceState<P, A>,
    endpoint: &'static EndpointSpec,
    params: &mut PathParams<'p>,
    caller: &'p Caller,
    lacks_xsrf_token: bool,
    method: &Method,
) -> Result<Option<ResourceMetadata>, ApiError> {
    check(shared, endpoint, params, caller, lacks_xsrf_token, method)?;
    if !shared.names_resource(endpoint) {
        return Ok(None);
    }
    let family = endpoint.family;
    let owned = !family.owner_param.is_empty();
    let (owner, id) = if owned {
        (params.get(0), params.get(1))
    } else {
        ("", params.get(0))
    };
    let found = if owned {
        shared.api.resolve_owned(family, caller, owner, id).await?
    } else {
        shared.api.resolve(family, caller, id).await?
    };
    tracing::debug!(
        owner,
        id,
        found = found.is_some(),
        "top-level resource resolved"
    );
    if found.is_none() && !endpoint.creates {
        let named = if owned {
            format!("{owner}/{id}")
        } else {
            id.to_owned()
        };
        return Err(ApiError::not_found_naming(P::SERVICE, &named));
    }
    Ok(found)
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
            Some(identity) => params.set_to_caller(index, identity.id.as_str()),
            None => {
                return Err(ApiError::condition(Condition::AnonymousSelf)
                    .with_message(format!("Resolving account '{alias}' requires login")));
            }
        }
    }
    Ok(())
}
