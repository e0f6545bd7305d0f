//! The protocol conventions compared key by key, each change said in words with where the
//! key is written in both versions: "`trace.header` changed from `X-Trace` to
//! `X-Service-Trace`". Whom a change breaks depends on the key ([`keys::Rule`]): a new
//! credential place or a newly served path takes nothing away; a renamed header breaks
//! every client written for the old one.

mod entry;
mod keys;
mod pagination;
#[cfg(test)]
mod tests;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use super::{Change, ChangeKind, Verdict, Who};
use crate::diag::Location;
use crate::model::Service;
use entry::{Entry, Rule, Shown};

/// A status row written in another format, or as another body (its own `error_format`
/// and `error_body`), breaks clients that read its answers; so do headers of its answers
/// gone or changed, as an endpoint's response headers.
fn compare_row_formats(old: &Service, new: &Service, out: &mut Vec<Change>) {
    let written = |s: &crate::model::Status, c: &crate::model::Conventions| {
        let format = s.error_format.unwrap_or(c.error_format);
        let body = match format {
            crate::model::ErrorFormat::Json(()) => s.error_body.as_ref().or(c.error_body.as_ref()),
            _ => None,
        };
        (
            crate::model::SpecWords::word(format),
            body.map(ToString::to_string),
        )
    };
    for now in &new.statuses {
        let Some(was) = old.statuses.iter().find(|s| s.name == now.name) else {
            continue;
        };
        super::options::compare_answer_headers(
            &format!("status {}", now.name),
            (&was.headers, &was.location),
            (&now.headers, &now.location),
            out,
        );
        if now.error_format.is_none() && was.error_format.is_none() {
            continue; // the conventions' lines say it
        }
        let (before, after) = (
            written(was, &old.conventions),
            written(now, &new.conventions),
        );
        if before == after {
            continue;
        }
        out.push(Change::new(
            ChangeKind::ConventionChanged,
            Verdict::Breaking(Who::Clients),
            format!("status {}", now.name),
            format!(
                "its answers are written as `{}` (was `{}`){}: clients reading them break",
                after.0,
                before.0,
                after.1.map(|b| format!(", `{b}`")).unwrap_or_default()
            ),
            Some(was.location.clone()),
            Some(now.location.clone()),
        ));
    }
}

/// The headers any error answer may carry (`error_headers`), as a row's.
fn compare_error_headers(old: &Service, new: &Service, out: &mut Vec<Change>) {
    let at = |s: &Service| {
        let key = |wanted: &str| s.conventions_at.iter().find(|(k, _)| k == wanted);
        (key("error_headers").or_else(|| key(""))).map(|(_, at)| at.clone())
    };
    let (Some(was_at), Some(now_at)) = (at(old), at(new)) else {
        return;
    };
    super::options::compare_answer_headers(
        "every error answer",
        (&old.conventions.error_headers, &was_at),
        (&new.conventions.error_headers, &now_at),
        out,
    );
}

pub(super) fn compare(old: &Service, new: &Service, out: &mut Vec<Change>) {
    compare_row_formats(old, new, out);
    compare_error_headers(old, new, out);
    let (before, after) = (
        keys::entries(&old.conventions),
        keys::entries(&new.conventions),
    );
    // Each key once, in the order of the old version, then the new one's own: a block
    // before its keys.
    let mut keys: Vec<&'static str> = before.iter().map(|e| e.key).collect();
    let added: Vec<&'static str> = after
        .iter()
        .map(|e| e.key)
        .filter(|k| !keys.contains(k))
        .collect();
    keys.extend(added);
    // The keys whose change is said already, by their own line or their container's.
    let mut said: BTreeSet<&'static str> = BTreeSet::new();
    for key in keys {
        let was = before.iter().find(|e| e.key == key);
        let now = after.iter().find(|e| e.key == key);
        let Some(entry) = now.or(was) else { continue };
        let (was_shown, now_shown) = (shown(was), shown(now));
        if was_shown == now_shown {
            continue;
        }
        said.insert(key);
        if entry.container().is_some_and(|c| said.contains(c)) {
            continue;
        }
        let mut push = |verdict, explanation, old_key: &str, new_key: &str| {
            out.push(Change::new(
                ChangeKind::ConventionChanged,
                verdict,
                format!("convention {key}"),
                explanation,
                Some(at(old, old_key)),
                Some(at(new, new_key)),
            ));
        };
        if let (Shown::Many(then), Shown::Many(is)) = (&was_shown, &now_shown) {
            for (verdict, explanation, old_key, new_key) in members(key, then, is) {
                push(verdict, explanation, &old_key, &new_key);
            }
            continue;
        }
        let (verdict, explanation) = judge(entry, &was_shown, &now_shown, old, new);
        push(verdict, explanation, key, key);
    }
}

/// An entry's value, a missing one as not set.
fn shown(entry: Option<&Entry>) -> Shown {
    match entry {
        Some(e) => e.shown.clone(),
        None => Shown::One(None),
    }
}

/// The verdict on a change of one value or block, and its words.
fn judge(
    entry: &Entry,
    was: &Shown,
    now: &Shown,
    old: &Service,
    new: &Service,
) -> (Verdict, String) {
    let key = entry.key;
    let value = |s: &Shown| match s {
        Shown::One(v) => v.clone(),
        Shown::Block(true) => Some(String::new()),
        _ => None,
    };
    let (then, is) = (value(was), value(now));
    let block = matches!(now, Shown::Block(_)) || matches!(was, Shown::Block(_));
    let what = match (&then, &is) {
        _ if block && is.is_some() => format!("`{key}` added"),
        _ if block => format!("`{key}` removed"),
        (Some(a), Some(b)) => format!("`{key}` changed from `{a}` to `{b}`"),
        (None, Some(b)) => format!("`{key}` set to `{b}`"),
        (Some(a), None) => format!("`{key}` no longer set (was `{a}`)"),
        (None, None) => format!("`{key}` changed"),
    };
    let breaks = |who: Who| {
        let whom = match who {
            Who::Clients => "clients written for the old convention break",
            Who::Operators => {
                "what operators set up for the old one (settings, probes, scrapers) breaks"
            }
        };
        (Verdict::Breaking(who), format!("{what}: {whom}"))
    };
    match entry.rule {
        Rule::Breaks => breaks(Who::Clients),
        Rule::Optional { added, .. } if then.is_none() => {
            (Verdict::Compatible, format!("{what}: {added}"))
        }
        Rule::Optional { who, .. } => breaks(who),
        Rule::OneWay { safe } if is.as_deref() == Some(safe) => (
            Verdict::Compatible,
            format!("{what}: nothing clients did before is refused"),
        ),
        Rule::OneWay { .. } => breaks(Who::Clients),
        Rule::Members => breaks(Who::Clients),
        Rule::PerEndpoint => (
            Verdict::Compatible,
            format!("{what}: the endpoints it changes are listed with their anonymous access"),
        ),
        Rule::Unseen => (
            Verdict::Compatible,
            format!("{what}: clients decode either answer"),
        ),
        Rule::Paging => {
            let (paged_before, paged_after) = (paginated(old), paginated(new));
            // Added or removed, it pages nothing by itself: endpoints are paged by their
            // own `paginated`, each a change of its own.
            if block {
                let listed = if is.is_some() {
                    &paged_after
                } else {
                    &paged_before
                };
                let which = if listed.is_empty() {
                    "no endpoint is paginated".to_owned()
                } else {
                    format!(
                        "{} {} (each endpoint's change says so)",
                        if is.is_some() {
                            "answered a page at a time:"
                        } else {
                            "no longer paginated:"
                        },
                        names(listed)
                    )
                };
                return (Verdict::Compatible, format!("{what}: {which}"));
            }
            let both: Vec<&str> = paged_before
                .iter()
                .copied()
                .filter(|e| paged_after.contains(e))
                .collect();
            if both.is_empty() {
                (
                    Verdict::Compatible,
                    format!("{what}: no endpoint is paginated in both versions"),
                )
            } else {
                (
                    Verdict::Breaking(Who::Clients),
                    format!("{what}: clients paging {} break", names(&both)),
                )
            }
        }
    }
}

/// The names of the endpoints a version paginates.
fn paginated(service: &Service) -> Vec<&str> {
    service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .filter(|e| e.paginated)
        .map(|e| e.name.as_str())
        .collect()
}

/// `` `a`, `b` and `c` ``.
fn names(list: &[&str]) -> String {
    let quoted: Vec<String> = list.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

/// The changes of a list of alternatives: each one lost breaks clients, each one gained
/// breaks nobody, the same ones in another order are one compatible change. Each with the
/// key of its position in the old and the new version.
fn members(key: &str, then: &[String], is: &[String]) -> Vec<(Verdict, String, String, String)> {
    let mut out = Vec::new();
    for (i, gone) in then.iter().enumerate().filter(|(_, m)| !is.contains(m)) {
        out.push((
            Verdict::Breaking(Who::Clients),
            format!("`{key}` lost `{gone}`: clients relying on it break"),
            format!("{key}[{i}]"),
            key.to_owned(),
        ));
    }
    for (i, added) in is.iter().enumerate().filter(|(_, m)| !then.contains(m)) {
        out.push((
            Verdict::Compatible,
            format!("`{key}` gained `{added}`: nothing clients did before changes"),
            key.to_owned(),
            format!("{key}[{i}]"),
        ));
    }
    if out.is_empty() {
        out.push((
            Verdict::Compatible,
            format!(
                "`{key}` reordered, now `{}`: the same ones are accepted",
                is.join("`, `")
            ),
            key.to_owned(),
            key.to_owned(),
        ));
    }
    out
}

/// Where `key` is written in `service`, else its nearest written container (`pagination`
/// for a default `pagination.style`), else `conventions:`, else the service file.
fn at(service: &Service, key: &str) -> Location {
    let mut path = key;
    loop {
        if let Some((_, location)) = service.conventions_at.iter().find(|(p, _)| p == path) {
            return location.clone();
        }
        if path.is_empty() {
            return service_file(service);
        }
        path = &path[..path.rfind(['.', '[']).unwrap_or(0)];
    }
}

/// The service file of a version, where its conventions are written.
fn service_file(service: &Service) -> Location {
    Location {
        file: Arc::new(PathBuf::from(
            service.files.first().cloned().unwrap_or_default(),
        )),
        line: 0,
        column: 0,
        offset: 0,
        len: 0,
    }
}
