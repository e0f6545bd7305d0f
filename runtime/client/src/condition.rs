//! What the runtime itself detects about a request. Which status answers each condition is
//! spec data (`raised_for` in the status table), so this module is a leaf: the spec
//! descriptions and the error type both build on it.

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
    /// A run-as header was refused: anonymous caller, capability missing, or no such
    /// account (protocol 5.9).
    RunAsRefused,
    /// No such endpoint, or the resource does not exist or is not visible.
    NotFound,
    /// The path exists but not with this method.
    MethodNotAllowed,
    /// A request-header precondition (`If-None-Match: *`) does not hold.
    PreconditionFailed,
    /// A quota enforcer refused the request.
    QuotaExhausted,
    /// An idempotency key was sent again with another request.
    IdempotencyKeyReused,
    /// An idempotency key's first request is still running.
    IdempotencyKeyInUse,
    /// Anything else: a handler failed or panicked.
    InternalError,
}

impl Condition {
    /// Every condition, in the order the generator's list has them.
    pub const ALL: [Condition; 17] = [
        Condition::MalformedRequest,
        Condition::WrongContentType,
        Condition::MalformedJson,
        Condition::InvalidInput,
        Condition::NotAuthenticated,
        Condition::AuthenticationRequired,
        Condition::InvalidXsrfToken,
        Condition::CapabilityMissing,
        Condition::AnonymousSelf,
        Condition::RunAsRefused,
        Condition::NotFound,
        Condition::MethodNotAllowed,
        Condition::PreconditionFailed,
        Condition::QuotaExhausted,
        Condition::InternalError,
        Condition::IdempotencyKeyReused,
        Condition::IdempotencyKeyInUse,
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
            Condition::RunAsRefused => "run_as_refused",
            Condition::NotFound => "not_found",
            Condition::MethodNotAllowed => "method_not_allowed",
            Condition::PreconditionFailed => "precondition_failed",
            Condition::QuotaExhausted => "quota_exhausted",
            Condition::InternalError => "internal_error",
            Condition::IdempotencyKeyReused => "idempotency_key_reused",
            Condition::IdempotencyKeyInUse => "idempotency_key_in_use",
        }
    }

    /// How a refusal naming what it is about is worded where the status table's row gives
    /// no `message_for`: a 404's, `Not found: 7`.
    pub const MESSAGE_FOR: &'static str = "Not found: {name}";

    /// A message naming `name` in the words of `template` (a row's `message_for`), else in
    /// [`Condition::MESSAGE_FOR`]'s.
    pub fn message_naming(template: Option<&str>, name: &str) -> String {
        template
            .unwrap_or(Self::MESSAGE_FOR)
            .replace("{name}", name)
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
            | Condition::AnonymousSelf
            | Condition::RunAsRefused => 403,
            Condition::NotFound => 404,
            Condition::MethodNotAllowed => 405,
            Condition::PreconditionFailed => 412,
            Condition::QuotaExhausted => 429,
            Condition::InternalError => 500,
            Condition::IdempotencyKeyReused => 422,
            Condition::IdempotencyKeyInUse => 409,
        }
    }
}
