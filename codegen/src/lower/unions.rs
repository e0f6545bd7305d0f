//! Unions (`one_of`, `any_of`): their alternatives, read in order, several of one JSON kind
//! among them (a list of text, then a list of objects), each its own Rust variant.

use super::context::Context;
use super::type_refs::lower_type_ref;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{TypeKind, TypeRef, Union, UnionKeyword};
use crate::read::decode::Spanned;

/// `one_of` or `any_of`: at least two types, each once (a value is read as the first it
/// fits), each its own Rust variant.
///
/// ```yaml
/// Labels:
///   one_of: [list<string>, list<string>]   # the same type twice
/// ```
pub(super) fn lower_union(
    raw: &[Spanned<String>],
    keyword: UnionKeyword,
    key: &crate::read::yaml::Key,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<TypeKind> {
    if raw.len() < 2 {
        diags.push(
            Diagnostic::new(
                key.location.clone(),
                format!(
                    "`{}` of `{}` names fewer than two types",
                    keyword.spec_key(),
                    key.name
                ),
            )
            .hint("list the types a value may have, such as `[list<string>, string]`"),
        );
        return None;
    }
    let mut out: Vec<TypeRef> = Vec::new();
    let mut variants: Vec<String> = Vec::new();
    for alternative in raw {
        let Some(ty) = lower_type_ref(alternative, cx, diags) else {
            continue;
        };
        if out.contains(&ty) {
            diags.push(
                Diagnostic::new(
                    alternative.location.clone(),
                    format!("`{}` is among the alternatives already", alternative.value),
                )
                .hint("a value is read as the first alternative it fits: list each type once"),
            );
            continue;
        }
        let variant = ty.variant_name_after(&variants);
        if variants.contains(&variant) {
            diags.push(
                Diagnostic::new(
                    alternative.location.clone(),
                    format!(
                        "`{}` would be the Rust variant `{variant}` of an earlier alternative",
                        alternative.value
                    ),
                )
                .hint("declare the type under another name"),
            );
            continue;
        }
        variants.push(variant);
        out.push(ty);
    }
    Some(TypeKind::Union(Union {
        alternatives: out,
        keyword,
    }))
}
