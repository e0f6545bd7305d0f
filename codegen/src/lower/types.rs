//! Lowering the declared types (records, enumerations, unions); type expressions are
//! `type_refs.rs`'s, unions' alternatives `unions.rs`'s.

use crate::names::{BUILTIN_TYPES, RESERVED_TYPE_NAMES};
use std::collections::BTreeMap;

use super::context::Context;
use super::identifiers::{Case, check_name, key_spanned};
use super::type_refs::lower_type_ref;
use crate::diag::{Diagnostic, Diagnostics, Location, did_you_mean};
use crate::model::{Discriminator, EnumValue, Field, TypeDef, TypeKind, TypeRef, UnionKeyword};
use crate::names;
use crate::read::RawSpec;
use crate::read::decode::{Named, Spanned};
use crate::read::raw;
use crate::read::raw::EnumValueDecl;

pub(super) fn lower_type(
    key: &crate::read::yaml::Key,
    raw: &raw::TypeDef,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<TypeDef> {
    check_name(&key_spanned(key), "type name", Case::Pascal, diags);
    let record = raw.fields.is_some() || raw.includes.is_some();
    let union = match (&raw.one_of, &raw.any_of) {
        (Some(alternatives), None) => Some((alternatives, UnionKeyword::OneOf)),
        (None, Some(alternatives)) => Some((alternatives, UnionKeyword::AnyOf)),
        (None, None) => None,
        (Some(_), Some(_)) => {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!("type `{}` has both `one_of` and `any_of`", key.name),
                )
                .hint(
                    "keep one: `one_of` when a value fits exactly one alternative, `any_of` \
                     when it may fit several",
                ),
            );
            return None;
        }
    };
    let kind = match (record, &raw.values, union) {
        (false, None, Some((alternatives, keyword))) => {
            super::unions::lower_union(alternatives, keyword, key, cx, diags)?
        }
        (true, None, None) => {
            let mut out = Vec::new();
            let mut rust_names: BTreeMap<String, &str> = BTreeMap::new();
            for (field_key, field) in raw.fields.iter().flatten() {
                let rust_name = match &field.field {
                    Some(given) => {
                        check_name(given, "field name", Case::Snake, diags);
                        given.value.clone()
                    }
                    None => names::field_ident(&field_key.name),
                };
                if let Some(other) = rust_names.insert(rust_name.clone(), &field_key.name) {
                    diags.push(
                        Diagnostic::new(
                            field_key.location.clone(),
                            format!(
                                "fields `{other}` and `{}` both become `{rust_name}` in Rust",
                                field_key.name
                            ),
                        )
                        .hint(format!(
                            "give one of them a Rust name of its own: `field: {rust_name}2`"
                        )),
                    );
                    // Said: the second is left out of what is generated.
                    continue;
                }
                if let Some(ty) = lower_type_ref(&field.r#type, cx, diags) {
                    let mut rules = super::field_rules::lower(field, &ty, cx, diags);
                    // Of a type declared `read_only`: the field, or its items, are too.
                    match &ty {
                        TypeRef::List(item) | TypeRef::Map(item) if cx.is_read_only(item) => {
                            rules.items.get_or_insert_with(Default::default).read_only = true;
                        }
                        _ if cx.is_read_only(&ty) && !rules.write_only => rules.read_only = true,
                        _ => {}
                    }
                    let nullable_items = nullable_items(field, &ty, diags)
                        || matches!(&ty, TypeRef::List(item) | TypeRef::Map(item)
                            if cx.is_nullable(item));
                    let nullable = field.nullable.unwrap_or(false) || cx.is_nullable(&ty);
                    out.push(Field {
                        rules,
                        json_name: field_key.name.clone(),
                        rust_name,
                        ty,
                        optional: field.optional.unwrap_or(false),
                        nullable,
                        nullable_items,
                        description: field.description.clone(),
                        location: field_key.location.clone(),
                    });
                }
            }
            TypeKind::Record(out)
        }
        (false, Some(values), None) => TypeKind::Enum(enum_values(values, diags)),
        _ => {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!(
                        "type `{}` needs exactly one of `fields`, `values`, `one_of` or `any_of`",
                        key.name
                    ),
                )
                .hint(
                    "a record has `fields` (or `includes`); a string enumeration has \
                     `values`; a value of several types has `one_of` (or `any_of`)",
                ),
            );
            return None;
        }
    };
    Some(TypeDef {
        name: key.name.clone(),
        description: raw.description.clone(),
        kind,
        includes: raw
            .includes
            .iter()
            .flatten()
            .filter(|name| known_type(name, cx, diags))
            .map(|name| name.value.clone())
            .collect(),
        discriminator: raw.discriminator.as_ref().map(|d| Discriminator {
            field: d.field.value.clone(),
            mapping: d
                .mapping
                .iter()
                .flatten()
                .filter(|(_, target)| known_type(target, cx, diags))
                .map(|(value, target)| (value.name.clone(), target.value.clone()))
                .collect(),
            location: d.field.location.clone(),
        }),
        closed: super::type_keys::closed(raw, &key.name, record, diags),
        additional_fields: additional_fields(raw, &key.name, record, cx, diags),
        format: super::type_keys::format(raw, &key.name, diags),
        nullable: raw.nullable.as_ref().is_some_and(|n| n.value),
        read_only: raw.read_only.as_ref().is_some_and(|r| r.value),
        location: key.location.clone(),
    })
}

/// `additional_fields: TYPE`, on a record only: not a closed one (which has no other
/// members), nor a family's base (whose other members are its derived records' fields),
/// nor one declaring a field the Rust map's name would clash with.
fn additional_fields(
    raw: &raw::TypeDef,
    name: &str,
    record: bool,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<TypeRef> {
    let given = raw.additional_fields.as_ref()?;
    let clash =
        (raw.fields.iter().flatten()).find(|(key, _)| names::field_ident(&key.name) == ADDITIONAL);
    let (what, hint) = if !record {
        (
            format!("`additional_fields` is for records; `{name}` has no `fields`"),
            "remove it: an enumeration or a union has no fields beside which others could be"
                .to_owned(),
        )
    } else if raw.closed.as_ref().is_some_and(|c| c.value) {
        (
            format!("`{name}` is `closed`: it has no members beside its fields"),
            "remove `closed` to let other members of this type be, or remove `additional_fields`"
                .to_owned(),
        )
    } else if raw.discriminator.is_some() {
        (
            format!(
                "`{name}` is a family's base (`discriminator`); it cannot have `additional_fields`"
            ),
            "remove it: the base's other members are the fields of the records that include it"
                .to_owned(),
        )
    } else if let Some((key, _)) = clash {
        (
            format!(
                "`{name}` declares `{}`, the name its Rust type gives the additional fields",
                key.name
            ),
            "the Rust type holds the other members in `additional_fields`: remove the \
             field or `additional_fields`"
                .to_owned(),
        )
    } else {
        return lower_type_ref(given, cx, diags);
    };
    diags.push(Diagnostic::new(given.location.clone(), what).hint(hint));
    None
}

/// The Rust name of a record's map of additional fields.
const ADDITIONAL: &str = "additional_fields";

/// `nullable_items: true`, on a list or a map only.
fn nullable_items(field: &raw::Field, ty: &TypeRef, diags: &mut Diagnostics) -> bool {
    let Some(given) = field.nullable_items.as_ref().filter(|n| n.value) else {
        return false;
    };
    if matches!(ty, TypeRef::List(_) | TypeRef::Map(_)) {
        return true;
    }
    diags.push(
        Diagnostic::new(
            given.location.clone(),
            format!(
                "`nullable_items` is for lists and maps, not `{}`",
                ty.spelled()
            ),
        )
        .hint("remove it, or write `nullable: true` for a field that may be `null` itself"),
    );
    false
}

/// True when `name` is a type of the spec; otherwise reports it where it is written.
fn known_type(name: &Spanned<String>, cx: &Context<'_>, diags: &mut Diagnostics) -> bool {
    if cx.type_names.contains_key(&name.value) {
        return true;
    }
    let hint = did_you_mean(&name.value, cx.type_names.keys().map(String::as_str))
        .unwrap_or_else(|| "name a record declared under `types`".to_owned());
    diags.push(
        Diagnostic::new(
            name.location.clone(),
            format!("unknown type `{}`", name.value),
        )
        .hint(hint),
    );
    false
}

/// Every type name of the spec with the place it is declared; duplicates are reported.
pub(super) fn collect_type_names(
    spec: &RawSpec,
    diags: &mut Diagnostics,
) -> BTreeMap<String, Location> {
    let mut names = BTreeMap::new();
    let all: Vec<&Named<raw::TypeDef>> = spec
        .service
        .types
        .iter()
        .chain(spec.families.iter().filter_map(|f| f.types.as_ref()))
        .collect();
    for (key, _) in all.into_iter().flatten() {
        if let Some(first) = names.get(&key.name) {
            diags.push(
                Diagnostic::new(key.location.clone(), format!("type `{}` is declared twice", key.name))
                    .related(Location::clone(first), "first declared here")
                    .hint("rename one of them, or keep one declaration and refer to it from both families"),
            );
        } else {
            names.insert(key.name.clone(), key.location.clone());
        }
        if RESERVED_TYPE_NAMES.contains(&key.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!(
                        "type name `{}` would hide the Rust type of that name",
                        key.name
                    ),
                )
                .hint(format!(
                    "the generated types use it; choose another, such as `{}Info`",
                    key.name
                )),
            );
        }
        if BUILTIN_TYPES.contains(&key.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!("`{}` is a built-in type", key.name),
                )
                .hint("choose a PascalCase name such as `MyRecord`"),
            );
        }
    }
    names
}

/// An enumeration's values with their variants: each value's own `UpperCamelCase`, or the
/// variant the spec names. Two values with one variant, or a variant `Self`, are refused
/// with the form that names one.
fn enum_values(values: &[EnumValueDecl], diags: &mut Diagnostics) -> Vec<EnumValue> {
    let mut out: Vec<EnumValue> = Vec::new();
    for decl in values {
        let value = &decl.value;
        let variant = match &decl.variant {
            Some(named) => {
                check_name(named, "variant", Case::Pascal, diags);
                named.value.clone()
            }
            None => names::variant(&value.value),
        };
        let location = decl
            .variant
            .as_ref()
            .map_or(&value.location, |v| &v.location);
        let renamed = |suffix: &str| {
            format!(
                "name its variant: `- {{ value: {}, variant: {variant}{suffix} }}`",
                value.value
            )
        };
        if out.iter().any(|o| o.value == value.value) {
            diags.push(
                Diagnostic::new(
                    value.location.clone(),
                    format!("value `{}` is listed twice", value.value),
                )
                .hint("remove one of them"),
            );
        } else if let Some(other) = out.iter().find(|o| o.variant == variant) {
            diags.push(
                Diagnostic::new(
                    location.clone(),
                    format!(
                        "values `{}` and `{}` both become the variant `{variant}`",
                        other.value, value.value
                    ),
                )
                .hint(renamed("2")),
            );
        } else if variant == "Self" {
            diags.push(
                Diagnostic::new(
                    location.clone(),
                    format!("value `{}` would be the variant `Self`", value.value),
                )
                .hint(format!("`Self` is a Rust keyword; {}", renamed("Value"))),
            );
        } else {
            out.push(EnumValue {
                value: value.value.clone(),
                variant,
            });
        }
    }
    out
}
