//! An endpoint's query options, header and cookie parameters compared by their names on the wire
//! (what a request may say and what one that says nothing gets), and the headers its
//! success answers carry.

use super::{CLIENTS, Change, ChangeKind, Verdict};
use crate::diag::Location;
use crate::model::{Endpoint, QueryOption};

pub(super) fn compare(was: &Endpoint, now: &Endpoint, out: &mut Vec<Change>) {
    compare_place(&QUERY, &was.query, &now.query, was, now, out);
    let (was_cookies, was_headers): (Vec<_>, Vec<_>) =
        was.headers.iter().cloned().partition(|h| h.cookie);
    let (now_cookies, now_headers): (Vec<_>, Vec<_>) =
        now.headers.iter().cloned().partition(|h| h.cookie);
    compare_place(&HEADERS, &was_headers, &now_headers, was, now, out);
    compare_place(&COOKIES, &was_cookies, &now_cookies, was, now, out);
    compare_response_headers(was, now, out);
}

/// The headers success answers carry, by name (any case): clients read them, so one gone,
/// of another type, or no longer always there breaks them; a new one does not.
fn compare_response_headers(was: &Endpoint, now: &Endpoint, out: &mut Vec<Change>) {
    compare_answer_headers(
        &now.name,
        (&was.response_headers, &was.location),
        (&now.response_headers, &now.location),
        out,
    );
}

/// The headers answers of `whose` (an endpoint, `status too_many_requests`) carry, before
/// and after, each with where its owner is written.
pub(super) fn compare_answer_headers(
    whose: &str,
    (was, was_at): (&[QueryOption], &Location),
    (now, now_at): (&[QueryOption], &Location),
    out: &mut Vec<Change>,
) {
    for header in was {
        let subject = format!("response header {} of {whose}", header.wire);
        let then = now
            .iter()
            .find(|h| h.wire.eq_ignore_ascii_case(&header.wire));
        let (kind, why, at) = match then {
            None => (
                ChangeKind::ResponseHeaderRemoved,
                "gone: clients reading it find nothing".to_owned(),
                now_at,
            ),
            Some(then) if then.ty != header.ty => (
                ChangeKind::ResponseHeaderChanged,
                format!(
                    "carries {} instead of {}: clients read another type",
                    then.ty.name(),
                    header.ty.name()
                ),
                &then.location,
            ),
            Some(then) if header.required && !then.required => (
                ChangeKind::ResponseHeaderChanged,
                "may now be absent: clients counting on it break".to_owned(),
                &then.location,
            ),
            Some(_) => continue,
        };
        out.push(Change::new(
            kind,
            CLIENTS,
            subject,
            why,
            Some(header.location.clone()),
            Some(at.clone()),
        ));
    }
    for header in now
        .iter()
        .filter(|h| !was.iter().any(|w| w.wire.eq_ignore_ascii_case(&h.wire)))
    {
        out.push(Change::new(
            ChangeKind::ResponseHeaderAdded,
            Verdict::Compatible,
            format!("response header {} of {whose}", header.wire),
            "new: clients that do not read it are not hurt".to_owned(),
            Some(was_at.clone()),
            Some(header.location.clone()),
        ));
    }
}

/// Where options are read from, as the diff names and kinds them.
struct Place {
    /// How a change names one (`option`, `header`).
    noun: &'static str,
    removed: ChangeKind,
    /// What a client still sending a removed one gets.
    removed_why: &'static str,
    removed_verdict: Verdict,
    added: ChangeKind,
    type_changed: ChangeKind,
    default_changed: ChangeKind,
}

const QUERY: Place = Place {
    noun: "option",
    removed: ChangeKind::QueryOptionRemoved,
    removed_why: "gone: clients sending it are refused",
    removed_verdict: CLIENTS,
    added: ChangeKind::QueryOptionAdded,
    type_changed: ChangeKind::QueryOptionTypeChanged,
    default_changed: ChangeKind::QueryOptionDefaultChanged,
};

const HEADERS: Place = Place {
    noun: "header",
    removed: ChangeKind::HeaderParameterRemoved,
    removed_why: "gone: the service ignores it when clients still send it",
    removed_verdict: Verdict::Compatible,
    added: ChangeKind::HeaderParameterAdded,
    type_changed: ChangeKind::HeaderParameterTypeChanged,
    default_changed: ChangeKind::HeaderParameterDefaultChanged,
};

/// Cookie parameters, kinded as the header parameters they come in, named by their
/// case-sensitive names.
const COOKIES: Place = Place {
    noun: "cookie",
    ..HEADERS
};

fn compare_place(
    place: &Place,
    before: &[QueryOption],
    after: &[QueryOption],
    was: &Endpoint,
    now: &Endpoint,
    out: &mut Vec<Change>,
) {
    let same = |a: &QueryOption, b: &QueryOption| match place.noun {
        "header" => a.wire.eq_ignore_ascii_case(&b.wire),
        _ => a.wire == b.wire,
    };
    for option in before {
        let subject = format!("{} {} of {}", place.noun, option.wire, now.name);
        let Some(then) = after.iter().find(|o| same(o, option)) else {
            out.push(Change::new(
                place.removed,
                place.removed_verdict,
                subject,
                place.removed_why.to_owned(),
                Some(option.location.clone()),
                Some(now.location.clone()),
            ));
            continue;
        };
        for (kind, verdict, explanation) in compare_option(option, then) {
            let kind = match kind {
                ChangeKind::QueryOptionDefaultChanged => place.default_changed,
                ChangeKind::QueryOptionTypeChanged => place.type_changed,
                // Its constraints, format and deprecation, judged as a field's that
                // requests carry.
                other => other,
            };
            out.push(Change::new(
                kind,
                verdict,
                subject.clone(),
                explanation,
                Some(option.location.clone()),
                Some(then.location.clone()),
            ));
        }
    }
    for option in after.iter().filter(|o| !before.iter().any(|p| same(p, o))) {
        let (verdict, why) = if option.required {
            (CLIENTS, "new and required: requests without it are refused")
        } else {
            (Verdict::Compatible, "new, and clients may leave it out")
        };
        out.push(Change::new(
            place.added,
            verdict,
            format!("{} {} of {}", place.noun, option.wire, now.name),
            why.to_owned(),
            Some(was.location.clone()),
            Some(option.location.clone()),
        ));
    }
}

/// How an option of a type of the spec's is written in the query.
fn written(ty: &crate::model::OptionType) -> &'static str {
    match ty {
        crate::model::OptionType::Json(_) => "as JSON text",
        crate::model::OptionType::Nested(_) => "as its members in brackets",
        _ => "as text",
    }
}

/// The changes of one option kept by name.
fn compare_option(was: &QueryOption, now: &QueryOption) -> Vec<(ChangeKind, Verdict, String)> {
    let mut out = Vec::new();
    let mut narrowed = |why: String| out.push((ChangeKind::QueryOptionTypeChanged, CLIENTS, why));
    if now.ty != was.ty && now.ty.name() == was.ty.name() {
        narrowed(format!(
            "now written {} instead of {}: values clients send the old way are refused",
            written(&now.ty),
            written(&was.ty)
        ));
    } else if now.ty != was.ty {
        narrowed(format!(
            "takes {} instead of {}: values clients send may be refused",
            now.ty.name(),
            was.ty.name()
        ));
    } else {
        if !was.required && now.required {
            narrowed("now required: requests without it are refused".to_owned());
        }
        // Comma-separated lists also take the repeated form: only the way back breaks.
        if was.comma_separated && !now.comma_separated {
            narrowed("no longer comma-separated: `a,b` is now one value".to_owned());
        }
        // A map read by other keys: what clients send is no longer its members.
        if was.deep_object != now.deep_object {
            narrowed(match now.deep_object {
                true => "now read as `name[key]`: the keys clients send alone are no longer its members".to_owned(),
                false => "no longer read as `name[key]`: the members clients send so are unknown keys now".to_owned(),
            });
        }
        let bound = |b: Option<i64>| b.map_or("none".to_owned(), |b| b.to_string());
        if now
            .minimum
            .is_some_and(|m| was.minimum.is_none_or(|w| m > w))
        {
            narrowed(format!(
                "its minimum rose from {} to {}: smaller values clients send are refused \
                 with 400",
                bound(was.minimum),
                bound(now.minimum)
            ));
        }
        if now
            .maximum
            .is_some_and(|m| was.maximum.is_none_or(|w| m < w))
        {
            narrowed(format!(
                "its maximum fell from {} to {}: larger values clients send are refused \
                 with 400",
                bound(was.maximum),
                bound(now.maximum)
            ));
        }
    }
    out.extend(super::field_rules::compare(
        &was.rules,
        &now.rules,
        (false, true),
    ));
    // A default is what clients leaving the option out are promised: another one, or none,
    // changes what they get without a word; a new one only says what they got already
    // from the handler.
    match (&was.default, &now.default) {
        (Some(a), Some(b)) if a != b => out.push((
            ChangeKind::QueryOptionDefaultChanged,
            CLIENTS,
            format!(
                "its default changed from `{a}` to `{b}`: clients leaving it out get another answer"
            ),
        )),
        (Some(a), None) if !now.required => out.push((
            ChangeKind::QueryOptionDefaultChanged,
            CLIENTS,
            format!(
                "no default any more (was `{a}`): clients leaving it out are no longer promised it"
            ),
        )),
        (None, Some(b)) => out.push((
            ChangeKind::QueryOptionDefaultChanged,
            Verdict::Compatible,
            format!("now defaults to `{b}` when left out"),
        )),
        _ => {}
    }
    out
}
