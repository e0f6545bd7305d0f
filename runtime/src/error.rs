//! The status table, written once: every error the runtime or a handler raises becomes a
//! response here, and nowhere else.
//!
//! The runtime detects [`Condition`]s (malformed JSON, missing credentials, ...). Which
//! status answers each condition is spec data (`raised_for` in the status table); a
//! condition the table does not mention gets its usual HTTP status.

use std::borrow::Cow;

use axum::response::{IntoResponse, Response};
use http::{HeaderName, HeaderValue, StatusCode, header};

use crate::spec::ServiceSpec;

/// Something the runtime itself detects about a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Condition {
    /// The query string or an override is malformed (duplicate `$m`, `$ct` without `$m`, ...).
    MalformedRequest,
    /// A JSON body was sent with another content type.
    WrongContentType,
    /// The body is not valid JSON.
    MalformedJson,
    /// The JSON is valid but does not fit the input type (a required field is missing).
    InvalidInput,
    /// The authenticated form was used without valid credentials.
    NotAuthenticated,
    /// A mutation was sent without any authentication.
    AuthenticationRequired,
    /// A cookie-session mutation lacks a valid XSRF token.
    InvalidXsrfToken,
    /// The caller lacks a global capability the endpoint requires.
    CapabilityMissing,
    /// The `self` alias was used without authentication.
    AnonymousSelf,
    /// No such endpoint, or the resource does not exist or is not visible.
    NotFound,
    /// The path exists but not with this method.
    MethodNotAllowed,
    /// A request-header precondition (`If-None-Match: *`) does not hold.
    PreconditionFailed,
    /// A quota enforcer refused the request.
    QuotaExhausted,
    /// Anything else: a handler failed or panicked.
    InternalError,
}

impl Condition {
    /// Every condition, in the order the generator's list has them.
    pub const ALL: [Condition; 14] = [
        Condition::MalformedRequest,
        Condition::WrongContentType,
        Condition::MalformedJson,
        Condition::InvalidInput,
        Condition::NotAuthenticated,
        Condition::AuthenticationRequired,
        Condition::InvalidXsrfToken,
        Condition::CapabilityMissing,
        Condition::AnonymousSelf,
        Condition::NotFound,
        Condition::MethodNotAllowed,
        Condition::PreconditionFailed,
        Condition::QuotaExhausted,
        Condition::InternalError,
    ];

    /// The name used in the spec's `raised_for` lists.
    pub fn name(self) -> &'static str {
        match self {
            Condition::MalformedRequest => "malformed_request",
            Condition::WrongContentType => "wrong_content_type",
            Condition::MalformedJson => "malformed_json",
            Condition::InvalidInput => "invalid_input",
            Condition::NotAuthenticated => "not_authenticated",
            Condition::AuthenticationRequired => "authentication_required",
            Condition::InvalidXsrfToken => "invalid_xsrf_token",
            Condition::CapabilityMissing => "capability_missing",
            Condition::AnonymousSelf => "anonymous_self",
            Condition::NotFound => "not_found",
            Condition::MethodNotAllowed => "method_not_allowed",
            Condition::PreconditionFailed => "precondition_failed",
            Condition::QuotaExhausted => "quota_exhausted",
            Condition::InternalError => "internal_error",
        }
    }

    /// The message used when neither the error nor the status table gives one.
    pub fn default_message(self) -> &'static str {
        match self {
            Condition::InternalError => "Internal server error",
            Condition::AuthenticationRequired => "Authentication required",
            Condition::NotAuthenticated => "Unauthorized",
            _ => "",
        }
    }

    /// The status used when the spec's table does not list the condition.
    pub fn default_status(self) -> u16 {
        match self {
            Condition::MalformedRequest
            | Condition::WrongContentType
            | Condition::MalformedJson
            | Condition::InvalidInput => 400,
            Condition::NotAuthenticated => 401,
            Condition::AuthenticationRequired
            | Condition::InvalidXsrfToken
            | Condition::CapabilityMissing
            | Condition::AnonymousSelf => 403,
            Condition::NotFound => 404,
            Condition::MethodNotAllowed => 405,
            Condition::PreconditionFailed => 412,
            Condition::QuotaExhausted => 429,
            Condition::InternalError => 500,
        }
    }
}

#[derive(Debug, Clone)]
enum Origin {
    Condition(Condition),
    Status(u16),
}

/// An error on its way to becoming a plaintext response.
#[derive(Debug, Clone)]
pub struct ApiError {
    origin: Origin,
    message: Option<Cow<'static, str>>,
    headers: Vec<(HeaderName, HeaderValue)>,
}

impl ApiError {
    /// An error for a condition the runtime detected, with the table's default message.
    pub fn condition(condition: Condition) -> Self {
        ApiError {
            origin: Origin::Condition(condition),
            message: None,
            headers: Vec::new(),
        }
    }

    /// An error with an explicit status code (handlers' errors arrive this way).
    pub fn status(code: u16) -> Self {
        ApiError {
            origin: Origin::Status(code),
            message: None,
            headers: Vec::new(),
        }
    }

    /// A failure of the service itself: `detail` is logged, the client sees only the
    /// table's message for 500 (details of internal failures are not the client's business).
    pub fn internal(detail: impl Into<Cow<'static, str>>) -> Self {
        let detail = detail.into();
        tracing::error!(%detail, "internal error");
        ApiError::condition(Condition::InternalError).with_message("Internal server error")
    }

    /// Replaces the default message.
    #[must_use]
    pub fn with_message(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.message = Some(message.into());
        self
    }

    /// Adds a response header (`WWW-Authenticate`, `Allow`, `Retry-After`, ...).
    #[must_use]
    pub fn with_header(mut self, name: HeaderName, value: HeaderValue) -> Self {
        self.headers.push((name, value));
        self
    }

    /// The condition, when the runtime raised this error.
    pub fn as_condition(&self) -> Option<Condition> {
        match self.origin {
            Origin::Condition(c) => Some(c),
            Origin::Status(_) => None,
        }
    }

    /// The message given explicitly, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The status this error answers with under `service`'s table.
    pub fn code(&self, service: &ServiceSpec) -> u16 {
        match self.origin {
            Origin::Status(code) => code,
            Origin::Condition(condition) => service
                .statuses
                .iter()
                .find(|s| s.conditions.contains(&condition))
                .map_or_else(|| condition.default_status(), |s| s.code),
        }
    }

    /// Renders the error as the plaintext response the status table prescribes.
    pub fn into_response_for(self, service: &ServiceSpec) -> Response {
        let code = self.code(service);
        let condition = self.as_condition();
        let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let message: Cow<'static, str> = match self.message {
            Some(m) => m,
            None => service
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
        let mut body = message.into_owned();
        if !body.ends_with('\n') {
            body.push('\n');
        }
        let mut response = (status, body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=UTF-8"),
        );
        for (name, value) in self.headers {
            headers.append(name, value);
        }
        response
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.origin, &self.message) {
            (Origin::Condition(c), Some(m)) => write!(f, "{}: {m}", c.name()),
            (Origin::Condition(c), None) => f.write_str(c.name()),
            (Origin::Status(s), Some(m)) => write!(f, "{s}: {m}"),
            (Origin::Status(s), None) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for ApiError {}
