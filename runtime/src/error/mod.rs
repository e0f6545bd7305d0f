//! The status table, written once: every error the runtime or a handler raises becomes a
//! response here, and nowhere else.
//!
//! The runtime detects [`Condition`]s (malformed JSON, missing credentials, ...). Which
//! status answers each condition is spec data (`raised_for` in the status table); a
//! condition the table does not mention gets its usual HTTP status.

use std::borrow::Cow;

use bytes::Bytes;
use http::{HeaderName, HeaderValue, StatusCode};

use crate::message::body::{Response, TEXT_CONTENT_TYPE, response};
use crate::spec::{Credential, ErrorFormat, ServiceSpec};

mod bodies;

use bodies::{Values, json_body, plain_body, problem_body};
pub use restspec_client::condition::Condition;

/// The media type of RFC 9457 problem details.
const PROBLEM_CONTENT_TYPE: HeaderValue = HeaderValue::from_static("application/problem+json");

#[derive(Debug, Clone)]
enum Origin {
    Condition(Condition),
    Status(u16),
    /// The status table's row at the index, of the code: one of several of that code.
    Row(u16, u16),
}

/// An error on its way to becoming a response (plaintext, or problem details).
#[derive(Debug, Clone)]
pub struct ApiError {
    origin: Origin,
    message: Option<Cow<'static, str>>,
    headers: Vec<(HeaderName, HeaderValue)>,
    /// What few errors carry, boxed: errors travel in every `Result` of the request path.
    rare: Option<Box<Rare>>,
}

/// The rarer parts of an error.
#[derive(Debug, Clone, Default)]
struct Rare {
    /// A whole JSON body of the handler's (a status row's typed body), written instead
    /// of the spec's error shape.
    body: Option<Bytes>,
    /// The body field, option or path parameter an input error is about (`title`,
    /// `labels[0]`, `per_page`), for the `{field}` of the spec's error shape.
    field: Option<Cow<'static, str>>,
    /// A code the handler gave the error (`resource_missing`), for the `{code}` of the
    /// spec's error shape.
    code: Option<Cow<'static, str>>,
    /// The format of the endpoint that answered it (its spec's own `error_body`), where
    /// its row has none of its own: written so instead of the service's.
    format: Option<ErrorFormat>,
    /// Whether `format` stands over the row's own too: a refusal of an endpoint's input
    /// written as the row of that code the endpoint lists.
    over_row: bool,
}

impl ApiError {
    /// An error for a condition the runtime detected, with the table's default message.
    pub fn condition(condition: Condition) -> Self {
        ApiError {
            origin: Origin::Condition(condition),
            message: None,
            headers: Vec::new(),
            rare: None,
        }
    }

    /// 404 for `name`, a thing the URL names that is not there (`7`, `change-id abc`), in
    /// the words of the status table's row for [`Condition::NotFound`] (`message_for`), the
    /// same words the generated `Error::not_found_for` uses.
    pub fn not_found_naming(service: &ServiceSpec, name: &str) -> Self {
        let row = service
            .statuses
            .iter()
            .find(|s| s.conditions.contains(&Condition::NotFound));
        let message = Condition::message_naming(row.and_then(|r| r.message_for), name);
        ApiError::condition(Condition::NotFound).with_message(message)
    }

    /// An error with an explicit status code (handlers' errors arrive this way).
    pub fn status(code: u16) -> Self {
        ApiError {
            origin: Origin::Status(code),
            message: None,
            headers: Vec::new(),
            rare: None,
        }
    }

    /// An error of the status table's row at `index`, whose code is `code`, where several
    /// rows share the code: written as that row (its format, its `{name}`), not as the
    /// first of the code. Generated handlers' errors arrive this way.
    pub fn row(code: u16, index: u16) -> Self {
        ApiError {
            origin: Origin::Row(code, index),
            message: None,
            headers: Vec::new(),
            rare: None,
        }
    }

    /// A failure of the service itself: `detail` is logged, the client sees only the
    /// table's message for 500 (details of internal failures are not the client's business).
    pub fn internal(detail: impl Into<Cow<'static, str>>) -> Self {
        let detail = detail.into();
        tracing::error!(%detail, "internal error");
        ApiError::condition(Condition::InternalError).with_message("Internal server error")
    }

    /// Written in `format` (the endpoint's own) where its status row has no format of its
    /// own, rather than in the service's.
    #[must_use]
    pub fn in_format(mut self, format: ErrorFormat) -> Self {
        self.rare.get_or_insert_default().format = Some(format);
        self
    }

    /// Written in `format` whatever its status row's format: a refusal of an endpoint's
    /// input written as the row of its code the endpoint lists (`EndpointSpec::refusal`).
    #[must_use]
    pub fn in_format_over_row(mut self, format: ErrorFormat) -> Self {
        let rare = self.rare.get_or_insert_default();
        rare.format = Some(format);
        rare.over_row = true;
        self
    }

    /// Replaces the default message.
    #[must_use]
    pub fn with_message(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.message = Some(message.into());
        self
    }

    /// Answers with `body` as the whole JSON error body (a status row's typed body), not
    /// the spec's error shape; a body that cannot be written is a 500.
    #[must_use]
    pub fn with_json_body<T: serde::Serialize + ?Sized>(self, body: &T) -> Self {
        self.with_json_body_and(body, "")
    }

    /// [`with_json_body`](Self::with_json_body), with `members` (JSON object members,
    /// comma-separated: `"documentation_url":"..."`) added to the body when it is an
    /// object: the spec's error shape's members that are the same for every error of the
    /// row, which generated code computes.
    #[must_use]
    pub fn with_json_body_and<T: serde::Serialize + ?Sized>(
        mut self,
        body: &T,
        members: &'static str,
    ) -> Self {
        let mut json = Vec::with_capacity(128 + members.len());
        if let Err(err) = serde_json::to_writer(&mut json, body) {
            return ApiError::internal(format!("cannot write an error body: {err}"));
        }
        if !members.is_empty() && json.last() == Some(&b'}') {
            json.pop();
            if json.last() != Some(&b'{') {
                json.push(b',');
            }
            json.extend_from_slice(members.as_bytes());
            json.push(b'}');
        }
        self.rare.get_or_insert_default().body = Some(Bytes::from(json));
        self
    }

    /// Gives the error a code of the API's own (`resource_missing`): the `{code}` of the
    /// spec's error shape.
    #[must_use]
    pub fn with_error_code(mut self, code: impl Into<Cow<'static, str>>) -> Self {
        self.rare.get_or_insert_default().code = Some(code.into());
        self
    }

    /// The code a handler gave the error, when it gave one.
    pub fn error_code(&self) -> Option<&str> {
        self.rare.as_ref()?.code.as_deref()
    }

    /// `condition` for a value that breaks its constraints: `lead: ` and every violation at
    /// its path, the first path as the error's field.
    pub(crate) fn violations(
        condition: Condition,
        lead: &str,
        violations: &restspec_client::Violations,
    ) -> Self {
        let error = ApiError::condition(condition).with_message(format!("{lead}: {violations}"));
        match violations.iter().next() {
            Some((first, _)) => error.with_field(first.to_owned()),
            None => error,
        }
    }

    /// Names the body field, option or path parameter an input error is about (`title`,
    /// `per_page`): the `{field}` of the spec's error shape.
    #[must_use]
    pub fn with_field(mut self, field: impl Into<Cow<'static, str>>) -> Self {
        self.rare.get_or_insert_default().field = Some(field.into());
        self
    }

    /// The field, option or path parameter the error is about, when known.
    pub fn field(&self) -> Option<&str> {
        self.rare.as_ref()?.field.as_deref()
    }

    /// Adds a response header (`WWW-Authenticate`, `Allow`, `Retry-After`, ...).
    #[must_use]
    pub fn with_header(mut self, name: HeaderName, value: HeaderValue) -> Self {
        self.headers.push((name, value));
        self
    }

    /// Adds `Retry-After` for a wait of `wait` (rounded up to whole seconds).
    #[must_use]
    pub fn with_retry_after(self, wait: std::time::Duration) -> Self {
        let seconds = retry_after_seconds(wait);
        self.with_header(http::header::RETRY_AFTER, HeaderValue::from(seconds))
    }

    /// The condition, when the runtime raised this error.
    pub fn as_condition(&self) -> Option<Condition> {
        match self.origin {
            Origin::Condition(c) => Some(c),
            Origin::Status(_) | Origin::Row(..) => None,
        }
    }

    /// The response headers the error carries (`WWW-Authenticate`, `Retry-After`, ...).
    pub fn headers(&self) -> &[(HeaderName, HeaderValue)] {
        &self.headers
    }

    /// The message given explicitly, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The status this error answers with under `service`'s table.
    pub fn code(&self, service: &ServiceSpec) -> u16 {
        match self.origin {
            Origin::Status(code) | Origin::Row(code, _) => code,
            Origin::Condition(condition) => service
                .statuses
                .iter()
                .find(|s| s.conditions.contains(&condition))
                .map_or_else(|| condition.default_status(), |s| s.code),
        }
    }

    /// Renders the error as the response the status table prescribes, in the spec's error
    /// format (plaintext unless the spec chooses problem details).
    pub fn into_response_for(self, service: &ServiceSpec) -> Response {
        let code = self.code(service);
        let condition = self.as_condition();
        let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let worded = condition.and_then(|c| {
            service
                .conventions
                .condition_messages
                .iter()
                .find(|(worded, _)| *worded == c)
                .map(|(_, wording)| *wording)
        });
        let message: Cow<'static, str> = match (worded, self.message) {
            (Some(wording), detail) if wording.contains("{detail}") => {
                let detail = detail.unwrap_or(Cow::Borrowed(
                    condition.map_or("", Condition::default_message),
                ));
                Cow::Owned(wording.replace("{detail}", &detail))
            }
            (Some(wording), _) => Cow::Borrowed(wording),
            (None, Some(m)) => m,
            (None, None) => service
                .statuses
                .iter()
                .find(|s| s.code == code)
                .map(|s| s.message)
                .or_else(|| {
                    condition
                        .map(Condition::default_message)
                        .filter(|m| !m.is_empty())
                })
                .or_else(|| status.canonical_reason())
                .map_or(Cow::Borrowed("Error"), Cow::Borrowed),
        };
        let (body, field, error_code, own_format, over_row) = match self.rare.map(|r| *r) {
            Some(Rare {
                body,
                field,
                code,
                format,
                over_row,
            }) => (body, field, code, format, over_row),
            None => (None, None, None, None, false),
        };
        // The row that raises the condition, else the first of the code; a condition the
        // table has no row for is named by the condition itself (`method_not_allowed`), as
        // a row raised for it would be. Its own format, if it has one, is the answer's.
        let row = match self.origin {
            Origin::Row(_, index) => service.statuses.get(usize::from(index)),
            _ => {
                condition.and_then(|c| service.statuses.iter().find(|s| s.conditions.contains(&c)))
            }
        };
        let row = row.or_else(|| service.statuses.iter().find(|s| s.code == code));
        let format = match own_format {
            Some(format) if over_row => format,
            _ => (row.and_then(|r| r.format))
                .or(own_format)
                .unwrap_or(service.conventions.error_format),
        };
        let (content_type, body) = match (body, format) {
            (Some(body), _) => (
                Some(crate::message::json::content_type(&service.conventions)),
                body,
            ),
            (None, format) => match format {
                ErrorFormat::Plain => (Some(TEXT_CONTENT_TYPE), plain_body(message)),
                ErrorFormat::ProblemJson => {
                    (Some(PROBLEM_CONTENT_TYPE), problem_body(status, &message))
                }
                ErrorFormat::Empty => (None, Bytes::new()),
                ErrorFormat::Json(body) => {
                    let name =
                        row.map_or_else(|| condition.map_or("error", Condition::name), |s| s.name);
                    let values = Values {
                        status,
                        message: &message,
                        name,
                        own: row.map_or(&[], |s| s.values),
                        field: field.as_deref(),
                        code: error_code.as_deref(),
                    };
                    let body = json_body(body.pieces, &values);
                    (
                        Some(crate::message::json::content_type(&service.conventions)),
                        body,
                    )
                }
            },
        };
        let mut response = response(status, content_type, body);
        let headers = response.headers_mut();
        for (name, value) in self.headers {
            headers.append(name, value);
        }
        if code == 401 {
            match service.conventions.challenges {
                // The spec's list is every 401's, the authenticated form's `Basic` included.
                Some(listed) => {
                    headers.remove(http::header::WWW_AUTHENTICATE);
                    for challenge in listed {
                        if let Ok(value) = HeaderValue::from_str(challenge) {
                            headers.append(http::header::WWW_AUTHENTICATE, value);
                        }
                    }
                }
                None if !headers.contains_key(http::header::WWW_AUTHENTICATE) => {
                    for challenge in challenges(service) {
                        headers.append(http::header::WWW_AUTHENTICATE, challenge);
                    }
                }
                None => {}
            }
        }
        response
    }
}

/// The `WWW-Authenticate` challenges of a 401 in a service whose spec declares
/// `credentials`: one per `Authorization` scheme (`Bearer realm="..."`), as a 401 must
/// carry one. Credentials only in headers or the query have no standard challenge, so they
/// get `Bearer`. A spec without `credentials` gets none here (its authenticated form
/// answers with its own `Basic` challenge).
fn challenges(service: &ServiceSpec) -> Vec<HeaderValue> {
    let credentials = service.conventions.credentials;
    let mut schemes: Vec<&str> = credentials
        .iter()
        .filter_map(|credential| match credential {
            Credential::Basic => Some("Basic"),
            Credential::Scheme(scheme) => Some(*scheme),
            Credential::Header(_) | Credential::Query(_) | Credential::Cookie(_) => None,
            Credential::Together(keys) => keys.iter().find_map(|key| match key {
                Credential::Scheme(scheme) => Some(*scheme),
                _ => None,
            }),
        })
        .collect();
    if schemes.is_empty() && !credentials.is_empty() {
        schemes.push("Bearer");
    }
    schemes
        .into_iter()
        .filter_map(|scheme| {
            HeaderValue::from_str(&format!("{scheme} realm=\"{}\"", service.title)).ok()
        })
        .collect()
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.origin, &self.message) {
            (Origin::Condition(c), Some(m)) => write!(f, "{}: {m}", c.name()),
            (Origin::Condition(c), None) => f.write_str(c.name()),
            (Origin::Status(s) | Origin::Row(s, _), Some(m)) => write!(f, "{s}: {m}"),
            (Origin::Status(s) | Origin::Row(s, _), None) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for ApiError {}

/// The whole seconds of `Retry-After` for a wait of `wait`: rounded up, and at least one
/// (the header has no fractions, and 0 would invite an immediate retry).
pub(crate) fn retry_after_seconds(wait: std::time::Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}
