//! The conventions a spec describes, as plain data shared by the service and its typed
//! clients: how requests are written and answers read (prefixes, credentials, error bodies,
//! pagination, rate-limit headers, cross-origin use, idempotency keys). Generated code holds
//! one [`Conventions`] constant per spec; the runtime applies it as a server, the client as
//! a caller.

use http::Method;

use crate::condition::Condition;

mod access;

pub use access::Credential;

// Every type of the vocabulary, where the service and generated code have always found
// them: a type added there needs no line here.
pub use restspec_conventions::*;

/// The content type of every JSON response.
pub const JSON_CONTENT_TYPE: &str = "application/json; charset=UTF-8";

/// The protocol conventions, each a name or a switch (`None` turns a rule off): the keys
/// declared once in `restspec-conventions` ([`ConventionKeys`]), and what the generator
/// computes from the spec for the runtime (the challenges' header values, the CORS
/// headers, the API's wording of the runtime's messages).
///
/// Generated code writes one constant per spec; written by hand, it names what it switches
/// on and takes the rest from [`Conventions::NONE`] and [`ConventionKeys::NONE`]:
///
/// ```
/// use restspec_client::conventions::{ConventionKeys, Conventions, UnknownOptions};
///
/// const CONVENTIONS: Conventions = Conventions {
///     keys: ConventionKeys {
///         base_path: Some("/api/v4"),
///         unknown_options: UnknownOptions::Ignore,
///         ..ConventionKeys::NONE
///     },
///     pretty_parameter: Some("pretty"),
///     ..Conventions::NONE
/// };
/// // The keys read as fields of the conventions themselves.
/// assert_eq!(CONVENTIONS.base_path, Some("/api/v4"));
/// assert_eq!(CONVENTIONS.json_prefix, None);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Conventions {
    /// The keys the spec writes as one value each (a name, a word, a switch, a record),
    /// read through [`Deref`](std::ops::Deref) as fields of the conventions themselves
    /// (`conventions.json_prefix`).
    pub keys: ConventionKeys,
    /// Pretty JSON unless the request asks for compact.
    pub pretty_by_default: bool,
    /// Query parameter choosing pretty (`1`) or compact (`0`) output (`pp`).
    pub pretty_parameter: Option<&'static str>,
    /// A media type in `Accept` that asks for compact output (`application/json`).
    pub compact_when_accept: Option<&'static str>,
    /// Query parameter overriding the method of a POST (`$m`).
    pub method_override_parameter: Option<&'static str>,
    /// Methods the override may name.
    pub method_override_methods: &'static [http::Method],
    /// Where requests carry credentials on every path, in the order they are looked for.
    pub credentials: &'static [Credential],
    /// The `WWW-Authenticate` values every 401 carries (`Bearer realm="..."`), when the
    /// spec lists its `challenges` (`Some(&[])`: none); `None` for one per `Authorization`
    /// scheme of `credentials`.
    pub challenges: Option<&'static [&'static str]>,
    /// How error bodies are written.
    pub error_format: ErrorFormat,
    /// Where the interactive page for that document is served (`GET`, HTML, anyone), its
    /// script and stylesheet one segment beneath; `None` for nowhere.
    pub docs_path: Option<&'static str>,
    /// The API's own wording of the runtime's messages, by condition; `{detail}` in a
    /// wording stands for the runtime's own text.
    pub condition_messages: &'static [(Condition, &'static str)],
    /// Error answers go out uncompressed even to clients that accept gzip.
    pub never_gzip_errors: bool,
    /// Cross-origin use beyond the allowed origins: methods, headers, any origin.
    pub cors: CorsConventions,
    /// Request headers answered back on every answer, the request's value or the spec's
    /// default (`Stripe-Version`), and readable by handlers.
    pub echo_headers: &'static [EchoHeader],
}

impl std::ops::Deref for Conventions {
    type Target = ConventionKeys;

    fn deref(&self) -> &ConventionKeys {
        &self.keys
    }
}

impl Conventions {
    /// Every rule off: no prefixes, no parameters or headers of the runtime's own, compact
    /// output, plaintext errors. Generated code writes the conventions a spec switches on
    /// and takes the rest from here (`..Conventions::NONE`), so that a convention added to
    /// the runtime changes nothing for the specs that do not use it.
    pub const NONE: Conventions = Conventions {
        keys: ConventionKeys::NONE,
        pretty_by_default: false,
        pretty_parameter: None,
        compact_when_accept: None,
        method_override_parameter: None,
        method_override_methods: &[],
        credentials: &[],
        challenges: None,
        error_format: ErrorFormat::Plain,
        docs_path: None,
        condition_messages: &[],
        never_gzip_errors: false,
        cors: CorsConventions::USUAL,
        echo_headers: &[],
    };
}

/// What a spec says of cross-origin use beyond the allowed origins (`conventions.cors`).
#[derive(Debug, Clone, Copy)]
pub struct CorsConventions {
    /// `Access-Control-Allow-Methods`, joined (`GET, HEAD, POST, PUT, PATCH, DELETE,
    /// OPTIONS`): the methods the spec's endpoints use.
    pub methods: &'static str,
    /// The methods a preflight may ask for.
    pub preflight_methods: &'static [Method],
    /// Request headers allowed besides the usual ones (a token header, lower case).
    pub allow_headers: &'static [&'static str],
    /// `Access-Control-Expose-Headers`, joined (`Link, X-Total`): response headers a
    /// browser script may read.
    pub expose_headers: Option<&'static str>,
    /// Every origin may call, without credentials (`Access-Control-Allow-Origin: *`).
    pub any_origin: bool,
}

impl CorsConventions {
    /// The code review service's: its five methods, nothing exposed, the origins the
    /// settings allow.
    pub const USUAL: CorsConventions = CorsConventions {
        methods: CORS_METHODS,
        preflight_methods: &PREFLIGHT_METHODS,
        allow_headers: &[],
        expose_headers: None,
        any_origin: false,
    };
}

/// Methods a preflight may ask for.
const CORS_METHODS: &str = "GET, HEAD, POST, PUT, DELETE, OPTIONS";

const PREFLIGHT_METHODS: [Method; 5] = [
    Method::GET,
    Method::HEAD,
    Method::POST,
    Method::PUT,
    Method::DELETE,
];
