//! Families and tagged unions: a record an `allOf` includes (`includes:`), and a schema's
//! `discriminator`, kept on the record a family's members include or on a `oneOf` of
//! records. What the spec would refuse is settled once every type is declared: a value
//! naming a type outside the family, an alternative that is no record.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{Types, Use};
use crate::declared_types::{includes_of, record_fields};
use crate::report::{Loss, Losses};
use crate::round_trip::families::Families;
use crate::round_trip::refs::{self, Doc};
use crate::yaml_out::Yaml;

/// A member a record inherits: its name, its type (as spelled) and nullability when known,
/// and whether it is optional.
type InheritedMember = (String, Option<(String, bool)>, bool);

impl<'d> Types<'d> {
    /// Says that record `name` includes `includes`, before its fields.
    pub(super) fn set_includes(&mut self, name: &str, includes: Vec<String>) {
        let Some((_, Yaml::Map(entries))) = self.declared.iter_mut().find(|(n, _)| n == name)
        else {
            return;
        };
        let at = entries
            .iter()
            .position(|(k, _)| k == "fields")
            .unwrap_or(entries.len());
        let list = Yaml::List(includes.into_iter().map(Yaml::Str).collect());
        entries.insert(at, ("includes".to_owned(), list));
    }

    /// Keeps the `discriminator` of `schema` (at `pointer`), which became `found`: on a
    /// record or a `one_of`, with its explicit mapping; the values OpenAPI leaves implicit
    /// are written when the types are settled.
    pub(super) fn discriminate(
        &mut self,
        schema: &'d Value,
        pointer: &str,
        found: &Use,
        losses: &mut Losses,
    ) {
        let Some(discriminator) = schema.get("discriminator") else {
            return;
        };
        let at = refs::push(pointer, "discriminator");
        let Some(field) = discriminator.get("propertyName").and_then(Value::as_str) else {
            losses.push(Loss::wire(
                at,
                "discriminator",
                "a discriminator without `propertyName` is not carried over",
            ));
            return;
        };
        let named =
            self.is_record(&found.spelled) || self.union_alternatives(&found.spelled).is_some();
        if !named || self.discriminators.contains_key(&found.spelled) {
            if !named {
                losses.push(Loss::wire(at, "discriminator", "the discriminator of a schema that is neither a record nor alternatives is not carried over: told apart by shape"));
            }
            return;
        }
        let mut mapping = Yaml::map();
        if let Some(Value::Object(values)) = discriminator.get("mapping") {
            let mapping_at = refs::push(&at, "mapping");
            for (value, target) in values {
                let Some(target) = target.as_str() else {
                    continue;
                };
                let reference = if target.starts_with('#') {
                    target.to_owned()
                } else {
                    format!("#/components/schemas/{target}")
                };
                let used = self.referenced(&reference, &refs::push(&mapping_at, value), losses);
                mapping.push(value.clone(), Yaml::str(used.spelled));
            }
        }
        // The members a base's mapping leaves out are its family too, named by their
        // schemas' names (written when the types are settled): read them now.
        if self.is_record(&found.spelled) {
            let document = self.document;
            let members: Vec<String> = self
                .families
                .get_or_insert_with(|| Families::of(Doc::new(document)))
                .members(pointer)
                .into_iter()
                .map(str::to_owned)
                .collect();
            for member in members {
                self.referenced(&format!("#{member}"), &member, losses);
            }
        }
        let mut definition = Yaml::map();
        definition.push("field", Yaml::str(field));
        definition.push("mapping", mapping);
        if let Some((_, entries)) = self.declared.iter_mut().find(|(n, _)| *n == found.spelled) {
            entries.push("discriminator", definition);
        }
        self.discriminators.insert(found.spelled.clone(), at);
    }

    /// Every `includes` as the spec takes it, once every type is declared: an included type
    /// that is no record is left out (its members with it), a member a record declares
    /// beside an included one's is the included one, and of two included records sharing a
    /// member the later is left out; each said as a loss.
    pub(crate) fn settle_includes(&mut self, losses: &mut Losses) {
        let names: Vec<String> = self
            .declared
            .iter()
            .filter(|(_, d)| d.get("includes").is_some())
            .map(|(n, _)| n.clone())
            .collect();
        for name in names {
            let at = self
                .component_of(&name)
                .unwrap_or("/components/schemas")
                .to_owned();
            let mut kept: Vec<String> = Vec::new();
            let mut inherited: Vec<String> = Vec::new();
            let included: Vec<String> = self
                .declared
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, d)| includes_of(d).into_iter().map(str::to_owned).collect())
                .unwrap_or_default();
            for included in included {
                let members: Vec<String> = self
                    .record_members(&included)
                    .into_iter()
                    .map(|(m, _)| m)
                    .collect();
                let why = if !self.is_record(&included) {
                    Some("it is not a record")
                } else if members.iter().any(|m| inherited.contains(m)) {
                    Some("it shares a member with another included record")
                } else {
                    None
                };
                if let Some(why) = why {
                    losses.push(Loss::wire(
                        at.clone(),
                        "composition",
                        format!("`{included}` is not included in `{name}`: {why}"),
                    ));
                } else {
                    inherited.extend(members);
                    kept.push(included);
                }
            }
            // What each inherited member is (type, nullability, optionality): a field
            // declared again alike is the spec's field declared again, kept; so is one that
            // refuses the `null` the inherited member admits (every part of an `allOf`
            // holds: Airflow's DAG details' `default_view`).
            let shapes: Vec<InheritedMember> = kept
                .iter()
                .flat_map(|record| {
                    self.record_members(record)
                        .into_iter()
                        .map(|(member, optional)| {
                            let shape = self.member_shape(record, &member);
                            (member, shape, optional)
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
            let alike = |member: &str, entry: &Yaml| {
                shapes.iter().any(|(m, shape, optional)| {
                    m == member
                        && shape.as_ref().is_some_and(|(spelled, nullable)| {
                            entry.get("type") == Some(&Yaml::Str(spelled.clone()))
                                && (*nullable || entry.get("nullable") != Some(&Yaml::Bool(true)))
                        })
                        && (entry.get("optional") == Some(&Yaml::Bool(true))) == *optional
                })
            };
            // A field declared again as a record that includes the inherited member's
            // (Bitbucket's team `links`) is the spec's field declared again, narrower.
            let narrower: BTreeSet<String> = record_fields(&self.declared, &name)
                .into_iter()
                .filter(|(member, entry)| {
                    shapes.iter().any(|(m, shape, optional)| {
                        m == member
                            && matches!((shape, entry.get("type")),
                                (Some((spelled, false)), Some(Yaml::Str(now)))
                                    if self.narrows(now, spelled, 0))
                            && entry.get("nullable") != Some(&Yaml::Bool(true))
                            && (entry.get("optional") == Some(&Yaml::Bool(true))) == *optional
                    })
                })
                .map(|(member, _)| member.to_owned())
                .collect();
            let Some((_, Yaml::Map(entries))) = self.declared.iter_mut().find(|(n, _)| *n == name)
            else {
                continue;
            };
            for (key, value) in entries.iter_mut() {
                match (key.as_str(), value) {
                    ("includes", list) => {
                        *list = Yaml::List(kept.iter().cloned().map(Yaml::Str).collect());
                    }
                    ("fields", Yaml::Map(fields)) => fields.retain(|(member, entry)| {
                        let again = inherited.contains(member)
                            && !alike(member, entry)
                            && !narrower.contains(member);
                        if again {
                            losses.push(Loss::faithful(
                                at.clone(),
                                "member declared twice",
                                format!("member `{member}` of `{name}` is an included record's too: its declaration there is kept"),
                            ));
                        }
                        !again
                    }),
                    _ => {}
                }
            }
            if kept.is_empty() {
                entries.retain(|(k, _)| k != "includes");
            }
        }
    }

    /// Every discriminator as the spec takes it: its values name the family's records (the
    /// record and those including it) or the `one_of`'s alternatives, each of those named
    /// (by its schema's name where the document left it implicit), the field declared as
    /// text. A discriminator that cannot be is dropped, said as a loss.
    pub(crate) fn settle_discriminators(&mut self, losses: &mut Losses) {
        let pending: Vec<(String, String)> = std::mem::take(&mut self.discriminators)
            .into_iter()
            .collect();
        for (name, at) in pending {
            let mut dropped = Vec::new();
            let settled = self.settle(&name, &at, &mut dropped);
            for value in dropped {
                losses.push(Loss::wire(
                    refs::push(&refs::push(&at, "mapping"), &value),
                    "discriminator",
                    format!("the value `{value}` is left out: it names a type outside the family"),
                ));
            }
            if let Err(why) = settled {
                losses.push(Loss::wire(
                    at.clone(),
                    "discriminator",
                    format!("the discriminator is not carried over: {why}"),
                ));
                if let Some((_, Yaml::Map(entries))) =
                    self.declared.iter_mut().find(|(n, _)| *n == name)
                {
                    entries.retain(|(k, _)| k != "discriminator");
                }
            }
        }
    }

    fn settle(&mut self, name: &str, at: &str, dropped: &mut Vec<String>) -> Result<(), String> {
        let definition = &self
            .declared
            .iter()
            .find(|(n, _)| n == name)
            .ok_or("no type")?
            .1;
        let Some(Yaml::Str(field)) = definition.get("discriminator").and_then(|d| d.get("field"))
        else {
            return Err("no field".into());
        };
        let field = field.clone();
        let family: Vec<String> = match definition
            .get("one_of")
            .or_else(|| definition.get("any_of"))
        {
            Some(Yaml::List(alternatives)) => {
                let mut out = Vec::new();
                for alternative in alternatives {
                    match alternative {
                        Yaml::Str(a) if self.is_record(a) => out.push(a.clone()),
                        _ => return Err("an alternative is not a record".into()),
                    }
                }
                out
            }
            _ => {
                if !self.record_members(name).iter().any(|(m, _)| *m == field) {
                    return Err(format!("`{field}` is not one of the record's members"));
                }
                let mut out = vec![name.to_owned()];
                out.extend(
                    self.declared
                        .iter()
                        .map(|(n, _)| n)
                        .filter(|n| self.includes_within(n, name, 0))
                        .cloned(),
                );
                out
            }
        };
        for member in &family {
            if !self.declares_text(member, &field) {
                return Err(format!("`{member}`'s `{field}` is not text"));
            }
        }
        let Some(Yaml::Map(explicit)) = definition
            .get("discriminator")
            .and_then(|d| d.get("mapping"))
        else {
            return Err("no mapping".into());
        };
        let (mut mapping, outside): (Mapping, Mapping) = explicit
            .iter()
            .cloned()
            .partition(|(_, t)| matches!(t, Yaml::Str(t) if family.contains(t)));
        for member in &family {
            if mapping
                .iter()
                .any(|(_, t)| *t == Yaml::str(member.as_str()))
            {
                continue;
            }
            // OpenAPI names a member by its schema's name where the mapping does not.
            let value = self
                .component_of(member)
                .and_then(|p| p.rsplit('/').next())
                .map_or_else(
                    || member.clone(),
                    |n| n.replace("~1", "/").replace("~0", "~"),
                );
            if mapping.iter().any(|(v, _)| *v == value) {
                return Err(format!("`{value}` would name two types"));
            }
            mapping.push((value, Yaml::str(member.as_str())));
        }
        // A schema of the original's family its explicit mapping does not target is named
        // by its own name too, though it became a type another value names (Twitter's
        // `Problem`, whose `about:blank` names `GenericProblem`, which is `Problem`).
        for (value, member) in self.implicit_values(at) {
            let same = |(v, t): &(String, Yaml)| *v == value && *t == Yaml::str(member.as_str());
            if mapping.iter().any(same) || !family.contains(&member) {
                continue;
            }
            if mapping.iter().any(|(v, _)| *v == value) {
                return Err(format!("`{value}` would name two types"));
            }
            mapping.push((value, Yaml::Str(member)));
        }
        dropped.extend(outside.into_iter().map(|(value, _)| value));
        if let Some((_, Yaml::Map(entries))) = self.declared.iter_mut().find(|(n, _)| n == name)
            && let Some((_, d)) = entries.iter_mut().find(|(k, _)| k == "discriminator")
        {
            *d = Yaml::Map(vec![
                ("field".to_owned(), Yaml::Str(field)),
                ("mapping".to_owned(), Yaml::Map(mapping)),
            ]);
        }
        Ok(())
    }

    /// The values OpenAPI leaves implicit in the discriminator at `at` of a base record, as
    /// the original reads them: each schema of the base's family (the base and every
    /// schema including it) its explicit mapping does not target, by its schema's name,
    /// with the type it became.
    fn implicit_values(&mut self, at: &str) -> Vec<(String, String)> {
        let Some(base) = at.strip_suffix("/discriminator").map(str::to_owned) else {
            return Vec::new();
        };
        let document = self.document;
        let targets: Vec<String> = document
            .pointer(&format!("{at}/mapping"))
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .filter_map(|(_, t)| t.as_str())
            .map(|t| match t.strip_prefix('#') {
                Some(pointer) => pointer.to_owned(),
                None => format!("/components/schemas/{t}"),
            })
            .collect();
        let families = self
            .families
            .get_or_insert_with(|| Families::of(Doc::new(document)));
        let family: Vec<String> = std::iter::once(base.as_str())
            .chain(families.members(&base))
            .map(str::to_owned)
            .collect();
        family
            .into_iter()
            .filter(|pointer| pointer.starts_with("/components/schemas/"))
            .filter(|pointer| !targets.contains(pointer))
            .filter_map(|pointer| {
                let used = self.components.get(&pointer)?;
                let value = pointer.rsplit('/').next()?;
                let value = value.replace("~1", "/").replace("~0", "~");
                Some((value, used.spelled.clone()))
            })
            .collect()
    }

    /// Whether record `name` includes `base`, directly or through its includes.
    fn includes_within(&self, name: &str, base: &str, depth: usize) -> bool {
        let Some((_, definition)) = self.declared.iter().find(|(n, _)| n == name) else {
            return false;
        };
        depth < 32
            && includes_of(definition)
                .into_iter()
                .any(|i| i == base || self.includes_within(i, base, depth + 1))
    }

    /// Whether record `name`, where it declares `field`, holds text there.
    fn declares_text(&self, name: &str, field: &str) -> bool {
        let declared = record_fields(&self.declared, name)
            .into_iter()
            .rfind(|(member, _)| *member == field);
        match declared.and_then(|(_, entry)| entry.get("type")) {
            None => true,
            Some(Yaml::Str(ty)) => ty == "string" || self.is_enumeration(ty),
            Some(_) => false,
        }
    }
}

/// A discriminator's values with the types they name.
type Mapping = Vec<(String, Yaml)>;
