//! What generated code tells the runtime about a service: plain `const` descriptions.
//!
//! The generator computes all of this at generation time (routes, quota groups, parameter
//! lists), so nothing here is built per request.

use restspec_client::condition::Condition;

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

impl ServiceSpec {
    /// How many slots a table indexed by [`EndpointSpec::index`] needs: one past the
    /// highest index. Tables the runtime builds per endpoint at start-up share this size.
    pub fn endpoint_slots(&self) -> usize {
        self.endpoints
            .iter()
            .map(|e| e.index + 1)
            .max()
            .unwrap_or(0)
    }
}

pub use restspec_client::conventions::{
    Anonymous, ConventionKeys, Conventions, Credential, EchoHeader, EmptyRequestBody, ErrorFormat,
    ErrorPiece, JsonErrorBody, RequestBodies, RequestContentType, RunAsConventions,
    SessionConventions, UnknownCredentials, UnknownFields, UnknownOptions,
};

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
    /// The message when the answer names what it is about (`"Not found: {name}"`): the
    /// runtime's refusals of a thing the URL names, and the generated `Error::<row>_for`.
    /// `None`: the runtime's own wording, [`Condition::MESSAGE_FOR`].
    pub message_for: Option<&'static str>,
    /// What this row fills into the JSON error body's own placeholders
    /// ([`ErrorPiece::Own`]), by name: `("type", "invalid_request_error")`.
    pub values: &'static [(&'static str, &'static str)],
    /// How this row's answers are written when the handler gives no body of its own (the
    /// row's `error_format` and `error_body`); `None`: as the service's conventions say.
    pub format: Option<ErrorFormat>,
}

impl StatusEntry {
    /// What generated rows take from here: the fields a spec rarely sets
    /// (`..StatusEntry::USUAL`), so that a field added to the runtime changes nothing for
    /// the specs that do not use it. Its name, code and message are placeholders.
    pub const USUAL: StatusEntry = StatusEntry {
        name: "",
        code: 500,
        message: "",
        conditions: &[],
        message_for: None,
        values: &[],
        format: None,
    };

    /// The message naming `name`, in this row's words (`Not found: 7`).
    pub fn message_naming(&self, name: &str) -> String {
        Condition::message_naming(self.message_for, name)
    }
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
    /// The route the runtime's route table matches: the template without a trailing slash,
    /// its parameters named in `snake_case`.
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
    /// Its map options (`map<T>`), by name, each with whether it is read in OpenAPI's
    /// `deepObject` style (`filter[status]=open`) rather than as every key no other option
    /// names: their keys are packed into one value each before the options are read
    /// (`message::option_keys::pack_maps`).
    pub query_maps: &'static [(&'static str, bool)],
    /// Its options holding a record or a list of records written in brackets, nested
    /// (`filters[0][name]=x`, or `filters[0].name=x`): their keys are packed into one value
    /// each, as the maps' are, read as a form's.
    pub nested_options: &'static [&'static str],
    /// Call the handler even when the top-level resource is missing (create).
    pub creates: bool,
    /// Global capability the caller needs.
    pub capability: Option<&'static str>,
    /// Success status.
    pub success: u16,
    /// Other success statuses a handler may choose (with [`Custom`](crate::message::reply::Custom)).
    pub other_successes: &'static [u16],
    /// Those of `other_successes` answered without a body, whatever the handler's reply
    /// (`202`).
    pub empty_successes: &'static [u16],
    /// The places of the service's `credentials` it reads, by index, where it reads only
    /// some: a caller authenticated at another place is anonymous to it. `None`: all.
    pub credentials: Option<&'static [u8]>,
    /// Its own error format (the spec's endpoint `error_body`), in which its handler's
    /// errors are written where their rows have none of their own; `None`: the service's.
    pub error_format: Option<crate::spec::ErrorFormat>,
    /// The rows of its `errors:` with a format of their own that it lists alone for their
    /// code, and that do not raise the runtime's conditions (SendGrid's operations each
    /// answer their 400s in a record of their own, Vimeo's their 401s): each code with the
    /// format of its row. Every answer of such a code to a request routed to it (the
    /// runtime's refusals of its credentials, input or quota too) is written so.
    pub refusals: &'static [(u16, crate::spec::ErrorFormat)],
    /// The error statuses it may answer besides 500, sorted: its spec's `errors:` and the
    /// runtime conditions that apply to it, as its OpenAPI operation lists them. A
    /// handler's error of another status is answered as a 500 and logged, so that an
    /// undeclared error fails loudly instead of reaching callers the document does not
    /// warn. `None` (a description written by hand) checks nothing.
    pub error_codes: Option<&'static [u16]>,
    /// A JSON request body is read.
    pub request_body: bool,
    /// The media types its request body is read in, where they differ from the service's
    /// [`ConventionKeys::request_bodies`].
    pub request_bodies: Option<RequestBodies>,
    /// A JSON response body is written.
    pub response_body: bool,
    /// The `Content-Type` of a response body written as text rather than JSON
    /// (`text/plain; charset=utf-8`): the handler's value, a string, number, boolean or
    /// enumeration, as its plain text (`42`, not `"42"`). `None`: JSON.
    pub response_media: Option<&'static str>,
    /// What anonymous callers may call here.
    pub anonymous: Anonymous,
    /// Answers a page at a time, as [`ConventionKeys::pagination`] says.
    pub paginated: bool,
    /// The options that are required, have a default or bounds.
    pub option_rules: &'static [OptionRule],
    /// The header parameters the handler gets, by their names on the wire.
    pub headers: &'static [&'static str],
    /// The cookie parameters the handler gets with the header parameters, by their names
    /// in the request's `Cookie` header.
    pub cookies: &'static [&'static str],
    /// The header (and cookie) parameters that are required, have a default or bounds.
    pub header_rules: &'static [OptionRule],
    /// Path parameters (by position) that must contain a match of a regular expression,
    /// written as the matcher reads it (the generator translated the spec's): what does not
    /// match names nothing (404).
    pub param_patterns: &'static [(usize, &'static str)],
    /// Path parameters (by position) with the fewest and most characters they may have
    /// (`u32::MAX` for no most): what has another length names nothing (404).
    pub param_lengths: &'static [(usize, u32, u32)],
    /// Number path parameters (by position) with the least and most values they may have
    /// (infinite for none): a number outside names nothing (404); text that is no number
    /// is left to the parameter's type.
    pub param_bounds: &'static [(usize, f64, f64)],
    /// Number path parameters (by position) with the values they may be: another names
    /// nothing (404); text that is no number is left to the parameter's type.
    pub param_values: &'static [(usize, &'static [f64])],
    /// Segments holding parameters (by position among the route's parameters) with fixed
    /// text around or between them, as the texts before, between and after them
    /// (`{name}:move` is `(i, &["", ":move"])`, `{name}-{version}.zip` is
    /// `(i, &["", "-", ".zip"])`): the router matches the whole segment, and this
    /// endpoint only when the texts are there; the handler gets what is between, each
    /// parameter up to the next text's first occurrence.
    pub param_affixes: &'static [(usize, &'static [&'static str])],
    /// The category of quota its answers name in the `rate_limit_headers`' `resource`
    /// header (`core`, `search`): the endpoint's, its family's or the spec's default
    /// `rate_limit_resource`, resolved at generation time.
    pub rate_limit_resource: Option<&'static str>,
    /// What tells it apart from the other endpoints of its method and path, when several
    /// share them (AWS's `X-Amz-Target`); a request none of them selects names nothing.
    pub selected_by: Option<Selector>,
    /// The `Deprecation` header (RFC 9745) every answer of a deprecated endpoint carries,
    /// the day it was deprecated as a structured-field date (`@1782777600`), computed at
    /// generation time; `None` for an endpoint whose spec gives no date.
    pub deprecation: Option<&'static str>,
}

/// A request's fixed header or query value that selects one of several endpoints sharing
/// a method and a path: `X-Amz-Target: DynamoDB_20120810.GetItem`, `?Action=RunInstances`;
/// or a query parameter that selects by being there (`?city_id=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selector {
    /// The header `name` has exactly `value`.
    Header {
        /// The header's name.
        name: &'static str,
        /// Its value.
        value: &'static str,
    },
    /// The query parameter `name` (decoded) is `value`.
    Query {
        /// The parameter's name.
        name: &'static str,
        /// Its value.
        value: &'static str,
    },
    /// The query holds parameter `name`, whatever its value (Weatherbit's `/current` with
    /// `city_id=` rather than `lat=`): one of the endpoint's required options.
    QueryKey {
        /// The parameter's name.
        name: &'static str,
    },
}

impl Selector {
    /// Whether the request with these headers and this query (undecoded) is selected.
    pub fn selects(&self, headers: &http::HeaderMap, query: Option<&str>) -> bool {
        match *self {
            Selector::Header { name, value } => headers
                .get_all(name)
                .iter()
                .any(|v| v.as_bytes() == value.as_bytes()),
            Selector::Query { name, value } => query.is_some_and(|q| {
                form_urlencoded::parse(q.as_bytes()).any(|(k, v)| k == name && v == value)
            }),
            Selector::QueryKey { name } => {
                query.is_some_and(|q| form_urlencoded::parse(q.as_bytes()).any(|(k, _)| k == name))
            }
        }
    }
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
        query_maps: &[],
        nested_options: &[],
        creates: false,
        capability: None,
        success: 200,
        other_successes: &[],
        empty_successes: &[],
        credentials: None,
        error_format: None,
        refusals: &[],
        error_codes: None,
        request_body: false,
        response_body: false,
        response_media: None,
        anonymous: Anonymous::Reads,
        paginated: false,
        option_rules: &[],
        headers: &[],
        cookies: &[],
        header_rules: &[],
        param_patterns: &[],
        param_lengths: &[],
        param_bounds: &[],
        param_values: &[],
        request_bodies: None,
        param_affixes: &[],
        rate_limit_resource: None,
        selected_by: None,
        deprecation: None,
    };

    /// True when an anonymous caller may call it.
    pub fn allows_anonymous(&self) -> bool {
        self.anonymous.allows_method(self.method.as_str())
    }
}
