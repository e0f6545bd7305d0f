//! What generated code tells the runtime about a service: plain `const` descriptions.
//!
//! The generator computes all of this at generation time (routes, quota groups, parameter
//! lists), so nothing here is built per request.

use crate::condition::Condition;

/// A whole service.
#[derive(Debug)]
pub struct ServiceSpec {
    /// Machine name.
    pub name: &'static str,
    /// Human title.
    pub title: &'static str,
    /// Base URL clients use (documentation).
    pub base_url: &'static str,
    /// The protocol conventions.
    pub conventions: Conventions,
    /// The status table.
    pub statuses: &'static [StatusEntry],
    /// The families.
    pub families: &'static [&'static FamilySpec],
    /// Every endpoint.
    pub endpoints: &'static [&'static EndpointSpec],
    /// The OpenAPI 3.1 document generated from the same spec (compact JSON).
    pub openapi: &'static str,
}

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
    /// What anonymous callers may call, unless an endpoint says otherwise
    /// ([`EndpointSpec::anonymous`]).
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
    /// The `Content-Type` of JSON answers, spelled as the API spells it (some clients
    /// compare it whole: `application/json` without a charset).
    pub json_content_type: &'static str,
    /// How paginated endpoints ([`EndpointSpec::paginated`]) page their lists.
    pub pagination: Option<crate::pagination::Pagination>,
    /// What a query parameter that is neither the runtime's nor an endpoint's option gets.
    pub unknown_options: UnknownOptions,
    /// The headers that tell a caller its quota budget, on every answer after the quota
    /// check.
    pub rate_limit_headers: Option<crate::quota::RateLimitHeaders>,
    /// The API's own wording of the runtime's messages, by condition; `{detail}` in a
    /// wording stands for the runtime's own text.
    pub condition_messages: &'static [(Condition, &'static str)],
    /// Error answers go out uncompressed even to clients that accept gzip.
    pub never_gzip_errors: bool,
    /// Cross-origin use beyond the allowed origins: methods, headers, any origin.
    pub cors: crate::cors::CorsConventions,
    /// Header carrying every request's id (`X-Request-Id`): the client's when sensible,
    /// else a new one; answered, logged, and given to handlers.
    pub request_id_header: Option<&'static str>,
    /// Which request bodies are read: JSON, form-encoded, or both.
    pub request_bodies: RequestBodies,
    /// Idempotency keys on `POST` and `PATCH` endpoints, when the spec switches them on.
    pub idempotency: Option<crate::idempotency::IdempotencyConventions>,
}

/// The request bodies a service reads (`conventions.request_bodies`), and the one its typed
/// client sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestBodies {
    /// JSON only (the default).
    Json,
    /// JSON, or `application/x-www-form-urlencoded`; the client sends JSON.
    JsonOrForm,
    /// A form, or JSON; the client sends a form.
    FormOrJson,
    /// A form only.
    Form,
}

impl RequestBodies {
    /// True when form-encoded bodies are read.
    pub fn reads_form(self) -> bool {
        self != RequestBodies::Json
    }

    /// True when JSON bodies are read.
    pub fn reads_json(self) -> bool {
        self != RequestBodies::Form
    }

    /// True when the typed client sends forms.
    pub fn sends_form(self) -> bool {
        matches!(self, RequestBodies::FormOrJson | RequestBodies::Form)
    }
}

/// What a query parameter an endpoint does not declare gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnknownOptions {
    /// A 400 naming it (the default: a misspelt option is a mistake worth reporting).
    Reject,
    /// Nothing: it is ignored, as many public APIs do.
    Ignore,
}

impl Conventions {
    /// The query parameter that carries a token, when the spec's `credentials` name one.
    pub fn token_parameter(&self) -> Option<&'static str> {
        self.credentials.iter().find_map(|c| match c {
            Credential::Query(name) => Some(*name),
            _ => None,
        })
    }

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
        anonymous: Anonymous::Reads,
        self_alias: None,
        cors_setting: None,
        sessions: None,
        run_as: None,
        security_headers: false,
        error_format: ErrorFormat::Plain,
        openapi_path: None,
        json_content_type: crate::json::JSON_CONTENT_TYPE,
        pagination: None,
        unknown_options: UnknownOptions::Reject,
        rate_limit_headers: None,
        condition_messages: &[],
        never_gzip_errors: false,
        cors: crate::cors::CorsConventions::USUAL,
        request_id_header: None,
        request_bodies: RequestBodies::Json,
        idempotency: None,
    };
}

/// A place a request may carry credentials on every path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credential {
    /// `Authorization: <scheme> <token>` for a scheme other than basic (`Bearer`, `token`;
    /// compared without regard to case). The token is checked by
    /// [`Authenticator::token`](crate::Authenticator::token).
    Scheme(&'static str),
    /// HTTP basic credentials, checked by [`Authenticator::basic`](crate::Authenticator::basic).
    Basic,
    /// A token in this request header (`PRIVATE-TOKEN`).
    Header(&'static str),
    /// A token in this query parameter (`private_token`).
    Query(&'static str),
}

/// What a request whose credentials the service does not accept gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnknownCredentials {
    /// The `not_authenticated` condition (401 in most status tables), with a
    /// `WWW-Authenticate` challenge for each declared `Authorization` scheme.
    Unauthorized,
    /// Served as if it had sent no credentials.
    Anonymous,
}

/// What anonymous callers may call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anonymous {
    /// Endpoints of `GET` and `HEAD`.
    Reads,
    /// Nothing: every call needs credentials.
    None,
    /// Everything.
    All,
}

impl Anonymous {
    /// True when an anonymous caller may call an endpoint of `method`.
    pub fn allows(self, method: &http::Method) -> bool {
        match self {
            Anonymous::Reads => matches!(*method, http::Method::GET | http::Method::HEAD),
            Anonymous::None => false,
            Anonymous::All => true,
        }
    }
}

/// Impersonation (protocol 5.9): who may act as whom, and how a request says so.
#[derive(Debug, Clone, Copy)]
pub struct RunAsConventions {
    /// Request header naming the account to act as (`X-Service-RunAs`).
    pub header: &'static str,
    /// Global capability a caller needs to send it (`runAs`).
    pub capability: &'static str,
}

/// How error bodies are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorFormat {
    /// The status table's message (or the handler's) as `text/plain`.
    Plain,
    /// RFC 9457 problem details (`type`, `title`, `status`, `detail`) as
    /// `application/problem+json`.
    ProblemJson,
    /// A JSON body of the API's own shape (`{"message": "..."}`) as `application/json`.
    Json(&'static JsonErrorBody),
}

/// The spec's `error_body`, prepared at generation time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonErrorBody {
    /// The body cut into text and the values each error fills in.
    pub pieces: &'static [ErrorPiece],
    /// Where the message stands in the body, as a JSON pointer (`/message`,
    /// `/error/message`): what a client reads back.
    pub message_pointer: &'static str,
}

/// A piece of a JSON error body: text written as it is, or a value of the error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorPiece {
    /// JSON text, written as it is.
    Text(&'static str),
    /// The message, escaped as the inside of a JSON string (`{message}`).
    Message,
    /// The status code's digits (`{status}`).
    Status,
    /// The status code's reason phrase, escaped (`{reason}`).
    Reason,
    /// The name of the status table's row, escaped (`{name}`; `error` when no row).
    Name,
    /// The field, option or path parameter an input error is about, escaped, or nothing
    /// (`{field}` inside a string).
    Field,
    /// The same as a whole JSON value: a string, or `null` (`"{field}"` alone).
    FieldJson,
}

/// Names and paths of cookie sessions.
#[derive(Debug, Clone, Copy)]
pub struct SessionConventions {
    /// The session cookie (HttpOnly).
    pub cookie: &'static str,
    /// The cookie carrying the XSRF token.
    pub xsrf_cookie: &'static str,
    /// `POST` with HTTP basic credentials to log in.
    pub login_path: &'static str,
    /// `POST` to log out.
    pub logout_path: &'static str,
}

/// One row of the status table.
#[derive(Debug)]
pub struct StatusEntry {
    /// Name in the spec (`bad_request`).
    pub name: &'static str,
    /// HTTP code.
    pub code: u16,
    /// Default plaintext message.
    pub message: &'static str,
    /// Runtime conditions answered with this status.
    pub conditions: &'static [Condition],
}

impl EndpointSpec {
    /// True when the path's first parameter is the family's top-level resource
    /// (`/changes/{change-id}/...`), which is resolved before quota checks and the handler.
    pub fn names_resource(&self) -> bool {
        let Some(rest) = self.template.strip_prefix(self.family.prefix) else {
            return false;
        };
        let mut segments = rest.split('/');
        let mut param = || segments.next().is_some_and(|s| s.starts_with('{'));
        !self.family.id_param.is_empty()
            && param()
            && (self.family.owner_param.is_empty() || param())
    }
}

impl FamilySpec {
    /// No family: the placeholder of [`EndpointSpec::USUAL`].
    pub const NONE: FamilySpec = FamilySpec {
        name: "",
        prefix: "",
        id_param: "",
        owner_param: "",
        quota_metadata: &[],
    };
}

/// An endpoint family.
#[derive(Debug)]
pub struct FamilySpec {
    /// Machine name.
    pub name: &'static str,
    /// Path prefix (`/changes/`).
    pub prefix: &'static str,
    /// Name of the top-level id parameter (`change-id`); `""` for a family that names no
    /// resource of its own (`/user`), whose endpoints are never resolved.
    pub id_param: &'static str,
    /// The parameter before the id when two segments name the top-level resource (`owner`
    /// in `/repos/{owner}/{repo}`); `""` when one does. Generated literals leave it out
    /// (`..FamilySpec::NONE`) unless the spec names one.
    pub owner_param: &'static str,
    /// Metadata names the top-level resource carries into quota checks.
    pub quota_metadata: &'static [&'static str],
}

/// One endpoint, with everything derived at generation time.
#[derive(Debug)]
pub struct EndpointSpec {
    /// Position in [`ServiceSpec::endpoints`]: the generated dispatch table's key.
    pub index: usize,
    /// Name (the handler method).
    pub name: &'static str,
    /// Its family.
    pub family: &'static FamilySpec,
    /// HTTP method.
    pub method: http::Method,
    /// Path template as written in the spec.
    pub template: &'static str,
    /// The axum route the template becomes.
    pub route: &'static str,
    /// The quota group (`/restapi/changes/:POST`).
    pub quota_group: &'static str,
    /// Path parameter names, in order.
    pub params: &'static [&'static str],
    /// Indices of the parameters in which the self alias stands for the caller.
    pub self_params: &'static [usize],
    /// The query options the endpoint accepts, by their names in the URL; any other
    /// option (besides the reserved parameters) is a 400.
    pub options: &'static [&'static str],
    /// Call the handler even when the top-level resource is missing (create).
    pub creates: bool,
    /// Global capability the caller needs.
    pub capability: Option<&'static str>,
    /// Success status.
    pub success: u16,
    /// Other success statuses a handler may choose (with [`Custom`](crate::reply::Custom)).
    pub other_successes: &'static [u16],
    /// A JSON request body is read.
    pub request_body: bool,
    /// A JSON response body is written.
    pub response_body: bool,
    /// What anonymous callers may call here.
    pub anonymous: Anonymous,
    /// Answers a page at a time, as [`Conventions::pagination`] says.
    pub paginated: bool,
    /// The options that are required, have a default or bounds.
    pub option_rules: &'static [OptionRule],
    /// Path parameters (by position) that must match a regular expression in full: what
    /// does not match names nothing (404).
    pub param_patterns: &'static [(usize, &'static str)],
}

/// What a query option must be, beyond its type.
#[derive(Debug, Clone, Copy)]
pub struct OptionRule {
    /// Its name in the URL.
    pub name: &'static str,
    /// A request without it is a 400 naming it.
    pub required: bool,
    /// The value a request without it gets, as URL text.
    pub default: Option<&'static str>,
    /// The smallest whole number it may be.
    pub minimum: Option<i64>,
    /// The largest whole number it may be.
    pub maximum: Option<i64>,
}

impl EndpointSpec {
    /// What generated endpoint descriptions take from here: the fields a spec rarely sets,
    /// at their usual values (`..EndpointSpec::USUAL`), so that a field added to the runtime
    /// changes nothing for the specs that do not use it. Its own name, family and paths are
    /// placeholders every endpoint writes over.
    pub const USUAL: EndpointSpec = EndpointSpec {
        index: usize::MAX,
        name: "",
        family: &FamilySpec::NONE,
        method: http::Method::GET,
        template: "",
        route: "",
        quota_group: "",
        params: &[],
        self_params: &[],
        options: &[],
        creates: false,
        capability: None,
        success: 200,
        other_successes: &[],
        request_body: false,
        response_body: false,
        anonymous: Anonymous::Reads,
        paginated: false,
        option_rules: &[],
        param_patterns: &[],
    };

    /// True when an anonymous caller may call it.
    pub fn allows_anonymous(&self) -> bool {
        self.anonymous.allows(&self.method)
    }
}
