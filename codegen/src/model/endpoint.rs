//! One endpoint of the validated model.

use super::{
    Anonymous, Conventions, Deprecation, Example, Method, Param, PathTemplate, QueryOption,
    Selector, TypeRef, error_body,
};
use crate::diag::Location;

/// One endpoint.
#[derive(Debug, Clone)]
pub struct Endpoint {
    /// `snake_case` name; the handler method.
    pub name: String,
    /// HTTP method.
    pub method: Method,
    /// The path template.
    pub path: PathTemplate,
    /// One-line summary.
    pub summary: String,
    /// Longer description.
    pub description: Option<String>,
    /// Still served, about to go (`deprecated: true`, or a date).
    pub deprecated: bool,
    /// The day it was deprecated, sent in a `Deprecation` header (`deprecated: 2026-06-30`).
    pub deprecated_since: Option<Deprecation>,
    /// Request body type.
    pub request: Option<TypeRef>,
    /// The request body may be left out (`request_optional`): the handler gets an `Option`.
    pub request_optional: bool,
    /// The request body may be `null` (`request_nullable`): the handler gets an `Option`.
    pub request_nullable: bool,
    /// The media types its request body is read in (`json`, `json_or_form`, ...), where
    /// they differ from the service's `request_bodies`.
    pub request_bodies: Option<crate::model::RequestBodies>,
    /// Response body type.
    pub response: Option<TypeRef>,
    /// The response body may be `null`.
    pub response_nullable: bool,
    /// The media type its response is written in as text (`response_media`), lower case;
    /// `None`: JSON.
    pub response_media: Option<String>,
    /// Success status.
    pub status: u16,
    /// Other success statuses a handler may choose (those of `empty_successes` among
    /// them).
    pub other_successes: Vec<u16>,
    /// The 2xx statuses among `other_successes` answered without a body (`202`).
    pub empty_successes: Vec<u16>,
    /// Required global capability.
    pub capability: Option<String>,
    /// Statuses it may answer with, by name.
    pub errors: Vec<String>,
    /// Its own error body (`error_body`), where its handler's errors and the statuses it
    /// does not list are not written as the service's; with the record it writes
    /// (`error_type`), when one is named.
    pub error_body: Option<error_body::Shape>,
    /// The record its own `error_body` writes.
    pub error_type: Option<String>,
    /// Where `error_type` is written.
    pub error_type_at: Option<Location>,
    /// Runs the handler even when the top-level resource does not exist.
    pub creates: bool,
    /// The quota group, computed from the template and method.
    pub quota_group: String,
    /// Other endpoints may share the quota group.
    pub shared_quota_group: bool,
    /// The category of quota its answers name (`rate_limit_resource`: the endpoint's, its
    /// family's or the conventions' default).
    pub rate_limit_resource: Option<String>,
    /// What anonymous callers may call here (the endpoint's own, its family's or the
    /// service's `anonymous`).
    pub anonymous: Anonymous,
    /// The places of the service's `credentials` it reads, by their index there, where it
    /// reads only some; `None`: all of them.
    pub credentials: Option<Vec<usize>>,
    /// Query options, in file order.
    pub query: Vec<QueryOption>,
    /// Header parameters, in file order (`wire` is the header's name as written).
    pub headers: Vec<QueryOption>,
    /// Headers its success answers carry, in file order (`wire` is the header's name).
    pub response_headers: Vec<QueryOption>,
    /// Answered a page at a time (`conventions.pagination`); the response is a list.
    pub paginated: bool,
    /// Examples, in file order.
    pub examples: Vec<Example>,
    /// The section of its family whose handler trait holds it; `None` for the family's own
    /// trait.
    pub section: Option<String>,
    /// What tells it apart from other endpoints of its method and path, if several share
    /// them.
    pub selected_by: Option<Selector>,
    /// Path parameters it declares again, where they differ from its family's (another
    /// type here): [`Family::param_of`](super::Family::param_of) looks here first.
    pub params: Vec<Param>,
    /// Where the endpoint is declared.
    pub location: Location,
}

impl Endpoint {
    /// Whether its handler's body is an `Option`: the body may be left out or `null`.
    pub fn request_may_be_none(&self) -> bool {
        self.request_optional || self.request_nullable
    }

    /// The media types its request body is read in: its own `request_bodies`, else the
    /// service's, else `json`.
    pub fn request_bodies(&self, conventions: &Conventions) -> crate::model::RequestBodies {
        self.request_bodies.unwrap_or(conventions.request_bodies)
    }

    /// The `Content-Type` its answers are written with as text (`response_media`), text
    /// types saying their charset (`text/plain; charset=utf-8`); `None`: JSON.
    pub fn response_content_type(&self) -> Option<String> {
        let media = self.response_media.as_deref()?;
        Some(
            if media.starts_with("text/") && !media.contains("charset") {
                format!("{media}; charset=utf-8")
            } else {
                media.to_owned()
            },
        )
    }
}
