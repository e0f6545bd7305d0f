//! Composition, once every type is lowered (both look at other types): a record's
//! `includes` (their fields become its own, first) and discriminators (the field a value
//! names its type in, and the type each value names).

use std::collections::{BTreeSet, HashMap};

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Field, TypeDef, TypeKind, TypeRef};

/// Resolves includes, then checks each discriminator and completes its mapping.
pub(super) fn compose(types: &mut [TypeDef], diags: &mut Diagnostics) {
    let index: HashMap<String, usize> = types
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.clone(), i))
        .collect();
    let mut state = vec![State::Waiting; types.len()];
    for i in 0..types.len() {
        include_fields(i, types, &index, &mut state, diags);
    }
    for i in 0..types.len() {
        check_discriminator(i, types, diags);
    }
    check_closed_includes(types, diags);
}

/// A record another includes is not `closed`: its schema is one part of the other's
/// (`allOf`), which JSON Schema reads alone, so it would refuse the other's own fields.
fn check_closed_includes(types: &[TypeDef], diags: &mut Diagnostics) {
    for def in types {
        for included in &def.includes {
            let Some(closed) = types.iter().find(|t| t.name == *included && t.closed) else {
                continue;
            };
            diags.push(
                Diagnostic::new(
                    closed.location.clone(),
                    format!(
                        "`{included}` is `closed`, but `{}` includes it and adds fields it would refuse",
                        def.name
                    ),
                )
                .hint(format!(
                    "remove `closed` from `{included}`; close `{}` instead, which has them all",
                    def.name
                )),
            );
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Waiting,
    Including,
    Done,
}

/// Puts the fields of the records `types[i]` includes before its own, the included
/// records' includes resolved first.
fn include_fields(
    i: usize,
    types: &mut [TypeDef],
    index: &HashMap<String, usize>,
    state: &mut [State],
    diags: &mut Diagnostics,
) {
    match state[i] {
        State::Done => return,
        State::Including => {
            diags.push(
                Diagnostic::new(
                    types[i].location.clone(),
                    format!(
                        "`{}` includes itself, through its `includes`",
                        types[i].name
                    ),
                )
                .hint("a record cannot hold its own fields twice: remove one include of the cycle"),
            );
            types[i].includes.clear();
            return;
        }
        State::Waiting => {}
    }
    state[i] = State::Including;
    let mut inherited: Vec<(Field, String)> = Vec::new();
    let mut kept = Vec::new();
    for name in types[i].includes.clone() {
        let Some(&j) = index.get(&name) else {
            continue; // reported where it is written
        };
        include_fields(j, types, index, state, diags);
        let TypeKind::Record(fields) = &types[j].kind else {
            diags.push(
                Diagnostic::new(
                    types[i].location.clone(),
                    format!(
                        "`{}` includes `{name}`, which is not a record",
                        types[i].name
                    ),
                )
                .hint("only a record's fields can be included: name a type with `fields`"),
            );
            continue;
        };
        for field in fields {
            if let Some((_, from)) = inherited
                .iter()
                .find(|(f, _)| f.json_name == field.json_name)
            {
                diags.push(
                    Diagnostic::new(
                        types[i].location.clone(),
                        format!(
                            "field `{}` of `{}` comes from both `{from}` and `{name}`",
                            field.json_name, types[i].name
                        ),
                    )
                    .hint("include records whose fields differ, or declare the field in one"),
                );
            } else {
                inherited.push((field.clone(), name.clone()));
            }
        }
        kept.push(name);
    }
    let narrowed = narrowed_fields(&types[i], &inherited, types, index);
    let def = &mut types[i];
    if let TypeKind::Record(own) = &mut def.kind {
        // A field declared again, of the same type (or a record including it, or not
        // nullable), gives its own type, default, rules and description here (Microsoft Graph's members each default `@odata.type` to their
        // own name); it keeps its included place.
        for (inherited_field, from) in &mut inherited {
            let Some(index) = own
                .iter()
                .position(|f| f.json_name == inherited_field.json_name)
            else {
                continue;
            };
            let field = own.remove(index);
            // Of the same type, or of a record that includes it (Bitbucket's team has
            // `links` of `team_links`, which includes the account's `account_links`); never
            // `null` where the included field may be (Airflow's DAG details'
            // `default_view`), as OpenAPI's `allOf` holds every part.
            let narrower = narrowed.contains(&field.json_name);
            let same = (field.ty == inherited_field.ty || narrower)
                && field.optional == inherited_field.optional
                && (field.nullable == inherited_field.nullable || !field.nullable);
            if same {
                *inherited_field = field;
            } else {
                diags.push(
                    Diagnostic::new(
                        field.location.clone(),
                        format!(
                            "field `{}` is included from `{from}` as `{}`{}: declared again here, it must be the same",
                            field.json_name,
                            inherited_field.ty.spelled(),
                            match (inherited_field.optional, inherited_field.nullable) {
                                (true, true) => ", optional and nullable",
                                (true, false) => ", optional",
                                (false, true) => ", nullable",
                                (false, false) => "",
                            }
                        ),
                    )
                    .hint(format!(
                        "declare it again only to give it its own default, rules or description, or remove it here (`{}` has the fields of `{from}`)",
                        def.name
                    )),
                );
            }
        }
        own.splice(0..0, inherited.into_iter().map(|(f, _)| f));
    }
    def.includes = kept;
    state[i] = State::Done;
}

/// The fields `def` declares again as records that include the record they are included as.
fn narrowed_fields(
    def: &TypeDef,
    inherited: &[(Field, String)],
    types: &[TypeDef],
    index: &HashMap<String, usize>,
) -> BTreeSet<String> {
    let TypeKind::Record(own) = &def.kind else {
        return BTreeSet::new();
    };
    own.iter()
        .filter(|field| {
            inherited.iter().any(|(was, _)| {
                was.json_name == field.json_name && narrows(&field.ty, &was.ty, types, index)
            })
        })
        .map(|field| field.json_name.clone())
        .collect()
}

/// Whether a field of type `now` says less than one of `was` does, as an includer's field
/// may: a record including `was`'s record (Bitbucket's team `links`), a record where `was`
/// is any object (Callfire's page `items`: `map<any>` in `Page`, `list<Call>` in
/// `CallPage`), anything where `was` is any value; item by item for lists and maps.
fn narrows(
    now: &TypeRef,
    was: &TypeRef,
    types: &[TypeDef],
    index: &HashMap<String, usize>,
) -> bool {
    let record = |name: &str| {
        index
            .get(name)
            .is_some_and(|&k| matches!(types[k].kind, TypeKind::Record(_)))
    };
    match (now, was) {
        (_, TypeRef::Any) => true,
        (TypeRef::Named(now), TypeRef::Named(was)) => index
            .get(now)
            .is_some_and(|&k| includes(types, &types[k], was, 0)),
        (TypeRef::Named(now), TypeRef::Map(member)) => {
            matches!(**member, TypeRef::Any) && record(now)
        }
        (TypeRef::List(now), TypeRef::List(was)) | (TypeRef::Map(now), TypeRef::Map(was)) => {
            narrows(now, was, types, index)
        }
        _ => false,
    }
}

/// A discriminator of a `one_of` tells records apart; one of a record tells it from the
/// records that include it. Each value must name one of those; those no value names are
/// named by their own names (as OpenAPI's implicit mapping does).
fn check_discriminator(i: usize, types: &mut [TypeDef], diags: &mut Diagnostics) {
    let Some(mut discriminator) = types[i].discriminator.take() else {
        return;
    };
    let def = &types[i];
    let records: BTreeSet<&str> = types
        .iter()
        .filter(|t| matches!(t.kind, TypeKind::Record(_)))
        .map(|t| t.name.as_str())
        .collect();
    let named: Vec<String> = match &def.kind {
        TypeKind::Enum(_) => {
            diags.push(
                Diagnostic::new(
                    discriminator.location.clone(),
                    format!("enumeration `{}` has no fields to name a type in", def.name),
                )
                .hint(
                    "a discriminator goes on a `one_of` of records, or on a record others include",
                ),
            );
            return;
        }
        TypeKind::Union(union) => {
            let mut out = Vec::new();
            for alternative in &union.alternatives {
                match alternative {
                    TypeRef::Named(name) if records.contains(name.as_str()) => out.push(name.clone()),
                    other => diags.push(
                        Diagnostic::new(
                            discriminator.location.clone(),
                            format!(
                                "alternative `{}` of `{}` is not a record, so it has no `{}` field",
                                other.spelled(),
                                def.name,
                                discriminator.field
                            ),
                        )
                        .hint("make every alternative a record, or remove `discriminator` to read the alternatives by shape"),
                    ),
                }
            }
            out
        }
        TypeKind::Record(fields) => {
            if !fields.iter().any(|f| f.json_name == discriminator.field) {
                diags.push(
                    Diagnostic::new(
                        discriminator.location.clone(),
                        format!("`{}` is not a field of `{}`", discriminator.field, def.name),
                    )
                    .hint(format!(
                        "declare it (`{}: {{type: string}}`): the base of a family declares the field its values name their type in",
                        discriminator.field
                    )),
                );
            }
            std::iter::once(def.name.clone())
                .chain(
                    types
                        .iter()
                        .filter(|t| includes(types, t, &def.name, 0))
                        .map(|t| t.name.clone()),
                )
                .collect()
        }
    };
    // A family's members hold the base's field: the base alone says what it is.
    let holders = match &def.kind {
        TypeKind::Record(_) => &named[..1],
        _ => &named[..],
    };
    for holder in holders {
        check_tag_field(
            types,
            holder,
            &discriminator.field,
            &discriminator.location,
            diags,
        );
    }
    let mut values = BTreeSet::new();
    discriminator.mapping.retain(|(value, target)| {
        if !values.insert(value.clone()) {
            return false; // the spec's reader refuses a key written twice
        }
        if named.contains(target) {
            return true;
        }
        let what = match &def.kind {
            TypeKind::Union(_) => "an alternative",
            _ => "this record or one that includes it",
        };
        diags.push(
            Diagnostic::new(
                discriminator.location.clone(),
                format!(
                    "discriminator value `{value}` of `{}` names `{target}`, which is not {what}",
                    def.name
                ),
            )
            .hint(format!("name one of {}", quoted(&named))),
        );
        false
    });
    for target in &named {
        if discriminator.mapping.iter().any(|(_, t)| t == target) {
            continue;
        }
        if !values.insert(target.clone()) {
            diags.push(
                Diagnostic::new(
                    discriminator.location.clone(),
                    format!(
                        "`{target}` would be named `{target}`, a value that already names another type"
                    ),
                )
                .hint(format!("give `{target}` a value of its own under `mapping`")),
            );
            continue;
        }
        discriminator.mapping.push((target.clone(), target.clone()));
    }
    types[i].discriminator = Some(discriminator);
}

/// True when `def` includes `base`, directly or through the records it includes.
fn includes(types: &[TypeDef], def: &TypeDef, base: &str, depth: usize) -> bool {
    depth < types.len()
        && def.includes.iter().any(|name| {
            name == base
                || types
                    .iter()
                    .find(|t| &t.name == name)
                    .is_some_and(|t| includes(types, t, base, depth + 1))
        })
}

/// Where a record declares the field a value names its type in, it holds text: a string,
/// or an enumeration's value.
fn check_tag_field(
    types: &[TypeDef],
    record: &str,
    field: &str,
    location: &crate::diag::Location,
    diags: &mut Diagnostics,
) {
    let Some(def) = types.iter().find(|t| t.name == record) else {
        return;
    };
    let TypeKind::Record(fields) = &def.kind else {
        return;
    };
    let Some(declared) = fields.iter().find(|f| f.json_name == field) else {
        // The value carries the field; a closed record would refuse it.
        if def.closed {
            diags.push(
                Diagnostic::new(
                    location.clone(),
                    format!(
                        "`{record}` is `closed` but does not declare `{field}`, which every \
                         value of it carries here"
                    ),
                )
                .hint(format!(
                    "declare `{field}: {{ type: string }}` in `{record}`'s fields, or remove `closed`"
                )),
            );
        }
        return;
    };
    let text = match &declared.ty {
        TypeRef::String => true,
        TypeRef::Named(name) => types
            .iter()
            .any(|t| &t.name == name && matches!(t.kind, TypeKind::Enum(_))),
        _ => false,
    };
    if !text {
        diags.push(
            Diagnostic::new(
                location.clone(),
                format!(
                    "field `{field}` of `{record}` is `{}`, but it names a type",
                    declared.ty.spelled()
                ),
            )
            .hint("declare it as `string`, or as an enumeration of the values"),
        );
    }
}

fn quoted(names: &[String]) -> String {
    let list: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    list.join(", ")
}
