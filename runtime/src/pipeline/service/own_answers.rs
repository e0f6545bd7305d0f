//! What the serving loop watches of a service.

use std::sync::Arc;

use super::Service;
use crate::metrics::health::Health;
use crate::pipeline::api::Api;
use crate::protocol::auth::Authenticator;

impl<P: Api, A: Authenticator> Service<P, A> {
    /// What the serving loop needs: the metrics (connections) and the health (draining).
    pub(crate) fn watch(&self) -> ServiceWatch {
        let shared = &*self.shared;
        ServiceWatch {
            metrics: shared.metrics.clone(),
            health: shared.health.clone(),
            drain_delay: shared.settings.drain_delay,
        }
    }
}

/// What the serving loop watches of a service.
pub(crate) struct ServiceWatch {
    /// The counters of its connections, when the spec serves a metrics path.
    pub(crate) metrics: Option<Arc<crate::metrics::Metrics>>,
    /// Its readiness, which draining turns off.
    pub(crate) health: Arc<Health>,
    /// How long it goes on serving, not ready, once shutdown is asked for.
    pub(crate) drain_delay: std::time::Duration,
}
