//! Building the service: the router generated code fills endpoint by endpoint, wrapped in
//! the convention layer that runs before routing (authenticated prefix, path
//! normalisation, authentication, output preferences).

use std::future::Future;
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::{MethodFilter, on};
use base64::Engine;
use http::{HeaderValue, StatusCode, Uri, header};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::auth::{Authenticator, NoAccounts};
use crate::context::{AuthMethod, Caller, RequestContext};
use crate::dispatch::{self, Resolution};
use crate::error::{ApiError, Condition};
use crate::quota::QuotaBackend;
use crate::request::{RequestInfo, query_pairs};
use crate::spec::{EndpointSpec, ServiceSpec};

/// Run-time settings of a generated service: what is not in the spec because it differs
/// between installations.
#[derive(Clone)]
pub struct Settings {
    /// Checks credentials and finds sessions.
    pub authenticator: Arc<dyn Authenticator>,
    /// The quota enforcers (none: nothing is enforced).
    pub quota: QuotaBackend,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            authenticator: Arc::new(NoAccounts),
            quota: QuotaBackend::new(),
        }
    }
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("quota", &self.quota)
            .finish_non_exhaustive()
    }
}

impl Settings {
    /// Uses `authenticator` for `/a/` requests and sessions.
    #[must_use]
    pub fn authenticator(mut self, authenticator: impl Authenticator) -> Self {
        self.authenticator = Arc::new(authenticator);
        self
    }

    /// Uses `quota` to enforce quotas.
    #[must_use]
    pub fn quota(mut self, quota: QuotaBackend) -> Self {
        self.quota = quota;
        self
    }
}

/// State shared by every request of one service.
pub(crate) struct Shared<H> {
    pub(crate) service: &'static ServiceSpec,
    pub(crate) handlers: Arc<H>,
    pub(crate) settings: Settings,
}

/// Builds a service's router; generated code calls [`endpoint`](Self::endpoint) once per
/// endpoint and then [`build`](Self::build).
pub struct RouterBuilder<H> {
    shared: Arc<Shared<H>>,
    router: Router<Arc<Shared<H>>>,
}

fn method_filter(method: &http::Method) -> MethodFilter {
    MethodFilter::try_from(method.clone()).unwrap_or(MethodFilter::GET)
}

impl<H: Send + Sync + 'static> RouterBuilder<H> {
    /// Starts a router for `service` served by `handlers`.
    pub fn new(service: &'static ServiceSpec, handlers: H, settings: Settings) -> Self {
        RouterBuilder {
            shared: Arc::new(Shared {
                service,
                handlers: Arc::new(handlers),
                settings,
            }),
            router: Router::new(),
        }
    }

    /// Adds an endpoint whose path names no top-level resource.
    #[must_use]
    pub fn endpoint<B, T, E, F, Fut, const N: usize>(
        self,
        spec: &'static EndpointSpec,
        call: F,
    ) -> Self
    where
        B: DeserializeOwned + Send + 'static,
        T: Serialize + Send + 'static,
        E: Into<ApiError> + Send + 'static,
        F: Fn(Arc<H>, RequestContext, [String; N], B) -> Fut + Clone + Send + Sync + 'static,
        Fut: Future<Output = Result<T, E>> + Send + 'static,
    {
        type NoResolver<H> = fn(Arc<H>, Caller, String) -> std::future::Ready<Resolution>;
        self.add(spec, None::<NoResolver<H>>, call)
    }

    /// Adds an endpoint whose first path parameter is its family's top-level resource,
    /// resolved by `resolve` before quota checks and the handler.
    #[must_use]
    pub fn endpoint_with_resource<B, T, E, F, Fut, R, RFut, const N: usize>(
        self,
        spec: &'static EndpointSpec,
        resolve: R,
        call: F,
    ) -> Self
    where
        B: DeserializeOwned + Send + 'static,
        T: Serialize + Send + 'static,
        E: Into<ApiError> + Send + 'static,
        F: Fn(Arc<H>, RequestContext, [String; N], B) -> Fut + Clone + Send + Sync + 'static,
        Fut: Future<Output = Result<T, E>> + Send + 'static,
        R: Fn(Arc<H>, Caller, String) -> RFut + Clone + Send + Sync + 'static,
        RFut: Future<Output = Resolution> + Send + 'static,
    {
        self.add(spec, Some(resolve), call)
    }

    fn add<B, T, E, F, Fut, R, RFut, const N: usize>(
        mut self,
        spec: &'static EndpointSpec,
        resolve: Option<R>,
        call: F,
    ) -> Self
    where
        B: DeserializeOwned + Send + 'static,
        T: Serialize + Send + 'static,
        E: Into<ApiError> + Send + 'static,
        F: Fn(Arc<H>, RequestContext, [String; N], B) -> Fut + Clone + Send + Sync + 'static,
        Fut: Future<Output = Result<T, E>> + Send + 'static,
        R: Fn(Arc<H>, Caller, String) -> RFut + Clone + Send + Sync + 'static,
        RFut: Future<Output = Resolution> + Send + 'static,
    {
        let handler = move |State(shared): State<Arc<Shared<H>>>, request: Request| {
            let call = call.clone();
            let resolve = resolve.clone();
            async move { dispatch::run(shared, spec, request, resolve, call).await }
        };
        self.router = self
            .router
            .route(spec.route, on(method_filter(&spec.method), handler));
        self
    }

    /// Finishes the router: unknown paths answer 404 and unsupported methods 405 from the
    /// status table, and the convention layer runs before routing.
    pub fn build(self) -> Router {
        let service = self.shared.service;
        let inner = self
            .router
            .fallback(move || async move {
                ApiError::condition(Condition::NotFound).into_response_for(service)
            })
            .with_state(self.shared.clone());
        let layered = tower::ServiceBuilder::new()
            .layer(axum::middleware::from_fn_with_state(
                self.shared.clone(),
                conventions::<H>,
            ))
            .service(inner);
        Router::new().fallback_service(layered)
    }
}

/// The convention layer: everything that happens before routing.
async fn conventions<H: Send + Sync + 'static>(
    State(shared): State<Arc<Shared<H>>>,
    mut request: Request,
    next: Next,
) -> Response {
    let service = shared.service;
    let conventions = &service.conventions;
    let (path, authenticated_form) =
        normalise_path(request.uri().path(), conventions.authenticated_prefix);
    if let Some(uri) = rewrite_path(request.uri(), &path) {
        *request.uri_mut() = uri;
    }

    let query = query_pairs(request.uri().query());
    let pretty_param = conventions
        .pretty_parameter
        .and_then(|p| query.iter().find(|(k, _)| k == p).map(|(_, v)| v.as_str()));
    let pretty = crate::json::wants_pretty(
        conventions,
        pretty_param,
        request.headers().get(header::ACCEPT),
    );

    let caller = if authenticated_form {
        match basic_credentials(request.headers()) {
            Some((user, password)) => {
                match shared.settings.authenticator.basic(&user, &password).await {
                    Some(identity) => Caller::user(identity, AuthMethod::Basic),
                    None => return unauthorized(service),
                }
            }
            None => return unauthorized(service),
        }
    } else {
        Caller::anonymous()
    };

    request.extensions_mut().insert(RequestInfo {
        caller,
        authenticated_form,
        pretty,
        trace_id: None,
    });
    let response = next.run(request).await;
    if response.status() == StatusCode::METHOD_NOT_ALLOWED
        && response.headers().get(header::CONTENT_TYPE).is_none()
    {
        let mut error = ApiError::condition(Condition::MethodNotAllowed);
        if let Some(allow) = response.headers().get(header::ALLOW) {
            error = error.with_header(header::ALLOW, allow.clone());
        }
        return error.into_response_for(service);
    }
    response
}

fn unauthorized(service: &ServiceSpec) -> Response {
    let challenge = HeaderValue::from_str(&format!("Basic realm=\"{}\"", service.title))
        .unwrap_or_else(|_| HeaderValue::from_static("Basic"));
    ApiError::condition(Condition::NotAuthenticated)
        .with_message("Unauthorized")
        .with_header(header::WWW_AUTHENTICATE, challenge)
        .into_response_for(service)
}

/// Collapses runs of `/`, drops one trailing `/` and strips the authenticated prefix.
/// Answers the new path and whether the prefix was there.
pub fn normalise_path(path: &str, authenticated_prefix: Option<&str>) -> (String, bool) {
    let mut out = String::with_capacity(path.len());
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        out.push('/');
        out.push_str(segment);
    }
    if out.is_empty() {
        out.push('/');
    }
    if let Some(prefix) = authenticated_prefix {
        let bare = prefix.trim_end_matches('/');
        if out == bare {
            return ("/".to_owned(), true);
        }
        if let Some(rest) = out.strip_prefix(bare)
            && rest.starts_with('/')
        {
            return (rest.to_owned(), true);
        }
    }
    (out, false)
}

fn rewrite_path(uri: &Uri, path: &str) -> Option<Uri> {
    if uri.path() == path {
        return None;
    }
    let path_and_query = match uri.query() {
        Some(q) => format!("{path}?{q}"),
        None => path.to_owned(),
    };
    let mut parts = uri.clone().into_parts();
    parts.path_and_query = path_and_query.parse().ok();
    Uri::from_parts(parts).ok()
}

fn basic_credentials(headers: &http::HeaderMap) -> Option<(String, String)> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, encoded) = value.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (user, password) = text.split_once(':')?;
    Some((user.to_owned(), password.to_owned()))
}
