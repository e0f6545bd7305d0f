//! The keywords compared without recursion: the types a schema admits, `enum` values,
//! the faithful-only constraints, and a discriminator's mapping; `schemas.rs` calls them.

use std::collections::BTreeSet;
use std::slice;

use serde_json::Value;

use super::Difference;
use super::families::Families;
use super::flatten::{Flat, Part, flatten};
use super::refs::{Doc, json_eq, push, show};

/// How deeply nested unions are followed to learn the types they admit.
const MAX_UNION_TYPES_DEPTH: usize = 4;

/// A discriminator's mapping as (value, local reference, pointer), as OpenAPI reads it:
/// the explicit `mapping` (bare names meaning `#/components/schemas/<name>`), then each
/// alternative no explicit value leads to, named by its schema's name, and for the base of
/// a family (a discriminator beside no alternatives) the base itself, by its name. A name
/// the schema's own property cannot hold (Bitbucket's `pipeline_selector`, whose `type` is
/// one of `branches`, `tags`, ...; Spotify's `TrackObject`, whose `type` is `track`) selects
/// nothing: no value, whether the mapping names it or not.
pub(crate) fn mapping(
    d: &Part<'_>,
    flat: &Flat<'_>,
    families: &Families,
    doc: &Doc<'_>,
) -> Vec<(String, String, String)> {
    let mut out: Vec<(String, String, String)> = Vec::new();
    if let Some(Value::Object(map)) = d.value.get("mapping") {
        let at = push(&d.ptr, "mapping");
        out.extend(map.iter().filter_map(|(k, v)| {
            let v = v.as_str()?;
            let target = if v.starts_with('#') {
                v.to_owned()
            } else {
                format!("#/components/schemas/{v}")
            };
            Some((k.clone(), target, push(&at, k)))
        }));
    }
    let implicit: Vec<(String, String)> = match flat.unions.first() {
        Some(union) => union
            .alternatives
            .iter()
            .filter_map(|alt| {
                let reference = alt.value.get("$ref").and_then(Value::as_str)?;
                Some((reference.to_owned(), alt.ptr.clone()))
            })
            .collect(),
        // A base's family: the base and every schema including it.
        None => d
            .ptr
            .strip_suffix("/discriminator")
            .filter(|base| base.starts_with("/components/schemas/"))
            .into_iter()
            .flat_map(|base| std::iter::once(base).chain(families.members(base)))
            .map(|member| (format!("#{member}"), d.ptr.clone()))
            .collect(),
    };
    for (reference, at) in implicit {
        if out.iter().any(|(_, target, _)| *target == reference) {
            continue;
        }
        let Some(name) = reference.rsplit('/').next() else {
            continue;
        };
        let name = name.replace("~1", "/").replace("~0", "~");
        if !out.iter().any(|(value, _, _)| *value == name) {
            out.push((name, reference, at));
        }
    }
    // Explicit or implicit, a value its schema's property cannot hold selects nothing.
    if let Some(property) = d.value.get("propertyName").and_then(Value::as_str) {
        out.retain(|(value, target, _)| {
            !doc.lookup(target)
                .is_some_and(|(schema, _)| excludes(doc, schema, property, value, 0))
        });
    }
    out
}

/// Whether `schema` (or a part of its `allOf`, or a schema either refers to) lists the
/// values of `property` without `name` (vRNI's `entity_type`, an enumeration of its own).
fn excludes(doc: &Doc<'_>, schema: &Value, property: &str, name: &str, depth: usize) -> bool {
    if depth > 8 {
        return false;
    }
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        return doc
            .lookup(reference)
            .is_some_and(|(target, _)| excludes(doc, target, property, name, depth + 1));
    }
    let declared = schema.get("properties").and_then(|p| p.get(property));
    let declared = match declared.and_then(|p| p.get("$ref")).and_then(Value::as_str) {
        Some(reference) => doc.lookup(reference).map(|(target, _)| target),
        None => declared,
    };
    let own = declared
        .and_then(|p| p.get("enum"))
        .and_then(Value::as_array)
        .is_some_and(|values| !values.iter().any(|v| v.as_str() == Some(name)));
    own || schema
        .get("allOf")
        .and_then(Value::as_array)
        .is_some_and(|parts| {
            parts
                .iter()
                .any(|part| excludes(doc, part, property, name, depth + 1))
        })
}

/// The types a schema admits, its unions' alternatives included (`type: object` beside a
/// `oneOf` of objects equals the bare `oneOf`).
pub(crate) fn effective_types(
    doc: Doc<'_>,
    flat: &Flat<'_>,
    depth: usize,
) -> Option<BTreeSet<&'static str>> {
    let mut admitted = flat.types.clone();
    if depth < MAX_UNION_TYPES_DEPTH {
        for union in &flat.unions {
            let mut any = false;
            let mut all = BTreeSet::new();
            for alternative in &union.alternatives {
                let inner = flatten(doc, slice::from_ref(alternative), &alternative.ptr);
                match effective_types(doc, &inner, depth + 1) {
                    Some(t) => all.extend(t),
                    None => any = true,
                }
            }
            if !any {
                admitted = Some(match admitted {
                    None => all,
                    Some(have) => have.intersection(&all).copied().collect(),
                });
            }
        }
    }
    if flat.nullable
        && let Some(t) = &mut admitted
    {
        t.insert("null");
    }
    admitted
}

pub(crate) fn types(t: &Option<BTreeSet<&'static str>>) -> String {
    match t {
        None => "any".to_owned(),
        Some(t) if t.is_empty() => "none".to_owned(),
        Some(t) => t.iter().copied().collect::<Vec<_>>().join(" or "),
    }
}

/// `enum` as sets of non-null values, one difference per direction.
pub(crate) fn enums(a: &Flat<'_>, b: &Flat<'_>, out: &mut Vec<Difference>) {
    // An enumeration of both booleans (NetBox's `[false, true]`) admits every boolean: no
    // enumeration at all.
    // Numbers listed as the values of text (Probely's `type: string` of `[10, 20, 30]`)
    // are their text: no text equals a number, so that is what a document means by them.
    let values = |f: &Flat<'_>| -> Option<Vec<Value>> {
        let text = f.types.as_ref().is_some_and(|t| t.contains("string"))
            && !f
                .types
                .as_ref()
                .is_some_and(|t| t.contains("number") || t.contains("integer"));
        let values: Vec<Value> = f
            .enumeration
            .as_ref()?
            .0
            .iter()
            .filter(|v| !v.is_null())
            .map(|v| match v {
                Value::Number(n) if text => Value::String(n.to_string()),
                other => (*other).clone(),
            })
            .collect();
        let every_boolean = values.len() == 2
            && values.contains(&Value::Bool(true))
            && values.contains(&Value::Bool(false));
        (!every_boolean).then_some(values)
    };
    let at = a.enumeration.as_ref().map_or(&a.ptr, |(_, p)| p);
    match (values(a), values(b)) {
        (None, None) => {}
        (Some(va), None) => {
            let what = format!("enum of {} value(s) missing", va.len());
            out.push(Difference::wire(at, "enum", what));
        }
        (None, Some(vb)) => {
            let what = format!("enum added in the export: {}", list(&vb));
            out.push(Difference::wire(at, "enum", what));
        }
        (Some(va), Some(vb)) => {
            let missing: Vec<Value> = va
                .iter()
                .filter(|v| !vb.iter().any(|w| json_eq(v, w)))
                .cloned()
                .collect();
            let extra: Vec<Value> = vb
                .iter()
                .filter(|w| !va.iter().any(|v| json_eq(v, w)))
                .cloned()
                .collect();
            if !missing.is_empty() {
                let what = format!("enum value(s) {} missing", list(&missing));
                out.push(Difference::wire(at, "enum", what));
            }
            if !extra.is_empty() {
                let what = format!("enum value(s) {} added in the export", list(&extra));
                out.push(Difference::wire(at, "enum", what));
            }
        }
    }
}

fn list(values: &[Value]) -> String {
    let shown: Vec<String> = values
        .iter()
        .take(5)
        .map(|v| format!("`{}`", show(v)))
        .collect();
    match values.len() {
        n if n > 5 => format!("{} and {} more", shown.join(", "), n - 5),
        _ => shown.join(", "),
    }
}

/// The faithful-only keywords: each missing, added or changed one. A keyword for values of
/// a kind the schema's `type` rules out (a `pattern` on an `integer`) constrains nothing,
/// and is no difference either way.
pub(crate) fn facets(a: &Flat<'_>, b: &Flat<'_>, out: &mut Vec<Difference>) {
    for (key, fa) in &a.facets {
        if !applies(key, &a.types) {
            continue;
        }
        match b.facets.get(key) {
            None => {
                let what = format!("{key} `{}` missing", facet(&fa.value));
                out.push(Difference::faithful(&fa.ptr, key, what));
            }
            Some(fb) if !json_eq(&fa.value, &fb.value) => {
                let what = format!(
                    "{key} `{}`, exported `{}`",
                    facet(&fa.value),
                    facet(&fb.value)
                );
                out.push(Difference::faithful(&fa.ptr, key, what));
            }
            Some(_) => {}
        }
    }
    for (key, fb) in &b.facets {
        if !a.facets.contains_key(key) && applies(key, &b.types) {
            let what = format!("{key} `{}` added in the export", facet(&fb.value));
            out.push(Difference::faithful(&a.ptr, key, what));
        }
    }
}

/// A facet's value for a message: bounds as `5` or `5 (exclusive)`.
fn facet(value: &Value) -> String {
    match value.as_array().map(Vec::as_slice) {
        Some([n, Value::Bool(true)]) => format!("{} (exclusive)", show(n)),
        Some([n, Value::Bool(false)]) => show(n),
        _ => show(value),
    }
}

/// Whether keyword `key` can constrain a value of the schema's `types` (`None`: any type).
/// JSON Schema applies each to one kind of value and ignores it for the others.
fn applies(key: &str, types: &Option<BTreeSet<&'static str>>) -> bool {
    let Some(types) = types else {
        return true;
    };
    let kinds: &[&str] = match key {
        "pattern" | "minLength" | "maxLength" => &["string"],
        "minimum" | "maximum" | "multipleOf" => &["number", "integer"],
        "minItems" | "maxItems" | "uniqueItems" => &["array"],
        "minProperties" | "maxProperties" => &["object"],
        _ => return true,
    };
    types.iter().any(|t| kinds.contains(t))
}
