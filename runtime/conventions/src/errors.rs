//! `conventions.error_format` (and a status row's own): how error bodies are written, and
//! the JSON body a spec's `error_body` is cut into for the runtime.

use crate::SpecWords;

/// How error bodies are written (`conventions.error_format`, a status row's
/// `error_format`). The JSON format carries its body `B`: the runtime's
/// [`JsonErrorBody`], prepared at generation time; the generator, which keeps the spec's
/// `error_body` beside it, holds `ErrorFormat<()>`, whose words are [`SpecWords`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorFormat<B = &'static JsonErrorBody> {
    /// The status table's message (or the handler's) as `text/plain` (`plain`, the
    /// default).
    Plain,
    /// RFC 9457 problem details (`type`, `title`, `status`, `detail`) as
    /// `application/problem+json` (`problem_json`).
    ProblemJson,
    /// A JSON body of the API's own shape (`{"message": "..."}`) as `application/json`
    /// (`json`).
    Json(B),
    /// No body at all: the status (and headers) say everything, as APIs whose documents
    /// give their error answers no content do (`empty`).
    Empty,
}

impl<B> Default for ErrorFormat<B> {
    /// `plain`, what a spec that says nothing gets.
    fn default() -> Self {
        ErrorFormat::Plain
    }
}

impl SpecWords for ErrorFormat<()> {
    const ALL: &'static [(Self, &'static str)] = &[
        (ErrorFormat::Plain, "plain"),
        (ErrorFormat::ProblemJson, "problem_json"),
        (ErrorFormat::Json(()), "json"),
        (ErrorFormat::Empty, "empty"),
    ];
}

impl<B> ErrorFormat<B> {
    /// The format without its body: what the spec's word says.
    pub fn kind(&self) -> ErrorFormat<()> {
        match self {
            ErrorFormat::Plain => ErrorFormat::Plain,
            ErrorFormat::ProblemJson => ErrorFormat::ProblemJson,
            ErrorFormat::Json(_) => ErrorFormat::Json(()),
            ErrorFormat::Empty => ErrorFormat::Empty,
        }
    }
}

/// The spec's `error_body`, prepared at generation time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonErrorBody {
    /// The body cut into text and the values each error fills in.
    pub pieces: &'static [ErrorPiece],
    /// Where the message stands in the body, as a JSON pointer (`/message`,
    /// `/error/message`): what a client reads back.
    pub message_pointer: &'static str,
}

/// A piece of a JSON error body: text written as it is, or a value of the error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorPiece {
    /// JSON text, written as it is.
    Text(&'static str),
    /// The message, escaped as the inside of a JSON string (`{message}`).
    Message,
    /// The status code's digits (`{status}`).
    Status,
    /// The status code's reason phrase, escaped (`{reason}`).
    Reason,
    /// The name of the status table's row, escaped (`{name}`; `error` when no row).
    Name,
    /// The field, option or path parameter an input error is about, escaped, or nothing
    /// (`{field}` inside a string).
    Field,
    /// The same as a whole JSON value: a string, or `null` (`"{field}"` alone).
    FieldJson,
    /// The code a handler gave the error (`resource_missing`), escaped, or nothing
    /// (`{code}` inside a string).
    Code,
    /// The same as a whole JSON value: a string, or `null` (`"{code}"` alone).
    CodeJson,
    /// A placeholder of the body's own (`{type}`): the value the status row gives it, else
    /// the row's name (the condition's when no row raises it).
    Own(&'static str),
    /// A new UUID for this answer (`{error_id}`: HERE's error `id`), unique across the
    /// service's instances, for a caller to quote.
    ErrorId,
}
