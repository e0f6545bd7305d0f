//! How request bodies and query options are read.

use bytes::Bytes;
use http::{HeaderMap, header};
use serde::de::DeserializeOwned;

use crate::error::{ApiError, Condition};
use crate::limits::Limits;
use crate::message::strict_json::{self, Rules};
use crate::spec::{Conventions, RequestBodies, RequestContentType, UnknownFields};

pub use restspec_client::form::{
    deserialize_comma_list, deserialize_flag, deserialize_flag_value, deserialize_json_text,
    deserialize_json_text_some, deserialize_nested_text, deserialize_nested_text_some,
};

/// True when the content type names `application/json` as one of its tokens
/// (`application/json; charset=UTF-8` counts; matching is case-sensitive, as the real
/// service does).
pub fn is_json(content_type: &str) -> bool {
    content_type
        .split([' ', ',', ';'])
        .any(|token| token == "application/json")
}

/// The rules a request body is read under, from the spec's conventions.
fn rules(conventions: &Conventions, records_from_objects: bool) -> Rules {
    Rules {
        records_from_objects,
        deny_unknown_fields: conventions.unknown_fields == UnknownFields::Reject,
    }
}

/// Reads a JSON request body into `T`.
///
/// A body that is empty and has no content type is empty input (`{}`): clients send
/// `abandon`, `submit` and the like that way. Otherwise the content type must be JSON
/// (unless `conventions.request_content_type` is `Any`: then an empty body of another type
/// is `{}` too, and anything else is read as JSON) and the body valid JSON; a body that does
/// not fit `T` is `invalid_input` naming the field, and so is an array where `T` expects a
/// record (see the runtime's `strict_json` module), and a field no record declares where
/// `conventions.unknown_fields` is `Reject` (else it is ignored). A body larger than
/// [`Limits::max_json_bytes`] or nested deeper than [`Limits::max_json_depth`] is refused
/// before it is parsed (see [`check_json_bounds`]). A body of another type is
/// `wrong_content_type`, its message naming the types the endpoint `reads`.
pub fn parse_json<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: &Bytes,
    limits: &Limits,
    conventions: &Conventions,
    reads: RequestBodies,
) -> Result<T, ApiError> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    let empty = body.iter().all(u8::is_ascii_whitespace);
    let any_type = conventions.request_content_type == RequestContentType::Any;
    let input: &[u8] = match content_type {
        None if empty => b"{}",
        Some(ct) if is_json(ct) || any_type => {
            if empty && is_json(ct) {
                return Err(ApiError::condition(Condition::MalformedJson)
                    .with_message("Expected JSON object"));
            }
            if empty {
                b"{}"
            } else {
                check_json_bounds(body, limits)?;
                body
            }
        }
        None if any_type => {
            check_json_bounds(body, limits)?;
            body
        }
        _ => {
            return Err(
                ApiError::condition(Condition::WrongContentType).with_message(reads.expected())
            );
        }
    };
    let rules = rules(conventions, true);
    strict_json::from_slice(input, rules).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => {
            let error = ApiError::condition(Condition::InvalidInput)
                .with_message(format!("Invalid input: {e}"));
            match strict_json::failing_json_field::<T>(input, rules) {
                Some(field) => error.with_field(field),
                None => error,
            }
        }
        _ => ApiError::condition(Condition::MalformedJson)
            .with_message(format!("Invalid application/json in request: {e}")),
    })
}

/// True when the request's content type is `application/x-www-form-urlencoded`.
pub fn is_form(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|ct| ct.split(';').next())
        .is_some_and(|essence| {
            essence
                .trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        })
}

/// How deep a form's bracket notation may nest (`a[b][c]` is 2).
const FORM_DEPTH: usize = 5;

/// Reads a form-encoded request body into `T`: bracket notation for records, maps and lists
/// (`metadata[plan]=pro`, `expand[]=a`), each value read as the declared field's type
/// (`balance=5` a number, `tax_exempt=true` a boolean). A body larger than
/// [`Limits::max_json_bytes`] is refused before it is read; one that does not fit `T` is
/// `invalid_input` naming the field (missing, badly typed, or, where
/// `conventions.unknown_fields` is `Reject`, undeclared), as for JSON.
pub fn parse_form<T: DeserializeOwned>(
    body: &Bytes,
    limits: &Limits,
    conventions: &Conventions,
) -> Result<T, ApiError> {
    if body.len() > limits.max_json_bytes {
        return Err(
            ApiError::condition(Condition::MalformedRequest).with_message(format!(
                "form body larger than {} bytes",
                limits.max_json_bytes
            )),
        );
    }
    let config = || {
        serde_qs::Config::new()
            .max_depth(FORM_DEPTH)
            .use_form_encoding(true)
    };
    let invalid = |e: serde_qs::Error| {
        ApiError::condition(Condition::InvalidInput).with_message(format!("Invalid input: {e}"))
    };
    let rules = rules(conventions, false);
    let deserializer = serde_qs::Deserializer::with_config(config(), body).map_err(invalid)?;
    strict_json::deserialize(deserializer, rules).map_err(|e| {
        // Parsed again with the path tracked, to name the field: only on failure.
        let field = serde_qs::Deserializer::with_config(config(), body)
            .ok()
            .and_then(|d| strict_json::failing_field::<T, _>(d, rules));
        match field {
            Some(field) => invalid(e).with_field(field),
            None => invalid(e),
        }
    })
}

/// Refuses a JSON body larger than [`Limits::max_json_bytes`] or whose arrays and objects
/// nest deeper than [`Limits::max_json_depth`], with `malformed_json` (400), in one pass
/// over the bytes that allocates nothing: a hostile document is turned away before the
/// parser builds anything from it. Brackets inside strings do not count; the parser
/// judges everything else.
pub fn check_json_bounds(input: &[u8], limits: &Limits) -> Result<(), ApiError> {
    if input.len() > limits.max_json_bytes {
        return Err(
            ApiError::condition(Condition::MalformedJson).with_message(format!(
                "JSON body larger than {} bytes",
                limits.max_json_bytes
            )),
        );
    }
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for &byte in input {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limits.max_json_depth {
                    return Err(ApiError::condition(Condition::MalformedJson).with_message(
                        format!(
                            "JSON body nested deeper than {} levels",
                            limits.max_json_depth
                        ),
                    ));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(bytes: usize, depth: usize) -> Limits {
        Limits {
            max_json_bytes: bytes,
            max_json_depth: depth,
            ..Limits::default()
        }
    }

    #[test]
    fn nesting_is_counted_outside_strings_only() {
        let three = br#"{"a":[{"b":"[[[[{{{{\"]]"}]}"#;
        assert!(check_json_bounds(three, &limits(100, 3)).is_ok());
        let err = check_json_bounds(three, &limits(100, 2)).unwrap_err();
        assert_eq!(err.message(), Some("JSON body nested deeper than 2 levels"));
    }

    #[test]
    fn a_deep_document_is_refused_before_parsing() {
        let deep = "[".repeat(100_000);
        let err = parse_json::<Vec<u8>>(
            &HeaderMap::from_iter([(
                header::CONTENT_TYPE,
                http::HeaderValue::from_static("application/json"),
            )]),
            &Bytes::from(deep),
            &Limits::default(),
            &Conventions::NONE,
            RequestBodies::Json,
        )
        .unwrap_err();
        assert_eq!(
            err.message(),
            Some("JSON body nested deeper than 32 levels")
        );
    }

    #[test]
    fn a_large_document_is_refused_by_size() {
        let err = check_json_bounds(b"[1,2,3,4,5]", &limits(10, 32)).unwrap_err();
        assert_eq!(err.message(), Some("JSON body larger than 10 bytes"));
        assert!(check_json_bounds(b"[1,2,3,4]", &limits(10, 32)).is_ok());
    }

    #[test]
    fn a_form_is_written_and_read_back_with_brackets_and_typed_values() {
        use std::collections::BTreeMap;

        #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        struct Create {
            balance: i64,
            tax_exempt: bool,
            metadata: BTreeMap<String, String>,
            expand: Vec<String>,
        }
        let create = Create {
            balance: 7,
            tax_exempt: true,
            metadata: BTreeMap::from([("plan".to_owned(), "team pro".to_owned())]),
            expand: vec!["invoice".to_owned(), "tax".to_owned()],
        };
        let form = restspec_client::form::to_form(&create).expect("written");
        assert_eq!(
            form,
            // Brackets percent-encoded, as browsers send them.
            "balance=7&tax_exempt=true&metadata%5Bplan%5D=team%20pro\
             &expand%5B%5D=invoice&expand%5B%5D=tax"
        );
        let none = &Conventions::NONE;
        let read: Create =
            parse_form(&Bytes::from(form), &Limits::default(), none).expect("read back");
        assert_eq!(read, create);
        let refused =
            parse_form::<Create>(&Bytes::from_static(b"balance=x"), &Limits::default(), none);
        assert_eq!(refused.unwrap_err().field(), Some("balance"));
        let missing = parse_form::<Create>(
            &Bytes::from_static(b"tax_exempt=true"),
            &Limits::default(),
            none,
        );
        assert_eq!(missing.unwrap_err().field(), Some("balance"));
    }
}
