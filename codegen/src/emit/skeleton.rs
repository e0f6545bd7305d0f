//! The module emitted beside the errors of a spec that did not validate.
//!
//! Without it, a spec mistake would make the handler traits, types and `router` vanish, and
//! every `impl` block and call in the user's crate would fail a second time with errors
//! that point away from the spec. The skeleton is the module emitted from the model as far
//! as lowering got, less what cannot become Rust items (names that are keywords or taken
//! by generated code, and later duplicates of a name): those are among the reported
//! mistakes and would only be reported again, worse. A type name no type declares (a
//! misspelt `response: Shelff`) stands for the declared or built-in type closest to it, the
//! one the error's "did you mean" names, so that handlers written against the intended type
//! compile; a name close to none becomes an empty record of that name. (A placeholder every
//! handler return type satisfies cannot exist: `impl<T> Reply<Placeholder> for T` in the
//! user's crate breaks the orphan rule.) Likewise a `PUT /notes/` that lacks its family's id
//! is emitted as the `PUT /notes/{note-id}` the error says to write, so that its handler
//! takes the `note_id` the user's `impl` has. It never compiles into a program: the spec's
//! `compile_error!`s sit beside it.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;

use crate::model::{Segment, Service, TypeDef, TypeKind, TypeRef};
use crate::names;
use crate::names::{BUILTIN_TYPES, RESERVED_STATUS_NAMES, RESERVED_TYPE_NAMES};

const NOTHING_TAKEN: &[&str] = &[];

/// The module's items for a partial model.
pub(crate) fn tokens(partial: &Service, outputs: crate::Outputs) -> TokenStream {
    let mut service = partial.clone();
    keep_usable(&mut service.families, |f| &f.name, NOTHING_TAKEN);
    let resolvers: Vec<String> = service
        .families
        .iter()
        .map(|f| format!("resolve_{}", names::snake(&f.name)))
        .collect();
    let mut constants = BTreeSet::new();
    for family in &mut service.families {
        keep_usable(&mut family.endpoints, |e| &e.name, &resolvers);
        if outputs.client {
            keep_usable(
                &mut family.endpoints,
                |e| &e.name,
                crate::names::CLIENT_METHODS,
            );
        }
        // Endpoint constants are SCREAMING_CASE: `get_thing` and `getThing` would clash.
        family
            .endpoints
            .retain(|e| constants.insert(names::screaming(&e.name)));
    }
    keep_usable(&mut service.types, |t| &t.name, RESERVED_TYPE_NAMES);
    service
        .types
        .retain(|t| !BUILTIN_TYPES.contains(&t.name.as_str()));
    stand_in_for_unknown_types(&mut service);
    add_missing_family_ids(&mut service);
    keep_usable(&mut service.statuses, |s| &s.name, RESERVED_STATUS_NAMES);
    keep_usable(&mut service.capabilities, |c| &c.name, NOTHING_TAKEN);
    // The crate does not build, so nothing will serve the document: an empty one will do.
    super::module(&service, outputs, super::Document::Embedded("{}"))
}

/// Keeps the first item of each name that is an identifier and not `taken`.
fn keep_usable<T, S: AsRef<str>>(items: &mut Vec<T>, name: impl Fn(&T) -> &String, taken: &[S]) {
    let mut seen = BTreeSet::new();
    items.retain(|item| {
        let name = name(item);
        names::names_an_item(name)
            && !taken.iter().any(|t| t.as_ref() == name)
            && seen.insert(name.clone())
    });
}

/// Replaces every type reference no type declares by its closest match (the error's "did you
/// mean"), or declares an empty record of that name when none is close.
fn stand_in_for_unknown_types(service: &mut Service) {
    let declared: Vec<String> = service.types.iter().map(|t| t.name.clone()).collect();
    let mut placeholders = BTreeSet::new();
    let mut resolve = |ty: &mut TypeRef| stand_in(ty, &declared, &mut placeholders);
    for endpoint in service.families.iter_mut().flat_map(|f| &mut f.endpoints) {
        endpoint.request.iter_mut().for_each(&mut resolve);
        endpoint.response.iter_mut().for_each(&mut resolve);
    }
    for def in &mut service.types {
        // A discriminator may name a type no one declares; the skeleton reads by shape.
        def.discriminator = None;
        match &mut def.kind {
            TypeKind::Record(fields) => {
                fields.iter_mut().for_each(|f| resolve(&mut f.ty));
                def.additional_fields.iter_mut().for_each(&mut resolve);
            }
            TypeKind::Union(union) => union.alternatives.iter_mut().for_each(&mut resolve),
            TypeKind::Enum(_) => {}
        }
    }
    let location = service.families.first().map(|f| f.location.clone());
    for name in placeholders {
        if let Some(location) = &location {
            service.types.push(TypeDef {
                name,
                description: None,
                kind: TypeKind::Record(Vec::new()),
                includes: Vec::new(),
                discriminator: None,
                closed: false,
                additional_fields: None,
                format: None,
                nullable: false,
                read_only: false,
                location: location.clone(),
            });
        }
    }
}

fn stand_in(ty: &mut TypeRef, declared: &[String], placeholders: &mut BTreeSet<String>) {
    let name = match ty {
        TypeRef::List(inner) | TypeRef::Map(inner) => {
            return stand_in(inner, declared, placeholders);
        }
        TypeRef::Named(name) if !declared.contains(name) => name.clone(),
        _ => return,
    };
    let known = BUILTIN_TYPES
        .iter()
        .copied()
        .chain(declared.iter().map(String::as_str));
    *ty = match crate::diag::closest(&name, known) {
        Some("string") => TypeRef::String,
        Some("integer") => TypeRef::Integer,
        Some("number") => TypeRef::Number,
        Some("any") => TypeRef::Any,
        Some("boolean") => TypeRef::Boolean,
        Some("timestamp") => TypeRef::Timestamp,
        Some(close) => TypeRef::Named(close.to_owned()),
        None if is_type_ident(&name) => {
            placeholders.insert(name);
            return;
        }
        // Not a Rust type name: nothing of that name can be declared.
        None => TypeRef::String,
    };
}

/// A name an empty record may be declared with: an identifier, not a keyword, not one the
/// generated code refers to.
fn is_type_ident(name: &str) -> bool {
    names::names_an_item(name)
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !RESERVED_TYPE_NAMES.contains(&name)
}

/// Gives an endpoint that acts on one resource of its family, on the collection path, the
/// family's id (and owner) its error says to add.
fn add_missing_family_ids(service: &mut Service) {
    for family in &mut service.families {
        let ids: Vec<String> = family
            .owner_param
            .iter()
            .chain(&family.id_param)
            .cloned()
            .collect();
        let lacking: Vec<usize> = family
            .endpoints
            .iter()
            .enumerate()
            .filter(|(_, e)| crate::check::lacks_family_id(family, e))
            .map(|(i, _)| i)
            .collect();
        for index in lacking {
            if let Some(endpoint) = family.endpoints.get_mut(index) {
                let path = &mut endpoint.path;
                path.segments
                    .extend(ids.iter().cloned().map(Segment::Param));
                let ids_written: Vec<String> = ids.iter().map(|id| format!("{{{id}}}")).collect();
                path.raw = format!(
                    "{}/{}",
                    path.raw.trim_end_matches('/'),
                    ids_written.join("/")
                );
                path.trailing_slash = false;
            }
        }
    }
}
