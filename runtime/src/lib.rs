//! `restspec-runtime`: the hand-written crate every restspec-generated service links
//! against.
//!
//! Generated code is constants and one-line glue; every protocol mechanism lives here, once,
//! in rooms a reader can name:
//!
//! - `protocol/`: the conventions a request meets before routing and an answer after it
//!   (path normalisation, overrides, credentials and sessions, run-as, CORS, request ids,
//!   security headers);
//! - `pipeline/`: the service, the route table, and the pipeline that admits, resolves,
//!   charges quota and calls the handler;
//! - `message/`: the HTTP messages every room reads and writes (the request's context,
//!   query and body; replies, JSON, the body, gzip);
//! - `server/`: connections, with their limits and timeouts ([`serve`]);
//! - `docs_page/`: the interactive page for the OpenAPI document (`docs_path`), its
//!   renderer embedded;
//! - [`quota`], [`trace`], [`pagination`], [`idempotency`]: the extension points and the
//!   conventions a user configures;
//! - [`spec`], [`limits`], [`Settings`], [`ApiError`]: what a service describes itself by and
//!   is configured with.
//!
//! The public API is what a user needs: the [`Service`], its [`Settings`] and [`Limits`],
//! [`serve`], replies ([`Reply`], [`Custom`]), the [`RequestContext`], the
//! [`Authenticator`], the quota extension point and errors. The spec's conventions as data,
//! the timestamps and [`Tristate`] come from `restspec-client`, which a typed client uses
//! alone.
//!
//! Start from `generate!`, which turns a spec directory into a module, or from
//! `restspec_codegen::Config` in a build script plus [`include_generated!`].
//!
//! # Quick start
//!
//! A spec directory (here the crate's own `doc-spec/`: a `service.yaml` and one family,
//! `greetings`, with `GET /greetings/{name}` answering a `Greeting`) becomes a module with
//! one handler trait per family; implement it and serve:
//!
#![cfg_attr(feature = "macros", doc = "```no_run")]
#![cfg_attr(not(feature = "macros"), doc = "```ignore")]
//! restspec_runtime::generate!(mod api = "doc-spec");
//!
//! use api::{Error, types::Greeting};
//! use restspec_runtime::{Caller, Reply, RequestContext, Settings};
//!
//! struct Greeter;
//!
//! impl api::GreetingsHandlers for Greeter {
//!     // Before every endpoint with `{name}` in its path: `false` answers 404.
//!     async fn resolve_greetings(&self, _caller: &Caller, name: &str) -> Result<bool, Error> {
//!         Ok(name != "nobody")
//!     }
//!
//!     async fn get_greeting(&self, _ctx: RequestContext<'_>, name: &str) -> Result<impl Reply<Greeting>, Error> {
//!         Ok(Greeting { text: format!("Hello, {name}!") })
//!     }
//! }
//!
//! #[tokio::main]
//! async fn main() -> std::io::Result<()> {
//!     let service = api::router(Greeter, Settings::default());
//!     let listener = tokio::net::TcpListener::bind("127.0.0.1:3000").await?;
//!     restspec_runtime::serve(listener, service).await
//! }
//! ```
//!
//! `curl http://127.0.0.1:3000/greetings/world` then answers `{"text":"Hello, world!"}`,
//! and `/greetings/nobody` a 404. The guide (`docs/guide/`) goes on from here: writes,
//! users, examples as tests, a typed client.
//!
//! # Features
//!
//! On by default, each can be left out (`default-features = false`) by a service that does
//! without: `macros` (`generate!`), `gzip` (compressing large responses), `token-bucket`
//! ([`quota::TokenBucketEnforcer`]), `error-log` ([`trace::init_logging`] and the traced
//! requests' error log) and `fixed-users` ([`FixedUsers`], users with argon2id hashes). Also `docs-page`: the docs page's renderer, Swagger UI, in the
//! binary (about 490 KB), served at the spec's `docs_path`.
//!
//! Off by default: `axum` (`Service::into_router`, to mount the service in an axum
//! application; serving needs no axum), `client` (the `client` module, what generated typed
//! clients are built on: the `restspec-client` crate, reqwest with rustls), `example-tests` (the
//! `example_tests` module and `example_tests!`, which run a spec's examples as tests, and the loopback start-up and
//! recording quota enforcer other tests share), `redis-quota` (`quota::redis::RedisQuotaEnforcer`: the
//! token-bucket rules with their buckets in Redis, shared by every instance of a service)
//! and `postgres-idempotency` (`idempotency::PostgresIdempotencyStore`: idempotency keys in
//! a PostgreSQL table, on which every instance of a service agrees).
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

/// The typed client's mechanisms (`restspec-client`, re-exported): a crate that only calls
/// a service can depend on `restspec-client` alone.
#[cfg(feature = "client")]
pub use restspec_client as client;

// The rooms: how a request is read and answered, by the conventions and the pipeline, and
// how connections are served.
mod docs_page;
mod message;
mod metrics;
mod pipeline;
mod protocol;
mod server;

// What a service is configured with and describes itself by.
mod error;
pub mod limits;
pub mod mock;
mod settings;
pub mod spec;

// The extension points and conventions a user configures or implements.
pub mod idempotency;
pub mod pagination;
pub mod quota;
pub mod trace;

/// The `http` crate the runtime's types use (header names and values for
/// [`Custom`] replies, the request head in [`RequestContext`]).
pub use ::http;

pub use pipeline::api::{Answer, Api, Call, Resolution};

/// The error type request bodies may fail with.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

pub use error::{ApiError, Condition};
pub use limits::Limits;
pub use message::body::{Body, Response};
pub use message::context::{
    AuthMethod, Caller, Identity, PublicUrl, RequestContext, ResolvedRecord, ResourceMetadata,
    TopLevelResource,
};
pub use message::reply::{Custom, Json, Reply, WithHeaders};
pub use metrics::health::ReadinessCheck;
pub use pagination::{CursorPage, CursorRequest, OffsetRequest, Page, PageRequest};
pub use pipeline::BoxFuture;
pub use pipeline::service::Service;
pub use protocol::auth::{Authenticator, NoAccounts, Session};
pub use protocol::credential_cache::CredentialCache;
pub use protocol::fixed_tokens::FixedTokens;
#[cfg(feature = "fixed-users")]
pub use protocol::fixed_users::{FixedUsers, FixedUsersError};
pub use protocol::list_error::FixedListError;
pub use quota::{QuotaBackend, QuotaEnforcer, QuotaRequestContext, QuotaResponse, QuotaStatus};
pub use restspec_client::{
    Base64, Date, Email, QueryMap, ResponseHeaders, Rfc3339Timestamp, Timestamp, Tristate,
    UnixTimestamp, Uri, Uuid, Validate, Violations,
};
pub use server::{serve, serve_layered, serve_until, shutdown_signal};
pub use settings::Settings;

/// Expands a spec directory into a module: `restspec_runtime::generate!(pub mod api = "spec");`
///
/// The path is relative to the crate's `Cargo.toml` (then to the file holding the call).
/// Spec errors become compile errors that start with the file, line and column of the
/// offending YAML value; editing any spec file rebuilds the crate.
///
/// Its arguments:
///
/// - attributes and visibility before `mod` are the module's (`#[allow(dead_code)] pub mod
///   api = "spec"`);
/// - after the path, the outputs, in any order: `server` (the handler traits, router and
///   service description: the default when none is listed) and `client` (the typed client,
///   module `api::client`, which needs this crate's `client` feature). `generate!(mod api =
///   "spec", server, client)` puts both in one module, sharing `api::types`; a client alone
///   is `restspec_client::generate!`, which needs no server crate at all.
///
/// The module holds `types`, `Error` (the status table), one `<Family>Handlers` trait per
/// family and section, `router`, `SERVICE` and the endpoint constants, and `OPENAPI`. The
/// build-script door ([`include_generated!`] with `restspec_codegen::Config`) generates the
/// same.
#[cfg(feature = "macros")]
pub use restspec_macros::generate;

/// One `#[test]` per example in a spec: `restspec_runtime::example_tests!("spec", start =
/// start_service);` in a test file, where `async fn start_service(setup:
/// restspec_runtime::example_tests::Setup) -> restspec_runtime::Service<...>` builds the service
/// under test (see [`mod@example_tests`]). The spec path is relative to the crate's `Cargo.toml`.
#[cfg(feature = "example-tests")]
pub use restspec_macros::example_tests;

#[cfg(feature = "example-tests")]
pub mod example_tests;

/// Runs the examples a build script wrote with `restspec_codegen::Config::example_tests`:
/// `restspec_runtime::include_example_tests!("api", start = start_service);` in a test file
/// includes `$OUT_DIR/api_examples.rs` and makes one `#[test]` per example, each against
/// the service `start_service` builds (see [`mod@example_tests`]). The build-script door's
/// [`example_tests!`].
#[cfg(feature = "example-tests")]
#[macro_export]
macro_rules! include_example_tests {
    ($name:literal, start = $start:path $(,)?) => {
        include!(concat!(env!("OUT_DIR"), "/", $name, "_examples.rs"));
        restspec_example_tests!($start);
    };
}

/// Includes code a build script wrote with `restspec_codegen::Config`:
/// `mod api { restspec_runtime::include_generated!("api"); }` includes `$OUT_DIR/api.rs`.
#[macro_export]
macro_rules! include_generated {
    ($name:literal) => {
        include!(concat!(env!("OUT_DIR"), "/", $name, ".rs"));
    };
}

/// The runtime's inner stages, for the benchmarks that time them one by one and the fuzz
/// targets that feed them hostile input. Not a stable API: nothing else should use it.
#[doc(hidden)]
pub mod __testing {
    #[cfg(feature = "gzip")]
    pub use crate::message::compression::accepts_gzip;
    pub use crate::message::json::{SizeHint, body as json_body, wants_pretty};
    pub use crate::message::query::{QueryParams, QueryTokens};
    pub use crate::pipeline::routing::{Lookup, MAX_PATH_PARAMS, RouteTable};
    pub use crate::protocol::auth::{AuthState, PresentedCredentials, resolve_caller};
    pub use crate::protocol::envelope::normalise_path;
    pub use crate::protocol::overrides::apply as apply_overrides;
}

/// What generated code refers to. Not a stable API: only generated code should use it.
#[doc(hidden)]
pub mod __private {
    pub use ::http;
    pub use ::serde;
    pub use ::serde_json;

    pub use crate::Authenticator;
    pub use crate::error::{ApiError, Condition};
    pub use crate::idempotency::IdempotencyConventions;
    pub use crate::message::context::{
        Caller, RequestContext, ResolvedRecord, ResourceMetadata, TopLevelResource,
    };
    pub use crate::message::reply::{Reply, WithHeaders};
    pub use crate::message::request::{
        deserialize_comma_list, deserialize_flag, deserialize_flag_value, deserialize_json_text,
        deserialize_json_text_some, deserialize_nested_text, deserialize_nested_text_some,
    };
    pub use crate::pagination::{
        CursorConventions, CursorPage, CursorRequest, OffsetConventions, OffsetRequest, Page,
        PageConventions, PageRequest, Pagination,
    };
    pub use crate::pipeline::api::{Answer, Api, Call, Resolution};
    pub use crate::pipeline::service::Service;
    pub use crate::protocol::cors::CorsConventions;
    pub use crate::quota::{EarlyRefusals, RateLimitHeaders, ResetFormat};
    pub use crate::settings::Settings;
    pub use crate::spec::{
        Anonymous, Conventions, Credential, EchoHeader, EmptyRequestBody, EndpointSpec,
        ErrorFormat, ErrorPiece, FamilySpec, JsonErrorBody, OptionRule, RequestBodies,
        RequestContentType, RunAsConventions, Selector, ServiceSpec, SessionConventions,
        StatusEntry, UnknownCredentials, UnknownFields, UnknownOptions,
    };
    pub use ::std::borrow::Cow;
    pub use ::std::collections::BTreeMap;
    pub use ::std::future::Future;
    pub use restspec_client::__private::deserialize_not_null;
    pub use restspec_client::__private::{
        At, Base64, Date, Email, LazyLock, Pattern, Uri, Uuid, Validate, Violations, check,
        direction,
    };
    pub use restspec_client::__private::{response_headers, tagged};
    // The conventions' types generated constants build (`rt::RateLimitHeaders`), all of
    // them, so that a convention added to `restspec-conventions` needs no line here.
    pub use restspec_client::conventions::*;
    pub use restspec_client::{
        QueryMap, ResponseHeaders, Rfc3339Timestamp, Timestamp, Tristate, UnixTimestamp,
    };

    #[cfg(feature = "client")]
    pub use restspec_client::__private::client;

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
            .map(|exists| exists.then(ResourceMetadata::empty))
            .map_err(Into::into)
    }

    /// The answer for a family without a resolver (generated code never asks for one).
    pub fn no_resolver(family: &FamilySpec) -> Resolution {
        Err(ApiError::internal(format!(
            "family {} has no resolver",
            family.name
        )))
    }
}
