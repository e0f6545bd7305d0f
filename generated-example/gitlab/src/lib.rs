//! A subset of GitLab's REST API v4, served by restspec from `spec/` through the
//! build-script front door (`build.rs`): users, projects, issues, notes, labels and merge
//! requests, under `/api/v4`, with GitLab's tokens, error bodies, pagination headers,
//! rate-limit headers and nullable fields, all of them spec data. This crate holds the
//! business rules only: who may see and change what, and what a change does.
//!
//! python-gitlab and @gitbeaker/rest drive it unchanged (`clients/`, `.ci/gitlab-clients`).

use std::sync::Arc;

use restspec_runtime::quota::TokenBucketEnforcer;
use restspec_runtime::{QuotaBackend, Settings};

/// The generated API.
pub mod api {
    restspec_runtime::include_generated!("api");
}

mod issues;
mod labels;
mod merge_requests;
mod people;
mod projects;
mod rules;
mod store;
mod views;

use store::Store;

/// The service's handlers and authenticator: one store, shared.
#[derive(Debug, Clone)]
pub struct Gitlab {
    store: Store,
}

impl Gitlab {
    /// Users `alice` (an admin, token `alice-token`) and `bob` (`bob-token`), and alice's
    /// public project `alice/seed` (id 1) with merge request 1.
    pub fn seeded() -> Self {
        Gitlab {
            store: Store::seeded(),
        }
    }
}

/// The service: the generated API over [`Gitlab`], which also checks the tokens.
pub type App = restspec_runtime::Service<api::Api<Gitlab>, Gitlab>;

/// Every API request draws on one budget per caller (per address for anonymous callers):
/// 600 at once, refilled at 10 a second, as the `RateLimit-*` headers of each answer tell.
const QUOTA_RULES: &str = "rules:
  - group: \"api:*\"
    burst: 600
    refill_per_second: 10
";

/// The seeded service, with its rate limit.
pub fn app() -> App {
    let gitlab = Gitlab::seeded();
    api::router(gitlab.clone(), settings(gitlab))
}

/// The settings [`app`] uses: `gitlab` checks the tokens, and the rate limit applies.
pub fn settings(gitlab: Gitlab) -> Settings<Gitlab> {
    let mut quota = QuotaBackend::new();
    match TokenBucketEnforcer::from_yaml("gitlab quota", QUOTA_RULES) {
        Ok(enforcer) => quota.register(Arc::new(enforcer)),
        Err(err) => tracing_error(&err.to_string()),
    }
    Settings::default().authenticator(gitlab).quota(quota)
}

fn tracing_error(message: &str) {
    eprintln!("gitlab-subset: the rate limit is off: {message}");
}
