//! One schema (or the conjunction of several: an `allOf`, a property declared in two
//! parts) as the keywords that decide the wire, merged: references followed, `allOf`
//! flattened, single-alternative unions unwrapped, types inferred and the constraint
//! keywords normalised. Comparing two such views keeps `allOf` versus an inlined object, or
//! 3.0 `nullable` versus a 3.1 `"null"` type, from being differences.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use serde_json::{Value, json};

use super::refs::{Doc, push, push_index};

/// How deep `allOf`s and references nest inside one flattened schema before the rest is
/// left out (a guard against documents built to be pathological).
const MAX_NESTING: usize = 64;

/// A schema and where it is in its document.
#[derive(Debug, Clone)]
pub(crate) struct Part<'a> {
    pub(crate) value: &'a Value,
    pub(crate) ptr: String,
}

/// `additionalProperties`, merged.
#[derive(Debug)]
pub(crate) enum Additional<'a> {
    /// Absent, `true`, or schemas (none: `{}`) every extra property must match.
    Schemas(Vec<Part<'a>>),
    /// `false`, at this pointer.
    Closed(String),
}

/// A `oneOf`/`anyOf` with more than one non-null alternative.
#[derive(Debug)]
pub(crate) struct Union<'a> {
    pub(crate) keyword: &'static str,
    pub(crate) ptr: String,
    pub(crate) alternatives: Vec<Part<'a>>,
}

/// A constraint keyword that is not on the wire, normalised (`minimum` is
/// `[bound, exclusive]`).
#[derive(Debug)]
pub(crate) struct Facet {
    pub(crate) value: Value,
    pub(crate) ptr: String,
}

/// The merged view of a schema.
#[derive(Debug)]
pub(crate) struct Flat<'a> {
    /// Where the schema is (its first part with content, after references).
    pub(crate) ptr: String,
    /// The JSON types admitted, `"null"` included where admitted; `None`: any.
    pub(crate) types: Option<BTreeSet<&'static str>>,
    /// Where the type was said (or inferred).
    pub(crate) type_ptr: String,
    /// Whether `nullable: true` or a `null` union alternative admits `null`.
    pub(crate) nullable: bool,
    /// Each property's schemas (one per part declaring it), in order.
    pub(crate) properties: Vec<(String, Vec<Part<'a>>)>,
    pub(crate) properties_ptr: Option<String>,
    pub(crate) required: BTreeSet<String>,
    pub(crate) required_ptr: Option<String>,
    pub(crate) additional: Additional<'a>,
    pub(crate) additional_ptr: Option<String>,
    pub(crate) items: Vec<Part<'a>>,
    pub(crate) items_ptr: Option<String>,
    /// `enum` (or `const` as one value) and where.
    pub(crate) enumeration: Option<(Vec<&'a Value>, String)>,
    pub(crate) unions: Vec<Union<'a>>,
    pub(crate) discriminator: Option<Part<'a>>,
    pub(crate) not: Vec<Part<'a>>,
    /// Faithful-only keywords by name, first occurrence.
    pub(crate) facets: BTreeMap<&'static str, Facet>,
    /// References that did not resolve: (pointer of the `$ref`, the reference).
    pub(crate) broken: Vec<(String, String)>,
}

/// The JSON Schema type names, as static strings.
const TYPES: [&str; 7] = [
    "null", "boolean", "integer", "number", "string", "array", "object",
];

/// Keywords copied as they are (numbers compare by value).
const PLAIN_FACETS: [&str; 10] = [
    "format",
    "pattern",
    "minLength",
    "maxLength",
    "multipleOf",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "default",
];

/// Boolean keywords whose absence means false: kept only when true.
const FLAG_FACETS: [&str; 4] = ["uniqueItems", "readOnly", "writeOnly", "deprecated"];

/// The conjunction of `parts` (none: "any"), read from `doc`; `at` is where it is when
/// there are no parts.
pub(crate) fn flatten<'a>(doc: Doc<'a>, parts: &[Part<'a>], at: &str) -> Flat<'a> {
    let mut flat = Flat {
        ptr: String::new(),
        types: None,
        type_ptr: String::new(),
        nullable: false,
        properties: Vec::new(),
        properties_ptr: None,
        required: BTreeSet::new(),
        required_ptr: None,
        additional: Additional::Schemas(Vec::new()),
        additional_ptr: None,
        items: Vec::new(),
        items_ptr: None,
        enumeration: None,
        unions: Vec::new(),
        discriminator: None,
        not: Vec::new(),
        facets: BTreeMap::new(),
        broken: Vec::new(),
    };
    // Several parts are one property declared in several parts of an `allOf`.
    let mut seen = Seen {
        declarations: parts.len() > 1,
        ..Seen::default()
    };
    for part in parts {
        add(doc, &mut flat, part.value, &part.ptr, &mut seen);
    }
    if flat.ptr.is_empty() {
        flat.ptr = parts.first().map_or(at, |p| p.ptr.as_str()).to_owned();
    }
    if flat.type_ptr.is_empty() {
        flat.type_ptr = flat.ptr.clone();
    }
    if flat.nullable
        && let Some(types) = &mut flat.types
    {
        types.insert("null");
    }
    flat
}

/// The schemas merged so far into one view: a schema reached twice (a diamond of
/// `allOf`s, a cycle) adds nothing the second time, as `X ∧ X` is `X`.
#[derive(Default)]
struct Seen {
    merged: HashSet<String>,
    nesting: usize,
    /// Whether the part being added is one of several declarations of a property (and
    /// what it references), not a part of an `allOf` or the alternative of a union.
    declarations: bool,
}

fn add<'a>(doc: Doc<'a>, flat: &mut Flat<'a>, value: &'a Value, ptr: &str, seen: &mut Seen) {
    if seen.nesting >= MAX_NESTING || !seen.merged.insert(ptr.to_owned()) {
        return;
    }
    seen.nesting += 1;
    add_new(doc, flat, value, ptr, seen);
    seen.nesting -= 1;
}

fn add_new<'a>(doc: Doc<'a>, flat: &mut Flat<'a>, value: &'a Value, ptr: &str, seen: &mut Seen) {
    let map = match value {
        Value::Object(map) => map,
        // `false` admits nothing; `true` and anything else (not a schema) admit anything.
        Value::Bool(false) => {
            intersect(flat, BTreeSet::new(), ptr);
            return;
        }
        _ => return,
    };
    if let Some(reference) = map.get("$ref").and_then(Value::as_str) {
        match doc.lookup(reference) {
            Some((target, at)) => add(doc, flat, target, &at, seen),
            None => flat.broken.push((push(ptr, "$ref"), reference.to_owned())),
        }
        if !doc.v31 {
            return;
        }
    }
    let has = |k: &str| map.contains_key(k);
    if flat.ptr.is_empty() && map.keys().any(|k| k != "$ref") {
        flat.ptr = ptr.to_owned();
    }
    // `nullable` on one of several declarations of a property, saying its type and
    // composing nothing, widens that declaration's type alone: where another refuses
    // `null`, the property does (Asana's task `resource_subtype`, a nullable string
    // declared again over an enumeration). Elsewhere it is the common idiom for a nullable
    // reference (`allOf: [$ref]` beside `nullable: true`, or `allOf: [$ref, { type,
    // nullable: true }]` as DigitalOcean writes it), read as making the schema nullable.
    let composes = ["$ref", "allOf", "oneOf", "anyOf"].iter().any(|k| has(k));
    let nullable = map.get("nullable").and_then(Value::as_bool) == Some(true);
    let own_nullable = seen.declarations && nullable && has("type") && !composes;
    // Types, said or inferred.
    if let Some(ty) = map.get("type") {
        let mut said: BTreeSet<&'static str> = match ty {
            Value::String(s) => type_name(s).into_iter().collect(),
            Value::Array(list) => list
                .iter()
                .filter_map(Value::as_str)
                .filter_map(type_name)
                .collect(),
            _ => TYPES.into_iter().collect(),
        };
        if own_nullable {
            said.insert("null");
        }
        intersect(flat, said, &push(ptr, "type"));
    } else if has("properties") || has("required") || has("additionalProperties") {
        intersect(flat, BTreeSet::from(["object"]), ptr);
    } else if has("items") {
        intersect(flat, BTreeSet::from(["array"]), ptr);
    } else if let Some(values) = enum_values(map) {
        intersect(flat, values.iter().map(|v| value_type(v)).collect(), ptr);
    }
    if nullable && !own_nullable {
        flat.nullable = true;
    }
    // Objects.
    if let Some(Value::Object(properties)) = map.get("properties") {
        let at = push(ptr, "properties");
        for (name, schema) in properties {
            let part = Part {
                value: schema,
                ptr: push(&at, name),
            };
            match flat.properties.iter_mut().find(|(n, _)| n == name) {
                Some((_, parts)) => parts.push(part),
                None => flat.properties.push((name.clone(), vec![part])),
            }
        }
        flat.properties_ptr.get_or_insert(at);
    }
    if let Some(Value::Array(required)) = map.get("required") {
        flat.required
            .extend(required.iter().filter_map(Value::as_str).map(str::to_owned));
        flat.required_ptr
            .get_or_insert_with(|| push(ptr, "required"));
    }
    // Beside an `allOf`, `unevaluatedProperties` says what `additionalProperties` says of
    // the members no part declares (an export's record that includes others, closed or with
    // members of one type beside its fields): read as it is, over them all.
    let extra = (map
        .get("additionalProperties")
        .map(|e| (e, "additionalProperties")))
    .or_else(|| (map.get("unevaluatedProperties")).map(|e| (e, "unevaluatedProperties")));
    if let Some((extra, keyword)) = extra {
        let at = push(ptr, keyword);
        match (extra, &mut flat.additional) {
            (Value::Bool(false), _) => flat.additional = Additional::Closed(at.clone()),
            (Value::Object(o), Additional::Schemas(parts)) if !o.is_empty() => parts.push(Part {
                value: extra,
                ptr: at.clone(),
            }),
            _ => {}
        }
        flat.additional_ptr.get_or_insert(at);
    }
    // Arrays.
    if let Some(items @ (Value::Object(_) | Value::Bool(_))) = map.get("items") {
        let at = push(ptr, "items");
        flat.items.push(Part {
            value: items,
            ptr: at.clone(),
        });
        flat.items_ptr.get_or_insert(at);
    }
    if flat.enumeration.is_none()
        && let Some(values) = enum_values(map)
    {
        let key = if has("enum") { "enum" } else { "const" };
        flat.enumeration = Some((values, push(ptr, key)));
    }
    // Composition.
    if let Some(Value::Array(parts)) = map.get("allOf") {
        let at = push(ptr, "allOf");
        let declarations = std::mem::replace(&mut seen.declarations, false);
        for (i, part) in parts.iter().enumerate() {
            add(doc, flat, part, &push_index(&at, i), seen);
        }
        seen.declarations = declarations;
    }
    for keyword in ["oneOf", "anyOf"] {
        if let Some(Value::Array(alternatives)) = map.get(keyword) {
            union(doc, flat, keyword, alternatives, &push(ptr, keyword), seen);
        }
    }
    if flat.discriminator.is_none()
        && let Some(d @ Value::Object(_)) = map.get("discriminator")
    {
        flat.discriminator = Some(Part {
            value: d,
            ptr: push(ptr, "discriminator"),
        });
    }
    if let Some(not) = map.get("not") {
        flat.not.push(Part {
            value: not,
            ptr: push(ptr, "not"),
        });
    }
    facets(flat, map, ptr);
}

/// A `oneOf`/`anyOf`: `null` alternatives make the schema nullable; one other alternative
/// is merged as a part; more make a [`Union`].
fn union<'a>(
    doc: Doc<'a>,
    flat: &mut Flat<'a>,
    keyword: &'static str,
    alternatives: &'a [Value],
    at: &str,
    seen: &mut Seen,
) {
    // Alternatives that only constrain the object (GitHub's `anyOf: [{ required: [title]
    // }, { required: [body] }]`: at least one of them given) admit the same kinds of value,
    // the same members: a constraint, faithful-only.
    let object = flat.types.as_ref().is_some_and(|t| t.contains("object"));
    let declared = |name: &str| flat.properties.iter().any(|(n, _)| n == name);
    if object && constraints_only(alternatives, declared) {
        flat.facets
            .entry("requiredAlternatives")
            .or_insert_with(|| Facet {
                value: Value::Array(alternatives.to_vec()),
                ptr: at.to_owned(),
            });
        return;
    }
    let mut kept = Vec::new();
    for (i, alternative) in alternatives.iter().enumerate() {
        if is_null(doc, alternative) {
            flat.nullable = true;
        } else {
            kept.push(Part {
                value: alternative,
                ptr: push_index(at, i),
            });
        }
    }
    match kept.len() {
        0 if flat.nullable => intersect(flat, BTreeSet::from(["null"]), at),
        0 => {}
        1 => {
            if let Some(only) = kept.first() {
                let declarations = std::mem::replace(&mut seen.declarations, false);
                add(doc, flat, only.value, &only.ptr, seen);
                seen.declarations = declarations;
            }
        }
        _ => flat.unions.push(Union {
            keyword,
            ptr: at.to_owned(),
            alternatives: kept,
        }),
    }
}

/// Whether every alternative of a `oneOf`/`anyOf` of an object only constrains it: which
/// of its members are present (`{ required: [title] }`, `maxProperties`), or which values
/// members it declares (`declared`) take (`properties: { status: { enum: [completed] } }`),
/// adding no member and no kind of value. GitHub's gist update and check runs.
pub(crate) fn constraints_only(alternatives: &[Value], declared: impl Fn(&str) -> bool) -> bool {
    let narrows = |schema: &Value| {
        schema.as_object().is_some_and(|s| {
            s.keys()
                .all(|k| ["enum", "const", "description", "title"].contains(&k.as_str()))
        })
    };
    let only = |alternative: &Value| {
        alternative.as_object().is_some_and(|object| {
            object.iter().all(|(key, value)| match key.as_str() {
                "required" => value.is_array(),
                "description" | "title" | "minProperties" | "maxProperties" => true,
                "type" => value == "object",
                "additionalProperties" => value == &Value::Bool(true),
                "properties" => value.as_object().is_some_and(|properties| {
                    (properties.iter()).all(|(name, schema)| declared(name) && narrows(schema))
                }),
                _ => false,
            })
        })
    };
    !alternatives.is_empty() && alternatives.iter().all(only)
}

/// Whether a schema (through references) admits exactly `null`.
fn is_null(doc: Doc<'_>, schema: &Value) -> bool {
    let Ok((schema, _)) = doc.resolve(schema, String::new()) else {
        return false;
    };
    match schema.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(types)) => !types.is_empty() && types.iter().all(|t| t == "null"),
        _ => false,
    }
}

fn intersect(flat: &mut Flat<'_>, said: BTreeSet<&'static str>, ptr: &str) {
    flat.types = Some(match flat.types.take() {
        None => said,
        Some(have) => have.intersection(&said).copied().collect(),
    });
    if flat.type_ptr.is_empty() {
        flat.type_ptr = ptr.to_owned();
    }
}

fn type_name(name: &str) -> Option<&'static str> {
    TYPES.into_iter().find(|t| *t == name)
}

/// The JSON type of a value (whole numbers are integers).
pub(crate) fn value_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn enum_values(map: &serde_json::Map<String, Value>) -> Option<Vec<&Value>> {
    match (map.get("enum"), map.get("const")) {
        (Some(Value::Array(values)), _) => Some(values.iter().collect()),
        (_, Some(value)) => Some(vec![value]),
        _ => None,
    }
}

/// The faithful-only keywords of one part, each kept where first seen.
fn facets(flat: &mut Flat<'_>, map: &serde_json::Map<String, Value>, ptr: &str) {
    for key in PLAIN_FACETS {
        if let Some(value) = map.get(key) {
            flat.facets.entry(key).or_insert_with(|| Facet {
                value: value.clone(),
                ptr: push(ptr, key),
            });
        }
    }
    for key in FLAG_FACETS {
        if map.get(key).and_then(Value::as_bool) == Some(true) {
            flat.facets.entry(key).or_insert_with(|| Facet {
                value: json!(true),
                ptr: push(ptr, key),
            });
        }
    }
    for (bound, exclusive) in [
        ("minimum", "exclusiveMinimum"),
        ("maximum", "exclusiveMaximum"),
    ] {
        let inclusive = map.get(bound).filter(|v| v.is_number());
        let normalised = match (inclusive, map.get(exclusive)) {
            // 3.1: the exclusive bound is a number of its own.
            (_, Some(n @ Value::Number(_))) => Some((n, true, exclusive)),
            // 3.0: a flag on the inclusive bound.
            (Some(n), Some(Value::Bool(flag))) => Some((n, *flag, bound)),
            (Some(n), _) => Some((n, false, bound)),
            (None, _) => None,
        };
        if let Some((n, is_exclusive, key)) = normalised {
            flat.facets.entry(bound).or_insert_with(|| Facet {
                value: json!([n, is_exclusive]),
                ptr: push(ptr, key),
            });
        }
    }
}
