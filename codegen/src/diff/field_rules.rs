//! A field's rules compared between versions: constraints that admit fewer values break
//! clients sending the type, constraints that admit more break clients reading it (a
//! client that checks answers, as the typed client's types document them, meets values it
//! was told could not come); defaults, read-only and write-only, formats and deprecation
//! each judged by which way the type travels. A list's item rules move the same way.

use super::{CLIENTS, ChangeKind, Verdict};
use crate::model::{Bound, FieldRules};

/// How one constraint moved.
#[derive(Clone, Copy, PartialEq)]
enum Moved {
    Same,
    Tighter,
    Looser,
    /// Another rule that admits some values the old refused and refuses some it admitted.
    Both,
}

/// A lower limit (`min_length`): higher is tighter.
fn lower(was: Option<u64>, now: Option<u64>) -> Moved {
    match (was.unwrap_or(0), now.unwrap_or(0)) {
        (a, b) if a == b => Moved::Same,
        (a, b) if b > a => Moved::Tighter,
        _ => Moved::Looser,
    }
}

/// An upper limit (`max_length`): lower is tighter.
fn upper(was: Option<u64>, now: Option<u64>) -> Moved {
    match (was.unwrap_or(u64::MAX), now.unwrap_or(u64::MAX)) {
        (a, b) if a == b => Moved::Same,
        (a, b) if b < a => Moved::Tighter,
        _ => Moved::Looser,
    }
}

/// A bound on a number, as (value, exclusive) with `sign` 1 for a minimum and -1 for a
/// maximum: a bound further in is tighter.
fn bound(was: Option<Bound>, now: Option<Bound>, sign: f64) -> Moved {
    let key = |b: Bound| (b.value * sign, b.exclusive);
    match (was, now) {
        (None, None) => Moved::Same,
        (None, Some(_)) => Moved::Tighter,
        (Some(_), None) => Moved::Looser,
        (Some(a), Some(b)) if a == b => Moved::Same,
        (Some(a), Some(b)) => {
            let (a, b) = (key(a), key(b));
            if b.0 > a.0 || (b.0 == a.0 && b.1 && !a.1) {
                Moved::Tighter
            } else {
                Moved::Looser
            }
        }
    }
}

/// A rule present or not (a pattern, a step): added is tighter, another is both.
fn present<T: PartialEq>(was: &Option<T>, now: &Option<T>) -> Moved {
    match (was, now) {
        (None, None) => Moved::Same,
        (None, Some(_)) => Moved::Tighter,
        (Some(_), None) => Moved::Looser,
        (Some(a), Some(b)) if a == b => Moved::Same,
        _ => Moved::Both,
    }
}

/// A list of allowed values (`values`): fewer is tighter, more looser.
fn listed<T: PartialEq>(was: &Option<Vec<T>>, now: &Option<Vec<T>>) -> Moved {
    match (was, now) {
        (Some(a), Some(b)) if a != b => {
            let within = |x: &[T], y: &[T]| x.iter().all(|v| y.contains(v));
            match (within(b, a), within(a, b)) {
                (true, _) => Moved::Tighter,
                (_, true) => Moved::Looser,
                _ => Moved::Both,
            }
        }
        _ => present(was, now),
    }
}

fn flag(was: bool, now: bool) -> Moved {
    match (was, now) {
        (false, true) => Moved::Tighter,
        (true, false) => Moved::Looser,
        _ => Moved::Same,
    }
}

/// Every change between `was` and `now` of a field of a type that is `read` (in answers)
/// and or `sent` (in requests), as (kind, verdict, explanation).
pub(super) fn compare(
    was: &FieldRules,
    now: &FieldRules,
    (read, sent): (bool, bool),
) -> Vec<(ChangeKind, Verdict, String)> {
    let moved = [
        ("min_length", lower(was.min_length, now.min_length)),
        ("max_length", upper(was.max_length, now.max_length)),
        ("pattern", present(&was.pattern, &now.pattern)),
        ("minimum", bound(was.minimum, now.minimum, 1.0)),
        ("maximum", bound(was.maximum, now.maximum, -1.0)),
        ("multiple_of", present(&was.multiple_of, &now.multiple_of)),
        ("values", listed(&was.values, &now.values)),
        ("min_items", lower(was.min_items, now.min_items)),
        ("max_items", upper(was.max_items, now.max_items)),
        ("unique_items", flag(was.unique_items, now.unique_items)),
        // A default no longer filled in: requests must carry the field.
        ("required", flag(was.default_stated, now.default_stated)),
        (
            "min_properties",
            lower(was.min_properties, now.min_properties),
        ),
        (
            "max_properties",
            upper(was.max_properties, now.max_properties),
        ),
    ];
    let keys = |wanted: Moved| -> Vec<&str> {
        moved
            .iter()
            .filter(|(_, m)| *m == wanted || *m == Moved::Both)
            .map(|(key, _)| *key)
            .collect()
    };
    let mut out = Vec::new();
    let tighter = keys(Moved::Tighter);
    if !tighter.is_empty() {
        out.push((
            ChangeKind::FieldConstraintTightened,
            if sent { CLIENTS } else { Verdict::Compatible },
            format!(
                "`{}` admits fewer values: {}",
                tighter.join("`, `"),
                if sent {
                    "requests that fitted before are refused"
                } else {
                    "answers still fit what clients expect"
                }
            ),
        ));
    }
    let looser = keys(Moved::Looser);
    if !looser.is_empty() {
        out.push((
            ChangeKind::FieldConstraintLoosened,
            if read { CLIENTS } else { Verdict::Compatible },
            format!(
                "`{}` admits more values: {}",
                looser.join("`, `"),
                if read {
                    "answers may carry values clients were told could not come"
                } else {
                    "requests refused before are accepted"
                }
            ),
        ));
    }
    if was.default != now.default {
        out.push((
            ChangeKind::FieldDefaultChanged,
            if sent { CLIENTS } else { Verdict::Compatible },
            if sent {
                "requests that leave it out get another value".to_owned()
            } else {
                "only requests read defaults".to_owned()
            },
        ));
    }
    let hidden_from_requests = !was.read_only && now.read_only;
    let hidden_from_answers = !was.write_only && now.write_only;
    if was.read_only != now.read_only || was.write_only != now.write_only {
        let breaks = (hidden_from_requests && sent) || (hidden_from_answers && read);
        out.push((
            ChangeKind::FieldAccessChanged,
            if breaks { CLIENTS } else { Verdict::Compatible },
            match (now.read_only, now.write_only) {
                (true, _) => "now read-only: requests may no longer set it",
                (_, true) => "now write-only: answers no longer carry it",
                _ => "now read and written both ways",
            }
            .to_owned(),
        ));
    }
    if was.format != now.format {
        out.push((
            ChangeKind::FieldFormatChanged,
            Verdict::Compatible,
            "its documented format is another; neither side checks it".to_owned(),
        ));
    }
    if was.deprecated != now.deprecated {
        out.push((
            ChangeKind::FieldDeprecationChanged,
            Verdict::Compatible,
            if now.deprecated {
                "now deprecated: still accepted".to_owned()
            } else {
                "no longer deprecated".to_owned()
            },
        ));
    }
    // A list's item rules move as a field's do, item by item.
    let none = FieldRules::default();
    let (items_was, items_now) = (
        was.items.as_deref().unwrap_or(&none),
        now.items.as_deref().unwrap_or(&none),
    );
    if items_was != items_now {
        for (kind, verdict, why) in compare(items_was, items_now, (read, sent)) {
            out.push((kind, verdict, format!("each item: {why}")));
        }
    }
    out
}
