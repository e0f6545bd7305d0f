//! The headers of an operation's success answers as the endpoint's `response_headers`,
//! and those of its `default` answer as the service's `error_headers`, read as header
//! parameters are; the headers HTTP's framing writes are the runtime's.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::query::{Place, query_option};
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::schemas::Types;
use crate::yaml_out::Yaml;

/// The response headers found so far over an operation's success answers: each name once
/// (the first answer declaring it says what it is), with the Rust fields taken.
#[derive(Default)]
pub(crate) struct Found {
    pub(crate) entries: Vec<(String, Yaml)>,
    fields: BTreeSet<String>,
}

impl Found {
    /// The headers found from `before` on (those of a `status` answer other than a
    /// success, or of a `default` one, whose headers are at `at`) made optional, each that
    /// was required said as a faithful loss: the endpoint's other successes need not carry
    /// them, nor the runtime's own error answers.
    pub(crate) fn optional_from(
        &mut self,
        before: usize,
        (at, status): (&str, &str),
        losses: &mut Losses,
    ) {
        let why = match status.starts_with(['4', '5']) || status == "default" {
            true => "the runtime's own error answers carry none",
            false => "the endpoint's other successes need not carry it",
        };
        for (name, entry) in &mut self.entries[before..] {
            let Yaml::Map(members) = entry else { continue };
            if members.iter().any(|(k, _)| k == "required") {
                members.retain(|(k, _)| k != "required");
                losses.push(Loss::faithful(
                    refs::push(&refs::push(at, name), "required"),
                    "required",
                    format!("response header `{name}` of the {status} answer is optional: {why}"),
                ));
            }
        }
    }
}

/// Adds the headers of one success answer (`declared`, at pointer `at`) to `found`.
/// The rate-limit headers (`rate_limits`) are the service's: no endpoint declares them.
pub(crate) fn read<'d>(
    document: &'d Value,
    (declared, at, pascal): (&'d Map<String, Value>, &str, &str),
    (types, rate_limits): (
        &mut Types<'d>,
        Option<&crate::rate_limits::RateLimitHeaders>,
    ),
    found: &mut Found,
    losses: &mut Losses,
) {
    for (name, header) in declared {
        let header_at = refs::push(at, name);
        if restspec_codegen::naming::is_framing_header(name)
            || rate_limits.is_some_and(|r| r.covers(name))
            || found
                .entries
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            continue;
        }
        if !restspec_codegen::naming::is_header_name(name) {
            losses.push(Loss::wire(
                header_at,
                "response header",
                format!("response header `{name}` is left out: it is not a header name"),
            ));
            continue;
        }
        let Ok((header, header_at)) = refs::Doc::new(document).resolve(header, header_at.clone())
        else {
            losses.push(Loss::wire(
                header_at,
                "unresolved reference",
                "a response header that leads nowhere is left out",
            ));
            continue;
        };
        let hint = format!("{pascal}Response");
        if let Some(option) = query_option(
            Place::Response,
            (header, crate::query::schema_of(header, &header_at)),
            name,
            &header_at,
            &hint,
            types,
            &mut found.fields,
            losses,
        ) {
            found.entries.push((name.clone(), option));
        }
    }
}
