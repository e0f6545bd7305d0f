//! The records error bodies are written in: what the runtime writes in one (its fields
//! filled from what any error knows, the message in a member of its own where no field can
//! hold it but the record has members beside its fields), the records opened for that, and
//! the losses saying what a body guesses or leaves out.

use crate::error_values::{all_fields, error_shape, shape};
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::schemas::Types;
use crate::yaml_out::Yaml;

/// An error body written in a record.
pub(crate) struct Written {
    /// The `error_body`.
    pub(crate) shape: Yaml,
    /// Whether it holds the message.
    pub(crate) says_message: bool,
    /// The fields it fills with a guess.
    pub(crate) guessed: Vec<String>,
    /// The record it holds the message in a member of its own of, where it does: that
    /// record is to say `additional_fields: any` ([`open_records`]).
    pub(crate) opens: Option<String>,
}

/// The error body written in the declared record `name` for answers of `status` (any
/// error's where `None`): [`error_shape`]'s where it holds the message; else, where the
/// record may have members of its own, one holding the message in `message`
/// ([`open_error_shape`]); else [`error_shape`]'s without it.
pub(crate) fn written_in(
    name: &str,
    (declared, status): (&[(String, Yaml)], Option<u16>),
) -> Option<Written> {
    // A union of records (Increase's thirteen errors, each pinning its `status`): the one
    // for the status (a 400's for any), else one that pins none, else the first.
    if let Some(alternatives) = union_of_records(name, declared) {
        let wanted = status.unwrap_or(400);
        let chosen = (alternatives.iter())
            .find(|a| pinned_status(a, declared) == Some(wanted))
            .or_else(|| {
                alternatives
                    .iter()
                    .find(|a| pinned_status(a, declared).is_none())
            })
            .or(alternatives.first())?;
        return written_in(chosen, (declared, status));
    }
    let mut guessed = Vec::new();
    let shaped = error_shape(name, (declared, status), &mut guessed);
    if let Some((shape, true)) = shaped {
        return Some(Written {
            shape,
            says_message: true,
            guessed,
            opens: None,
        });
    }
    let mut open_guesses = Vec::new();
    if let Some(shape) = open_error_shape(name, declared, &mut open_guesses) {
        return Some(Written {
            shape,
            says_message: true,
            guessed: open_guesses,
            opens: Some(name.to_owned()),
        });
    }
    shaped.map(|(shape, says_message)| Written {
        shape,
        says_message,
        guessed,
        opens: None,
    })
}

/// `error_body` for the declared record `name` where no field of it can hold the message
/// but it has members beside its fields of any type (not `closed`, no `additional_fields`
/// but `any`; Slack's `{ ok: false }` error template, `additionalProperties: true`): its
/// fields filled as [`shape`] fills them, and the message in a member of its own,
/// `message`. `None` when a required field cannot be filled, or it has a `message` field.
fn open_error_shape(
    name: &str,
    declared: &[(String, Yaml)],
    guessed: &mut Vec<String>,
) -> Option<Yaml> {
    let (_, definition) = declared.iter().find(|(n, _)| n == name)?;
    let open = definition.get("closed") != Some(&Yaml::Bool(true))
        && definition
            .get("additional_fields")
            .is_none_or(|a| *a == Yaml::str("any"));
    let fields = all_fields(name, declared)?;
    if !open || fields.get("message").is_some() {
        return None;
    }
    let mut tried = Vec::new();
    let (mut body, _) = shape(&fields, (declared, None), (0, false, 0), &mut tried)?;
    body.push("message", Yaml::str("{message}"));
    guessed.extend(tried);
    Some(body)
}

/// The records the declared union `name` is one of (`any_of` or `one_of`), where every
/// alternative is a record.
pub(crate) fn union_of_records(name: &str, declared: &[(String, Yaml)]) -> Option<Vec<String>> {
    let (_, definition) = declared.iter().find(|(n, _)| n == name)?;
    let Some(Yaml::List(alternatives)) = definition
        .get("any_of")
        .or_else(|| definition.get("one_of"))
    else {
        return None;
    };
    let record = |alternative: &Yaml| match alternative {
        Yaml::Str(alternative) => (declared.iter())
            .any(|(n, d)| n == alternative && d.get("fields").is_some())
            .then(|| alternative.clone()),
        _ => None,
    };
    alternatives.iter().map(record).collect()
}

/// The status the declared record `name` is the error body of, where a whole-number field
/// of it has that one value (Increase's `status: { type: integer, values: [404] }`).
pub(crate) fn pinned_status(name: &str, declared: &[(String, Yaml)]) -> Option<u16> {
    let Some(Yaml::Map(fields)) = all_fields(name, declared) else {
        return None;
    };
    fields.iter().find_map(|(_, field)| {
        let Some(Yaml::List(values)) = field.get("values") else {
            return None;
        };
        match (field.get("type"), values.as_slice()) {
            (Some(Yaml::Str(ty)), [Yaml::Int(code)]) if ty == "integer" => u16::try_from(*code)
                .ok()
                .filter(|code| (100..600).contains(code)),
            _ => None,
        }
    })
}

/// Gives each of `records` `additional_fields: any` (where it says nothing of them), for
/// error bodies written in it hold the message in a member of their own; a faithful loss
/// says so once for each.
pub(crate) fn open_records(types: &mut Types<'_>, mut records: Vec<String>, losses: &mut Losses) {
    records.sort();
    records.dedup();
    for record in records {
        let at = types.component_of(&record).unwrap_or("/components/schemas");
        losses.push(Loss::faithful(
            at.to_owned(),
            "error body",
            format!(
                "no field of `{record}` holds an error's message: the runtime's own errors \
                 written in it hold it in a member of their own, `message`"
            ),
        ));
        if let Some((_, Yaml::Map(entries))) = types.declared.iter_mut().find(|(n, _)| *n == record)
            && !entries.iter().any(|(k, _)| k == "additional_fields")
        {
            let at = (entries.iter())
                .position(|(k, _)| k == "fields")
                .unwrap_or(entries.len());
            entries.insert(at, ("additional_fields".to_owned(), Yaml::str("any")));
        }
    }
}

/// A faithful loss: the runtime's own `whose` (`errors`, `not_found answers`) written in
/// `record` carry no message, for no field of it can hold one.
pub(crate) fn say_no_message(types: &Types<'_>, record: &str, whose: &str, losses: &mut Losses) {
    let at = types.component_of(record).unwrap_or("/components/schemas");
    losses.push(Loss::faithful(
        at.to_owned(),
        "error body",
        format!(
            "the runtime's own {whose} carry no message: no text field of `{record}` is free \
             to hold it, so they say only the error's reason, name or status"
        ),
    ));
}

/// A faithful loss for each field of `record` the runtime's own `whose` (`errors`,
/// `not_found answers`) fill with a guess.
pub(crate) fn say_guesses(
    types: &Types<'_>,
    record: &str,
    fields: &[String],
    whose: &str,
    losses: &mut Losses,
) {
    let at = types.component_of(record).unwrap_or("/components/schemas");
    for field in fields {
        losses.push(Loss::faithful(
            refs::push(&refs::push(at, "properties"), field),
            "error body",
            format!(
                "the runtime's own {whose} fill `{field}` with a guess (the status's reason \
                 phrase, or the value of its enumeration that says the status): nothing an \
                 error knows says it"
            ),
        ));
    }
}
