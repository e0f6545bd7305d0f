//! Type expressions (`string`, `list<AccountInfo>`, `map<ProjectInfo>`, `ChangeInfo`) to
//! type references, with a located error for one that names no type. Fields, unions'
//! alternatives, bodies, options and error bodies all name types this way; a leaf, so that
//! the lowering of declared types and of unions (which a type may be) need not import
//! each other.

use std::collections::BTreeMap;

use super::context::Context;
use crate::diag::{Diagnostic, Diagnostics, Location, did_you_mean};
use crate::model::TypeRef;
use crate::names::BUILTIN_TYPES;
use crate::read::decode::Spanned;

/// Parses a type expression: `string`, `list<AccountInfo>`, `map<ProjectInfo>`, `ChangeInfo`.
pub(super) fn lower_type_ref(
    raw: &Spanned<String>,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<TypeRef> {
    parse_type_ref(raw.value.trim(), raw, cx, diags)
}

fn parse_type_ref(
    text: &str,
    raw: &Spanned<String>,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<TypeRef> {
    parse_named_among(text, raw, cx.type_names, diags)
}

/// A type reference, the named types among `type_names`.
pub(super) fn parse_named_among(
    text: &str,
    raw: &Spanned<String>,
    type_names: &BTreeMap<String, Location>,
    diags: &mut Diagnostics,
) -> Option<TypeRef> {
    for (wrapper, make) in [
        ("list<", TypeRef::List as fn(Box<TypeRef>) -> TypeRef),
        ("map<", TypeRef::Map),
    ] {
        if let Some(inner) = text.strip_prefix(wrapper) {
            let Some(inner) = inner.strip_suffix('>') else {
                diags.push(
                    Diagnostic::new(
                        raw.location.clone(),
                        format!("type `{}` opens `<` without closing it", raw.value),
                    )
                    .hint(format!("write `{wrapper}Item>`")),
                );
                return None;
            };
            if inner.trim().is_empty() {
                diags.push(
                    Diagnostic::new(
                        raw.location.clone(),
                        format!("type `{}` names no item type", raw.value),
                    )
                    .hint(format!(
                        "write the item type inside, such as `{wrapper}string>`"
                    )),
                );
                return None;
            }
            return parse_named_among(inner.trim(), raw, type_names, diags)
                .map(|t| make(Box::new(t)));
        }
    }
    match text {
        "string" => Some(TypeRef::String),
        "integer" => Some(TypeRef::Integer),
        "number" => Some(TypeRef::Number),
        "any" => Some(TypeRef::Any),
        "boolean" => Some(TypeRef::Boolean),
        "timestamp" => Some(TypeRef::Timestamp),
        scalar if crate::model::Scalar::from_spelled(scalar).is_some() => {
            crate::model::Scalar::from_spelled(scalar).map(TypeRef::Scalar)
        }
        name if type_names.contains_key(name) => Some(TypeRef::Named(name.to_owned())),
        name => {
            let known = BUILTIN_TYPES
                .iter()
                .copied()
                .chain(type_names.keys().map(String::as_str));
            let hint = did_you_mean(name, known.clone()).unwrap_or_else(|| {
                "declare it under `types`, or use `string`, `integer`, `boolean`, `timestamp`, `list<T>` or `map<T>`".to_owned()
            });
            diags.push(
                Diagnostic::new(raw.location.clone(), format!("unknown type `{name}`")).hint(hint),
            );
            // Kept as written rather than dropped: an endpoint without its `response`, or a
            // record without the field, would be checked (and the macro's skeleton emitted)
            // as something the user never wrote, and fail a second time. Checks skip a name
            // no type declares; the skeleton stands its closest match in for it.
            Some(TypeRef::Named(name.to_owned()))
        }
    }
}
