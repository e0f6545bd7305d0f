//! Building the service: the router generated code fills endpoint by endpoint, wrapped in
//! the convention layer that runs before routing (authenticated prefix, path
//! normalisation, authentication, output preferences).

use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::routing::{MethodFilter, on};
use serde::de::DeserializeOwned;

use crate::auth::{Authenticator, NoAccounts};
use crate::context::Caller;
use crate::cors::AllowedOrigins;
use crate::dispatch::{self, Resolution};
use crate::error::{ApiError, Condition};
use crate::glue::{Glue, Resolver};
use crate::quota::QuotaBackend;
use crate::spec::{EndpointSpec, ServiceSpec};

/// Bodies smaller than this are sent uncompressed: gzip would not pay for itself (the real
/// service uses the same threshold).
pub const GZIP_MIN_BYTES: u64 = 256;

/// What gets gzipped when the client accepts it: bodies of at least [`GZIP_MIN_BYTES`],
/// errors included, but not images or event streams.
fn compressible() -> impl tower_http::compression::Predicate {
    use tower_http::compression::predicate::{NotForContentType, Predicate as _, SizeAbove};
    SizeAbove::new(GZIP_MIN_BYTES)
        .and(NotForContentType::IMAGES)
        .and(NotForContentType::SSE)
}

/// Run-time settings of a generated service: what is not in the spec because it differs
/// between installations.
#[derive(Clone)]
pub struct Settings {
    /// Checks credentials and finds sessions.
    pub authenticator: Arc<dyn Authenticator>,
    /// The quota enforcers (none: nothing is enforced).
    pub quota: QuotaBackend,
    /// Origins allowed to use the service cross-origin (`site.allowOriginRegex`).
    pub allowed_origins: AllowedOrigins,
    /// The site directory: traced requests log to `logs/error_log` below it.
    pub site_dir: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            authenticator: Arc::new(NoAccounts),
            quota: QuotaBackend::new(),
            allowed_origins: AllowedOrigins::none(),
            site_dir: None,
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

    /// Allows cross-origin use from origins fully matching one of `patterns` (the values
    /// of `site.allowOriginRegex`).
    pub fn allow_origin_regex<S: AsRef<str>>(
        mut self,
        patterns: &[S],
    ) -> Result<Self, regex::Error> {
        self.allowed_origins = AllowedOrigins::from_patterns(patterns)?;
        Ok(self)
    }

    /// Sets the site directory (for `logs/error_log`).
    #[must_use]
    pub fn site_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.site_dir = Some(dir.into());
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
    pub fn endpoint<O, B, G, const N: usize>(self, spec: &'static EndpointSpec, glue: G) -> Self
    where
        O: DeserializeOwned + Send + 'static,
        B: DeserializeOwned + Send + 'static,
        G: Glue<H, O, B, N>,
    {
        type NoResolver<H> = fn(Arc<H>, Caller, String) -> std::future::Ready<Resolution>;
        self.add(spec, None::<NoResolver<H>>, glue)
    }

    /// Adds an endpoint whose first path parameter is its family's top-level resource,
    /// resolved by `resolve` before quota checks and the handler.
    #[must_use]
    pub fn endpoint_with_resource<O, B, G, R, const N: usize>(
        self,
        spec: &'static EndpointSpec,
        resolve: R,
        glue: G,
    ) -> Self
    where
        O: DeserializeOwned + Send + 'static,
        B: DeserializeOwned + Send + 'static,
        G: Glue<H, O, B, N>,
        R: Resolver<H>,
    {
        self.add(spec, Some(resolve), glue)
    }

    fn add<O, B, G, R, const N: usize>(
        mut self,
        spec: &'static EndpointSpec,
        resolve: Option<R>,
        call: G,
    ) -> Self
    where
        O: DeserializeOwned + Send + 'static,
        B: DeserializeOwned + Send + 'static,
        G: Glue<H, O, B, N>,
        R: Resolver<H>,
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
            .layer(tower_http::compression::CompressionLayer::new().compress_when(compressible()))
            .layer(axum::middleware::from_fn_with_state(
                self.shared.clone(),
                crate::layer::conventions::<H>,
            ))
            .service(inner);
        Router::new().fallback_service(layered)
    }
}
