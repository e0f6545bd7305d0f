//! Records: an object's declared members as fields, a map of one value type, and `allOf`
//! flattened into one record of every part's members.

use std::collections::BTreeSet;

use restspec_codegen::naming;
use serde_json::Value;

use super::{Types, Use, description};
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::yaml_out::Yaml;

/// A schema of any value.
static ANY: std::sync::LazyLock<Value> =
    std::sync::LazyLock::new(|| Value::Object(Default::default()));

impl<'d> Types<'d> {
    /// A record with its fields, a map, or both (the map is then lost).
    pub(super) fn object(
        &mut self,
        schema: &'d Value,
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Use {
        let properties = schema.get("properties").and_then(Value::as_object);
        let values = match schema.get("additionalProperties") {
            Some(values @ Value::Object(map)) if !map.is_empty() => Some(values),
            _ => None,
        };
        match (properties.filter(|p| !p.is_empty()), values) {
            (None, Some(values)) => {
                let at = refs::push(pointer, "additionalProperties");
                let inner = self.use_of(values, &at, &format!("{hint}Value"), losses);
                Use::plain(format!("map<{}>", inner.spelled))
            }
            // An object of any members: a map of any values (`type: object` in the
            // export too), unless no member is allowed at all.
            (None, None) if schema.get("additionalProperties") != Some(&Value::Bool(false)) => {
                Use::plain("map<any>")
            }
            (None, None) => self.any(pointer, "an object of any members", losses),
            (Some(properties), values) => {
                // Members beside the declared ones, of one type (Mist's port usages by
                // name beside `dynamic`).
                let additional = values.map(|values| {
                    let at = refs::push(pointer, "additionalProperties");
                    let inner = self.use_of(values, &at, &format!("{hint}Value"), losses);
                    if inner.nullable {
                        losses.push(Loss::wire(
                            at,
                            "declared and additional properties",
                            "members beside the declared ones may be `null` in the document; \
                             the spec reads them as values of their type only",
                        ));
                    }
                    inner.spelled
                });
                let at = refs::push(pointer, "properties");
                let mut members: Vec<(String, &'d Value, String)> = properties
                    .iter()
                    .map(|(name, property)| (name.clone(), property, refs::push(&at, name)))
                    .collect();
                // A name `required` without a property (GitHub's `expires_at`): the key
                // must be there, with any value.
                let required = required_names(schema);
                for name in required.iter().filter(|n| !properties.contains_key(*n)) {
                    members.push((name.clone(), &ANY, refs::push(pointer, "required")));
                }
                let closed = schema.get("additionalProperties") == Some(&Value::Bool(false));
                self.record(
                    members,
                    required,
                    description(schema),
                    (hint, closed, additional),
                    losses,
                )
            }
        }
    }

    /// Takes `additional_fields` from a family's base, which the spec cannot give them (its
    /// other members are the fields of the records including it), each a loss.
    pub(crate) fn settle_additional(&mut self, losses: &mut Losses) {
        let mut lost = Vec::new();
        for (name, definition) in &mut self.declared {
            let Yaml::Map(entries) = definition else {
                continue;
            };
            let base = entries.iter().any(|(k, _)| k == "discriminator")
                && !entries.iter().any(|(k, _)| k == "one_of" || k == "any_of");
            if base && entries.iter().any(|(k, _)| k == "additional_fields") {
                entries.retain(|(k, _)| k != "additional_fields");
                lost.push(name.clone());
            }
        }
        for name in lost {
            let at = self.component_of(&name).unwrap_or("/components/schemas");
            losses.push(Loss::wire(
                refs::push(at, "additionalProperties"),
                "declared and additional properties",
                format!(
                    "members beside `{name}`'s fields are not carried over: it is a family's \
                     base, whose other members are the fields of the records including it"
                ),
            ));
        }
    }

    /// A record of `members` (name, schema, pointer), those in `required` required, named
    /// after `hint`, `closed` where the document says so. An inline schema of the same
    /// definition and name as a record declared before is that record (an error body each
    /// operation writes out again, Etherpad's), so that its answers and status rows are one.
    pub(super) fn record(
        &mut self,
        members: Vec<(String, &'d Value, String)>,
        required: BTreeSet<String>,
        description: Option<Yaml>,
        (hint, closed, additional): (&str, bool, Option<String>),
        losses: &mut Losses,
    ) -> Use {
        // A component schema's name is reserved before it is read; an inline one's is not.
        let inline = !self.reserved.contains(hint);
        let name = self.take_name(hint);
        let mut fields = Yaml::map();
        let mut idents = BTreeSet::new();
        for (field, property, at) in members {
            if !idents.insert(naming::field_ident(&field)) {
                losses.push(Loss::wire(
                    at,
                    "member names",
                    format!("member `{field}` is left out: its Rust name is another member's"),
                ));
                continue;
            }
            let field_hint = format!("{name}{}", naming::pascal(&field));
            let mut found = self.use_keeping_rules(property, &at, &field_hint, losses);
            let optional = !required.contains(&field);
            let mut kept = Vec::new();
            for rule in std::mem::take(&mut found.rules) {
                // A read-only record or time a request leaves out must be optional in
                // Rust, which the document's `required` would then not say.
                let named = !matches!(
                    found.spelled.as_str(),
                    "string" | "integer" | "number" | "boolean" | "any"
                ) && restspec_codegen::model::Scalar::from_spelled(&found.spelled)
                    .is_none()
                    && !found.spelled.starts_with("list<")
                    && !found.spelled.starts_with("map<");
                let refused = match rule.key {
                    "read_only" => !optional && !found.nullable && named,
                    _ => false,
                };
                if refused {
                    found.rules.push(rule);
                } else {
                    kept.push(rule);
                }
            }
            found.lose_rules(losses);
            let mut entry = Yaml::map();
            entry.push("type", Yaml::str(found.spelled));
            if optional {
                entry.push("optional", Yaml::Bool(true));
            }
            if found.nullable {
                entry.push("nullable", Yaml::Bool(true));
            }
            // A default of a field requests must carry anyway is stated (`required: true`).
            if !optional && kept.iter().any(|r| r.key == "default") {
                entry.push("required", Yaml::Bool(true));
            }
            for rule in kept {
                entry.push(rule.key, rule.value);
            }
            entry.push_some("description", self::description(property));
            fields.push(field, entry);
        }
        let mut definition = Yaml::map();
        definition.push_some("description", description);
        if closed {
            definition.push("closed", Yaml::Bool(true));
        }
        definition.push_some("additional_fields", additional.map(Yaml::str));
        definition.push("fields", fields);
        // Only one read under the same name (`BadRequest`, `BadRequest2`): a record read
        // elsewhere may still be made to include a family's base it is reached through,
        // which this one is not.
        if inline
            && let Some((same, _)) = self.declared.iter().find(|(n, d)| {
                *d == definition && n.trim_end_matches(|c: char| c.is_ascii_digit()) == hint
            })
        {
            return Use::plain(same.clone());
        }
        self.declared.push((name.clone(), definition));
        Use::plain(name)
    }

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
        let substantive: Vec<(usize, &'d Value)> = parts
            .iter()
            .enumerate()
            .filter(|(_, part)| !annotates_only(part))
            .collect();
        // Members of its own beside the `allOf` (as Azure writes a derived resource) make it
        // a record of them all.
        let own = schema.get("properties").is_some() || schema.get("required").is_some();
        if let ([(index, only)], false) = (substantive.as_slice(), own) {
            let at = refs::push(&refs::push(pointer, "allOf"), &index.to_string());
            let mut found = self.use_keeping_rules(only, &at, hint, losses);
            let nullable = |s: &Value| s.get("nullable").and_then(Value::as_bool) == Some(true);
            found.nullable |= nullable(schema) || parts.iter().any(nullable);
            return found;
        }
        if let Some(found) = self.including(schema, &substantive, pointer, hint, losses) {
            return found;
        }
        let mut members: Vec<(String, &'d Value, String)> = Vec::new();
        let mut required = BTreeSet::new();
        self.flatten(schema, pointer, &mut members, &mut required, losses, 0);
        if members.is_empty() {
            return self.any(pointer, "an `allOf` of no members", losses);
        }
        self.record(
            members,
            required,
            description(schema),
            (hint, false, None),
            losses,
        )
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
        if required
            .iter()
            .any(|r| inherited.iter().any(|(m, optional)| m == r && *optional))
        {
            return None;
        }
        // A member declared again as a plain value of the same type (Microsoft Graph's
        // members each default `@odata.type` to their own name) is the spec's field
        // declared again: its own default, rules and description.
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
                    && !nullable
                    && property.get("nullable") != Some(&Value::Bool(true))
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
        members.retain(|(name, property, at)| {
            let Some(redeclared) = redeclared(name, property) else {
                return true;
            };
            let again = !redeclared;
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
        let found = self.record(
            members,
            required,
            description(schema),
            (hint, false, None),
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

/// The names a schema's `required` lists.
fn required_names(schema: &Value) -> BTreeSet<String> {
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
    const WORDS: &[&str] = &[
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
    schema.as_object().is_some_and(|fields| {
        fields
            .keys()
            .all(|key| WORDS.contains(&key.as_str()) || key.starts_with("x-"))
    })
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
    schema.as_object().is_some_and(|fields| {
        (fields.keys()).all(|key| WORDS.contains(&key.as_str()) || key.starts_with("x-"))
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
