//! What a client call fails with: the service's answer in the terms of its status table, or
//! no usable answer at all.

use std::time::Duration;

/// The status table of a generated module, as a client reads it: generated code implements
/// this for the module's `Error`.
pub trait StatusTable: Sized {
    /// The row answered with `code`, carrying the answer's plaintext `message`; `None` for a
    /// code the table does not list.
    fn from_status(code: u16, message: &str) -> Option<Self>;

    /// The row answered with `code` whose typed body `body` holds, for rows that declare
    /// one; tried before [`from_status`](Self::from_status).
    fn from_body(_code: u16, _body: &[u8]) -> Option<Self> {
        None
    }
}

/// A call the service answered with an error status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiFailure<E> {
    /// The HTTP status code.
    pub status: u16,
    /// The status table's row for it, when the table lists the code.
    pub error: Option<E>,
    /// The plaintext message the service sent (the problem's `detail` for problem
    /// details).
    pub message: String,
    /// The trace id the service answered with, for a traced call.
    pub trace: Option<String>,
    /// How long the service asked the client to wait (`Retry-After`), when it did.
    pub retry_after: Option<Duration>,
    /// The answer's headers: a status row's own are read from them with its
    /// `response_headers::<Row>ErrorHeaders::read` (`ResponseHeaders::read`). Boxed: a
    /// failure travels in every `Result` of a call.
    pub headers: Box<http::HeaderMap>,
}

/// Why a client call gave no result.
#[derive(Debug)]
pub enum ClientError<E> {
    /// The service answered with an error status (after any retries of a 429).
    Api(ApiFailure<E>),
    /// No answer: the connection failed, an attempt timed out, or TLS failed.
    Transport(reqwest::Error),
    /// The service answered with success, but the body is not what the endpoint declares.
    Decode {
        /// The HTTP status of the answer.
        status: u16,
        /// What the JSON decoder said.
        reason: String,
    },
    /// The request body could not be written as JSON (a map with non-string keys, say).
    Encode(String),
    /// The request body breaks its type's constraints (a `max_length`, a `pattern`): the
    /// call was not sent, since the service would refuse it. Each violation at its path.
    Invalid(crate::validate::Violations),
}

impl<E> ClientError<E> {
    /// The status the service answered with, when it answered.
    pub fn status(&self) -> Option<u16> {
        match self {
            ClientError::Api(failure) => Some(failure.status),
            ClientError::Decode { status, .. } => Some(*status),
            ClientError::Transport(err) => err.status().map(|s| s.as_u16()),
            ClientError::Encode(_) | ClientError::Invalid(_) => None,
        }
    }

    /// The service's failure, when it answered with an error status.
    pub fn api(&self) -> Option<&ApiFailure<E>> {
        match self {
            ClientError::Api(failure) => Some(failure),
            _ => None,
        }
    }
}

impl<E> std::fmt::Display for ClientError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Api(failure) => write!(f, "{} {}", failure.status, failure.message),
            ClientError::Transport(err) => write!(f, "no answer: {err}"),
            ClientError::Decode { status, reason } => {
                write!(f, "answer {status} is not the declared type: {reason}")
            }
            ClientError::Encode(reason) => write!(f, "the request body is not JSON: {reason}"),
            ClientError::Invalid(violations) => {
                write!(f, "the request body breaks its constraints: {violations}")
            }
        }
    }
}

impl<E: std::fmt::Debug> std::error::Error for ClientError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClientError::Transport(err) => Some(err),
            _ => None,
        }
    }
}

/// A base URL a client cannot call under (not `http://` or `https://`, or not a URL).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidBaseUrl(pub String);

impl std::fmt::Display for InvalidBaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is not a base URL a client can call: write http://host:port or https://host/path",
            self.0
        )
    }
}

impl std::error::Error for InvalidBaseUrl {}
