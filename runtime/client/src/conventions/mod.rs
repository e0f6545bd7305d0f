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

/// The protocol conventions, each a name or a switch (`None` turns a rule off).
#[derive(Debug, Clone, Copy)]
pub struct Conventions {
    /// Path every endpoint sits under (`/api/v4`), without a trailing slash; requests
    /// outside it are 404.
    pub base_path: Option<&'static str>,
    /// Prefix of the authenticated form (`/a/`).
    pub authenticated_prefix: Option<&'static str>,
    /// First line of every JSON body (`)]}'`).
    pub json_prefix: Option<&'static str>,
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
    /// Query parameter giving the real content type of a `text/plain` POST (`$ct`).
    pub content_type_override_parameter: Option<&'static str>,
    /// Header that makes a request create-only when it is `*` (`If-None-Match`).
    pub create_only_header: Option<&'static str>,
    /// Query parameter turning tracing on (`trace`).
    pub trace_parameter: Option<&'static str>,
    /// Header turning tracing on and carrying the id back (`X-Service-Trace`).
    pub trace_header: Option<&'static str>,
    /// Header carrying the XSRF token of cookie sessions (`X-Service-Auth`).
    pub xsrf_header: Option<&'static str>,
    /// Query parameter carrying an access token (`access_token`).
    pub access_token_parameter: Option<&'static str>,
    /// Where requests carry credentials on every path, in the order they are looked for.
    pub credentials: &'static [Credential],
    /// What a request whose credentials the service does not accept gets.
    pub unknown_credentials: UnknownCredentials,
    /// The `WWW-Authenticate` values every 401 carries (`Bearer realm="..."`), when the
    /// spec lists its `challenges` (`Some(&[])`: none); `None` for one per `Authorization`
    /// scheme of `credentials`.
    pub challenges: Option<&'static [&'static str]>,
    /// What anonymous callers may call, unless an endpoint says otherwise
    /// (`EndpointSpec::anonymous` in the runtime).
    pub anonymous: Anonymous,
    /// Account id standing for the caller (`self`).
    pub self_alias: Option<&'static str>,
    /// Name of the setting that enables CORS (`site.allowOriginRegex`).
    pub cors_setting: Option<&'static str>,
    /// Cookie sessions, when the service has them.
    pub sessions: Option<SessionConventions>,
    /// Impersonation, when the service allows it.
    pub run_as: Option<RunAsConventions>,
    /// Browser-hardening headers on every response (protocol 10).
    pub security_headers: bool,
    /// How error bodies are written.
    pub error_format: ErrorFormat,
    /// Where the OpenAPI document is served (`GET`, raw JSON, anyone); `None` for nowhere.
    pub openapi_path: Option<&'static str>,
    /// Where the interactive page for that document is served (`GET`, HTML, anyone), its
    /// script and stylesheet one segment beneath; `None` for nowhere.
    pub docs_path: Option<&'static str>,
    /// Where the service's metrics are served in the Prometheus text format (`GET`, to
    /// anyone, never counted against quota); `None` for nowhere, and then nothing is counted.
    pub metrics_path: Option<&'static str>,
    /// Where a probe learns the process answers (`200 ok`); `None` for nowhere.
    pub liveness_path: Option<&'static str>,
    /// Where a probe learns the service takes requests: `200 ok`, or `503` with the reason
    /// while it drains for shutdown or a dependency does not answer; `None` for nowhere.
    pub readiness_path: Option<&'static str>,
    /// The `Content-Type` of JSON answers, spelled as the API spells it (some clients
    /// compare it whole: `application/json` without a charset).
    pub json_content_type: &'static str,
    /// How paginated endpoints (`EndpointSpec::paginated` in the runtime) page their lists.
    pub pagination: Option<Pagination>,
    /// What a query parameter that is neither the runtime's nor an endpoint's option gets.
    pub unknown_options: UnknownOptions,
    /// The headers that tell a caller its quota budget, on every answer after the quota
    /// check.
    pub rate_limit_headers: Option<RateLimitHeaders>,
    /// The API's own wording of the runtime's messages, by condition; `{detail}` in a
    /// wording stands for the runtime's own text.
    pub condition_messages: &'static [(Condition, &'static str)],
    /// Error answers go out uncompressed even to clients that accept gzip.
    pub never_gzip_errors: bool,
    /// Cross-origin use beyond the allowed origins: methods, headers, any origin.
    pub cors: CorsConventions,
    /// Header carrying every request's id (`X-Request-Id`): the client's when sensible,
    /// else a new one; answered, logged, and given to handlers.
    pub request_id_header: Option<&'static str>,
    /// What the ids the service makes begin with (`req_`); ids a client sent are kept as
    /// they are.
    pub request_id_prefix: &'static str,
    /// Request headers answered back on every answer, the request's value or the spec's
    /// default (`Stripe-Version`), and readable by handlers.
    pub echo_headers: &'static [EchoHeader],
    /// Which request bodies are read: JSON, form-encoded, or both.
    pub request_bodies: RequestBodies,
    /// Whether a JSON body must say so in its `Content-Type`.
    pub request_content_type: RequestContentType,
    /// What a request body's field that its record does not declare gets.
    pub unknown_fields: UnknownFields,
    /// What a request without a body gets where the endpoint reads one.
    pub empty_request_body: EmptyRequestBody,
    /// Idempotency keys on `POST` and `PATCH` endpoints, when the spec switches them on.
    pub idempotency: Option<IdempotencyConventions>,
}

impl Conventions {
    /// Every rule off: no prefixes, no parameters or headers of the runtime's own, compact
    /// output, plaintext errors. Generated code writes the conventions a spec switches on
    /// and takes the rest from here (`..Conventions::NONE`), so that a convention added to
    /// the runtime changes nothing for the specs that do not use it.
    pub const NONE: Conventions = Conventions {
        base_path: None,
        authenticated_prefix: None,
        json_prefix: None,
        pretty_by_default: false,
        pretty_parameter: None,
        compact_when_accept: None,
        method_override_parameter: None,
        method_override_methods: &[],
        content_type_override_parameter: None,
        create_only_header: None,
        trace_parameter: None,
        trace_header: None,
        xsrf_header: None,
        access_token_parameter: None,
        credentials: &[],
        unknown_credentials: UnknownCredentials::Unauthorized,
        challenges: None,
        anonymous: Anonymous::Reads,
        self_alias: None,
        cors_setting: None,
        sessions: None,
        run_as: None,
        security_headers: false,
        error_format: ErrorFormat::Plain,
        openapi_path: None,
        docs_path: None,
        metrics_path: None,
        liveness_path: None,
        readiness_path: None,
        json_content_type: JSON_CONTENT_TYPE,
        pagination: None,
        unknown_options: UnknownOptions::Reject,
        rate_limit_headers: None,
        condition_messages: &[],
        never_gzip_errors: false,
        cors: CorsConventions::USUAL,
        request_id_header: None,
        request_id_prefix: "",
        echo_headers: &[],
        request_bodies: RequestBodies::Json,
        request_content_type: RequestContentType::Checked,
        unknown_fields: UnknownFields::Ignore,
        empty_request_body: EmptyRequestBody::EmptyObject,
        idempotency: None,
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
