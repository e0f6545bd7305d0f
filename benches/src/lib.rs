//! Benchmarks of a restspec-generated service against a hand-written axum service and a
//! bare-hyper floor doing the same work: the same data, the same password check, the same
//! quota call, the same bytes on the wire.
//!
//! - [`fixtures`]: the data and accounts both services are built from, and [`Fixture`],
//!   that data with the quota backend both call;
//! - [`quota`]: the quota call both make, through the runtime's quota extension point;
//! - [`generated`]: the service generated from `benches/spec/` (the only module that
//!   touches the generated API);
//! - [`handwritten`]: the same endpoints written by hand with axum;
//! - [`floor`]: the same endpoints on bare hyper with a hand-written `match` router.
//!
//! `benches/request_path.rs` measures the first two in process, `load.sh` all three over
//! loopback, and `tests/same_bytes.rs` checks they answer byte for byte alike.

pub mod bare;
pub mod fixtures;
pub mod floor;
pub mod generated;
pub mod handwritten;
pub mod quota;

use std::sync::Arc;

use crate::fixtures::Store;
use crate::quota::{CountingEnforcer, Quota};

/// Everything one service under test is built from: the data, and the quota backend with
/// its one enforcer.
#[derive(Debug, Clone)]
pub struct Fixture {
    /// The data and accounts.
    pub store: Arc<Store>,
    /// The quota backend both services call once per request.
    pub quota: Quota,
    /// The backend's only enforcer.
    pub enforcer: Arc<CountingEnforcer>,
}

impl Fixture {
    /// Fresh data and a counting enforcer.
    pub fn new() -> Self {
        Self::with_enforcer(CountingEnforcer::new())
    }

    /// Fresh data and an enforcer that records every quota request.
    pub fn recording() -> Self {
        Self::with_enforcer(CountingEnforcer::recording())
    }

    fn with_enforcer(enforcer: CountingEnforcer) -> Self {
        let enforcer = Arc::new(enforcer);
        Fixture {
            store: Arc::new(Store::new()),
            quota: Quota::with(enforcer.clone()),
            enforcer,
        }
    }
}

impl Default for Fixture {
    fn default() -> Self {
        Self::new()
    }
}
