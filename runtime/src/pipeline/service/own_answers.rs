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
        (
            shared.metrics.clone(),
            shared.health.clone(),
            shared.settings.drain_delay,
        )
    }
}

/// What the serving loop watches of a service: its metrics, its health and the drain delay.
pub(crate) type ServiceWatch = (
    Option<Arc<crate::metrics::Metrics>>,
    Arc<Health>,
    std::time::Duration,
);
