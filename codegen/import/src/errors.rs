//! The error answers: a status row for each code and body the operations answer with, and
//! the JSON error body the runtime's own refusals are written in, where one record carries
//! most error answers and every field it requires can be filled from what any error knows
//! (its message, status and reason).

use std::collections::BTreeMap;

use restspec_codegen::naming;

use crate::error_records::{
    Written, pinned_status, say_guesses, say_no_message, union_of_records, written_in,
};
use crate::error_values::is_constant;
use crate::media::status_name;
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::schemas::Types;
use crate::yaml_out::Yaml;

/// One row of the status table.
struct StatusRow {
    name: String,
    /// The record its answers carry, if any.
    body: Option<String>,
    /// Some answer of it may be `null` (`body_nullable`).
    nullable: bool,
    /// How many answers of the document it stands for.
    uses: usize,
    /// How many of those have no content at all.
    empty_uses: usize,
    /// How the runtime writes its answers, where the service's error format would not be
    /// what the document says (`error_format: empty`, or an `error_body` of its `body`).
    own_format: Option<(&'static str, Yaml)>,
    /// The headers its answers may carry (`headers`): each any answer of it declares.
    headers: Vec<(String, Yaml)>,
}

/// The status table the operations need, filled as they are read.
#[derive(Default)]
pub(crate) struct StatusRows {
    rows: BTreeMap<u16, Vec<StatusRow>>,
    /// Each `default` answer beside successes, and each range of error codes: where it
    /// is, and its body.
    defaults: Vec<(String, String, Option<String>)>,
    /// Some operation answers `default` beside successes.
    default_answer: bool,
}

/// The JSON error body a document's errors share: the record's name and the body's shape.
pub(crate) struct ErrorBody {
    pub(crate) type_name: String,
    /// The body, written in the record (or the union's record) as [`written_in`] writes it.
    pub(crate) written: Written,
    /// Whether operations give a `default` answer (`openapi_default_error`).
    pub(crate) default_answer: bool,
}

impl StatusRows {
    /// A `default` answer (or, `default` false, a range of error codes, `4XX`) at `at`
    /// carrying `body`.
    pub(crate) fn default_answer(
        &mut self,
        at: String,
        code: &str,
        body: Option<String>,
        default: bool,
    ) {
        self.defaults.push((at, code.to_owned(), body));
        self.default_answer |= default;
    }

    /// Whether some operation answers `default` beside its successes.
    pub(crate) fn gives_default(&self) -> bool {
        self.default_answer
    }

    /// Whether some error answers are JSON of no record (`any`, `map<any>`, a list): the
    /// runtime's own then are JSON too, of any shape.
    pub(crate) fn any_json_bodies(&self, declared: &[(String, Yaml)]) -> bool {
        let record = |body: &str| {
            (declared.iter()).any(|(name, d)| name == body && d.get("fields").is_some())
        };
        let bodies = self
            .rows
            .values()
            .flatten()
            .filter_map(|r| r.body.as_deref());
        let defaults = self.defaults.iter().filter_map(|(_, _, b)| b.as_deref());
        bodies.chain(defaults).any(|body| !record(body))
    }

    /// Where the service's error body is a union of records each pinning its status
    /// (Increase's), a row for each such status (its body the union) the document lists no
    /// answer of: the row's own `error_body` is written in the record for it.
    pub(crate) fn pinned_rows(&mut self, error_body: Option<&ErrorBody>, types: &Types<'_>) {
        let Some(union) = error_body.map(|b| b.type_name.as_str()) else {
            return;
        };
        let Some(alternatives) = union_of_records(union, &types.declared) else {
            return;
        };
        for record in alternatives {
            let Some(code) = pinned_status(&record, &types.declared) else {
                continue;
            };
            self.ensure_row(code);
            if let Some(row) = self.rows.get_mut(&code).and_then(|rows| rows.first_mut())
                && row.uses == 0
                && row.body.is_none()
            {
                row.body = Some(union.to_owned());
            }
        }
    }

    /// Adds a row for `code` where the document lists no answer of it, counted as used by
    /// nothing: one the runtime's refusals need whatever the document lists.
    pub(crate) fn ensure_row(&mut self, code: u16) {
        let rows = self.rows.entry(code).or_default();
        if rows.is_empty() {
            rows.push(StatusRow {
                name: status_name(code),
                body: None,
                nullable: false,
                uses: 0,
                empty_uses: 0,
                own_format: None,
                headers: Vec::new(),
            });
        }
    }

    /// The row an answer of `code` with `body` is listed under: the code's row with that
    /// body, or the code's first row when the answer has none (or that row none yet), or a
    /// new row named after the body (`bad_request_validation_error`).
    ///
    /// `empty`: the answer has no content at all.
    pub(crate) fn row_for(
        &mut self,
        code: u16,
        (body, nullable): (Option<&str>, bool),
        empty: bool,
    ) -> String {
        let rows = self.rows.entry(code).or_default();
        let found = match body {
            None if !rows.is_empty() => Some(0),
            None => None,
            Some(body) => rows
                .iter()
                .position(|r| r.body.as_deref() == Some(body))
                .or_else(|| rows.first().is_some_and(|r| r.body.is_none()).then_some(0)),
        };
        let index = found.unwrap_or_else(|| {
            let name = match rows.is_empty() {
                true => status_name(code),
                false => format!(
                    "{}_{}",
                    status_name(code),
                    naming::snake(body.unwrap_or("empty")).trim_end_matches('_')
                ),
            };
            rows.push(StatusRow {
                name,
                body: None,
                nullable: false,
                uses: 0,
                empty_uses: 0,
                own_format: None,
                headers: Vec::new(),
            });
            rows.len() - 1
        });
        let row = &mut rows[index];
        if row.body.is_none() {
            row.body = body.map(str::to_owned);
        }
        row.nullable |= nullable && row.body.as_deref() == body;
        row.uses += 1;
        row.empty_uses += usize::from(empty && body.is_none());
        row.name.clone()
    }

    /// Adds the headers an answer of row `name` declares (at `at`) to those of the row: the
    /// row's answers may carry each. None is required, for the runtime's own answers of
    /// the row carry none: a header the document requires is said to be optional.
    pub(crate) fn add_headers(
        &mut self,
        name: &str,
        headers: Vec<(String, Yaml)>,
        at: &str,
        losses: &mut Losses,
    ) {
        let Some(row) = self.rows.values_mut().flatten().find(|r| r.name == name) else {
            return;
        };
        for (header, mut entry) in headers {
            if row
                .headers
                .iter()
                .any(|(h, _)| h.eq_ignore_ascii_case(&header))
            {
                continue;
            }
            if let Yaml::Map(members) = &mut entry
                && let Some(required) = members.iter().position(|(k, _)| k == "required")
            {
                members.remove(required);
                losses.push(Loss::faithful(
                    refs::push(&refs::push(at, &header), "required"),
                    "required",
                    format!(
                        "error header `{header}` is optional: the runtime's own answers of \
                         the row carry none"
                    ),
                ));
            }
            row.headers.push((header, entry));
        }
    }

    /// Each row whose answers the service's error format would write otherwise than the
    /// document says gets its own: `error_format: empty` where none of its answers has
    /// content, and an `error_body` of its record where that record is not the service's
    /// error body and what any error knows fills it (each field filled with a guess a
    /// loss); `error_type` is the service's. With the records that are to hold the message
    /// in a member of their own ([`crate::error_records::open_records`]).
    pub(crate) fn own_formats(
        &mut self,
        error_body: Option<&ErrorBody>,
        types: &Types<'_>,
        losses: &mut Losses,
    ) -> Vec<String> {
        let error_type = error_body.map(|b| b.type_name.as_str());
        let mut opened = Vec::new();
        for (code, rows) in &mut self.rows {
            for row in rows {
                match row.body.as_deref() {
                    None if row.uses > 0 && row.empty_uses == row.uses => {
                        row.own_format = Some(("error_format", Yaml::str("empty")));
                    }
                    // Text alone (Zuora's 400s): the message is the whole body.
                    Some("string") => {
                        row.own_format = Some(("error_body", Yaml::str("{message}")));
                    }
                    Some(body) if body != "any" => {
                        let declared = (types.declared.as_slice(), Some(*code));
                        // A list of records (Paylocity's `[{ message }]`) is written as a
                        // list of one.
                        let listed = body.strip_prefix("list<").and_then(|b| b.strip_suffix('>'));
                        let record = listed.unwrap_or(body);
                        // A row's own body says the message, or guesses nothing (its
                        // record is one of several of the code's, and the runtime's answers
                        // of it name that record: a guessed value would be one of many).
                        let Some(written) = written_in(record, declared) else {
                            continue;
                        };
                        if !written.says_message && !written.guessed.is_empty() {
                            continue;
                        }
                        let shape = match listed {
                            Some(_) => Yaml::List(vec![written.shape]),
                            None => written.shape,
                        };
                        if Some(body) == error_type {
                            // The service's body, but for a value of an enumeration that
                            // says this status (`code: not found`); its guesses are said.
                            if error_body.is_some_and(|b| b.written.shape != shape) {
                                row.own_format = Some(("error_body", shape));
                            }
                            continue;
                        }
                        let whose = format!("{} answers", row.name);
                        say_guesses(types, record, &written.guessed, &whose, losses);
                        // A constant body is the document's whole answer: nothing lost.
                        if !written.says_message && !is_constant(&shape) {
                            say_no_message(types, record, &whose, losses);
                        }
                        opened.extend(written.opens);
                        row.own_format = Some(("error_body", shape));
                    }
                    _ => {}
                }
            }
        }
        opened
    }

    /// The error body of the record most error answers carry, when every field it requires
    /// can be filled (and one holds the message); `declared` are the spec's types.
    fn error_body(&self, declared: &[(String, Yaml)]) -> Option<ErrorBody> {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for row in self.rows.values().flatten() {
            if let Some(body) = &row.body {
                *counts.entry(body).or_default() += row.uses;
            }
        }
        for body in self.defaults.iter().filter_map(|(_, _, b)| b.as_deref()) {
            *counts.entry(body).or_default() += 1;
        }
        let mut ranked: Vec<(&str, usize)> = counts.into_iter().collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        // One with a field that holds the message first; else one that holds it in a
        // member of its own; else one that tells errors apart without.
        let body = |(name, _): &(&str, usize), tier: (bool, bool)| {
            let written = written_in(name, (declared, None))?;
            ((written.says_message, written.opens.is_some()) == tier).then(|| ErrorBody {
                type_name: (*name).to_owned(),
                written,
                default_answer: self.default_answer,
            })
        };
        [(true, false), (true, true), (false, false)]
            .into_iter()
            .find_map(|tier| ranked.iter().find_map(|r| body(r, tier)))
    }

    /// The `statuses:` table: each row with its code, wording and body; the runtime's own
    /// refusals raised by each code's row whose body is `error_type` (or its first row);
    /// its headers but those any error answer may carry (`any_error`), declared once.
    pub(crate) fn table(&self, error_type: Option<&str>, any_error: &[(String, Yaml)]) -> Yaml {
        let mut statuses = Yaml::map();
        for (code, rows) in &self.rows {
            let raiser = rows
                .iter()
                .position(|r| r.body.is_some() && r.body.as_deref() == error_type)
                .unwrap_or(0);
            for (index, row) in rows.iter().enumerate() {
                let mut entry = Yaml::map();
                entry.push("code", Yaml::Int(i64::from(*code)));
                entry.push("message", Yaml::str(reason_phrase(&status_name(*code))));
                entry.push("when", Yaml::str(format!("The service answers {code}.")));
                // A document that answers invalid input 422 and lists no 400 (FastAPI's
                // validation errors) has the runtime's refusals of input answered so too.
                let raised = match code {
                    422 if !self.rows.contains_key(&400) => raised_for(400),
                    code => raised_for(*code),
                };
                if index == raiser && !raised.is_empty() {
                    entry.push(
                        "raised_for",
                        Yaml::List(raised.iter().map(|c| Yaml::str(*c)).collect()),
                    );
                }
                if let Some(body) = &row.body {
                    entry.push("body", Yaml::str(body.clone()));
                    if row.nullable {
                        entry.push("body_nullable", Yaml::Bool(true));
                    }
                }
                if let Some((key, value)) = &row.own_format {
                    entry.push(*key, value.clone());
                }
                let any = |h: &str| any_error.iter().any(|(a, _)| a.eq_ignore_ascii_case(h));
                let headers: Vec<_> = (row.headers.iter()).filter(|(h, _)| !any(h)).collect();
                if !headers.is_empty() {
                    entry.push("headers", Yaml::Map(headers.into_iter().cloned().collect()));
                }
                statuses.push(row.name.clone(), entry);
            }
        }
        statuses
    }
}

/// The document's error body, if its errors share one ([`StatusRows::error_body`]); each
/// field it fills with a guess is a loss.
pub(crate) fn error_body(
    rows: &StatusRows,
    types: &Types<'_>,
    losses: &mut Losses,
) -> Option<ErrorBody> {
    let body = rows.error_body(&types.declared);
    for (at, code, default) in &rows.defaults {
        // A `default` its endpoint answers in a body of its own says no loss here.
        let own = |other: &str| own_body(other, body.as_ref(), types).is_some();
        let what = match (&body, default) {
            (_, Some(other)) if code.eq_ignore_ascii_case("default") && own(other) => continue,
            (Some(body), Some(other)) if *other != body.type_name => format!(
                "the `{code}` answer's body `{other}` is left out: the spec answers it with \
                 the error body, `{}`",
                body.type_name
            ),
            (Some(_), _) => continue,
            // A `default` saying nothing of its body: the errors' own format, listed so
            // (`openapi_default_error`).
            (None, None) if code.eq_ignore_ascii_case("default") => continue,
            (None, _) => format!(
                "the `{code}` response is left out: the spec lists answers by their code, \
                 and the errors share no body the runtime can write"
            ),
        };
        losses.push(Loss::wire(at.clone(), "default or range response", what));
    }
    let body = body?;
    say_guesses(
        types,
        &body.type_name,
        &body.written.guessed,
        "errors",
        losses,
    );
    if !body.written.says_message {
        say_no_message(types, &body.type_name, "errors", losses);
    }
    Some(body)
}

/// The error body an endpoint whose `default` answer is `body` writes its errors in, where
/// it is not the service's (Slack's methods each list their own error codes; App Center's
/// operations answer `{ error: { code, message } }` or `{ message }`): `body` as the
/// service's would be written ([`written_in`]), when it says the message (or guesses
/// nothing).
pub(crate) fn own_body(
    body: &str,
    service: Option<&ErrorBody>,
    types: &Types<'_>,
) -> Option<Written> {
    if service.is_some_and(|s| s.type_name == body) || !types.is_record(body) {
        return None;
    }
    let written = written_in(body, (&types.declared, None))?;
    (written.says_message || written.guessed.is_empty()).then_some(written)
}

/// An endpoint's own `error_body` (`shape`) and `error_type` (`record`), by its family's
/// index and its name.
pub(crate) struct OwnErrorBody {
    pub(crate) family: usize,
    pub(crate) endpoint: String,
    pub(crate) shape: Yaml,
    pub(crate) record: String,
}

/// Each endpoint's own `error_body` and `error_type`, where its `default` answer's body is
/// not the service's and can be written ([`own_body`]); each guessed field said as a loss.
/// With the records that are to hold the message in a member of their own
/// ([`open_records`]).
pub(crate) fn own_bodies(
    defaults: &[(usize, String, String)],
    service: Option<&ErrorBody>,
    types: &Types<'_>,
    losses: &mut Losses,
) -> (Vec<OwnErrorBody>, Vec<String>) {
    let mut out = Vec::new();
    let mut opened = Vec::new();
    for (family, endpoint, body) in defaults {
        let Some(written) = own_body(body, service, types) else {
            continue;
        };
        let whose = format!("{endpoint}'s errors");
        say_guesses(types, body, &written.guessed, &whose, losses);
        opened.extend(written.opens);
        out.push(OwnErrorBody {
            family: *family,
            endpoint: endpoint.clone(),
            shape: written.shape,
            record: body.clone(),
        });
    }
    (out, opened)
}

/// `not_found` → `Not Found`.
fn reason_phrase(name: &str) -> String {
    name.split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The runtime's own refusals each code's row answers.
fn raised_for(code: u16) -> &'static [&'static str] {
    match code {
        400 => &[
            "malformed_request",
            "wrong_content_type",
            "malformed_json",
            "invalid_input",
        ],
        401 => &["not_authenticated", "authentication_required"],
        404 => &["not_found"],
        405 => &["method_not_allowed"],
        412 => &["precondition_failed"],
        429 => &["quota_exhausted"],
        _ => &[],
    }
}
