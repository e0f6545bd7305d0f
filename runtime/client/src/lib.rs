//! What a restspec-generated typed client links against: the spec's conventions as data
//! ([`conventions`], shared with the service, which `restspec-runtime` re-exports) and the
//! client's mechanisms (feature `http`, on by default): what a generated client knows about
//! the protocol, once, so that each generated method is a path, its options and a call.
//!
//! A crate that only calls a service depends on this crate alone: reqwest, serde and the
//! conventions, without the server stack (axum, hyper's server, the router, cookies,
//! compression) that `restspec-runtime` brings.
//!
//! A generated client uses its module's `CONVENTIONS` constant (the spec's
//! `Conventions`, which the service follows too) and has
//! one method per endpoint that builds a [`Call`]; awaiting the call sends it and decodes the
//! answer. The conventions it applies:
//!
//! - the JSON prefix line of every JSON answer is stripped before decoding;
//! - compact output is asked for (the `Accept` type that means compact, or the pretty
//!   parameter set to `0`);
//! - with basic credentials every path takes the authenticated prefix (`/a/`) and the
//!   `Authorization` header; with an access token the token travels in the spec's access
//!   token parameter on the plain form (that is how the protocol accepts a token);
//! - every identifier in a path is percent-encoded (a `/` in a project name is `%2F`);
//! - a trace id can be sent with a call, and the one the service answers is returned
//!   ([`Answer::trace`], [`ApiFailure::trace`]);
//! - an answer 429 is retried after the time its `Retry-After` asks for, or with exponential
//!   backoff and jitter, within a [`RetryPolicy`]'s budget.
//!
//! # Quick start
//!
//! `generate!` (feature `macros`) turns a spec directory into a module with the client
//! alone; here the runtime's `doc-spec/`, one family with `GET /greetings/{name}`. Each
//! endpoint is a method; an error answer is [`ClientError::Api`], with the status table's
//! row as the module's `Error`:
//!
#![cfg_attr(feature = "macros", doc = "```no_run")]
#![cfg_attr(not(feature = "macros"), doc = "```ignore")]
//! restspec_client::generate!(mod api = "../doc-spec");
//!
//! use restspec_client::{ClientConfig, ClientError};
//!
//! #[tokio::main(flavor = "current_thread")]
//! async fn main() -> Result<(), Box<dyn std::error::Error>> {
//!     let config = ClientConfig::new("http://127.0.0.1:3000").basic_auth("alice", "secret");
//!     let client = api::client::Client::with_config(config)?;
//!     println!("{}", client.get_greeting("world").await?.text);
//!
//!     match client.get_greeting("nobody").await {
//!         Ok(greeting) => println!("{}", greeting.text),
//!         // The service answered with an error status: its row, message and trace id.
//!         Err(ClientError::Api(failure)) => match failure.error {
//!             Some(api::Error::NotFound(_)) => println!("nobody is known ({})", failure.message),
//!             _ => println!("{} {}", failure.status, failure.message),
//!         },
//!         // No answer, or not the declared type.
//!         Err(other) => return Err(other.into()),
//!     }
//!     Ok(())
//! }
//! ```

pub mod condition;
pub mod conventions;
pub mod form;
pub mod formats;
pub mod pattern;
mod query_map;
pub mod response_headers;
pub mod tagged;
mod timestamp;
mod tristate;
pub mod validate;

#[cfg(feature = "http")]
mod client;

#[cfg(feature = "http")]
pub use client::*;
pub use formats::{Base64, Date, Email, Uri, Uuid};
pub use query_map::QueryMap;
pub use response_headers::ResponseHeaders;
/// Generates a typed client from a spec directory: `restspec_client::generate!(mod api =
/// "spec");` (feature `macros`). The module is what `restspec_runtime::generate!` makes with
/// `, client`, referring to this crate only.
#[cfg(feature = "macros")]
pub use restspec_macros::generate_client as generate;
pub use timestamp::{Rfc3339Timestamp, Timestamp, UnixTimestamp};
pub use tristate::Tristate;
pub use validate::{At, Validate, Violations};

/// What generated client code refers to when it is generated without the server. Not a
/// stable API: only generated code should use it.
#[doc(hidden)]
pub mod __private {
    pub use ::http;
    pub use ::serde;
    pub use ::serde_json;

    pub use crate::condition::Condition;
    pub use crate::conventions::*;
    pub use crate::form::{
        deserialize_comma_list, deserialize_flag, deserialize_flag_value, deserialize_json_text,
        deserialize_json_text_some, deserialize_nested_text, deserialize_nested_text_some,
    };
    pub use crate::formats::{Base64, Date, Email, Uri, Uuid};
    pub use crate::pattern::Pattern;
    pub use crate::query_map::QueryMap;
    pub use crate::response_headers::{self, ResponseHeaders};
    pub use crate::tagged;
    pub use crate::timestamp::{Rfc3339Timestamp, Timestamp, UnixTimestamp};
    pub use crate::tristate::{Tristate, deserialize_not_null};
    pub use crate::validate::{At, Validate, Violations, check, direction};
    pub use ::std::borrow::Cow;
    pub use ::std::collections::BTreeMap;
    pub use ::std::sync::LazyLock;

    #[cfg(feature = "http")]
    pub mod client {
        pub use crate::client::*;
    }
}
