//! OpenAPI schemas to spec types: a type as the spec writes it where it is used
//! (`list<Pet>`, `map<integer>`, `timestamp`), and the named types (records, string
//! enumerations, values of several kinds) it declares under `types:`. What a schema says
//! that the spec cannot is a [`Loss`] at the schema's pointer.

use std::collections::{BTreeMap, BTreeSet};

use restspec_codegen::model::Scalar;
use restspec_codegen::naming;
use serde_json::Value;

use crate::names::unique_type_name;
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::yaml_out::Yaml;

mod all_of;
pub(crate) use all_of::description;
mod choices;
mod declared;
use choices::variant_kind;
mod closed;
mod families;
mod records;
mod rules;

/// A type where it is used: its spelling and whether `null` is one of its values.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Use {
    /// `string`, `list<Pet>`, `Pet`.
    pub(crate) spelled: String,
    /// `nullable: true` where it is a field.
    pub(crate) nullable: bool,
    /// What the schema says besides its type, as a field's keys (kept only where it is
    /// a record's field; a loss anywhere else).
    pub(crate) rules: Vec<rules::Rule>,
    /// What a list's items say besides their type, as the keys of the field's `items`
    /// (kept, as `rules` are, only where the list is a record's field).
    pub(crate) item_rules: Vec<rules::Rule>,
}

impl Use {
    pub(super) fn plain(spelled: impl Into<String>) -> Use {
        Use {
            spelled: spelled.into(),
            nullable: false,
            rules: Vec::new(),
            item_rules: Vec::new(),
        }
    }
}

/// The named types declared so far and where each component schema went.
pub(crate) struct Types<'d> {
    /// The document its schemas are read from.
    pub(crate) document: &'d Value,
    /// `Pet` → its definition, in the order declared.
    pub(crate) declared: Vec<(String, Yaml)>,
    taken: BTreeSet<String>,
    /// A component schema's pointer → what it is used as (`Pet`, or `list<Pet>` for a
    /// component that is only an array).
    components: BTreeMap<String, Use>,
    /// Names reserved for component schemas not declared yet.
    reserved: BTreeSet<String>,
    /// How deep inline schemas are nested where the reading is now.
    depth: usize,
    /// What each schema read so far became, by its pointer: a schema read again (a
    /// record's members inside the `allOf` that includes it, a parameter of a path item
    /// every method shares) is one type, and its losses are said once.
    read: BTreeMap<String, Use>,
    /// The types that keep a discriminator, with its pointer, until they are settled.
    discriminators: BTreeMap<String, String>,
    /// Which component schemas include which: read once, at the first discriminator on
    /// a record, whose members the mapping may leave implicit.
    families: Option<crate::round_trip::families::Families>,
    /// Enumerations declared inline (no component's), until they are settled as their
    /// own or as an earlier one's.
    inline_enumerations: BTreeSet<String>,
    /// The inline enumerations kept, by their definition as written.
    enumerations: BTreeMap<String, String>,
}

/// How deep schemas are followed (through references too) before the rest is any value:
/// far beyond real documents' 60, within the import thread's stack.
const MAX_DEPTH: usize = 400;

impl<'d> Types<'d> {
    pub(crate) fn new(document: &'d Value) -> Types<'d> {
        Types {
            document,
            declared: Vec::new(),
            taken: BTreeSet::new(),
            components: BTreeMap::new(),
            reserved: BTreeSet::new(),
            depth: 0,
            read: BTreeMap::new(),
            discriminators: BTreeMap::new(),
            families: None,
            inline_enumerations: BTreeSet::new(),
            enumerations: BTreeMap::new(),
        }
    }

    /// Where the component schema that became `name` is, if one did.
    pub(crate) fn component_of(&self, name: &str) -> Option<&str> {
        self.components
            .iter()
            .find(|(_, used)| used.spelled == name)
            .map(|(pointer, _)| pointer.as_str())
    }

    /// Whether `spelled` names a record of the spec's (what an error body must be).
    pub(crate) fn is_record(&self, spelled: &str) -> bool {
        self.definition(spelled, "fields").is_some()
    }

    /// Whether the component schema at `pointer` is being read as `name`: named, not
    /// declared yet.
    fn being_read(&self, pointer: &str, name: &str) -> bool {
        self.components
            .get(pointer)
            .is_some_and(|u| u.spelled == name)
            && !self.declared.iter().any(|(n, _)| n == name)
    }

    /// Whether enumeration `name` has `value`.
    pub(crate) fn has_value(&self, name: &str, value: &str) -> bool {
        matches!(self.definition(name, "values"), Some(Yaml::List(l)) if l.contains(&Yaml::str(value)))
    }

    /// Whether `spelled` names a string enumeration of the spec's.
    pub(crate) fn is_enumeration(&self, spelled: &str) -> bool {
        self.definition(spelled, "values").is_some()
    }

    /// What the declared type `name` says under `key` (`fields`, `values`, `one_of`).
    fn definition(&self, name: &str, key: &str) -> Option<&Yaml> {
        self.declared
            .iter()
            .find(|(declared, _)| declared == name)
            .and_then(|(_, definition)| definition.get(key))
    }

    /// The alternatives of the union `name` declares (`one_of` or `any_of`).
    fn union_alternatives(&self, name: &str) -> Option<&Yaml> {
        self.definition(name, "one_of")
            .or_else(|| self.definition(name, "any_of"))
    }

    /// The type of `schema` (at `pointer`) where it is not a record's field; `hint`
    /// names a record or enumeration it declares inline (`CreatePetRequest`). What the
    /// schema says besides its type is lost (and said to be).
    pub(crate) fn use_of(
        &mut self,
        schema: &'d Value,
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Use {
        let mut found = self.use_keeping_rules(schema, pointer, hint, losses);
        found.lose_rules(losses);
        found
    }

    /// The type of `schema` with its rules, for a record's field to carry.
    pub(crate) fn use_keeping_rules(
        &mut self,
        schema: &'d Value,
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Use {
        if self.depth > MAX_DEPTH {
            return self.any(pointer, "a schema nested more than 400 deep", losses);
        }
        if let Some(found) = self.read.get(pointer) {
            return found.clone();
        }
        self.depth += 1;
        let found = self.use_of_unguarded(schema, pointer, hint, losses);
        self.depth -= 1;
        self.read.insert(pointer.to_owned(), found.clone());
        found
    }

    fn use_of_unguarded(
        &mut self,
        schema: &'d Value,
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Use {
        if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
            // In 3.1 a reference's siblings apply: `nullable` beside one (Codat's) says so.
            let mut found = self.referenced(reference, pointer, losses);
            let nullable = schema.get("nullable").and_then(Value::as_bool) == Some(true);
            found.nullable |= nullable && refs::Doc::new(self.document).v31;
            return found;
        }
        let Some(object) = schema.as_object() else {
            // `true` or `{}`: anything.
            return self.any(pointer, "a schema that allows any value", losses);
        };
        let nullable = object.get("nullable").and_then(Value::as_bool) == Some(true);
        let mut found = self.shape(schema, pointer, hint, losses);
        self.discriminate(schema, pointer, &found, losses);
        found.nullable |= nullable;
        self.read_rules(object, pointer, &mut found, losses);
        found
    }

    fn shape(&mut self, schema: &'d Value, pointer: &str, hint: &str, losses: &mut Losses) -> Use {
        if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
            return self.all_of(schema, parts, pointer, hint, losses);
        }
        for keyword in ["oneOf", "anyOf"] {
            if let Some(parts) = schema.get(keyword).and_then(Value::as_array)
                && let Some(found) = self.choice(schema, (keyword, parts), pointer, hint, losses)
            {
                return found;
            }
        }
        match schema.get("type") {
            Some(Value::Array(kinds)) => {
                let named: Vec<&str> = kinds.iter().filter_map(Value::as_str).collect();
                let nullable = named.contains(&"null");
                let rest: Vec<&str> = named.into_iter().filter(|k| *k != "null").collect();
                match rest.as_slice() {
                    [one] => {
                        let mut found = self.of_kind(one, schema, pointer, hint, losses);
                        found.nullable |= nullable;
                        found
                    }
                    [] => self.any(pointer, "a schema whose only type is `null`", losses),
                    _ => {
                        let mut spelled: Vec<String> = Vec::new();
                        for kind in rest {
                            let found = self.of_kind(kind, schema, pointer, hint, losses).spelled;
                            if spelled
                                .iter()
                                .any(|s| variant_kind(s) == variant_kind(&found))
                            {
                                losses.push(Loss::wire(
                                    refs::push(pointer, "type"),
                                    "alternatives of one kind",
                                    format!("type `{kind}` is read as `{found}`, which another type here is already"),
                                ));
                            } else {
                                spelled.push(found);
                            }
                        }
                        let name = if spelled.len() == 1 {
                            spelled.remove(0)
                        } else {
                            // A list of types: each value is of one kind.
                            self.declare_union(hint, spelled, "one_of")
                        };
                        Use {
                            nullable,
                            ..Use::plain(name)
                        }
                    }
                }
            }
            Some(Value::String(kind)) => self.of_kind(kind, schema, pointer, hint, losses),
            _ if schema.get("properties").is_some()
                || schema.get("additionalProperties").is_some() =>
            {
                self.of_kind("object", schema, pointer, hint, losses)
            }
            _ if schema.get("items").is_some() => {
                self.of_kind("array", schema, pointer, hint, losses)
            }
            _ if schema.get("enum").is_some() => {
                self.of_kind("string", schema, pointer, hint, losses)
            }
            _ => self.any(pointer, "a schema without a type", losses),
        }
    }

    fn of_kind(
        &mut self,
        kind: &str,
        schema: &'d Value,
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Use {
        let format = schema.get("format").and_then(Value::as_str);
        match kind {
            "string" => {
                if let Some(values) = schema.get("enum").and_then(Value::as_array) {
                    let mut found = self.text_values(schema, values, pointer, hint, losses);
                    // `null` among the values is admitted only where the type admits it
                    // (Bitbucket's `type: string` with `[approved, null]` does not): a
                    // `type` array or `nullable` says so on its own.
                    if schema.get("type").is_some() {
                        found.nullable = false;
                    }
                    // A format said of the values (Twilio's `http-method`) is the
                    // enumeration's own.
                    match format {
                        Some(format) if found.spelled == "string" && format != "date-time" => {
                            let rules = self.formatted("string", Some(format), pointer).rules;
                            found.rules.extend(rules);
                        }
                        Some(format) => self.set_format(&found.spelled, format),
                        None => {}
                    }
                    return self.shared_enumeration(found);
                }
                match format {
                    Some("date-time") => Use::plain("timestamp"),
                    _ => self.formatted("string", format, pointer),
                }
            }
            "integer" => {
                self.enum_on_scalar(schema, pointer, losses);
                self.formatted("integer", format, pointer)
            }
            "boolean" => self.formatted("boolean", format, pointer),
            "number" => {
                self.enum_on_scalar(schema, pointer, losses);
                self.formatted("number", format, pointer)
            }
            "array" => {
                let item_hint = format!("{hint}Item");
                let mut item = match schema.get("items") {
                    Some(items) => self.use_keeping_rules(
                        items,
                        &refs::push(pointer, "items"),
                        &item_hint,
                        losses,
                    ),
                    None => self.any(pointer, "an array without `items`", losses),
                };
                // Text values listed on a list of text (Vimeo's `content_filter`) are its
                // items': a list equals no text, so that is what the document means.
                if let Some(values) = schema.get("enum").and_then(Value::as_array)
                    && item.spelled == "string"
                    && !values.is_empty()
                    && values.iter().all(Value::is_string)
                {
                    let listed =
                        self.enumeration(values, &refs::push(pointer, "enum"), &item_hint, losses);
                    let listed = self.shared_enumeration(listed);
                    item = Use {
                        rules: std::mem::take(&mut item.rules),
                        nullable: item.nullable,
                        ..listed
                    };
                }
                let mut found = self.formatted("array", format, pointer);
                found.spelled = format!("list<{}>", item.spelled);
                found.holding(item, refs::push(pointer, "items"), losses)
            }
            "object" => {
                let mut found = self.object(schema, pointer, hint, losses);
                // A map's format is its field's rule; a record's is the record's own.
                if let Some(format) = format
                    && found.spelled.starts_with("map<")
                {
                    found
                        .rules
                        .extend(self.formatted("object", Some(format), pointer).rules);
                }
                found
            }
            "null" => self.any(pointer, "a schema whose only type is `null`", losses),
            other => {
                losses.push(Loss::wire(
                    refs::push(pointer, "type"),
                    "unknown type",
                    format!("type `{other}` is not an OpenAPI type: a string"),
                ));
                Use::plain("string")
            }
        }
    }

    /// A scalar of `json_type` with `format`: the spec's type of that width or format
    /// (`int32`, `uuid`), else the plain type with the format as a field's rule.
    fn formatted(&self, json_type: &str, format: Option<&str>, pointer: &str) -> Use {
        let Some(format) = format else {
            return Use::plain(json_type);
        };
        if let Some(scalar) = Scalar::from_format(json_type, format) {
            return Use::plain(scalar.spelled());
        }
        let mut found = Use::plain(json_type);
        found.rules.push(rules::Rule {
            key: "format",
            value: Yaml::str(format),
            pointer: refs::push(pointer, "format"),
        });
        found
    }

    fn referenced(&mut self, reference: &str, pointer: &str, losses: &mut Losses) -> Use {
        let Some((target, at)) = refs::Doc::new(self.document).lookup(reference) else {
            losses.push(Loss::wire(
                refs::push(pointer, "$ref"),
                "unresolved reference",
                format!("`{reference}` leads nowhere in this document: any value"),
            ));
            return Use::plain("any");
        };
        if let Some(known) = self.components.get(&at) {
            return known.clone();
        }
        let name = at
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .replace("~1", "/")
            .replace("~0", "~");
        let hint = naming::pascal(&name);
        let hint = if hint.is_empty() {
            "Schema".to_owned()
        } else {
            hint
        };
        // The name is reserved before the schema is read, so that a record containing
        // itself (a tree) refers to its own name.
        let reserved = unique_type_name(&hint, &self.taken);
        self.taken.insert(reserved.clone());
        self.reserved.insert(reserved.clone());
        self.components
            .insert(at.clone(), Use::plain(reserved.clone()));
        let found = self.use_keeping_rules(target, &at, &reserved, losses);
        if self.reserved.remove(&reserved) {
            // Not a named type after all (a string, a list): uses spell it out, those made
            // while it was being read (a tree through a list) too.
            self.taken.remove(&reserved);
            for (_, definition) in &mut self.declared {
                respell(definition, &reserved, &found.spelled);
            }
        }
        self.components.insert(at, found.clone());
        found
    }

    /// A type name from `hint`: the name reserved for a component when it is that one,
    /// else one unique among those taken.
    fn take_name(&mut self, hint: &str) -> String {
        if self.reserved.remove(hint) {
            return hint.to_owned();
        }
        let name = unique_type_name(hint, &self.taken);
        self.taken.insert(name.clone());
        name
    }

    /// `any`: a value of any shape. Where the schema said more than that (a depth the
    /// import does not follow, only `null`), what it said is a loss.
    fn any(&mut self, pointer: &str, what: &str, losses: &mut Losses) -> Use {
        if what.contains("nested") || what.contains("null") {
            losses.push(Loss::wire(
                pointer.to_owned(),
                "any value",
                format!("{what} became any value"),
            ));
        }
        Use::plain("any")
    }
}

/// `from` spelled as `to` wherever a definition uses it as a type (`list<from>` too).
fn respell(definition: &mut Yaml, from: &str, to: &str) {
    match definition {
        Yaml::Str(text) => {
            let spelled: String = text
                .split_inclusive(['<', '>', ','])
                .map(|part| {
                    let word = part.trim_end_matches(['<', '>', ',']);
                    if word == from {
                        format!("{to}{}", &part[word.len()..])
                    } else {
                        part.to_owned()
                    }
                })
                .collect();
            *text = spelled;
        }
        Yaml::Map(entries) => {
            for (key, value) in entries {
                if matches!(key.as_str(), "type" | "fields" | "one_of" | "any_of")
                    || matches!(value, Yaml::Map(_))
                {
                    respell(value, from, to);
                }
            }
        }
        Yaml::List(items) => items.iter_mut().for_each(|item| respell(item, from, to)),
        _ => {}
    }
}
