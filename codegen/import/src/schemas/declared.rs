//! The records declared so far, looked up while others are read: their members (those of
//! the records they include first), one member's type, whether one includes another.

use super::Types;
use crate::declared_types::{includes_of, record_fields};
use crate::yaml_out::Yaml;

impl Types<'_> {
    /// The members of declared record `name` with whether each may be absent, those of
    /// the records it includes first.
    pub(super) fn record_members(&self, name: &str) -> Vec<(String, bool)> {
        record_fields(&self.declared, name)
            .into_iter()
            .map(|(member, entry)| {
                let optional = entry.get("optional") == Some(&Yaml::Bool(true));
                (member.to_owned(), optional)
            })
            .collect()
    }

    /// The type (as spelled) and nullability of record `name`'s member `member`, when the
    /// record declares it with a type.
    pub(super) fn member_shape(&self, name: &str, member: &str) -> Option<(String, bool)> {
        record_fields(&self.declared, name)
            .into_iter()
            .find(|(m, _)| *m == member)
            .and_then(|(_, entry)| match entry.get("type") {
                Some(Yaml::Str(spelled)) => Some((
                    spelled.clone(),
                    entry.get("nullable") == Some(&Yaml::Bool(true)),
                )),
                _ => None,
            })
    }

    /// Says that the declared type `name` has `format`.
    pub(super) fn set_format(&mut self, name: &str, format: &str) {
        if let Some((_, definition)) = self.declared.iter_mut().find(|(n, _)| n == name) {
            definition.push("format", Yaml::str(format));
        }
    }

    /// Whether a field of type `now` (as spelled) says less than one of `was` does, as an
    /// includer's field may: a record including `was`'s record (Bitbucket's team `links`),
    /// a record where `was` is any object (Callfire's page `items`, `map<any>` in `Page`
    /// and `list<Call>` in `CallPage`), anything where `was` is any value; item by item
    /// for lists and maps.
    pub(crate) fn narrows(&self, now: &str, was: &str, depth: usize) -> bool {
        let inner = |spelled: &str, kind: &str| {
            spelled
                .strip_prefix(kind)
                .and_then(|rest| rest.strip_prefix('<'))
                .and_then(|rest| rest.strip_suffix('>'))
                .map(str::to_owned)
        };
        if depth > 8 {
            return false;
        }
        let is_record = |name: &str| {
            self.declared
                .iter()
                .any(|(n, d)| n == name && d.get("fields").is_some())
        };
        match (
            inner(now, "list"),
            inner(was, "list"),
            inner(now, "map"),
            inner(was, "map"),
        ) {
            (Some(n), Some(w), _, _) | (_, _, Some(n), Some(w)) => self.narrows(&n, &w, depth + 1),
            _ => {
                was == "any"
                    || (was == "map<any>" && is_record(now))
                    || self.record_includes(now, was, 0)
            }
        }
    }

    /// Whether the declared record `name` includes `base`, itself or through those it
    /// includes.
    pub(super) fn record_includes(&self, name: &str, base: &str, depth: usize) -> bool {
        let Some((_, definition)) = self.declared.iter().find(|(n, _)| n == name) else {
            return false;
        };
        depth < 32
            && includes_of(definition)
                .into_iter()
                .any(|included| included == base || self.record_includes(included, base, depth + 1))
    }
}
