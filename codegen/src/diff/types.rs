//! Named types compared field by field, judged by which way they travel: a type clients
//! read (in a response) breaks them when it loses or loosens a field; a type clients send
//! (in a request body, a query option or a path parameter) breaks them when it demands
//! more.

use std::collections::BTreeSet;

use super::{CLIENTS, Change, ChangeKind, Verdict};
use crate::model::{Field, OptionType, ParamType, Service, TypeDef, TypeKind, TypeRef};

/// Which ways a type travels in one version.
struct Directions {
    read: BTreeSet<String>,
    sent: BTreeSet<String>,
}

fn reach(service: &Service, ty: &TypeRef, into: &mut BTreeSet<String>) {
    match ty {
        TypeRef::Named(name) => {
            if !into.insert(name.clone()) {
                return;
            }
            let Some(def) = service.types.iter().find(|t| &t.name == name) else {
                return;
            };
            match &def.kind {
                TypeKind::Record(fields) => {
                    for ty in fields.iter().map(|f| &f.ty).chain(&def.additional_fields) {
                        reach(service, ty, into);
                    }
                }
                TypeKind::Union(union) => {
                    for alternative in &union.alternatives {
                        reach(service, alternative, into);
                    }
                }
                TypeKind::Enum(_) => {}
            }
            // A family's base stands for the records its discriminator names.
            for (_, target) in def.discriminator.iter().flat_map(|d| &d.mapping) {
                reach(service, &TypeRef::Named(target.clone()), into);
            }
        }
        TypeRef::List(inner) | TypeRef::Map(inner) => reach(service, inner, into),
        _ => {}
    }
}

fn directions(service: &Service) -> Directions {
    let mut d = Directions {
        read: BTreeSet::new(),
        sent: BTreeSet::new(),
    };
    for endpoint in service.families.iter().flat_map(|f| &f.endpoints) {
        if let Some(ty) = &endpoint.response {
            reach(service, ty, &mut d.read);
        }
        if let Some(ty) = &endpoint.request {
            reach(service, ty, &mut d.sent);
        }
        // An enumeration a query option takes is sent too: `?order=title` is refused once
        // `title` is gone.
        for option in &endpoint.query {
            if let OptionType::Enum(name) = &option.ty {
                d.sent.insert(name.clone());
            }
        }
    }
    for param in service.families.iter().flat_map(|f| &f.params) {
        if let ParamType::Enum(name) = &param.ty {
            d.sent.insert(name.clone());
        }
    }
    d
}

pub(super) fn compare(old: &Service, new: &Service, out: &mut Vec<Change>) {
    // A type counts as read (or sent) when it is in either version: a field lost from a
    // type that just stopped being read is still worth a line.
    let (before, after) = (directions(old), directions(new));
    for now in &new.types {
        let Some(was) = old.types.iter().find(|t| t.name == now.name) else {
            continue;
        };
        let read = before.read.contains(&now.name) || after.read.contains(&now.name);
        let sent = before.sent.contains(&now.name) || after.sent.contains(&now.name);
        compare_discriminators(was, now, read, out);
        compare_closed(was, now, (read, sent), out);
        if was.format != now.format {
            out.push(Change::new(
                ChangeKind::FieldFormatChanged,
                Verdict::Compatible,
                format!("type {}", now.name),
                "its documented format is another; neither side checks it".to_owned(),
                Some(was.location.clone()),
                Some(now.location.clone()),
            ));
        }
        compare_additional(was, now, (read, sent), out);
        match (&was.kind, &now.kind) {
            (TypeKind::Record(a), TypeKind::Record(b)) => {
                compare_fields(&now.name, (was, a), (now, b), (read, sent), out);
            }
            (TypeKind::Enum(a), TypeKind::Enum(b)) => {
                let texts = |values: &[crate::model::EnumValue]| -> Vec<String> {
                    values.iter().map(|v| v.value.clone()).collect()
                };
                compare_values(
                    &now.name,
                    (was, &texts(a)),
                    (now, &texts(b)),
                    (read, sent),
                    out,
                );
            }
            (TypeKind::Union(a), TypeKind::Union(b)) if a.alternatives == b.alternatives => {
                if a.keyword != b.keyword {
                    out.push(Change::new(
                        ChangeKind::UnionKeywordChanged,
                        Verdict::Compatible,
                        format!("type {}", now.name),
                        format!(
                            "`{}` became `{}`: what clients are told a value may fit changed (the wire did not)",
                            a.keyword.spec_key(),
                            b.keyword.spec_key()
                        ),
                        Some(was.location.clone()),
                        Some(now.location.clone()),
                    ));
                }
            }
            (TypeKind::Union(_), TypeKind::Union(_)) => out.push(Change::new(
                ChangeKind::FieldTypeChanged,
                CLIENTS,
                format!("type {}", now.name),
                "its alternatives changed: clients sending or reading a lost one break".to_owned(),
                Some(was.location.clone()),
                Some(now.location.clone()),
            )),
            _ => out.push(Change::new(
                ChangeKind::FieldTypeChanged,
                CLIENTS,
                format!("type {}", now.name),
                "changed between a record, an enumeration and alternatives".to_owned(),
                Some(was.location.clone()),
                Some(now.location.clone()),
            )),
        }
    }
}

/// A record closed (`closed: true`) refuses requests that carried other fields; one opened
/// may answer fields a typed client of the closed version refuses.
fn compare_closed(was: &TypeDef, now: &TypeDef, (read, sent): (bool, bool), out: &mut Vec<Change>) {
    let (kind, breaks, what) = match (was.closed, now.closed) {
        (false, true) => (
            ChangeKind::FieldConstraintTightened,
            sent,
            "closed: a value with a field it does not declare is refused",
        ),
        (true, false) => (
            ChangeKind::FieldConstraintLoosened,
            read,
            "no longer closed: answers may carry fields typed clients of the closed version refuse",
        ),
        _ => return,
    };
    out.push(Change::new(
        kind,
        if breaks { CLIENTS } else { Verdict::Compatible },
        format!("type {}", now.name),
        what.to_owned(),
        Some(was.location.clone()),
        Some(now.location.clone()),
    ));
}

/// Members beside the fields (`additional_fields`) of a type now refuse requests whose
/// members are of another; without it, answers may carry members of any type, which typed
/// clients of the version with it refuse; of another type, both.
fn compare_additional(
    was: &TypeDef,
    now: &TypeDef,
    (read, sent): (bool, bool),
    out: &mut Vec<Change>,
) {
    let (kind, breaks, what) = match (&was.additional_fields, &now.additional_fields) {
        (None, Some(values)) => (
            ChangeKind::FieldConstraintTightened,
            sent,
            format!(
                "members beside its fields must now be `{}`",
                values.spelled()
            ),
        ),
        (Some(values), None) => (
            ChangeKind::FieldConstraintLoosened,
            read,
            format!(
                "members beside its fields are no longer `{}`: typed clients that read them so break",
                values.spelled()
            ),
        ),
        (Some(a), Some(b)) if a != b => (
            ChangeKind::FieldTypeChanged,
            read || sent,
            format!(
                "members beside its fields are `{}`, no longer `{}`",
                b.spelled(),
                a.spelled()
            ),
        ),
        _ => return,
    };
    out.push(Change::new(
        kind,
        if breaks { CLIENTS } else { Verdict::Compatible },
        format!("type {}", now.name),
        what,
        Some(was.location.clone()),
        Some(now.location.clone()),
    ));
}

/// A discriminator that moved to another field, or whose values name other types or
/// fewer, breaks clients that send or read the type; a value added breaks only readers.
fn compare_discriminators(was: &TypeDef, now: &TypeDef, read: bool, out: &mut Vec<Change>) {
    let what = match (&was.discriminator, &now.discriminator) {
        (None, None) => return,
        (Some(_), None) => "no longer told apart by a field".to_owned(),
        (None, Some(d)) => format!("now told apart by its `{}` field", d.field),
        (Some(a), Some(b)) if a.field != b.field => {
            format!("told apart by `{}`, no longer by `{}`", b.field, a.field)
        }
        (Some(a), Some(b)) => {
            let lost: Vec<&str> = a
                .mapping
                .iter()
                .filter(|m| !b.mapping.contains(m))
                .map(|(v, _)| v.as_str())
                .collect();
            let added: Vec<&str> = b
                .mapping
                .iter()
                .filter(|(v, _)| !a.mapping.iter().any(|(w, _)| w == v))
                .map(|(v, _)| v.as_str())
                .collect();
            if lost.is_empty() && added.is_empty() {
                return;
            }
            let verdict = if lost.is_empty() && !read {
                Verdict::Compatible
            } else {
                CLIENTS
            };
            let mut parts = Vec::new();
            if !lost.is_empty() {
                parts.push(format!("`{}` name another type or none", lost.join("`, `")));
            }
            if !added.is_empty() {
                parts.push(format!("`{}` are new", added.join("`, `")));
            }
            out.push(Change::new(
                ChangeKind::DiscriminatorChanged,
                verdict,
                format!("type {}", now.name),
                format!("discriminator values: {}", parts.join("; ")),
                Some(was.location.clone()),
                Some(now.location.clone()),
            ));
            return;
        }
    };
    out.push(Change::new(
        ChangeKind::DiscriminatorChanged,
        CLIENTS,
        format!("type {}", now.name),
        what,
        Some(was.location.clone()),
        Some(now.location.clone()),
    ));
}

fn compare_fields(
    name: &str,
    (was_def, was): (&TypeDef, &[Field]),
    (now_def, now): (&TypeDef, &[Field]),
    (read, sent): (bool, bool),
    out: &mut Vec<Change>,
) {
    for field in was {
        let subject = format!("field {name}.{}", field.json_name);
        let Some(then) = now.iter().find(|f| f.json_name == field.json_name) else {
            let (verdict, why) = if read {
                (
                    CLIENTS,
                    "gone from answers: clients reading it find nothing",
                )
            } else {
                (
                    Verdict::Compatible,
                    "gone from requests: the service ignores it when clients still send it",
                )
            };
            out.push(Change::new(
                ChangeKind::FieldRemoved,
                verdict,
                subject,
                why.to_owned(),
                Some(field.location.clone()),
                Some(now_def.location.clone()),
            ));
            continue;
        };
        let mut push = |kind, verdict, explanation: String| {
            out.push(Change::new(
                kind,
                verdict,
                subject.clone(),
                explanation,
                Some(field.location.clone()),
                Some(then.location.clone()),
            ));
        };
        for (kind, verdict, why) in
            super::field_rules::compare(&field.rules, &then.rules, (read, sent))
        {
            push(kind, verdict, why);
        }
        if field.ty != then.ty {
            push(
                ChangeKind::FieldTypeChanged,
                CLIENTS,
                format!(
                    "`{}` became `{}`: clients {} the old type break",
                    field.ty.spelled(),
                    then.ty.spelled(),
                    if read { "decoding" } else { "sending" }
                ),
            );
        }
        if !field.optional && then.optional {
            let verdict = if read { CLIENTS } else { Verdict::Compatible };
            push(
                ChangeKind::FieldMadeOptional,
                verdict,
                if read {
                    "may now be absent from answers: clients expecting it break".to_owned()
                } else {
                    "clients may now leave it out".to_owned()
                },
            );
        }
        if !field.nullable && then.nullable {
            let verdict = if read { CLIENTS } else { Verdict::Compatible };
            push(
                ChangeKind::FieldMadeNullable,
                verdict,
                if read {
                    "may now be `null` in answers: clients expecting a value break".to_owned()
                } else {
                    "clients may now send `null`".to_owned()
                },
            );
        }
        if !field.nullable_items && then.nullable_items {
            let verdict = if read { CLIENTS } else { Verdict::Compatible };
            push(
                ChangeKind::FieldMadeNullable,
                verdict,
                if read {
                    "its items may now be `null` in answers: clients expecting values break"
                        .to_owned()
                } else {
                    "clients may now send `null` items".to_owned()
                },
            );
        }
        if field.nullable_items && !then.nullable_items {
            let verdict = if sent { CLIENTS } else { Verdict::Compatible };
            push(
                ChangeKind::FieldMadeNonNullable,
                verdict,
                if sent {
                    "`null` items are now refused in requests: clients sending them break"
                        .to_owned()
                } else {
                    "its items are never `null` in answers any more".to_owned()
                },
            );
        }
        if field.nullable && !then.nullable {
            let verdict = if sent { CLIENTS } else { Verdict::Compatible };
            push(
                ChangeKind::FieldMadeNonNullable,
                verdict,
                if sent {
                    "`null` is now refused in requests: clients sending it break".to_owned()
                } else {
                    "never `null` in answers any more".to_owned()
                },
            );
        }
        if field.optional && !then.optional {
            let verdict = if sent { CLIENTS } else { Verdict::Compatible };
            push(
                ChangeKind::FieldMadeRequired,
                verdict,
                if sent {
                    "now required in requests: clients leaving it out are refused".to_owned()
                } else {
                    "now always in answers".to_owned()
                },
            );
        }
    }
    for field in now
        .iter()
        .filter(|f| !was.iter().any(|w| w.json_name == f.json_name))
    {
        let subject = format!("field {name}.{}", field.json_name);
        let required_in_requests = sent && !field.optional;
        out.push(Change::new(
            if required_in_requests {
                ChangeKind::FieldAddedRequired
            } else {
                ChangeKind::FieldAdded
            },
            if required_in_requests {
                CLIENTS
            } else {
                Verdict::Compatible
            },
            subject,
            if required_in_requests {
                "new and required: requests without it are refused".to_owned()
            } else {
                "new; clients that ignore unknown fields do not notice".to_owned()
            },
            Some(was_def.location.clone()),
            Some(field.location.clone()),
        ));
    }
}

fn compare_values(
    name: &str,
    (was_def, was): (&TypeDef, &[String]),
    (now_def, now): (&TypeDef, &[String]),
    (read, sent): (bool, bool),
    out: &mut Vec<Change>,
) {
    for value in was.iter().filter(|v| !now.contains(v)) {
        out.push(Change::new(
            ChangeKind::EnumValueRemoved,
            if sent { CLIENTS } else { Verdict::Compatible },
            format!("value {name}.{value}"),
            if sent {
                "clients sending it are refused".to_owned()
            } else {
                "answers no longer carry it; clients that know it are not hurt".to_owned()
            },
            Some(was_def.location.clone()),
            Some(now_def.location.clone()),
        ));
    }
    for value in now.iter().filter(|v| !was.contains(v)) {
        out.push(Change::new(
            ChangeKind::EnumValueAdded,
            if read { CLIENTS } else { Verdict::Compatible },
            format!("value {name}.{value}"),
            if read {
                "answers may carry it: clients decoding the enumeration strictly (generated \
                 clients do) fail on it"
                    .to_owned()
            } else {
                "clients may send it".to_owned()
            },
            Some(was_def.location.clone()),
            Some(now_def.location.clone()),
        ));
    }
}
