//! `allOf`: a record that includes the records among its parts (`includes:`), or, where
//! it cannot, one record of every part's members flattened.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{Types, Use};
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::yaml_out::Yaml;

impl<'d> Types<'d> {
    /// `allOf`: one part alone is that part; several are flattened into one record (the
    /// members and required names of every part, a later part's member winning).
    pub(super) fn all_of(
        &mut self,
        schema: &'d Value,
        parts: &'d [Value],
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Use {
        // Parts that only annotate (a description, an XML name, an example) add nothing to
        // the value: `allOf: [{$ref: X}, {description: ...}]` is X.
        // So do parts that say again the type another part has, nullable or not (Asana's
        // `owner: allOf: [{$ref: UserCompact}, {type: object, nullable: true}]`, the
        // common way to write a nullable reference).
        let document = refs::Doc::new(self.document);
        let type_of = |part: &'d Value| -> Option<&'d str> {
            let (part, _) = document.resolve(part, String::new()).ok()?;
            match part.get("type").and_then(Value::as_str) {
                Some(kind) => Some(kind),
                None => (part.get("properties").is_some() || part.get("allOf").is_some())
                    .then_some("object"),
            }
        };
        let words: Vec<&str> = std::iter::once("type")
            .chain(ANNOTATIONS.iter().copied())
            .collect();
        let restates = |index: usize, part: &'d Value| {
            only(part, &words)
                && part
                    .get("type")
                    .and_then(Value::as_str)
                    .is_some_and(|kind| {
                        (parts.iter().enumerate()).any(|(i, other)| {
                            i != index && !only(other, &words) && type_of(other) == Some(kind)
                        })
                    })
        };
        let substantive: Vec<(usize, &'d Value)> = parts
            .iter()
            .enumerate()
            .filter(|(index, part)| !annotates_only(part) && !restates(*index, part))
            .collect();
        // Members of its own beside the `allOf` (as Azure writes a derived resource) make it
        // a record of them all.
        let own = schema.get("properties").is_some() || schema.get("required").is_some();
        // One part that says the type, beside parts that only annotate it or only constrain
        // it (DigitalOcean's `allOf: [{type: string, ...}, {maxLength: 16}]`): that part,
        // with what every other part says of the value (AWS's `deprecated`, a `readOnly`).
        let typed: Vec<(usize, &Value)> = (substantive.iter().copied())
            .filter(|(_, part)| !constrains_only(part))
            .collect();
        // Parts that each say the same scalar type (ATO's `allOf: [{$ref: resourceId},
        // {type: string}]`, the reference a string): the first, with what the others say.
        let scalar = |part: &'d Value| -> Option<&'d str> {
            let (part, _) = document.resolve(part, String::new()).ok()?;
            let kind = part.get("type").and_then(Value::as_str)?;
            let composed = ["properties", "items", "allOf", "oneOf", "anyOf"];
            (matches!(kind, "string" | "integer" | "number" | "boolean")
                && !composed.iter().any(|k| part.get(k).is_some()))
            .then_some(kind)
        };
        let one_scalar = typed.len() > 1
            && typed
                .iter()
                .all(|(_, part)| scalar(part).is_some_and(|k| Some(k) == scalar(typed[0].1)));
        let base = match (substantive.as_slice(), typed.as_slice()) {
            ([only], _) | (_, [only]) if !own => Some(*only),
            (_, [first, ..]) if !own && one_scalar => Some(*first),
            _ => None,
        };
        if let Some((index, base)) = base {
            let at = |i: usize| refs::push(&refs::push(pointer, "allOf"), &i.to_string());
            let mut found = self.use_keeping_rules(base, &at(index), hint, losses);
            let nullable = |s: &Value| s.get("nullable").and_then(Value::as_bool) == Some(true);
            found.nullable |= nullable(schema) || parts.iter().any(nullable);
            for (i, part) in parts.iter().enumerate() {
                if i != index
                    && let Some(object) = part.as_object()
                {
                    self.read_rules(object, &at(i), &mut found, losses);
                }
            }
            return found;
        }
        // A part saying `nullable` makes the whole nullable, as for a reference above
        // (Asana's goal `metric`: `allOf: [{$ref}, {nullable: true, properties}]`).
        let nullable = |s: &Value| s.get("nullable").and_then(Value::as_bool) == Some(true);
        let any_nullable = nullable(schema) || parts.iter().any(nullable);
        if let Some(mut found) = self.including(schema, &substantive, pointer, hint, losses) {
            found.nullable |= any_nullable;
            return found;
        }
        let mut members: Vec<(String, &'d Value, String)> = Vec::new();
        let mut required = BTreeSet::new();
        self.flatten(schema, pointer, &mut members, &mut required, losses, 0);
        required_without_member(&mut members, &required, pointer);
        if members.is_empty() {
            return self.any(pointer, "an `allOf` of no members", losses);
        }
        let closed = closes(&document, schema, 0);
        let additional = self.additional(schema, pointer, hint, losses);
        let mut found = self.record(
            members,
            required,
            schema,
            (hint, closed, additional),
            losses,
        );
        found.nullable |= any_nullable;
        found
    }

    /// `allOf` whose `$ref` parts are records: a record that includes them, of the other
    /// parts' members. `None` where it cannot be (no such part; a part that makes an
    /// included optional member required; two included records sharing a member), and the
    /// parts are flattened instead.
    fn including(
        &mut self,
        schema: &'d Value,
        substantive: &[(usize, &'d Value)],
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Option<Use> {
        let mut includes: Vec<String> = Vec::new();
        let mut rest = Vec::new();
        for &(index, part) in substantive {
            let at = refs::push(&refs::push(pointer, "allOf"), &index.to_string());
            if part.get("$ref").is_some() {
                let found = self.use_of(part, &at, hint, losses);
                // A record being read (the base of a family whose discriminator led here)
                // is included by the name it will have; settled once all are declared.
                // (Its name is taken when its fields are read, before it is declared.)
                let reading = refs::Doc::new(self.document)
                    .resolve(part, at.clone())
                    .is_ok_and(|(target, pointer)| {
                        self.being_read(&pointer, &found.spelled)
                            && (target.get("properties").is_some() || target.get("allOf").is_some())
                    });
                if !found.nullable
                    && (self.is_record(&found.spelled) || reading)
                    && !includes.contains(&found.spelled)
                {
                    includes.push(found.spelled);
                    continue;
                }
            }
            rest.push((part, at));
        }
        if includes.is_empty() {
            return None;
        }
        let mut inherited: Vec<(String, bool)> = Vec::new();
        for name in &includes {
            for (member, optional) in self.record_members(name) {
                if inherited.iter().any(|(m, _)| *m == member) {
                    return None;
                }
                inherited.push((member, optional));
            }
        }
        let mut members: Vec<(String, &'d Value, String)> = Vec::new();
        let mut required = BTreeSet::new();
        for (part, at) in rest {
            self.flatten(part, &at, &mut members, &mut required, losses, 1);
        }
        self.own_members(schema, pointer, &mut members, &mut required, losses);
        let own: BTreeSet<String> = (required.iter())
            .filter(|r| !inherited.iter().any(|(m, _)| m == *r))
            .cloned()
            .collect();
        required_without_member(&mut members, &own, pointer);
        if required
            .iter()
            .any(|r| inherited.iter().any(|(m, optional)| m == r && *optional))
        {
            return None;
        }
        // A member declared again is still required where an included record requires it
        // (every part's `required` holds): Spotify's pages declare `items` again without
        // listing it.
        for (member, optional) in &inherited {
            if !optional && members.iter().any(|(name, _, _)| name == member) {
                required.insert(member.clone());
            }
        }
        // A member declared again as a plain value of the same type (Microsoft Graph's
        // members each default `@odata.type` to their own name) is the spec's field
        // declared again: its own default, rules and description; never `null` where the
        // new declaration refuses it (Airflow's DAG details' `default_view`: every part of
        // an `allOf` holds).
        let shapes: Vec<(String, Option<(String, bool)>)> = inherited
            .iter()
            .map(|(member, _)| {
                let shape = includes
                    .iter()
                    .find_map(|record| self.member_shape(record, member));
                (member.clone(), shape)
            })
            .collect();
        let redeclared = |name: &str, property: &Value| {
            let shape = shapes.iter().find(|(m, _)| m == name)?;
            Some(shape.1.as_ref().is_some_and(|(spelled, nullable)| {
                plain_scalar(property).is_some_and(|kind| kind == spelled)
                    && (*nullable || property.get("nullable") != Some(&Value::Bool(true)))
                    && (required.contains(name)
                        == inherited.iter().any(|(m, optional)| m == name && !optional))
            }))
        };
        // A plain member declared again as values of its own (ix-api's problem `type`
        // narrowed to one value): no record includes the other, the parts are flattened.
        // (Values narrowing an enumeration are an intersection the spec cannot say.)
        let plain = |name: &str| {
            (shapes.iter()).any(|(m, shape)| {
                m == name
                    && shape.as_ref().is_some_and(|(spelled, _)| {
                        ["string", "integer", "number", "boolean"].contains(&spelled.as_str())
                    })
            })
        };
        let narrowed = members.iter().any(|(name, property, _)| {
            plain(name) && (property.get("enum").is_some() || property.get("const").is_some())
        });
        if narrowed {
            return None;
        }
        // A member declared again as a record that includes the included member's record
        // (Bitbucket's team `links`, of `team_links`): the spec's field declared again,
        // narrower.
        let mut narrower = BTreeSet::new();
        for (name, property, at) in &members {
            let Some((_, Some((spelled, false)))) = shapes.iter().find(|(m, _)| m == name) else {
                continue;
            };
            let same_presence = required.contains(name)
                == inherited.iter().any(|(m, optional)| m == name && !optional);
            // A reference, or a list of references (Callfire's page `items`).
            let referenced =
                property.get("$ref").is_some() || property.pointer("/items/$ref").is_some();
            if !referenced || !same_presence {
                continue;
            }
            let found = self.use_of(property, at, hint, losses);
            if !found.nullable && self.narrows(&found.spelled, spelled, 0) {
                narrower.insert(name.clone());
            }
        }
        members.retain(|(name, property, at)| {
            let Some(redeclared) = redeclared(name, property) else {
                return true;
            };
            let again = !redeclared && !narrower.contains(name);
            if again {
                losses.push(Loss::faithful(
                    at.clone(),
                    "member declared twice",
                    format!(
                        "member `{name}` is an included record's too: its declaration there is kept"
                    ),
                ));
            }
            !again
        });
        let closed = closes(&refs::Doc::new(self.document), schema, 0);
        let additional = self.additional(schema, pointer, hint, losses);
        let found = self.record(
            members,
            required,
            schema,
            (hint, closed, additional),
            losses,
        );
        self.set_includes(&found.spelled, includes);
        Some(found)
    }

    fn flatten(
        &mut self,
        schema: &'d Value,
        pointer: &str,
        members: &mut Vec<(String, &'d Value, String)>,
        required: &mut BTreeSet<String>,
        losses: &mut Losses,
        depth: usize,
    ) {
        let Ok((schema, pointer)) =
            refs::Doc::new(self.document).resolve(schema, pointer.to_owned())
        else {
            losses.push(Loss::wire(
                pointer.to_owned(),
                "unresolved reference",
                "a part of `allOf` that leads nowhere is left out",
            ));
            return;
        };
        if depth > 16 {
            return;
        }
        if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
            for (index, part) in parts.iter().enumerate() {
                let at = refs::push(&refs::push(&pointer, "allOf"), &index.to_string());
                self.flatten(part, &at, members, required, losses, depth + 1);
            }
        }
        self.own_members(schema, &pointer, members, required, losses);
    }

    /// The members a schema declares itself (beside or inside an `allOf`).
    fn own_members(
        &mut self,
        schema: &'d Value,
        pointer: &str,
        members: &mut Vec<(String, &'d Value, String)>,
        required: &mut BTreeSet<String>,
        losses: &mut Losses,
    ) {
        for keyword in ["oneOf", "anyOf"] {
            if schema.get(keyword).is_some() {
                losses.push(Loss::wire(
                    refs::push(pointer, keyword),
                    "composition inside allOf",
                    format!("`{keyword}` inside `allOf` is not carried over"),
                ));
            }
        }
        if let Some(own) = schema.get("properties").and_then(Value::as_object) {
            let at = refs::push(pointer, "properties");
            for (name, property) in own {
                // Words about a member declared before (`status: {example: 400}`) keep
                // that declaration.
                if words_only(property) && members.iter().any(|(n, _, _)| n == name) {
                    continue;
                }
                members.retain(|(n, _, _)| n != name);
                members.push((name.clone(), property, refs::push(&at, name)));
            }
        }
        required.extend(required_names(schema));
    }
}

/// Whether an `allOf` admits no member but those it declares: it or a part says
/// `additionalProperties: false` (ShipEngine's `link`, its closed `optional_link` with `href`
/// required, closed again), which refuses the others' members too, as the judge reads it.
fn closes(document: &refs::Doc<'_>, schema: &Value, depth: usize) -> bool {
    let Ok((schema, _)) = document.resolve(schema, String::new()) else {
        return false;
    };
    schema.get("additionalProperties") == Some(&Value::Bool(false))
        || (depth < 16
            && (schema.get("allOf").and_then(Value::as_array))
                .is_some_and(|parts| parts.iter().any(|p| closes(document, p, depth + 1))))
}

/// A schema of any value.
static ANY: std::sync::LazyLock<Value> =
    std::sync::LazyLock::new(|| Value::Object(Default::default()));

/// A member of any value for each name `required` lists that no part declares (GitHub's
/// `expires_at`, Turbine Labs' `host`): JSON Schema asks for the key, with any value.
pub(super) fn required_without_member(
    members: &mut Vec<(String, &Value, String)>,
    required: &BTreeSet<String>,
    pointer: &str,
) {
    for name in required {
        if !members.iter().any(|(member, _, _)| member == name) {
            members.push((name.clone(), &ANY, refs::push(pointer, "required")));
        }
    }
}

/// The names a schema's `required` lists.
pub(super) fn required_names(schema: &Value) -> BTreeSet<String> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| {
            r.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// A schema that says nothing about the value's shape: only words about it, or nothing.
pub(super) fn annotates_only(schema: &Value) -> bool {
    only(schema, ANNOTATIONS)
}

/// The keywords of a part of an `allOf` that only annotates the value.
const ANNOTATIONS: &[&str] = &[
    "description",
    "title",
    "xml",
    "example",
    "examples",
    "externalDocs",
    "nullable",
    "deprecated",
    "readOnly",
    "writeOnly",
    "default",
];

/// A schema of constraints on a value typed elsewhere (`{maxLength: 16}`), and words.
fn constrains_only(schema: &Value) -> bool {
    let words: Vec<&str> = (super::rules::KEYWORDS.iter().copied())
        .chain([
            "description",
            "title",
            "example",
            "examples",
            "externalDocs",
            "xml",
        ])
        .collect();
    !annotates_only(schema) && only(schema, &words)
}

/// A schema of words alone, which say nothing of the value (not even `nullable` or a
/// `default`): a description, a title, examples.
fn words_only(schema: &Value) -> bool {
    const WORDS: &[&str] = &[
        "description",
        "title",
        "example",
        "examples",
        "externalDocs",
    ];
    only(schema, WORDS)
}

/// Whether every key of `schema` is one of `words` or an extension (`x-...`).
fn only(schema: &Value, words: &[&str]) -> bool {
    schema.as_object().is_some_and(|fields| {
        (fields.keys()).all(|key| words.contains(&key.as_str()) || key.starts_with("x-"))
    })
}

/// The spec's type of a schema that is a plain scalar (`string`, `integer`, `number`,
/// `boolean`) without an enumeration, format or composition; `None` otherwise.
fn plain_scalar(schema: &Value) -> Option<&str> {
    let object = schema.as_object()?;
    if [
        "enum",
        "format",
        "$ref",
        "allOf",
        "oneOf",
        "anyOf",
        "properties",
        "items",
    ]
    .iter()
    .any(|k| object.contains_key(*k))
    {
        return None;
    }
    object
        .get("type")
        .and_then(Value::as_str)
        .filter(|t| matches!(*t, "string" | "integer" | "number" | "boolean"))
}

/// A schema's or parameter's description, as the spec's `description`.
pub(crate) fn description(value: &Value) -> Option<Yaml> {
    // `allOf: [{$ref: X}, {description: ...}]` says it in a part that only annotates.
    let parts = value.get("allOf").and_then(Value::as_array);
    let annotating = parts
        .into_iter()
        .flatten()
        .filter(|part| annotates_only(part));
    std::iter::once(value)
        .chain(annotating)
        .find_map(|v| v.get("description").and_then(Value::as_str))
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(Yaml::str)
}
