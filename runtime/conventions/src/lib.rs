//! The conventions a restspec spec writes under `conventions:`, each declared once, as the
//! one vocabulary of three programs: the generator reads a spec into these values,
//! validates them and compares two versions of them (`restspec diff`); it writes them into
//! generated code as constants (feature `tokens`); the service and its typed clients read
//! those constants (through `restspec-client`, which re-exports every type here).
//!
//! A value the spec spells as a word (`reset_format: unix_seconds`) is an enum here whose
//! words are declared beside its variants ([`SpecWords`]), so that reading the spec,
//! reporting a change and writing the constant all use the same words.
//!
//! Records are generic over how they hold text: `&'static str` (the default) in the
//! constants generated code builds, allocation-free on the request path; `String` in the
//! generator, which builds them from a spec at run time. A record holding lists of its own
//! kind or of names (credential places carried together, CORS headers) takes its lists
//! from [`Text`], so that it is one type both ways.

#[macro_use]
mod words;
mod access;
mod cors;
mod credentials;
mod echo;
mod errors;
mod idempotency;
mod keys;
mod pagination;
mod rate_limits;
mod requests;
mod sessions;
mod text;
mod timestamps;
#[cfg(feature = "tokens")]
mod tokens;
mod trace;

pub use access::{Anonymous, UnknownCredentials};
pub use cors::Cors;
pub use credentials::Credential;
pub use echo::EchoHeader;
pub use errors::{ErrorFormat, ErrorPiece, JsonErrorBody};
pub use idempotency::IdempotencyConventions;
pub use keys::ConventionKeys;
pub use pagination::{
    CursorConventions, OffsetConventions, PageConventions, PageStyle, Pagination, StaticFields,
};
pub use rate_limits::{EarlyRefusals, RateLimitHeaders, ResetFormat};
pub use requests::{
    EmptyRequestBody, FORM_MEDIA, JSON_MEDIA, NullOptionalFields, ReadOnlyFields, RequestBodies,
    RequestContentType, UnknownFields, UnknownOptions,
};
pub use sessions::{RunAsConventions, SessionConventions};
pub use text::Text;
pub use timestamps::TimestampFormat;
pub use trace::TraceConventions;
pub use words::SpecWords;
