//! `restspec-runtime`: the hand-written crate every restspec-generated service links
//! against.
//!
//! Generated code is constants and one-line glue; every protocol mechanism lives here, once:
//! the convention layer before routing ([`router`]), the per-endpoint pipeline
//! ([`dispatch`]), JSON output ([`json`]), request bodies ([`request`]), the status table
//! ([`error`]), authentication ([`auth`]) and the quota extension point ([`quota`]).
//!
//! Start from [`generate!`], which turns a spec directory into a module, or from
//! `restspec_codegen::Config` in a build script plus [`include_generated!`].
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod auth;
pub mod context;
pub mod cors;
pub mod dispatch;
pub mod error;
pub mod glue;
pub mod json;
pub mod layer;
pub mod overrides;
pub mod quota;
pub mod request;
pub mod router;
pub mod session;
pub mod spec;
pub mod timestamp;
pub mod trace;

pub use auth::{Authenticator, NoAccounts, Session};
pub use context::{AuthMethod, Caller, Identity, RequestContext, ResourceMetadata};
pub use error::{ApiError, Condition};
pub use quota::{QuotaBackend, QuotaEnforcer, QuotaRequestContext, QuotaResponse, QuotaStatus};
pub use router::Settings;
pub use timestamp::{Rfc3339Timestamp, Timestamp};

/// Expands a spec directory into a module: `restspec_runtime::generate!(pub mod api = "spec");`
///
/// The path is relative to the crate's `Cargo.toml`. Spec errors become compile errors
/// that start with the file, line and column of the offending YAML value; editing any spec
/// file rebuilds the crate.
pub use restspec_macros::generate;

/// Includes code a build script wrote with `restspec_codegen::Config`:
/// `mod api { restspec_runtime::include_generated!("api"); }` includes `$OUT_DIR/api.rs`.
#[macro_export]
macro_rules! include_generated {
    ($name:literal) => {
        include!(concat!(env!("OUT_DIR"), "/", $name, ".rs"));
    };
}

/// What generated code refers to. Not a stable API: only generated code should use it.
#[doc(hidden)]
pub mod __private {
    pub use ::axum;
    pub use ::http;
    pub use ::serde;

    pub use crate::context::{Caller, RequestContext, ResourceMetadata, TopLevelResource};
    pub use crate::dispatch::Resolution;
    pub use crate::error::{ApiError, Condition};
    pub use crate::request::{NoBody, NoOptions, deserialize_flag};
    pub use crate::router::{RouterBuilder, Settings};
    pub use crate::spec::{
        Conventions, EndpointSpec, FamilySpec, ServiceSpec, SessionConventions, StatusEntry,
    };
    pub use crate::timestamp::{Rfc3339Timestamp, Timestamp};
    pub use ::std::borrow::Cow;
    pub use ::std::collections::BTreeMap;
    pub use ::std::future::Future;
    pub use ::std::sync::Arc;

    /// Turns a typed resolver answer into the runtime's resolution.
    pub fn resolved<R, E>(answer: Result<Option<R>, E>) -> Resolution
    where
        R: TopLevelResource,
        E: Into<ApiError>,
    {
        answer
            .map(|found| found.map(R::into_metadata))
            .map_err(Into::into)
    }

    /// Turns an existence answer (families whose quota checks carry only the user) into
    /// the runtime's resolution.
    pub fn resolved_exists<E: Into<ApiError>>(answer: Result<bool, E>) -> Resolution {
        answer
            .map(|exists| exists.then(ResourceMetadata::default))
            .map_err(Into::into)
    }
}

/// Serves `router` on `listener` until SIGINT or SIGTERM, then finishes the requests under
/// way: the usual `main` of a generated service.
pub async fn serve(listener: tokio::net::TcpListener, router: axum::Router) -> std::io::Result<()> {
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown_signal())
        .await
}

/// Completes on SIGINT or (on Unix) SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
    tracing::info!("shutting down");
}
