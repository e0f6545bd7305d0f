//! What a type holds, through the others it names: whether a field must be boxed (the
//! type would hold itself) and whether a record can derive `Default`.

use crate::model::{Service, TypeKind, TypeRef};

/// The named type a field holds directly (not inside a list or map).
pub(super) fn direct_reference(ty: &TypeRef) -> Option<&str> {
    match ty {
        TypeRef::Named(name) => Some(name),
        _ => None,
    }
}

/// True when `from` contains `target` directly, through any chain of direct fields and
/// union alternatives (a variant holds its value in place): such a field must be boxed, or
/// the type would have infinite size (Stripe's `Customer`, through its `default_source`
/// union, a `BankAccount` and its `customer` union, holds a `Customer`).
pub(super) fn reaches(service: &Service, from: &str, target: &str, seen: &mut Vec<String>) -> bool {
    if from == target {
        return true;
    }
    if seen.iter().any(|s| s == from) {
        return false;
    }
    seen.push(from.to_owned());
    let Some(def) = service.types.iter().find(|t| t.name == from) else {
        return false;
    };
    match &def.kind {
        TypeKind::Record(fields) => fields
            .iter()
            .filter_map(|f| direct_reference(&f.ty))
            .any(|next| reaches(service, next, target, seen)),
        TypeKind::Union(union) => union
            .alternatives
            .iter()
            .filter_map(direct_reference)
            .any(|next| reaches(service, next, target, seen)),
        TypeKind::Enum(_) => false,
    }
}

/// True when every field of record `name` has a default (options, lists, maps, strings,
/// numbers, booleans, and records that have one themselves): such records derive
/// `Default`, so handlers can write `..Default::default()`.
pub(super) fn has_default(service: &Service, name: &str, seen: &mut Vec<String>) -> bool {
    if seen.iter().any(|s| s == name) {
        return false;
    }
    seen.push(name.to_owned());
    let Some(def) = service.types.iter().find(|t| t.name == name) else {
        return false;
    };
    match &def.kind {
        TypeKind::Enum(_) | TypeKind::Union(_) => false,
        TypeKind::Record(fields) => fields.iter().all(|f| {
            // A default filled in when absent makes the field its type, not an `Option`.
            let filled = f.rules.filled_default().is_some();
            (!filled && (f.optional || f.nullable || f.read_only_held_as_option()))
                || match &f.ty {
                    TypeRef::String
                    | TypeRef::Integer
                    | TypeRef::Number
                    | TypeRef::Any
                    | TypeRef::Boolean
                    | TypeRef::Scalar(_) => true,
                    TypeRef::List(_) | TypeRef::Map(_) => true,
                    TypeRef::Timestamp => false,
                    TypeRef::Named(inner) => has_default(service, inner, seen),
                }
        }),
    }
}
