//! Closed records (`closed: true`, OpenAPI's `additionalProperties: false`) as the spec can
//! take them. A record that includes a closed one is closed too, as its `allOf` reads (the
//! closed part refuses every member it does not declare): its fields are written out in it
//! instead of included (ShipEngine's responses extending its closed `error_response_body`).
//! What cannot be closed is opened, each a loss.

use super::Types;
use crate::declared_types::includes_of;
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::yaml_out::Yaml;

/// How many rounds of writing out included closed records before the rest is left open (a
/// guard: each round closes the records one `includes` further away).
const MAX_ROUNDS: usize = 32;

impl Types<'_> {
    /// Writes out each closed record that a record includes in that record, and closes it:
    /// the includer's `allOf` refuses any member the closed part does not declare, its own
    /// among them, which no document means; closed with all of them is what it is on the
    /// wire. A family's base on either side stays as it is (its members add fields), and so
    /// does a record with members beside its fields.
    fn write_out_closed_includes(&mut self) {
        for _ in 0..MAX_ROUNDS {
            let Some((name, included)) = self.declared.iter().find_map(|(name, definition)| {
                if !can_close(definition) {
                    return None;
                }
                includes_of(definition)
                    .into_iter()
                    .find(|included| self.is_closed_leaf(included))
                    .map(|included| (name.clone(), included.to_owned()))
            }) else {
                return;
            };
            let Some((_, closed)) = self.declared.iter().find(|(n, _)| *n == included) else {
                return;
            };
            let inherited_includes: Vec<Yaml> = includes_of(closed)
                .into_iter()
                .map(|n| Yaml::Str(n.to_owned()))
                .collect();
            let inherited_fields = match closed.get("fields") {
                Some(Yaml::Map(fields)) => fields.clone(),
                _ => Vec::new(),
            };
            let Some((_, Yaml::Map(entries))) = self.declared.iter_mut().find(|(n, _)| *n == name)
            else {
                return;
            };
            write_out(entries, &included, inherited_includes, inherited_fields);
        }
    }

    /// Whether `name` is a closed record that is no family's base.
    fn is_closed_leaf(&self, name: &str) -> bool {
        self.declared
            .iter()
            .find(|(n, _)| n == name)
            .is_some_and(|(_, d)| {
                d.get("closed") == Some(&Yaml::Bool(true)) && d.get("discriminator").is_none()
            })
    }

    /// Opens the closed records the spec cannot close, each a loss: a family's base (the
    /// records including it add members), an alternative of a union told apart by a member
    /// it does not declare (the value carries it), and a closed record included where it
    /// cannot be written out.
    pub(crate) fn settle_closed(&mut self, losses: &mut Losses) {
        self.write_out_closed_includes();
        let mut open: Vec<(String, String)> = Vec::new();
        for (name, definition) in &self.declared {
            let Some(field) = definition.get("discriminator").and_then(|d| d.get("field")) else {
                continue;
            };
            let Yaml::Str(field) = field else { continue };
            match definition
                .get("one_of")
                .or_else(|| definition.get("any_of"))
            {
                Some(Yaml::List(alternatives)) => {
                    for alternative in alternatives {
                        if let Yaml::Str(a) = alternative
                            && !self.record_members(a).iter().any(|(m, _)| m == field)
                        {
                            let why = format!(
                                "it does not declare `{field}`, which `{name}`'s values carry"
                            );
                            open.push((a.clone(), why));
                        }
                    }
                }
                _ => open.push((
                    name.clone(),
                    "it is a family's base, which the records including it add members to".into(),
                )),
            }
        }
        for (name, definition) in &self.declared {
            for included in definition
                .get("includes")
                .into_iter()
                .flat_map(|i| match i {
                    Yaml::List(names) => names.as_slice(),
                    _ => &[],
                })
            {
                if let Yaml::Str(included) = included {
                    open.push((
                        included.clone(),
                        format!("`{name}` includes it, with members of its own"),
                    ));
                }
            }
        }
        for (name, why) in open {
            let Some((_, Yaml::Map(entries))) = self.declared.iter_mut().find(|(n, _)| *n == name)
            else {
                continue;
            };
            if !entries
                .iter()
                .any(|(k, v)| k == "closed" && *v == Yaml::Bool(true))
            {
                continue;
            }
            entries.retain(|(k, _)| k != "closed");
            let at = self
                .component_of(&name)
                .unwrap_or("/components/schemas")
                .to_owned();
            losses.push(Loss::wire(
                refs::push(&at, "additionalProperties"),
                "additionalProperties",
                format!("`{name}` is left open: {why}"),
            ));
        }
    }
}

/// Whether a record may be closed: it is no family's base and has no members beside its
/// fields.
fn can_close(definition: &Yaml) -> bool {
    definition.get("discriminator").is_none() && definition.get("additional_fields").is_none()
}

/// In a record's `entries`, the closed record `included` written out: its includes in its
/// place, its fields before the record's own (a field the record declares again in its
/// place, as an included field declared again is), and the record closed.
fn write_out(
    entries: &mut Vec<(String, Yaml)>,
    included: &str,
    inherited_includes: Vec<Yaml>,
    inherited_fields: Vec<(String, Yaml)>,
) {
    let mut own = match entries.iter().position(|(k, _)| k == "fields") {
        Some(at) => match entries.remove(at).1 {
            Yaml::Map(fields) => fields,
            _ => Vec::new(),
        },
        None => Vec::new(),
    };
    let mut fields: Vec<(String, Yaml)> = inherited_fields
        .into_iter()
        .map(
            |(member, entry)| match own.iter().position(|(m, _)| *m == member) {
                Some(at) => own.remove(at),
                None => (member, entry),
            },
        )
        .collect();
    fields.append(&mut own);
    if let Some((_, Yaml::List(names))) = entries.iter_mut().find(|(k, _)| k == "includes")
        && let Some(at) = names
            .iter()
            .position(|n| *n == Yaml::Str(included.to_owned()))
    {
        names.remove(at);
        let fresh: Vec<Yaml> = inherited_includes
            .into_iter()
            .filter(|inherited| !names.contains(inherited))
            .collect();
        names.splice(at..at, fresh);
    }
    entries.retain(|(k, v)| !(k == "includes" && *v == Yaml::List(Vec::new())));
    entries.retain(|(k, _)| k != "closed");
    entries.push(("closed".to_owned(), Yaml::Bool(true)));
    entries.push(("fields".to_owned(), Yaml::Map(fields)));
}
