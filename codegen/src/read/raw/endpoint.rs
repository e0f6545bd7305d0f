//! One endpoint as written: its method and path, bodies, statuses, parameters, credentials
//! and examples.

use super::{CredentialPlace, Deprecated, Example, ParamDecl, QueryOption, SelectedBy};
use crate::read::decode::{Named, Spanned, StatusCode, spec_record};
use crate::read::yaml::Node;

spec_record! {
    /// One endpoint.
    pub struct Endpoint = "an endpoint" {
        /// HTTP method: `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD` (declared only where
        /// `HEAD` answers differently from the `GET` that otherwise serves it), or `OPTIONS`
        /// (an answer of the API's own; a CORS preflight stays the runtime's).
        req method: Spanned<String>,
        /// Path template with `{id}` segments (`/changes/{change-id}/topic`).
        req path: Spanned<String>,
        /// One-line summary (the doc heading).
        req summary: String,
        /// Longer description.
        opt description: String,
        /// Still served, about to go: marked so in OpenAPI and the Rust docs. The date it
        /// was deprecated (`2026-06-30`) instead of `true` also sends it, as a
        /// `Deprecation` header (RFC 9745), on every answer.
        opt deprecated: Spanned<Deprecated>,
        /// Type of the JSON request body; leave out for none.
        opt request: Spanned<String>,
        /// The request body may be left out: the handler gets `Option<T>`, `None` for a
        /// request without a body (whatever `empty_request_body` says). Default: `false`.
        opt request_optional: Spanned<bool>,
        /// The request body may be `null` (a document's `nullable` request schema): the
        /// handler gets `Option<T>`, `None` for a body of `null`; the typed client sends
        /// `null` for `None` (nothing, with `request_optional` too). Default: `false`.
        opt request_nullable: Spanned<bool>,
        /// The media types its request body is read in (`json`, `json_or_form`,
        /// `form_or_json`, `form`), where they differ from the service's `request_bodies`:
        /// a body of another type is refused (`wrong_content_type`), OpenAPI lists these,
        /// and the typed client sends the first.
        opt request_bodies: Spanned<String>,
        /// Type of the JSON response body; leave out for none.
        opt response: Spanned<String>,
        /// The response body may be `null` (Microsoft Graph's actions answer an entity or
        /// nothing): the handler answers `Option<T>`, `None` written as `null`, and the
        /// typed client reads `Option<T>`.
        opt response_nullable: Spanned<bool>,
        /// The media type its response is written in, where it is not JSON (`text/plain`,
        /// `text/csv`): the `response`, a string, number, boolean or string enumeration, is
        /// written as its plain text (`42`, not `"42"`), in UTF-8. The typed client reads
        /// it back as its type; OpenAPI lists the media type.
        opt response_media: Spanned<String>,
        /// Success status, the code alone (`201`, not `201 Created`; default 200, or 204
        /// without a response).
        opt status: Spanned<StatusCode>,
        /// Other 2xx statuses a handler may choose instead (`[201]` for a PUT that may create
        /// or update, `[204]` for an answer that is sometimes empty), or 3xx ones, answered
        /// without a body (`304` for a conditional request, `302` with the `Location` the
        /// handler sets).
        opt other_successes: Vec<Spanned<StatusCode>>,
        /// Other 2xx statuses a handler may choose that carry no body, whatever the
        /// handler's reply (`[202]`: a change accepted, to be done later, as Azure's
        /// long-running operations answer). Their answers are empty, as a 204's is.
        opt empty_successes: Vec<Spanned<StatusCode>>,
        /// Global capability the caller needs.
        opt capability: Spanned<String>,
        /// Statuses (by name, from the status table) this endpoint may answer with.
        opt errors: Vec<Spanned<String>>,
        /// Its own error body, where its errors are not written as the service's: the
        /// answers of its handler's errors (their rows without a body of their own) and any
        /// status it does not list (OpenAPI's `default`) come in it, written as
        /// `conventions.error_body` is (`{ ok: false, error: "{name}" }`). The runtime's own
        /// refusals stay in the service's.
        opt error_body: Node,
        /// The record (or union of records) its `error_body` writes, as
        /// `conventions.error_type` names the service's.
        opt error_type: Spanned<String>,
        /// When the top-level resource does not exist, call the handler anyway (it creates it).
        opt creates: bool,
        /// Acknowledge that another endpoint derives the same quota group.
        opt shared_quota_group: bool,
        /// The category of quota its answers name in the `resource` header of
        /// `rate_limit_headers` (`search`), where it differs from its family's.
        opt rate_limit_resource: Spanned<String>,
        /// The section of its family whose handler trait holds it (`reviewers`: a method of
        /// `ChangesReviewersHandlers` rather than `ChangesHandlers`). A section file sets it
        /// for each of its endpoints; it changes nothing on the wire.
        opt section: Spanned<String>,
        /// What tells it apart from other endpoints of the same method and path: a fixed
        /// header or query value (`{ header: X-Amz-Target, value: DynamoDB_20120810.GetItem }`,
        /// `{ query: Action, value: RunInstances }`). A request that none of them selects
        /// names nothing (404).
        opt selected_by: SelectedBy,
        /// Path parameters of its path declared again, where they differ here from the
        /// family's `params` (another `type`, `pattern` or lengths): written as those are.
        opt params: Named<ParamDecl>,
        /// Whether anonymous callers may call it (`reads`: only if it is a GET or HEAD;
        /// `none`; `all`), where it differs from its family's or the service's `anonymous`.
        opt anonymous: Spanned<String>,
        /// The places of the service's `credentials` this endpoint reads, where it reads
        /// only some (`[{ scheme: bearer }]`: an OAuth 2 token, not the service's basic
        /// credentials): credentials at another place are not read here, the caller is
        /// anonymous to it. `[]` reads none.
        opt credentials: Vec<CredentialPlace>,
        /// Query options, by their name in the URL (`n`, `S`, `q`).
        opt query: Named<QueryOption>,
        /// Header parameters, by their name on the wire (`If-Match`, `X-Api-Version`),
        /// written as query options are (`type`, `required`, `default`, `minimum`,
        /// `maximum`, `field`, `description`; a `list<string>` is comma-separated). The
        /// handler gets them in `headers::<Endpoint>Headers`. Headers the runtime reads
        /// itself (`Authorization`, `Content-Type`, the conventions' headers) are not
        /// parameters.
        opt headers: Named<QueryOption>,
        /// Cookie parameters, by the cookie's name (`session`, `csrftoken`): the cookies of
        /// the request's `Cookie` header (`Cookie: session=abc; theme=dark`), written as
        /// header parameters are. The handler gets them with the header parameters, in
        /// `headers::<Endpoint>Headers`; the typed client writes them in one `Cookie`
        /// header, and OpenAPI says `in: cookie`.
        opt cookies: Named<QueryOption>,
        /// Headers its success answers carry, by name on the wire (`ETag`,
        /// `X-Rate-Limit-Remaining`), written as header parameters are (`type`, `required`,
        /// `description`, `field`; no `default`). The handler answers
        /// `rt::WithHeaders::new(reply, response_headers::<Endpoint>ResponseHeaders { .. })`,
        /// so a required one cannot be left out; the typed client reads them with
        /// `ResponseHeaders::read(&answer.headers)`; OpenAPI states them on each success
        /// status.
        opt response_headers: Named<QueryOption>,
        /// Answered a page at a time, as the conventions' `pagination` says: the response
        /// must be a `list<T>`; the handler takes the page asked for and answers a page.
        opt paginated: Spanned<bool>,
        /// Examples: requests with what they must answer. Each becomes a test
        /// (`restspec_runtime::example_tests!`) and an OpenAPI example.
        opt examples: Vec<Example>,
    }
}
