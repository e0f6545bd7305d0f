//! What every request of one service shares: the generated API with its handlers, the
//! settings, the route table, header names parsed once, what authentication remembers, and the
//! per-endpoint size hints.

use http::HeaderName;
use restspec_client::pattern::Pattern;

use crate::message::json::SizeHint;
use crate::metrics::Metrics;
use crate::metrics::health::Health;
use crate::pipeline::api::Api;
use crate::pipeline::routing::RouteTable;
use crate::protocol::auth::AuthState;
use crate::settings::Settings;
use crate::spec::{EndpointSpec, ServiceSpec};

/// The header names the conventions use, parsed once at start-up.
#[derive(Debug, Default)]
pub(crate) struct HeaderNames {
    pub(crate) trace: Option<HeaderName>,
    pub(crate) xsrf: Option<HeaderName>,
    pub(crate) create_only: Option<HeaderName>,
    pub(crate) run_as: Option<HeaderName>,
    pub(crate) request_id: Option<HeaderName>,
    /// The echoed headers (`echo_headers`), with their defaults.
    pub(crate) echo: Box<[crate::message::echo::Echo]>,
}

impl HeaderNames {
    fn of(service: &ServiceSpec) -> Self {
        let parse =
            |name: Option<&str>| name.and_then(|n| HeaderName::from_bytes(n.as_bytes()).ok());
        let conventions = &service.conventions;
        HeaderNames {
            trace: parse(conventions.trace.and_then(|t| t.header)),
            xsrf: parse(conventions.xsrf_header),
            create_only: parse(conventions.create_only_header),
            run_as: parse(conventions.run_as.map(|r| r.header)),
            request_id: parse(conventions.request_id_header),
            echo: crate::message::echo::Echo::parse(conventions.echo_headers),
        }
    }
}

/// State shared by every request of one service.
pub(crate) struct ServiceState<P, A> {
    pub(crate) api: P,
    pub(crate) settings: Settings<A>,
    pub(crate) routes: RouteTable,
    pub(crate) headers: HeaderNames,
    pub(crate) auth: AuthState,
    /// The counters of the metrics path, when the spec serves one.
    pub(crate) metrics: Option<std::sync::Arc<Metrics>>,
    /// Whether the service drains, and its readiness checks.
    pub(crate) health: std::sync::Arc<Health>,
    size_hints: Box<[SizeHint]>,
    /// Each endpoint's parameter patterns, compiled once (by endpoint index).
    patterns: Box<[Vec<(usize, Pattern)>]>,
    /// Whether each endpoint's path names its family's top-level resource
    /// ([`EndpointSpec::names_resource`]), decided once (by endpoint index).
    names_resource: Box<[bool]>,
}

impl<P: Api, A> ServiceState<P, A> {
    pub(crate) fn new(api: P, settings: Settings<A>) -> Self {
        let service = P::SERVICE;
        let slots = service.endpoint_slots();
        ServiceState {
            api,
            auth: AuthState::new(&settings.limits),
            metrics: Metrics::of(service),
            health: Health::new(settings.readiness_checks.clone()),
            settings,
            routes: RouteTable::new(service),
            headers: HeaderNames::of(service),
            size_hints: (0..slots).map(|_| SizeHint::default()).collect(),
            patterns: compile_patterns(service, slots),
            names_resource: names_resource(service, slots),
        }
    }

    /// Whether `endpoint`'s path names its family's top-level resource, which is resolved
    /// before the quota check and the handler.
    pub(crate) fn names_resource(&self, endpoint: &EndpointSpec) -> bool {
        self.names_resource
            .get(endpoint.index)
            .copied()
            .unwrap_or_else(|| endpoint.names_resource())
    }

    /// The compiled parameter patterns of `endpoint`.
    pub(crate) fn patterns(&self, endpoint: &EndpointSpec) -> &[(usize, Pattern)] {
        self.patterns.get(endpoint.index).map_or(&[], Vec::as_slice)
    }

    pub(crate) fn size_hint(&self, endpoint: &EndpointSpec) -> &SizeHint {
        static FALLBACK: SizeHint = SizeHint::new();
        self.size_hints.get(endpoint.index).unwrap_or(&FALLBACK)
    }
}

/// Whether each endpoint names its family's top-level resource, by endpoint index.
fn names_resource(service: &ServiceSpec, slots: usize) -> Box<[bool]> {
    let mut out = vec![false; slots];
    for endpoint in service.endpoints {
        if let Some(slot) = out.get_mut(endpoint.index) {
            *slot = endpoint.names_resource();
        }
    }
    out.into_boxed_slice()
}

/// Every endpoint's parameter patterns compiled, by endpoint index. The generator checked
/// them; one that still does not compile is logged and not enforced.
fn compile_patterns(service: &ServiceSpec, slots: usize) -> Box<[Vec<(usize, Pattern)>]> {
    let mut out: Vec<Vec<(usize, Pattern)>> = (0..slots).map(|_| Vec::new()).collect();
    for endpoint in service.endpoints {
        for &(index, pattern) in endpoint.param_patterns {
            // The generator wrote the pattern as the matcher reads it.
            match Pattern::new(pattern, pattern) {
                Ok(compiled) => {
                    if let Some(slot) = out.get_mut(endpoint.index) {
                        slot.push((index, compiled));
                    }
                }
                Err(error) => {
                    tracing::error!(endpoint = endpoint.name, %error, "a parameter pattern does not compile");
                }
            }
        }
    }
    out.into_boxed_slice()
}
