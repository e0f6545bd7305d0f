//! What an error body's fields hold, where the runtime writes a document's error record
//! from what any error knows: its message, status, reason phrase and row name by the
//! fields' names (`message: "{message}"`, `code: "{status}"`), and, where the record
//! requires a value of an enumeration (InfluxDB's `code`, one of `not found`,
//! `unauthorized`, `internal error` ...), the value whose words are the status's, else the
//! first.

use crate::declared_types::{enumeration, record_fields};
use crate::yaml_out::Yaml;

/// Field names (lower case, without `_` and `-`) that hold an error's message.
const MESSAGE: &[&str] = &[
    "message",
    "msg",
    "detail",
    "details",
    "description",
    "errormessage",
    "errordescription",
    "errordetail",
    "errormsg",
    "developermessage",
    "usermessage",
    "text",
];

/// Field names that hold the status's reason phrase (`Not Found`).
const REASON: &[&str] = &["title", "reason", "error", "statustext", "summary"];

/// Field names that hold a machine-readable name of the error (the row's name).
const NAME: &[&str] = &[
    "code",
    "errorcode",
    "type",
    "errortype",
    "kind",
    "name",
    "status",
    "id",
];

/// UUID field names that hold an id of the error itself (or of the request it answers).
const ERROR_ID: &[&str] = &[
    "id",
    "errorid",
    "requestid",
    "traceid",
    "correlationid",
    "incidentid",
];

/// Field names that hold the request field an error is about.
const FIELD: &[&str] = &["field", "fieldname", "param", "parameter", "property"];

/// Integer field names that hold the status code.
const STATUS: &[&str] = &[
    "code",
    "error",
    "status",
    "statuscode",
    "httpstatus",
    "httpstatuscode",
    "httpcode",
    "errorcode",
];

/// The value of `values` an answer of `status` holds (any error's where `None`): one that
/// says the status's reason phrase or a word of the kind APIs use for it (`not found`,
/// `NOT_FOUND`, `notFound`), else the first.
pub(crate) fn for_status(values: &[String], status: Option<u16>) -> String {
    let words: &[&str] = match status {
        Some(400) => &["bad request", "invalid", "validation", "malformed"],
        Some(401) => &["unauthorized", "unauthenticated", "authentication"],
        Some(403) => &["forbidden", "permission denied", "access denied"],
        Some(404) => &["not found", "missing", "no such"],
        Some(405) => &["method not allowed"],
        Some(409) => &["conflict", "already exists"],
        Some(413) => &["too large", "request too large", "payload too large"],
        Some(415) => &["unsupported media type"],
        Some(422) => &["unprocessable", "invalid", "validation"],
        Some(429) => &["too many requests", "rate limit", "throttl"],
        Some(503) => &["unavailable", "service unavailable"],
        _ => &["internal", "server error", "unknown", "error"],
    };
    let plain = |text: &str| -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    ' '
                }
            })
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    // `notFound` says `not found` too.
    let spaced = |text: &str| -> String {
        let mut out = String::new();
        let mut after_lower = false;
        for c in text.chars() {
            if after_lower && c.is_ascii_uppercase() {
                out.push(' ');
            }
            after_lower = c.is_ascii_lowercase();
            out.push(c);
        }
        plain(&out)
    };
    words
        .iter()
        .find_map(|word| values.iter().find(|v| spaced(v).contains(word)))
        .unwrap_or(&values[0])
        .clone()
}

/// `error_body` for the declared record `name` (`declared` are the spec's types), as
/// [`shape`] fills it; `None` when a required field cannot be filled, or the body would be
/// the same for every error (but for a row of its own, `status`, where nothing is
/// guessed). The flag says whether a field holds the message: where none
/// is named for it, the first text field nothing fills holds it, at the top first, then in
/// the records within (Mastercard's `{ Errors: { Error: [{ ReasonCode }] } }`); where none
/// is free at all, a body saying the error's reason, name or status does without it
/// (`{ errorType: "{name}" }`).
pub(crate) fn error_shape(
    name: &str,
    (declared, status): (&[(String, Yaml)], Option<u16>),
    guessed: &mut Vec<String>,
) -> Option<(Yaml, bool)> {
    let fields = all_fields(name, declared)?;
    let mut without = None;
    for spare_to in [0, 2] {
        let mut tried = Vec::new();
        let (body, says_message) = shape(
            &fields,
            (declared, status),
            (0, false, spare_to),
            &mut tried,
        )?;
        if says_message {
            guessed.extend(tried);
            return Some((body, true));
        }
        without.get_or_insert((body, tried));
    }
    // A row's own body may be the same for each of its answers where nothing in it is
    // guessed: every value is the one its field can hold (HSBC's constant records).
    let (body, tried) = without?;
    let constant = status.is_some() && tried.is_empty();
    (constant || tells_errors_apart(&body)).then(|| {
        guessed.extend(tried);
        (body, false)
    })
}

/// Whether `body` holds nothing of the error it answers, only constants (HSBC's).
pub(crate) fn is_constant(body: &Yaml) -> bool {
    match body {
        Yaml::Str(text) => !text.contains('{'),
        Yaml::List(items) => items.iter().all(is_constant),
        Yaml::Map(entries) => entries.iter().all(|(_, v)| is_constant(v)),
        _ => true,
    }
}

/// Whether some value of `body` is what an error knows of itself besides its message.
fn tells_errors_apart(body: &Yaml) -> bool {
    match body {
        Yaml::Str(text) => ["{reason}", "{name}", "{status}"].contains(&text.as_str()),
        Yaml::List(items) => items.iter().any(tells_errors_apart),
        Yaml::Map(entries) => entries.iter().any(|(_, v)| tells_errors_apart(v)),
        _ => false,
    }
}

/// `error_body` for a record with `fields`: each field filled by what its name and type
/// say (`message: "{message}"`, `code: "{status}"`), a record field by its own fields
/// (Azure's `{ error: { code, message } }`), the optional ones it cannot fill left out;
/// `None` when a required one cannot be filled. The flag says whether a field holds the
/// message; where none is named so, the first text field nothing fills does, in records
/// no deeper than `spare_to`.
pub(crate) fn shape(
    fields: &Yaml,
    (declared, status): (&[(String, Yaml)], Option<u16>),
    (depth, of_message, spare_to): (usize, bool, usize),
    guessed: &mut Vec<String>,
) -> Option<(Yaml, bool)> {
    let Yaml::Map(fields) = fields else {
        return None;
    };
    let mut body = Yaml::map();
    let mut says_message = false;
    // The first field holding the reason phrase: the message, where no field is named so
    // (Linode's `{errors: [{reason, field}]}`, an `{error: "..."}` alone); else the first
    // required text field nothing names (Telstra's `issue`).
    let mut reason_field: Option<String> = None;
    let mut unnamed_field: Option<String> = None;
    // The first optional text field nothing fills.
    let mut spare: Option<String> = None;
    for (name, field) in fields {
        let ty = match field.get("type") {
            Some(Yaml::Str(ty)) => ty.as_str(),
            _ => return None,
        };
        let optional = field.get("optional") == Some(&Yaml::Bool(true));
        let key: String = name
            .chars()
            .filter(|c| *c != '_' && *c != '-')
            .collect::<String>()
            .to_ascii_lowercase();
        let is = |names: &[&str]| names.contains(&key.as_str());
        let value = match ty {
            // A record that is the message holds it in its text (Azure Batch's
            // `message: { lang, value }`).
            "string"
                if (is(MESSAGE)
                    || key.contains("message")
                    || key.ends_with("msg")
                    || (of_message && is(&["value", "text"])))
                    && !says_message =>
            {
                says_message = true;
                Some(Yaml::str("{message}"))
            }
            "string" if is(REASON) => {
                reason_field.get_or_insert_with(|| name.clone());
                Some(Yaml::str("{reason}"))
            }
            // `{field}` is `null` for an error about no field.
            "string" if is(FIELD) && field.get("nullable") == Some(&Yaml::Bool(true)) => {
                Some(Yaml::str("{field}"))
            }
            "string" if is(NAME) => Some(Yaml::str("{name}")),
            "integer" | "number" | "int32" | "int64" | "uint32" | "uint64" | "float" | "double"
                if is(STATUS) =>
            {
                Some(Yaml::str("{status}"))
            }
            // What the document gives when nothing is said (NPR's `version: "1.0"`).
            _ if !optional && let Some(default) = field.get("default") => Some(default.clone()),
            // Nothing an error knows says it: the reason phrase stands in, the status for
            // a number (Kinto's `errno`), and the import says so.
            "string" if !optional => {
                guessed.push(name.clone());
                if !is(FIELD) {
                    unnamed_field.get_or_insert_with(|| name.clone());
                }
                Some(Yaml::str("{reason}"))
            }
            "integer" | "int32" | "int64" if !optional => {
                guessed.push(name.clone());
                Some(Yaml::str("{status}"))
            }
            // An error's own UUID (HERE's required `id`): a new one for each answer.
            "uuid" if is(ERROR_ID) => Some(Yaml::str("{error_id}")),
            "boolean" if is(&["success", "ok"]) => Some(Yaml::Bool(false)),
            // A list of messages (Django REST framework's `non_field_errors`): this one.
            "list<string>"
                if (key.contains("error") || key.contains("message") || is(MESSAGE))
                    && !says_message =>
            {
                says_message = true;
                Some(Yaml::List(vec![Yaml::str("{message}")]))
            }
            // A list of records holding the message: one of them (JSON:API's `errors`).
            list if list.starts_with("list<") && depth < 2 && !says_message => list
                .strip_prefix("list<")
                .and_then(|l| l.strip_suffix('>'))
                .and_then(|item| {
                    record(item, (declared, status), (depth, false, spare_to), guessed)
                })
                .filter(|(_, inner_says)| *inner_says)
                .map(|(inner, _)| {
                    says_message = true;
                    Yaml::List(vec![inner])
                })
                .or_else(|| (!optional).then(|| Yaml::List(Vec::new()))),
            list if list.starts_with("list<") && !optional => Some(Yaml::List(Vec::new())),
            // A map no error fills is empty (NPR's `attributes`, "empty for errors").
            map if map.starts_with("map<") && !optional => Some(Yaml::map()),
            // A value of an enumeration: the one saying the status, a guess (said so).
            // A value of one (HSBC's `status: ["429"]`) is no guess: it is the field's.
            named if !optional && let Some(values) = enumeration(named, declared) => {
                if values.len() > 1 {
                    guessed.push(name.clone());
                }
                Some(Yaml::str(for_status(&values, status)))
            }
            named if depth < 2 && !says_message => record(
                named,
                (declared, status),
                (depth, is(MESSAGE), spare_to),
                guessed,
            )
            .filter(|(_, inner_says)| *inner_says || !optional)
            .map(|(inner, inner_says)| {
                says_message |= inner_says;
                inner
            }),
            _ => None,
        };
        match value {
            Some(value) => body.push(name.clone(), value),
            // A field an error names is no place for its message.
            None if optional => {
                if ty == "string" && !is(FIELD) {
                    spare.get_or_insert_with(|| name.clone());
                }
            }
            None => return None,
        }
    }
    let reason_field = reason_field.or(unnamed_field);
    if let (false, Some(reason), Yaml::Map(entries)) = (says_message, &reason_field, &mut body)
        && let Some((_, value)) = entries.iter_mut().find(|(k, _)| k == reason)
    {
        *value = Yaml::str("{message}");
        says_message = true;
    }
    // Nothing named for it: the record's first text field nothing else fills holds the
    // message (Apptigent's `result`), a guess the import says.
    if let (false, true, Some(spare)) = (says_message, depth <= spare_to, spare) {
        guessed.push(spare.clone());
        body.push(spare, Yaml::str("{message}"));
        says_message = true;
    }
    Some((body, says_message))
}

/// The shape of the declared record `name`, as [`shape`] fills it.
fn record(
    name: &str,
    (declared, status): (&[(String, Yaml)], Option<u16>),
    (depth, of_message, spare_to): (usize, bool, usize),
    guessed: &mut Vec<String>,
) -> Option<(Yaml, bool)> {
    shape(
        &all_fields(name, declared)?,
        (declared, status),
        (depth + 1, of_message, spare_to),
        guessed,
    )
}

/// The fields of declared record `name`, those of the records it includes first; `None`
/// for a type that is no record.
pub(crate) fn all_fields(name: &str, declared: &[(String, Yaml)]) -> Option<Yaml> {
    let (_, definition) = declared.iter().find(|(n, _)| n == name)?;
    definition.get("fields")?; // a record
    let fields = record_fields(declared, name)
        .into_iter()
        .map(|(member, entry)| (member.to_owned(), entry.clone()))
        .collect();
    Some(Yaml::Map(fields))
}

#[cfg(test)]
mod tests {
    use super::for_status;

    #[test]
    fn the_value_saying_the_status_is_chosen() {
        let values: Vec<String> = ["internal error", "not found", "unauthorized", "invalid"]
            .map(str::to_owned)
            .into();
        assert_eq!(for_status(&values, Some(404)), "not found");
        assert_eq!(for_status(&values, Some(400)), "invalid");
        assert_eq!(for_status(&values, None), "internal error");
        let screaming: Vec<String> = ["UNKNOWN", "NOT_FOUND"].map(str::to_owned).into();
        assert_eq!(for_status(&screaming, Some(404)), "NOT_FOUND");
        let camel: Vec<String> = ["badRequest", "notFound"].map(str::to_owned).into();
        assert_eq!(for_status(&camel, Some(404)), "notFound");
        assert_eq!(
            for_status(&camel, Some(409)),
            "badRequest",
            "none says it: the first"
        );
    }
}
