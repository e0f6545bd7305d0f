//! Values of several kinds (`oneOf`, `anyOf`, a list of types: the spec's `one_of` and
//! `any_of`, a value read as the first alternative it fits) and string enumerations (`values`, one variant per value).

use restspec_codegen::naming;
use serde_json::Value;

use super::{Types, Use};
use crate::report::{Loss, Losses};
use crate::round_trip::{meant, refs};
use crate::yaml_out::Yaml;

impl<'d> Types<'d> {
    /// A schema's `oneOf` or `anyOf` (`keyword` and its `parts`): its alternatives, the
    /// schema's own `type` where every alternative is of another kind, or `None` where the
    /// alternatives only constrain the object, which is read without them.
    pub(super) fn choice(
        &mut self,
        schema: &'d Value,
        (keyword, parts): (&'static str, &'d [Value]),
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Option<Use> {
        // Alternatives that only constrain the object (GitHub's `anyOf: [{ required:
        // [title] }, { required: [body] }]`): the members stay, the rule is not checked.
        let properties = schema.get("properties").and_then(Value::as_object);
        let declared = |name: &str| properties.is_some_and(|p| p.contains_key(name));
        let object = schema.get("type").and_then(Value::as_str) == Some("object");
        if object && crate::round_trip::flatten::constraints_only(parts, declared) {
            losses.push(Loss::faithful(
                refs::push(pointer, keyword),
                "constraining alternatives",
                format!(
                    "the `{keyword}` of rules on which members are present, or on their \
                     values, is not checked"
                ),
            ));
            return None;
        }
        let kind = schema.get("type").and_then(Value::as_str);
        // Every alternative of another kind than `type` (SoundCloud's objects under `type:
        // array`): they admit nothing, the schema is its `type`.
        let null = |p: &Value| p.get("type").and_then(Value::as_str) == Some("null");
        let out = |p: &Value| kind.is_some_and(|k| meant::excluded(self.document, p, k));
        if let Some(kind) = kind.filter(|_| parts.iter().all(|p| null(p) || out(p))) {
            let mut found = self.of_kind(kind, schema, pointer, hint, losses);
            found.nullable |= parts.iter().any(null);
            return Some(found);
        }
        // What every member must be besides (Adyen's `additionalData`: text values beside
        // an `anyOf` of records) is no alternative's: said, not dropped unsaid.
        if schema
            .get("additionalProperties")
            .is_some_and(Value::is_object)
        {
            losses.push(Loss::wire(
                refs::push(pointer, "additionalProperties"),
                "additionalProperties",
                format!("the `additionalProperties` beside the `{keyword}` is left out: its alternatives say what the members are"),
            ));
        }
        Some(self.alternatives(keyword, parts, kind, pointer, hint, losses))
    }

    /// A query parameter's one value or list of them (PeerTube's `tagsOneOf`) as the list
    /// option it is on the wire, or `None` where `schema` (at `pointer`) is no such union.
    pub(crate) fn one_or_many(
        &mut self,
        schema: &'d Value,
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Option<Use> {
        let found = crate::round_trip::meant::list_union(self.document, schema, pointer.into())?;
        let item = self.use_keeping_rules(found.items, &found.items_at, hint, losses);
        let spelled = format!("list<{}>", item.spelled);
        let mut list = Use::plain(spelled).holding(item, found.items_at, losses);
        for (object, at) in found.lists {
            self.read_rules(object, &at, &mut list, losses);
        }
        Some(list)
    }

    pub(super) fn alternatives(
        &mut self,
        keyword: &str,
        parts: &'d [Value],
        kind: Option<&str>,
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Use {
        let mut spelled: Vec<String> = Vec::new();
        let mut nullable = false;
        for (index, part) in parts.iter().enumerate() {
            if part.get("type").and_then(Value::as_str) == Some("null") {
                nullable = true;
                continue;
            }
            // An alternative of another kind than the schema's own `type` admits nothing
            // (GitHub's object beside a list of names, under `type: array`).
            if kind
                .is_some_and(|kind| crate::round_trip::meant::excluded(self.document, part, kind))
            {
                continue;
            }
            let at = refs::push(&refs::push(pointer, keyword), &index.to_string());
            let found = self.use_of(part, &at, &format!("{hint}{}", index + 1), losses);
            nullable |= found.nullable;
            // The same type twice is one alternative; several of one kind (Apideck's list of
            // text beside a list of objects) are read in order, the first a value fits.
            if !spelled.contains(&found.spelled) {
                spelled.push(found.spelled);
            }
        }
        match spelled.len() {
            0 => self.any(pointer, "alternatives that are all `null`", losses),
            1 => Use {
                nullable,
                ..Use::plain(spelled.remove(0))
            },
            _ => Use {
                nullable,
                ..Use::plain(self.declare_union(
                    hint,
                    spelled,
                    if keyword == "anyOf" {
                        "any_of"
                    } else {
                        "one_of"
                    },
                ))
            },
        }
    }

    /// Declares a union of `spelled` under `key` (`one_of` or `any_of`, as the document
    /// says), named after `hint`.
    pub(super) fn declare_union(
        &mut self,
        hint: &str,
        spelled: Vec<String>,
        key: &'static str,
    ) -> String {
        let name = self.take_name(hint);
        let mut definition = Yaml::map();
        definition.push(
            key,
            Yaml::List(spelled.into_iter().map(Yaml::Str).collect()),
        );
        self.declared.push((name.clone(), definition));
        name
    }

    /// The values of text (`enum` on a string), as an enumeration of the spec's; where the
    /// schema says `type: string`, a number listed is its text (Probely's `[10, 20, 30]`):
    /// no text equals a number, so that is what the document means.
    pub(super) fn text_values(
        &mut self,
        schema: &Value,
        values: &[Value],
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Use {
        if schema.get("type").and_then(Value::as_str) != Some("string")
            || !values.iter().any(Value::is_number)
        {
            return self.enumeration(values, pointer, hint, losses);
        }
        let values: Vec<Value> = values
            .iter()
            .map(|value| match value {
                Value::Number(n) => {
                    losses.push(Loss::faithful(
                        refs::push(pointer, "enum"),
                        "enum of non-strings",
                        format!(
                            "the number {n} among the values of text is read as the text `{n}`"
                        ),
                    ));
                    Value::String(n.to_string())
                }
                other => other.clone(),
            })
            .collect();
        self.enumeration(&values, pointer, hint, losses)
    }

    pub(super) fn enumeration(
        &mut self,
        values: &[Value],
        pointer: &str,
        hint: &str,
        losses: &mut Losses,
    ) -> Use {
        // Each value with the variant the spec names, where its own would clash with an
        // earlier one's or be `Self` (Microsoft Graph's `remote_Control_Software` beside
        // `remoteControlSoftware`, a provider `self`).
        let mut texts: Vec<(String, Option<String>)> = Vec::new();
        let mut variants: Vec<String> = Vec::new();
        let mut nullable = false;
        for value in values {
            match value {
                Value::String(text) if texts.iter().any(|(t, _)| t == text) => {}
                Value::String(text) => {
                    let own = naming::variant(text);
                    let taken = |v: &str| variants.iter().any(|t| t == v);
                    let variant = if naming::KEYWORDS.contains(&own.as_str()) {
                        (1..)
                            .map(|n| {
                                if n == 1 {
                                    format!("{own}Value")
                                } else {
                                    format!("{own}Value{n}")
                                }
                            })
                            .find(|v| !taken(v))
                    } else if taken(&own) {
                        (2..).map(|n| format!("{own}{n}")).find(|v| !taken(v))
                    } else {
                        None
                    };
                    variants.push(variant.clone().unwrap_or(own));
                    texts.push((text.clone(), variant));
                }
                Value::Null => nullable = true,
                other => {
                    losses.push(Loss::faithful(
                        refs::push(pointer, "enum"),
                        "enum of non-strings",
                        format!("the value {other} of a string enumeration is not carried over"),
                    ));
                }
            }
        }
        if texts.is_empty() {
            return Use {
                nullable,
                ..Use::plain("string")
            };
        }
        let inline = !self.reserved.contains(hint);
        let name = self.take_name(hint);
        if inline {
            self.inline_enumerations.insert(name.clone());
        }
        let mut definition = Yaml::map();
        definition.push(
            "values",
            Yaml::List(
                texts
                    .into_iter()
                    .map(|(value, variant)| match variant {
                        None => Yaml::Str(value),
                        Some(variant) => {
                            let mut named = Yaml::map();
                            named.push("value", Yaml::Str(value));
                            named.push("variant", Yaml::Str(variant));
                            named
                        }
                    })
                    .collect(),
            ),
        );
        self.declared.push((name.clone(), definition));
        Use {
            nullable,
            ..Use::plain(name)
        }
    }

    /// An enumeration just declared inline whose definition (values, format) an earlier
    /// inline one has is that one, and is not declared again: Microsoft Graph lists the
    /// same `$select` values on hundreds of paths, and each declared would be code to
    /// compile. An enumeration of a component schema is always its own, by its name.
    pub(super) fn shared_enumeration(&mut self, found: Use) -> Use {
        if !self.inline_enumerations.remove(&found.spelled) {
            return found;
        }
        let Some((name, definition)) = self.declared.last() else {
            return found;
        };
        if *name != found.spelled {
            return found;
        }
        let key = format!("{definition:?}");
        match self.enumerations.get(&key) {
            Some(earlier) => {
                let earlier = earlier.clone();
                self.declared.pop();
                self.taken.remove(&found.spelled);
                Use {
                    spelled: earlier,
                    ..found
                }
            }
            None => {
                self.enumerations.insert(key, found.spelled.clone());
                found
            }
        }
    }
}

/// What tells alternatives apart: a list from another list is not told.
pub(super) fn variant_kind(spelled: &str) -> &str {
    if spelled.starts_with("list<") {
        "list"
    } else if spelled.starts_with("map<") {
        "map"
    } else {
        spelled
    }
}
