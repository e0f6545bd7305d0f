//! Records: an object's declared members as fields, or a map of one value type (`allOf`
//! is `all_of.rs`'s).

use std::collections::BTreeSet;

use restspec_codegen::naming;
use serde_json::Value;

use super::{Types, Use, description};
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::yaml_out::Yaml;

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
                let inner = self.use_keeping_rules(values, &at, &format!("{hint}Value"), losses);
                Use::plain(format!("map<{}>", inner.spelled)).holding(inner, at, losses)
            }
            // An object of any members: a map of any values (`type: object` in the
            // export too), unless no member is allowed at all.
            (None, None) if schema.get("additionalProperties") != Some(&Value::Bool(false)) => {
                Use::plain("map<any>")
            }
            // No member at all (GitHub's 404 of a gist not starred): a closed record of no
            // fields.
            (None, None) => {
                let required = super::all_of::required_names(schema);
                if required.is_empty() {
                    self.record(Vec::new(), required, schema, (hint, true, None), losses)
                } else {
                    self.any(pointer, "an object of any members", losses)
                }
            }
            (Some(properties), _) => {
                let additional = self.additional(schema, pointer, hint, losses);
                let at = refs::push(pointer, "properties");
                let mut members: Vec<(String, &'d Value, String)> = properties
                    .iter()
                    .map(|(name, property)| (name.clone(), property, refs::push(&at, name)))
                    .collect();
                // A name `required` without a property (GitHub's `expires_at`): the key
                // must be there, with any value.
                let required = super::all_of::required_names(schema);
                super::all_of::required_without_member(&mut members, &required, pointer);
                let closed = schema.get("additionalProperties") == Some(&Value::Bool(false));
                self.record(
                    members,
                    required,
                    schema,
                    (hint, closed, additional),
                    losses,
                )
            }
        }
    }

    /// The type of the members an object with declared ones has beside them, where its
    /// `additionalProperties` is a schema (Mist's port usages by name beside `dynamic`,
    /// Azure's resources of any objects beside their `allOf`).
    pub(super) fn additional(
        &mut self,
        schema: &'d Value,
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Option<String> {
        let values = match schema.get("additionalProperties") {
            Some(values @ Value::Object(map)) if !map.is_empty() => values,
            _ => return None,
        };
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
        Some(inner.spelled)
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
        schema: &Value,
        (hint, closed, additional): (&str, bool, Option<String>),
        losses: &mut Losses,
    ) -> Use {
        // A component schema's name is reserved before it is read; an inline one's is not.
        let inline = !self.reserved.contains(hint);
        let name = self.take_name(hint);
        let mut fields = Yaml::map();
        let mut idents = BTreeSet::new();
        for (field, property, at) in members {
            // A member whose Rust name is another's (Xero's `Name` beside `name`) is given
            // one of its own.
            let mut own_name = None;
            if !idents.insert(naming::field_ident(&field)) {
                let unique = crate::names::unique_snake_name(&field, &idents, &[]);
                idents.insert(unique.clone());
                own_name = Some(unique);
            }
            let field_hint = format!("{name}{}", naming::pascal(&field));
            let mut found = self.use_keeping_rules(property, &at, &field_hint, losses);
            let optional = !required.contains(&field);
            let mut kept = Vec::new();
            let item_rules = std::mem::take(&mut found.item_rules);
            for rule in std::mem::take(&mut found.rules) {
                // `null` fills nothing: said only of a field that may be `null`.
                let refused = rule.key == "default" && rule.value == Yaml::Null && !found.nullable;
                if refused {
                    found.rules.push(rule);
                } else {
                    kept.push(rule);
                }
            }
            // Read-only and write-only both, one said of what the other includes (Jira's
            // gadget `position`): read-only is kept, write-only lost at its keyword.
            if kept.iter().any(|r| r.key == "read_only")
                && let Some(at) = kept.iter().position(|r| r.key == "write_only")
            {
                found.rules.push(kept.remove(at));
            }
            found.lose_rules(losses);
            let mut entry = Yaml::map();
            entry.push("type", Yaml::str(found.spelled));
            if let Some(own_name) = own_name {
                entry.push("field", Yaml::str(own_name));
            }
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
            if !item_rules.is_empty() {
                let items = item_rules.into_iter().map(|r| (r.key.to_owned(), r.value));
                entry.push("items", Yaml::Map(items.collect()));
            }
            entry.push_some("description", self::description(property));
            fields.push(field, entry);
        }
        let mut definition = Yaml::map();
        // Its words: a description, and a format said of the whole record (Loket's
        // `metadata`).
        definition.push_some("description", description(schema));
        definition.push_some(
            "format",
            schema.get("format").and_then(Value::as_str).map(Yaml::str),
        );
        if closed {
            definition.push("closed", Yaml::Bool(true));
        }
        definition.push_some("additional_fields", additional.map(Yaml::str));
        // A component every value of which may be `null` (Plaid's errors, Asana's
        // resources): the type says it, so each use is nullable.
        let nullable = schema.get("nullable") == Some(&Value::Bool(true))
            || matches!(schema.get("type"), Some(Value::Array(kinds))
                if kinds.iter().any(|k| k == "null"));
        if !inline && nullable {
            definition.push("nullable", Yaml::Bool(true));
        }
        // A component that is the service's as a whole (Probely's lists of results).
        if !inline && schema.get("readOnly") == Some(&Value::Bool(true)) {
            definition.push("read_only", Yaml::Bool(true));
        }
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
}
