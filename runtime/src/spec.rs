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
        self.template
            .strip_prefix(self.family.prefix)
            .is_some_and(|rest| rest.starts_with('{'))
    }
}

/// An endpoint family.
#[derive(Debug)]
pub struct FamilySpec {
    /// Machine name.
    pub name: &'static str,
    /// Path prefix (`/changes/`).
    pub prefix: &'static str,
    /// Name of the top-level id parameter (`change-id`).
    pub id_param: &'static str,
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
}
