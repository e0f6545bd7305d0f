//! The bodies an error answer is written in: plaintext, problem details, or the spec's own
//! JSON shape with the error's values filled in.

use std::borrow::Cow;

use bytes::Bytes;
use http::StatusCode;

use crate::spec::ErrorPiece;

/// The plaintext body: the message and a newline.
pub(super) fn plain_body(message: Cow<'static, str>) -> Bytes {
    match message {
        Cow::Borrowed(text) if text.ends_with('\n') => Bytes::from_static(text.as_bytes()),
        message => {
            let mut text = message.into_owned();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            Bytes::from(text)
        }
    }
}

/// RFC 9457 problem details: no problem types of its own, so `type` is `about:blank` and
/// `title` the status's reason phrase, as the RFC asks; `detail` is the message.
pub(super) fn problem_body(status: StatusCode, message: &str) -> Bytes {
    #[derive(serde::Serialize)]
    struct Problem<'a> {
        r#type: &'static str,
        title: &'static str,
        status: u16,
        detail: &'a str,
    }
    let problem = Problem {
        r#type: "about:blank",
        title: status.canonical_reason().unwrap_or("Error"),
        status: status.as_u16(),
        detail: message.trim_end_matches('\n'),
    };
    // Serialising a struct of strings and a number into a Vec cannot fail.
    Bytes::from(serde_json::to_vec(&problem).unwrap_or_default())
}

/// What an error fills into the spec's JSON body.
pub(super) struct Values<'a> {
    pub(super) status: StatusCode,
    pub(super) message: &'a str,
    /// The status row's name (the condition's when no row raises it).
    pub(super) name: &'a str,
    /// The row's values of the body's own placeholders.
    pub(super) own: &'static [(&'static str, &'static str)],
    pub(super) field: Option<&'a str>,
    pub(super) code: Option<&'a str>,
}

/// The spec's own JSON error body: its pieces with the error's values filled in.
pub(super) fn json_body(pieces: &[ErrorPiece], values: &Values<'_>) -> Bytes {
    /// A string, or `null`.
    fn string_or_null(out: &mut String, text: Option<&str>) {
        match text {
            Some(text) => {
                out.push('"');
                escape_into(out, text);
                out.push('"');
            }
            None => out.push_str("null"),
        }
    }
    let status = values.status;
    let mut out = String::with_capacity(64 + values.message.len());
    for piece in pieces {
        match piece {
            ErrorPiece::Text(text) => out.push_str(text),
            ErrorPiece::Message => escape_into(&mut out, values.message.trim_end_matches('\n')),
            ErrorPiece::Status => out.push_str(status.as_str()),
            ErrorPiece::Reason => {
                escape_into(&mut out, status.canonical_reason().unwrap_or("Error"))
            }
            ErrorPiece::Name => escape_into(&mut out, values.name),
            ErrorPiece::Field => escape_into(&mut out, values.field.unwrap_or_default()),
            ErrorPiece::FieldJson => string_or_null(&mut out, values.field),
            ErrorPiece::Code => escape_into(&mut out, values.code.unwrap_or_default()),
            ErrorPiece::CodeJson => string_or_null(&mut out, values.code),
            ErrorPiece::ErrorId => out.push_str(&crate::message::request_id::error_id()),
            ErrorPiece::Own(placeholder) => {
                let value = values
                    .own
                    .iter()
                    .find(|(name, _)| name == placeholder)
                    .map_or(values.name, |(_, value)| value);
                escape_into(&mut out, value);
            }
        }
    }
    Bytes::from(out)
}

/// `text` as the inside of a JSON string.
fn escape_into(out: &mut String, text: &str) {
    // serde_json writes a string with its quotes; the inside is what a piece needs.
    let quoted = serde_json::to_string(text).unwrap_or_default();
    out.push_str(
        quoted
            .get(1..quoted.len().saturating_sub(1))
            .unwrap_or_default(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_id_is_a_new_uuid_in_each_body() {
        let pieces = [
            ErrorPiece::Text("\""),
            ErrorPiece::ErrorId,
            ErrorPiece::Text("\""),
        ];
        let values = Values {
            status: StatusCode::BAD_REQUEST,
            message: "bad",
            name: "bad_request",
            own: &[],
            field: None,
            code: None,
        };
        let id = || serde_json::from_slice::<String>(&json_body(&pieces, &values)).unwrap();
        let (a, b) = (id(), id());
        assert!(restspec_client::formats::Uuid::parse_str(&a).is_ok(), "{a}");
        assert_ne!(a, b);
    }
}
