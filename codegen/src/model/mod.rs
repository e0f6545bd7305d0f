//! Phase two's output: the validated model every emitter reads.
//!
//! Everything here is checked: names are valid Rust identifiers once converted, templates
//! are well formed, references resolve, and derived values (routes, quota groups) are
//! computed once, at generation time.

mod access;
pub mod answers;
mod change_kinds;
mod constraints;
mod deprecation;
mod endpoint;
pub mod error_body;
mod examples;
mod parameters;
mod paths;
mod protocol;
mod section;
mod types;

pub use access::{Anonymous, Credential, OAuthFlow, TokenIssuer, UnknownCredentials};
pub use change_kinds::ChangeKind;
pub use constraints::{Bound, FieldRules};
pub use deprecation::Deprecation;
pub use endpoint::Endpoint;
pub use error_body::{ERROR_BODY_PLACEHOLDERS, ErrorFormat};
pub use examples::{Example, ExampleRequest, ExampleResponse};
pub use parameters::{OptionType, ParamType, QueryOption, Selector, SelectorPlace};
pub use paths::{Method, Param, PathTemplate, Segment, SegmentRefusal};
pub use protocol::{
    Cors, CursorConventions, EarlyRefusals, EchoHeader, Idempotency, OffsetConventions,
    PageConventions, PageStyle, Pagination, RateLimitHeaders, ResetFormat,
};
pub use restspec_conventions::{
    EmptyRequestBody, FORM_MEDIA, JSON_MEDIA, NullOptionalFields, ReadOnlyFields, RequestBodies,
    RequestContentType, SpecWords, TimestampFormat, UnknownFields, UnknownOptions,
};
pub use section::Section;
pub use types::{
    Discriminator, EnumValue, Field, Scalar, TypeDef, TypeKind, TypeRef, Union, UnionKeyword,
};

use crate::diag::Location;

/// A whole service, validated.
#[derive(Debug, Clone)]
pub struct Service {
    /// Machine name (`review`).
    pub name: String,
    /// Human title.
    pub title: String,
    /// Base URL (documentation).
    pub base_url: String,
    /// Longer description.
    pub description: Option<String>,
    /// The spec files, as named in messages, in reading order (for the generated header):
    /// the spec's own, then those of the bases it extends.
    pub files: Vec<String>,
    /// The base spec this one extends, as `extends` names it (`../base`, `links shop_base`).
    pub extends: Option<String>,
    /// The protocol conventions.
    pub conventions: Conventions,
    /// Where each key under `conventions` is written, by dotted path (`trace.header`,
    /// `credentials[1]`; `""` for `conventions` itself), for `restspec diff`.
    pub conventions_at: Vec<(String, Location)>,
    /// The status table, in file order.
    pub statuses: Vec<Status>,
    /// Global capabilities, in file order.
    pub capabilities: Vec<Capability>,
    /// The quota group template.
    pub quota_template: String,
    /// The template is well formed (otherwise quota-group rules would only repeat its error).
    pub quota_template_valid: bool,
    /// The families in file order, each with its endpoints.
    pub families: Vec<Family>,
    /// Every named type of the spec, in file order.
    pub types: Vec<TypeDef>,
    /// Breaking changes this version makes on purpose (`restspec diff` allows them).
    pub breaking_allowed: Vec<AllowedBreak>,
}

/// A breaking change the spec's authors intend, as `breaking_allowed` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllowedBreak {
    /// The kind of change (`quota_group_changed`).
    pub change: String,
    /// What it changes (`endpoint get_topic`).
    pub subject: String,
    /// Why.
    pub reason: String,
    /// Where it is listed.
    pub location: Location,
}

/// The `docs_path` convention: where the docs page is served, and where the spec says so
/// (for the rules that compare it with `openapi_path` and the endpoints).
#[derive(Debug, Clone)]
pub struct DocsPage {
    /// `/docs/`.
    pub path: String,
    /// The `docs_path` line.
    pub location: Location,
}

/// The protocol conventions as switches and names (see `spec/service.yaml`).
#[derive(Debug, Clone, Default)]
pub struct Conventions {
    /// The keys written as one value each (a name, a word, a switch, a record), declared
    /// in `restspec-conventions`' table and read through `Deref` as fields of the
    /// conventions themselves (`conventions.json_prefix`).
    pub keys: ConventionKeys,
    /// Pretty unless asked otherwise.
    pub pretty_by_default: bool,
    /// `pp`.
    pub pretty_parameter: Option<String>,
    /// `application/json`.
    pub compact_when_accept: Option<String>,
    /// `$m`.
    pub method_override_parameter: Option<String>,
    /// Methods `$m` may name.
    pub method_override_methods: Vec<Method>,
    /// Where requests carry credentials on every path, in the order they are looked for.
    pub credentials: Vec<Credential>,
    /// Who issues bearer tokens (`oauth2` or `openid_connect` beside a bearer scheme).
    pub token_issuer: Option<TokenIssuer>,
    /// Bearer tokens the issuer did not issue are taken too (`plain_tokens`), for OpenAPI.
    pub plain_tokens: bool,
    /// The schemes every 401 challenges with, when the spec lists them (`Some(vec![])`:
    /// none); `None` for the runtime's default, one per `Authorization` scheme.
    pub challenges: Option<Vec<String>>,
    /// Path parameters in which the self alias stands for the caller.
    pub self_alias_params: Vec<String>,
    /// How error bodies are written.
    pub error_format: ErrorFormat,
    /// The spec's `error_format` was none of the words of `ErrorFormat` (already reported):
    /// `error_format` is a guess, so no example's error body is judged against it.
    pub error_format_guessed: bool,
    /// With `ErrorFormat::Json`, the body, its strings holding placeholders such as
    /// `{message}` ([`ERROR_BODY_PLACEHOLDERS`]).
    pub error_body: Option<error_body::Shape>,
    /// The record type `error_body` is an instance of, when the spec names one
    /// (`error_type`): what the OpenAPI document names for every error answer.
    pub error_type: Option<String>,
    /// The headers any error answer may carry (`error_headers`), none required.
    pub error_headers: Vec<QueryOption>,
    /// Where the interactive page for that document is served, if anywhere.
    pub docs_page: Option<DocsPage>,
    /// Whether the OpenAPI document lists every endpoint without the authenticated prefix
    /// too (`openapi_anonymous_forms: all`), or only those a caller can use there.
    pub openapi_every_anonymous_form: bool,
    /// Error answers are never gzipped.
    pub never_gzip_errors: bool,
    /// Cross-origin use beyond the allowed origins, when the spec says.
    pub cors: Option<Cors>,
    /// Request headers every answer carries back.
    pub echo_headers: Vec<EchoHeader>,
}

/// The one-value keys of the conventions (`restspec-conventions`' table), as the
/// generator holds them.
pub type ConventionKeys = restspec_conventions::ConventionKeys<String, Vec<(String, String)>>;

impl std::ops::Deref for Conventions {
    type Target = ConventionKeys;

    fn deref(&self) -> &ConventionKeys {
        &self.keys
    }
}

impl std::ops::DerefMut for Conventions {
    fn deref_mut(&mut self) -> &mut ConventionKeys {
        &mut self.keys
    }
}

/// Impersonation: the header naming the account to act as and the capability it needs.
pub type RunAs = restspec_conventions::RunAsConventions<String>;

/// How a request asks to be traced.
pub type Trace = restspec_conventions::TraceConventions<String>;

/// Cookie session names and paths.
pub type Sessions = restspec_conventions::SessionConventions<String>;

/// One row of the status table.
#[derive(Debug, Clone)]
pub struct Status {
    /// `snake_case` name (`bad_request`).
    pub name: String,
    /// HTTP code.
    pub code: u16,
    /// Default plaintext message.
    pub message: String,
    /// The message naming what it is about (`Not found: {name}`), when the row says.
    pub message_for: Option<String>,
    /// When it applies.
    pub when: String,
    /// Runtime conditions answered with this status.
    pub raised_for: Vec<String>,
    /// The API's wording of the runtime's messages, by condition (each in `raised_for`).
    pub messages: Vec<(String, String)>,
    /// The type handlers answer this status with, as the whole body: a record, `any`, or
    /// any other type (a list, an object of any members).
    pub body: Option<TypeRef>,
    /// The body may be `null` (`body_nullable`): the variant carries an `Option`.
    pub body_nullable: bool,
    /// What this row fills into the error body's own placeholders (`type` →
    /// `invalid_request_error`), in the order written.
    pub values: Vec<(String, String)>,
    /// How the row's answers are written when the handler gives no body of its own (its
    /// `error_format`, `json` where it has an `error_body`); `None`: the conventions'.
    pub error_format: Option<ErrorFormat>,
    /// The row's JSON error body with `error_format: json` (its own `error_body`, else the
    /// conventions').
    pub error_body: Option<error_body::Shape>,
    /// Every body the runtime writes for the row (its own `error_body`, else the
    /// service's) is an instance of its `body` record: the OpenAPI document names that
    /// record for the row's answers, the runtime's among them.
    pub body_is_error_body: bool,
    /// Its own `error_body` writes instances of its `body` record: where an endpoint's
    /// refusals are written as this row (`answers::refusal_rows`), OpenAPI names that
    /// record for them.
    pub own_body_is_record: bool,
    /// Headers its answers may carry, none required (`wire` is the header's name).
    pub headers: Vec<QueryOption>,
    /// Where it is declared.
    pub location: Location,
}

/// A global capability.
#[derive(Debug, Clone)]
pub struct Capability {
    /// Its name as written (`administrateServer`).
    pub name: String,
    /// What it allows.
    pub description: String,
}

/// An endpoint family.
#[derive(Debug, Clone)]
pub struct Family {
    /// `snake_case` name.
    pub name: String,
    /// Prefix with both slashes (`/changes/`).
    pub prefix: String,
    /// What it covers.
    pub covers: String,
    /// Longer description.
    pub description: Option<String>,
    /// Name of the top-level id parameter (`change-id`); `None` for a family that names no
    /// resource of its own.
    pub id_param: Option<String>,
    /// The parameter before the id when two segments name the top-level resource
    /// (`owner` in `/repos/{owner}/{repo}`).
    pub owner_param: Option<String>,
    /// Path parameters, with what each identifies, in file order.
    pub params: Vec<Param>,
    /// Metadata names of the top-level resource for quota checks.
    pub quota_metadata: Vec<String>,
    /// Endpoints in file order: the family file's, then each section file's.
    pub endpoints: Vec<Endpoint>,
    /// Its sections, in the order their endpoints come.
    pub sections: Vec<Section>,
    /// The family file.
    pub file: String,
    /// Where `family` is declared.
    pub location: Location,
    /// Where the family's `id` is written.
    pub id_location: Location,
    /// Where the family's `owner` is written.
    pub owner_location: Location,
    /// Where the family's `params` are written.
    pub params_location: Location,
    /// Where the family's `prefix` is written.
    pub prefix_location: Location,
}

impl Family {
    /// Path parameter `name` as the family declares it, when it does.
    pub fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|p| p.name == name)
    }

    /// Path parameter `name` of `endpoint`: as the endpoint declares it again, else as the
    /// family does.
    pub fn param_of<'a>(&'a self, endpoint: &'a Endpoint, name: &str) -> Option<&'a Param> {
        endpoint
            .params
            .iter()
            .find(|p| p.name == name)
            .or_else(|| self.param(name))
    }

    /// The type of `endpoint`'s path parameter `name` (text when nothing declares it).
    pub fn param_type_of(&self, endpoint: &Endpoint, name: &str) -> ParamType {
        self.param_of(endpoint, name)
            .map_or(ParamType::String, |p| p.ty.clone())
    }

    /// The prefix's segments (`/v1/customers/` gives `v1`, `customers`).
    pub fn prefix_segments(&self) -> impl Iterator<Item = &str> {
        self.prefix.split('/').filter(|s| !s.is_empty())
    }

    /// True when `endpoint`'s path names the family's top-level resource: its segment right
    /// after the prefix is the family's `id` parameter (the runtime resolves it before quota
    /// checks; its `EndpointSpec::names_resource` applies the same rule).
    pub fn names_top_level(&self, endpoint: &Endpoint) -> bool {
        let mut after = endpoint
            .path
            .segments
            .iter()
            .skip(self.prefix_segments().count());
        let mut is = |name: &str| matches!(after.next(), Some(Segment::Param(p)) if p == name);
        match (&self.owner_param, &self.id_param) {
            (Some(owner), Some(id)) => is(owner) && is(id),
            (None, Some(id)) => is(id),
            _ => false,
        }
    }
}

impl Conventions {
    /// The rest of an example's or a client's `path` after the authenticated prefix
    /// (`/a/changes/` gives `/changes/`), or `None` when the path does not use it.
    pub fn without_authenticated_prefix<'a>(&self, path: &'a str) -> Option<&'a str> {
        let prefix = self.authenticated_prefix.as_deref()?;
        path.strip_prefix(prefix.trim_end_matches('/'))
            .filter(|rest| rest.starts_with('/'))
    }
}
