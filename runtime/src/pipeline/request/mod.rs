//! One request's way through the service, as plain steps in order:
//!
//! 1. open (before the request's future exists: its id, its start, its spans: `opening`);
//! 2. admit: a CORS preflight is answered at once; the path is normalised, the runtime's
//!    query parameters read, `$m`/`$ct` applied (`protocol::envelope::admit`);
//! 3. the service's own paths: metrics, health, OpenAPI document, docs page (`own_paths`);
//! 4. authenticate, and the session paths (`authenticate`); impersonate (`run_as`);
//! 5. route; authorize: the caller the endpoint sees, its parameters, XSRF, capability,
//!    the self alias (`authorize`);
//! 6. resolve the top-level resource (`authorize::resolve`);
//! 7. charge the quota (`budget`);
//! 8. preconditions and options, then the body (`body`);
//! 9. the handler, under the request timeout, with idempotency around it (5 to 9 are the
//!    endpoint's steps, `endpoint`);
//! 10. the way out, which every answer takes (`way_out`): the 414 to a request line too long
//!     for hyper to read too (`unread`).
//!
//! Each step is a plain function that answers the next state or the refusal. [`answer`]
//! awaits only where something waits (the readiness checks, credentials, impersonation),
//! then the steps from routing to the handler, which are a future of their own
//! (`endpoint`): a future keeps room for every value that lives across two of its waits in
//! all of its states, so the request's state holds either authentication's lookup or the
//! endpoint's steps, never both, and no step's future holds the next one's.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use bytes::Bytes;
use http::request::Parts;

use crate::message::body::Response;
use crate::message::query::QueryParams;
use crate::pipeline::BoxFuture;
use crate::pipeline::api::{Answer, Api};
use crate::pipeline::state::ServiceState;
use crate::protocol::auth::Authenticator;
use crate::protocol::cors;
use crate::protocol::envelope::{self, AnswerFlags};
use crate::server::activity::{Activity, RequestUnderWay};
use crate::spec::{Conventions, EndpointSpec};
use crate::trace::{self, TraceRequest};

mod authenticate;
mod authorize;
mod body;
mod budget;
mod endpoint;
mod opening;
mod own_paths;
pub(crate) mod unread;
mod way_out;

use authenticate::{Authentication, authenticate};
use endpoint::Identified;
use opening::{InSpans, Opening};
use own_paths::OwnPath;
use way_out::Reached;
pub(crate) use way_out::in_endpoint_row;

/// Starts answering `request`: its opening, then its steps in one future, boxed once (as
/// hyper's and tower's `call` must).
pub(crate) fn start<P, A, B>(
    shared: &Arc<ServiceState<P, A>>,
    remote: Option<SocketAddr>,
    activity: Option<&Arc<Activity>>,
    request: http::Request<B>,
) -> BoxFuture<Result<Response, Infallible>>
where
    P: Api,
    A: Authenticator,
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<crate::BoxError>,
{
    let (mut parts, body) = request.into_parts();
    let (opening, spans) = opening::open(shared, P::SERVICE, &mut parts, remote);
    let busy = activity.map(Activity::request_started);
    let steps = answer(shared.clone(), remote, busy, parts, body, opening);
    Box::pin(InSpans::new(steps, spans))
}

/// The request's steps, from admission to the way out: its response, and the endpoint it
/// reached. An async block rather than an async fn, which would keep the request's head
/// twice (as argument and as local).
#[allow(clippy::manual_async_fn, reason = "an async fn keeps the head twice")]
fn answer<P, A, B>(
    shared: Arc<ServiceState<P, A>>,
    remote: Option<SocketAddr>,
    busy: Option<RequestUnderWay>,
    mut parts: Parts,
    body: B,
    mut opening: Opening,
) -> impl Future<Output = (Response, Option<&'static EndpointSpec>)> + Send
where
    P: Api,
    A: Authenticator,
    B: http_body::Body<Data = Bytes> + Send,
    B::Error: Into<crate::BoxError>,
{
    async move {
        let shared = &*shared;
        let service = P::SERVICE;
        let conventions = &service.conventions;
        let allowed = &shared.settings.allowed_origins;
        if cors::is_preflight(&parts.method, &parts.headers) {
            // Answered at once (protocol 10.12, step 1): nothing else of the request is
            // read, so the way out adds only what every answer carries.
            let mut response = cors::preflight(&parts.headers, allowed, conventions)
                .unwrap_or_else(|error| error.into_response_for(service));
            cors::preflight_headers(response.headers_mut());
            let reached = Reached {
                endpoint: None,
                probe: false,
                answer_flags: None,
                trace: None,
            };
            return (
                way_out::leave(shared, Ok(response), &parts, &opening, &reached),
                None,
            );
        }

        // Admit.
        let mut answer_flags = AnswerFlags::read(&parts, conventions, allowed);
        let mut endpoint: Option<&'static EndpointSpec> = None;
        let mut probe = false;
        // In the scrutinee, so that the `Result` is not kept beside what it holds.
        let admitted = match QueryParams::read(parts.uri.query(), conventions).and_then(|query| {
            envelope::admit(
                service,
                &parts.uri,
                &mut parts.method,
                &mut parts.headers,
                query,
                answer_flags.origin_allowed,
            )
        }) {
            Ok(admitted) => admitted,
            Err(error) => {
                let trace = read_trace(&mut opening, &parts, conventions);
                let reached = Reached {
                    endpoint,
                    probe,
                    answer_flags: Some(answer_flags),
                    trace: trace.as_ref(),
                };
                let response = way_out::leave(shared, Err(error), &parts, &opening, &reached);
                return (response, None);
            }
        };
        let trace = read_trace(&mut opening, &parts, conventions);
        answer_flags.overridden = admitted.overridden;
        let path = &*admitted.path;
        let answer: Answer = 'steps: {
            // The service's own paths.
            if matches!(parts.method, http::Method::GET | http::Method::HEAD) {
                match own_paths::find(shared, &parts, path) {
                    Some(OwnPath::Answered { answer, probe: p }) => {
                        probe = p;
                        break 'steps answer;
                    }
                    Some(OwnPath::Readiness) => {
                        probe = true;
                        break 'steps Ok(shared.health.ready().await);
                    }
                    None => {}
                }
            }

            // Authenticate.
            let form = admitted.authenticated_form;
            let (mut caller, place, lacks_xsrf_token) =
                match authenticate(shared, &parts, remote, path, form).await {
                    Authentication::Caller {
                        authenticated,
                        lacks_xsrf_token,
                    } => (authenticated.caller, authenticated.place, lacks_xsrf_token),
                    Authentication::Answered(answer) => break 'steps answer,
                };
            if let (Some(run_as), Some(name)) = (conventions.run_as, &shared.headers.run_as)
                && let Some(target) = parts.headers.get(name)
            {
                let authenticator = shared.settings.authenticator.as_ref();
                let impersonated =
                    crate::protocol::run_as::impersonate(authenticator, run_as, target, caller)
                        .await;
                caller = match impersonated {
                    Ok(caller) => caller,
                    Err(error) => break 'steps Err(error),
                };
            }
            tracing::debug!(
                method = %parts.method,
                path = %path,
                caller = caller.identity().map_or("anonymous", |i| i.username.as_str()),
                auth = ?caller.auth_method(),
                method_overridden = admitted.overridden,
                "request accepted by the convention layer"
            );

            // The steps from routing to the handler, in a future of their own: see
            // `endpoint.rs`.
            let identified = Identified {
                caller,
                place,
                lacks_xsrf_token,
            };
            let (answer, routed) = endpoint::serve(
                shared,
                &parts,
                &admitted,
                trace.as_ref(),
                &remote,
                identified,
                body,
            )
            .await;
            endpoint = routed;
            answer
        };
        if let Ok(response) = &answer {
            tracing::debug!(status = response.status().as_u16(), "response");
        }
        // In the row of its code the endpoint lists, if it has one of its own: the
        // endpoint routed to, or for a refusal before routing, the one it would be.
        let answer = answer.map_err(|error| {
            let row = endpoint.or_else(|| shared.routes.endpoint_for(&parts, path));
            in_endpoint_row(error, row, service)
        });
        let reached = Reached {
            endpoint,
            probe,
            answer_flags: Some(answer_flags),
            trace: trace.as_ref(),
        };
        let response = way_out::leave(shared, answer, &parts, &opening, &reached);
        // The connection was busy until now (its idle timeouts did not apply).
        drop(busy);
        (response, endpoint)
    }
}

/// The request's demand for tracing: the one its opening read, or read now from the head.
fn read_trace<'p>(
    opening: &mut Opening,
    parts: &'p Parts,
    conventions: &Conventions,
) -> Option<TraceRequest<'p>> {
    match opening.trace.take() {
        Some(demand) => Some(*demand),
        None => trace::requested_trace(parts.uri.query(), &parts.headers, conventions.trace),
    }
}
