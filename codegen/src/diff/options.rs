//! An endpoint's query options compared by their name in the URL: what a request may say
//! and what one that says nothing gets.

use super::{Change, ChangeKind, Verdict, Who};
use crate::model::{Endpoint, QueryOption};

const CLIENTS: Verdict = Verdict::Breaking(Who::Clients);

pub(super) fn compare(was: &Endpoint, now: &Endpoint, out: &mut Vec<Change>) {
    for option in &was.query {
        let subject = format!("option {} of {}", option.wire, now.name);
        let Some(then) = now.query.iter().find(|o| o.wire == option.wire) else {
            out.push(Change::new(
                ChangeKind::QueryOptionRemoved,
                CLIENTS,
                subject,
                "gone: clients sending it are refused".to_owned(),
                Some(option.location.clone()),
                Some(now.location.clone()),
            ));
            continue;
        };
        for (kind, verdict, explanation) in compare_option(option, then) {
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
    for option in now
        .query
        .iter()
        .filter(|o| !was.query.iter().any(|p| p.wire == o.wire))
    {
        out.push(Change::new(
            ChangeKind::QueryOptionAdded,
            Verdict::Compatible,
            format!("option {} of {}", option.wire, now.name),
            "new, and clients may leave it out".to_owned(),
            Some(was.location.clone()),
            Some(option.location.clone()),
        ));
    }
}

/// The changes of one option kept by name.
fn compare_option(was: &QueryOption, now: &QueryOption) -> Vec<(ChangeKind, Verdict, String)> {
    let mut out = Vec::new();
    let mut narrowed = |why: String| out.push((ChangeKind::QueryOptionTypeChanged, CLIENTS, why));
    if now.ty != was.ty {
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
