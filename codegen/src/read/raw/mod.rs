//! The spec files exactly as written: every record, key and value with its position.
//!
//! Nothing here is validated beyond shape (keys known, required keys present, scalars of the
//! right kind); the meaning is checked when the raw spec is lowered into the model.

use super::decode::{Named, Spanned, StatusCode, spec_record};
use super::yaml::Node;

mod access;
mod deprecated;
mod endpoint;
mod examples;
mod parameters;
mod protocol;
mod sections;
mod types;

pub(crate) use access::{CredentialPlace, KeyPart, OAuthFlow, RunAs};
pub(crate) use deprecated::Deprecated;
pub(crate) use endpoint::Endpoint;
pub(crate) use examples::{Example, ExampleRequest, ExampleResponse};
pub(crate) use parameters::{ParamDecl, QueryOption, SelectedBy};
pub(crate) use protocol::{
    Cors, EchoHeader, Idempotency, MethodOverride, Pagination, PrettyPrinting, RateLimitHeaders,
    Sessions, Trace,
};
pub(crate) use sections::SectionFile;
pub(crate) use types::{EnumValueDecl, Field, TypeDef};

spec_record! {
    /// `service.yaml`: what is true of the whole service.
    pub struct ServiceFile = "the service file" {
        /// The base spec this one builds on: its conventions, statuses, capabilities, quota
        /// rule, types and families are inherited, and this file's keys are written over
        /// them (then `conventions`, `statuses` and `quota` may be left out).
        opt extends: Extends,
        /// Name, title and base URL of the service.
        req service: ServiceInfo,
        /// The protocol conventions every endpoint follows (protocol 4.2 to 4.5 and 5).
        req conventions: Conventions,
        /// The status table: every error status the service answers with, by name.
        req statuses: Named<Status>,
        /// Global capabilities endpoints may require, by name, with a description.
        opt capabilities: Named<String>,
        /// How quota groups are named for the quota extension point.
        req quota: Quota,
        /// Types shared by several families, by name.
        opt types: Named<TypeDef>,
        /// Breaking changes this version makes on purpose: `restspec diff` allows each
        /// once, against the version that did not list it yet.
        opt breaking_allowed: Vec<AllowedBreak>,
    }
}

spec_record! {
    /// The base spec a spec builds on, named one way or the other.
    pub struct Extends = "`extends`" {
        /// The base spec's directory, relative to this spec's directory (`../base`).
        opt path: Spanned<String>,
        /// The `links` name of a crate that publishes its spec directory from its build
        /// script (`restspec_codegen::publish_spec`); this crate depends on it.
        opt links: Spanned<String>,
    }
}

spec_record! {
    /// A breaking change made on purpose.
    pub struct AllowedBreak = "an allowed breaking change" {
        /// The kind of change, as `restspec diff` names it (`quota_group_changed`).
        req change: Spanned<String>,
        /// What it changes, as `restspec diff` names it (`endpoint get_topic`).
        req subject: Spanned<String>,
        /// Why the break is intended (for reviewers and the release notes).
        req reason: String,
    }
}

spec_record! {
    /// Identity of the service.
    pub struct ServiceInfo = "`service`" {
        /// Short machine name, `snake_case`.
        req name: Spanned<String>,
        /// Human title, used in docs and logs.
        req title: String,
        /// The base URL clients reach the service at (documentation only).
        req base_url: Spanned<String>,
        /// What the service is for.
        opt description: String,
    }
}

/// Declares the `conventions` record: the keys written in its invocation below (blocks
/// of several keys, lists, and what only the generator reads) and the one-value keys of
/// `restspec-conventions`' table (`convention_keys!`), each read as its kind is written: a
/// name or a word as located text, a switch as a boolean, a record as the record named.
macro_rules! conventions_record {
    ({ $($written:tt)* } $($table:tt)*) => {
        conventions_record!(@fields { $($written)* } $($table)*);
    };
    (@fields { $($fields:tt)* }) => {
        spec_record! {
            /// The protocol conventions. Each rule is a switch or a name, so another
            /// service can choose other names or leave a rule out.
            pub struct Conventions = "`conventions`" { $($fields)* }
        }
    };
    (@fields { $($fields:tt)* }
        $(#[doc = $doc:literal])* $field:ident $(as $yaml:literal)? : switch ($($arg:tt)*),
            lower($($lower:tt)*), diff($($rule:tt)*);
        $($rest:tt)*
    ) => {
        conventions_record!(@fields {
            $($fields)* $(#[doc = $doc])* opt $field $(as $yaml)?: bool,
        } $($rest)*);
    };
    (@fields { $($fields:tt)* }
        $(#[doc = $doc:literal])* $field:ident $(as $yaml:literal)? : record ($record:ty, $raw:ident),
            lower($($lower:tt)*), diff($($rule:tt)*);
        $($rest:tt)*
    ) => {
        conventions_record!(@fields {
            $($fields)* $(#[doc = $doc])* opt $field $(as $yaml)?: $raw,
        } $($rest)*);
    };
    // A name, a header or a word: text, located for the messages about it.
    (@fields { $($fields:tt)* }
        $(#[doc = $doc:literal])* $field:ident $(as $yaml:literal)? : $kind:ident ($($arg:tt)*),
            lower($($lower:tt)*), diff($($rule:tt)*);
        $($rest:tt)*
    ) => {
        conventions_record!(@fields {
            $($fields)* $(#[doc = $doc])* opt $field $(as $yaml)?: Spanned<String>,
        } $($rest)*);
    };
}

restspec_conventions::convention_keys!(conventions_record! {
    /// Pretty vs compact JSON; leave out for compact JSON with no parameter to ask for
    /// pretty.
    opt pretty_printing: PrettyPrinting,
    /// Query parameter overriding the method of a POST (`$m`), and the methods it accepts.
    opt method_override: MethodOverride,
    /// Where a request may carry credentials on every path, in the order they are
    /// looked for: `{ scheme: bearer }` (`Authorization: Bearer <token>`), any other
    /// `Authorization` scheme (`{ scheme: token }`), `{ scheme: basic }` (HTTP basic
    /// anywhere, not only under `authenticated_prefix`), a header (`{ header:
    /// PRIVATE-TOKEN }`) or a query parameter (`{ query: private_token }`). Tokens are
    /// checked by the service's `Authenticator::token`.
    opt credentials: Vec<CredentialPlace>,
    /// The `WWW-Authenticate` challenges every 401 carries, by scheme (`[Bearer]`), each
    /// as `<scheme> realm="<service title>"`; `[]` for none, as APIs that document their
    /// tokens elsewhere answer (GitHub). Leave out for one per `Authorization` scheme
    /// of `credentials` (`Bearer` when tokens are only in headers or the query), and
    /// `Basic` under `authenticated_prefix`.
    opt challenges: Vec<Spanned<String>>,
    /// Path parameters in which the self alias stands for the caller (`account-id`).
    opt self_alias_params: Vec<Spanned<String>>,
    /// How error bodies are written: `plain` (the status table's message as
    /// `text/plain`, the default), `problem_json` (RFC 9457 problem details,
    /// `application/problem+json`), `json` (the body `error_body` shows, as
    /// `application/json`) or `empty` (no body). A status row may say its own.
    opt error_format: Spanned<String>,
    /// With `error_format: json`, the error body as YAML, its strings holding the
    /// error's values: `{message}`, `{status}` (a number when it is the whole value),
    /// `{reason}` (the status's reason phrase), `{name}` (the status table's row, or the
    /// runtime's condition when no row raises it), `{field}` (the field, option or
    /// parameter an input error is about, `Error::with_field`) and `{code}` (a code the
    /// handler gives, `Error::with_code`; both a string or `null` when the whole value),
    /// `{error_id}` (a new UUID each answer), as `{ message: "{message}" }`.
    /// Any other `{word}` is the body's own, filled in by each status row's `values`
    /// (`{type}` with `values: { type: invalid_request_error }`), the row's name where
    /// a row gives none. Members go out in the order written; a row with a typed `body`
    /// gets the members that are the same for every error of the row (no `{message}`,
    /// `{field}` or `{code}`) beside its own fields.
    opt error_body: Node,
    /// The record type the API documents its error body as (`Error`), when
    /// `error_body` is an instance of one: every member of `error_body` is a field of
    /// it (or, where the record has `additional_fields`, a member of their type), and
    /// each field it requires is written there. It may be a `one_of` or `any_of` of
    /// records, one for each kind of error: `error_body` is then an instance of one of
    /// them. The OpenAPI document then names that type for every error answer, the
    /// runtime's own included, instead of a schema drawn from `error_body`.
    opt error_type: Spanned<String>,
    /// Headers any error answer may carry, whatever its status (a request id,
    /// `Content-Language`), written as a status row's `headers` are, none `required`:
    /// the runtime's own refusals answer without them. The handler gives them with
    /// `Error::with_headers(&response_headers::ErrorHeaders { .. })`; OpenAPI states
    /// them on every error answer, the `default` one included.
    opt error_headers: Named<QueryOption>,
    /// Where every service of this spec serves an interactive page for that document
    /// (Swagger UI: every operation, with "Try it out" sending real requests), its
    /// script and stylesheet one segment beneath (`/docs/`). Needs `openapi_path`; the
    /// renderer is embedded by the runtime's `docs-page` feature (on by default), so the
    /// page works offline. Leave out for none.
    opt docs_path: Spanned<String>,
    /// Which endpoints the OpenAPI document lists without `authenticated_prefix`:
    /// `usable` (the default: those a caller can use there, anonymously or with one of
    /// `credentials`; the others only under the prefix) or `all` (every endpoint under
    /// both, as the router serves them, some always answering 403).
    opt openapi_anonymous_forms: Spanned<String>,
    /// Cross-origin use as browser clients of a public API need it: the methods the
    /// spec's endpoints use (PATCH too) in preflights, token headers allowed, response
    /// headers exposed, and optionally any origin. Which origins may call is a setting
    /// (`Settings::allow_origin_regex`) unless `any_origin`.
    opt cors: Cors,
    /// Request headers every answer carries back, the request's value or a default
    /// (`[{header: Stripe-Version, default: "2024-06-20"}]`); handlers read the value
    /// with `RequestContext::echoed`. Browser scripts may send and read them under `cors`.
    opt echo_headers: Vec<EchoHeader>,
    /// Whether error answers are gzipped for clients that accept gzip, like other large
    /// answers (`true`, the default), or always sent as they are (`false`).
    opt gzip_errors: bool,
});

spec_record! {
    /// One row of the status table.
    pub struct Status = "a status" {
        /// The HTTP status code: an error's (400 to 599), or a redirect's that a handler
        /// answers as it does an error, with a body (GitHub's `301` for a renamed
        /// repository; 300 to 399, not 304).
        req code: Spanned<StatusCode>,
        /// The default plaintext message.
        req message: String,
        /// The message when the answer names what it is about, `{name}` standing for it
        /// (`"Not found: {name}"`): the runtime's 404 for a thing the URL names, and the
        /// generated `Error::<row>_for(name)`, so both say it alike.
        opt message_for: Spanned<String>,
        /// When the status applies, in prose (becomes documentation).
        req when: String,
        /// Conditions detected by the runtime that answer with this status
        /// (`malformed_json`, `not_authenticated`, ...).
        opt raised_for: Vec<Spanned<String>>,
        /// The type handlers answer this status with, as the whole error body: a record
        /// (a validation error with its field errors), `any` (any JSON value, for an API
        /// whose document leaves its error bodies undescribed), or any other type
        /// (`list<Problem>`, `map<any>`): the row's `Error` variant carries it. The runtime's own conditions still answer in the row's error format
        /// (its `error_format` and `error_body`, else the conventions').
        opt body: Spanned<String>,
        /// Beside `body`: the body may be `null` (a document whose error record is
        /// `nullable`, Unicourt's and Plaid's): the variant carries an `Option`.
        opt body_nullable: Spanned<bool>,
        /// The API's own wording of the runtime's messages for some of those conditions
        /// (`authentication_required: Unauthorized`); `{detail}` stands for the runtime's
        /// own text (`"Bad request: {detail}"`).
        opt messages: Named<Spanned<String>>,
        /// What this row fills into `error_body`'s own placeholders, by name: `{ type:
        /// invalid_request_error }` for a body holding `"{type}"`, so that several rows
        /// share a value their names cannot (a 401 and a 404 both of type
        /// `invalid_request_error`).
        opt values: Named<Spanned<String>>,
        /// How this row's answers are written when the handler gives no body of its own
        /// (the runtime's conditions raised for it, `Error::<row>()`): `plain`,
        /// `problem_json`, `json` or `empty` (no body), as `conventions.error_format` says
        /// for the rows that do not. Default: the conventions'.
        opt error_format: Spanned<String>,
        /// This row's JSON error body, as `conventions.error_body` is written (and meaning
        /// `error_format: json` for the row): with a typed `body`, a body of that record,
        /// so that the row's answers are all of it.
        opt error_body: Node,
        /// Headers this row's answers may carry (`Retry-After` on a 429, a request id the
        /// API signs its answers with), written as an endpoint's `response_headers` are,
        /// none `required`: the runtime's own refusals answer without them. The handler
        /// gives them with `Error::<row>().with_headers(&response_headers::<Row>ErrorHeaders
        /// { .. })`; OpenAPI states them on each answer of the row.
        opt headers: Named<QueryOption>,
    }
}

spec_record! {
    /// The quota rule.
    pub struct Quota = "`quota`" {
        /// Group name template (`/restapi{endpoint}:{method}`): `{endpoint}` is the path
        /// without its ids, `{method}` the method, `{name}` the endpoint's name. It holds
        /// `{endpoint}` and `{method}`, or `{name}` (every endpoint a group of its own).
        req group_template: Spanned<String>,
    }
}

spec_record! {
    /// A family file: one top-level endpoint family.
    pub struct FamilyFile = "a family file" {
        /// The family itself.
        req family: Family,
        /// Its endpoints, by name (`snake_case`, becomes the handler method).
        req endpoints: Named<Endpoint>,
        /// Types this family introduces, by name (`PascalCase`).
        opt types: Named<TypeDef>,
    }
}

spec_record! {
    /// A family of endpoints under one path prefix.
    pub struct Family = "`family`" {
        /// Short machine name, `snake_case`.
        req name: Spanned<String>,
        /// Path prefix, with both slashes: one segment or more (`/changes/`,
        /// `/v1/customers/`), without parameters.
        req prefix: Spanned<String>,
        /// What the family covers, in prose.
        req covers: String,
        /// Longer description.
        opt description: String,
        /// Name of the top-level resource's id parameter (`change-id`): a parameter right
        /// after the prefix, which the family's resolver finds before quota checks. Leave
        /// out for a family that names no resource of its own (`/user`, `/rate_limit`).
        opt id: Spanned<String>,
        /// A parameter right after the prefix and before `id`, when two segments name the
        /// top-level resource (`/repos/{owner}/{repo}`): the resolver gets both, once,
        /// before quota checks.
        opt owner: Spanned<String>,
        /// Every path parameter the family's templates use, with what it identifies: a
        /// description, or `{ description: ..., type: integer }` for a parameter the
        /// runtime parses before the handler (`integer`, or a string enumeration's name; a
        /// value that does not parse names nothing: 404).
        opt params: Named<ParamDecl>,
        /// Metadata the top-level resource carries into quota checks
        /// (`Change.Id`, `Project.NameKey`); empty for the calling user only.
        opt quota_metadata: Vec<Spanned<String>>,
        /// What anonymous callers may call in this family (`reads`, `none`, `all`), where
        /// it differs from the service's `anonymous`.
        opt anonymous: Spanned<String>,
        /// The category of quota its endpoints' answers name in the `resource` header of
        /// `rate_limit_headers` (`search`), unless an endpoint names its own.
        opt rate_limit_resource: Spanned<String>,
    }
}
