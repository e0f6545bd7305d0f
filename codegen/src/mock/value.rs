//! The least value a type allows, as JSON: what a mock answers where the spec has no
//! example. Every required field is there and nothing else; every rule the spec states
//! holds (lengths, a pattern, bounds and steps, counts, a format), so that the answer is
//! valid for the OpenAPI document as well as readable by the generated types.

use serde_json::{Map, Value};

use super::pattern;
use crate::model::{
    FieldRules, Scalar, Service, TimestampFormat, TypeDef, TypeKind, TypeRef, UnionKeyword,
};

/// How deep required fields may nest before a value gives up (a record that requires
/// itself, through others): `null` there, which the answer's reading then reports.
const DEPTH: usize = 24;

/// Builds values from the spec's types.
pub(crate) struct Values<'a> {
    service: &'a Service,
}

impl<'a> Values<'a> {
    pub(crate) fn new(service: &'a Service) -> Self {
        Values { service }
    }

    /// The least value of `ty` under `rules`; `nth` tells items of one list apart (for
    /// `unique_items`).
    pub(crate) fn of(&self, ty: &TypeRef, rules: &FieldRules) -> Value {
        self.value(ty, rules, 0, 0)
    }

    fn value(&self, ty: &TypeRef, rules: &FieldRules, nth: usize, depth: usize) -> Value {
        if depth > DEPTH {
            return Value::Null;
        }
        match ty {
            TypeRef::String => Value::String(text(rules, nth)),
            TypeRef::Integer => integer(rules, nth, i64::MIN as f64, i64::MAX as f64),
            TypeRef::Number => number(rules, nth),
            TypeRef::Any => Value::Object(Map::new()),
            TypeRef::Boolean => Value::Bool(nth % 2 == 1),
            TypeRef::Timestamp => timestamp(self.service.conventions.timestamp_format, nth),
            TypeRef::Scalar(scalar) => self.scalar(*scalar, rules, nth),
            TypeRef::Named(name) => match self.service.types.iter().find(|t| &t.name == name) {
                Some(def) => self.named(def, nth, depth + 1),
                None => Value::Null,
            },
            TypeRef::List(item) => {
                let count = rules.min_items.unwrap_or(0) as usize;
                let item_rules = FieldRules::default();
                Value::Array(
                    (0..count)
                        .map(|i| self.value(item, &item_rules, nth + i, depth + 1))
                        .collect(),
                )
            }
            TypeRef::Map(member) => {
                let count = rules.min_properties.unwrap_or(0) as usize;
                let member_rules = FieldRules::default();
                Value::Object(
                    (0..count)
                        .map(|i| {
                            let value = self.value(member, &member_rules, nth + i, depth + 1);
                            (format!("key{}", i + 1), value)
                        })
                        .collect(),
                )
            }
        }
    }

    fn scalar(&self, scalar: Scalar, rules: &FieldRules, nth: usize) -> Value {
        let text = |s: String| Value::String(s);
        match scalar {
            Scalar::Int32 => integer(rules, nth, i32::MIN.into(), i32::MAX.into()),
            Scalar::Int64 => integer(rules, nth, i64::MIN as f64, i64::MAX as f64),
            Scalar::Uint32 => integer(rules, nth, 0.0, u32::MAX.into()),
            Scalar::Uint64 => integer(rules, nth, 0.0, u64::MAX as f64),
            Scalar::Float | Scalar::Double => number(rules, nth),
            Scalar::Date => text(format!("2000-01-{:02}", 1 + nth % 28)),
            Scalar::Uuid => text(format!("00000000-0000-4000-8000-{nth:012}")),
            Scalar::Uri => text(format!("https://example.com/{}", suffix(nth))),
            Scalar::Email => text(format!("user{}@example.com", suffix(nth))),
            Scalar::Base64 => {
                let length = rules.min_length.unwrap_or(0).div_ceil(4) as usize * 4;
                let mut encoded = "A".repeat(length);
                if nth > 0 {
                    encoded.push_str(&format!("{nth:04}")[..4]);
                }
                text(encoded)
            }
        }
    }

    fn named(&self, def: &TypeDef, nth: usize, depth: usize) -> Value {
        match &def.kind {
            TypeKind::Enum(values) => values
                .get(nth % values.len().max(1))
                .map_or(Value::Null, |v| Value::String(v.value.clone())),
            TypeKind::Union(union) => {
                let Some(first) = self.first_alternative(&union.alternatives, union.keyword) else {
                    return Value::Null;
                };
                let mut value = self.value(first, &FieldRules::default(), nth, depth);
                if let (Some(discriminator), TypeRef::Named(name), Value::Object(members)) =
                    (&def.discriminator, first, &mut value)
                {
                    let tag = discriminator.value_of(name).unwrap_or(name);
                    members.insert(discriminator.field.clone(), Value::String(tag.to_owned()));
                }
                value
            }
            TypeKind::Record(fields) => {
                let mut members = Map::new();
                for field in fields.iter().filter(|f| !f.optional) {
                    let value = self.value(&field.ty, &field.rules, nth, depth);
                    members.insert(field.json_name.clone(), value);
                }
                if let Some(discriminator) = &def.discriminator
                    && let Some(tag) = discriminator.value_of(&def.name)
                {
                    members.insert(discriminator.field.clone(), Value::String(tag.to_owned()));
                }
                Value::Object(members)
            }
        }
    }

    /// The alternative a union's least value takes: the first that does not name the
    /// union again (a value must end somewhere).
    fn first_alternative<'t>(
        &self,
        alternatives: &'t [TypeRef],
        _keyword: UnionKeyword,
    ) -> Option<&'t TypeRef> {
        alternatives
            .iter()
            .find(|a| !matches!(a, TypeRef::Named(_)))
            .or_else(|| alternatives.first())
    }
}

/// A number suffix telling the `nth` item apart (nothing for the first).
fn suffix(nth: usize) -> String {
    if nth == 0 {
        String::new()
    } else {
        nth.to_string()
    }
}

/// The least text the rules allow: one matching the pattern, of the format stated, at
/// least `min_length` characters long.
fn text(rules: &FieldRules, nth: usize) -> String {
    let min = rules.min_length.unwrap_or(0) as usize;
    let max = rules.max_length.map_or(usize::MAX, |m| m as usize);
    if let Some(found) = rules
        .pattern
        .as_deref()
        .and_then(|p| pattern::example(p, min, max, nth))
    {
        return found;
    }
    let mut text = match rules.format.as_deref().and_then(format_example) {
        Some(example) => example.to_owned(),
        None => suffix(nth),
    };
    while text.chars().count() < min {
        text.push('a');
    }
    text
}

/// A value of a string format the spec has no type for, where JSON Schema defines it.
fn format_example(format: &str) -> Option<&'static str> {
    Some(match format {
        "date-time" => "2000-01-01T00:00:00Z",
        "date" => "2000-01-01",
        "time" => "00:00:00Z",
        "duration" => "P1D",
        "email" | "idn-email" => "user@example.com",
        "hostname" | "idn-hostname" => "example.com",
        "ipv4" => "127.0.0.1",
        "ipv6" => "::1",
        "uri" | "iri" | "uri-reference" | "iri-reference" | "url" => "https://example.com/",
        "uri-template" => "https://example.com/{id}",
        "uuid" => "00000000-0000-4000-8000-000000000000",
        "relative-json-pointer" => "0",
        "regex" => ".*",
        _ => return None,
    })
}

/// A timestamp in the service's format.
fn timestamp(format: TimestampFormat, nth: usize) -> Value {
    let second = nth % 60;
    match format {
        TimestampFormat::Nanos => Value::String(format!("2000-01-01 00:00:{second:02}.000000000")),
        TimestampFormat::Rfc3339 => Value::String(format!("2000-01-01T00:00:{second:02}Z")),
        TimestampFormat::UnixSeconds => Value::from(946_684_800 + second as i64),
    }
}

/// The least whole number within the rules and `[low, high]` (the Rust type's range):
/// the minimum, else the maximum when it is below zero, else zero; a multiple of the
/// step; `nth` steps further for the `nth` item.
fn integer(rules: &FieldRules, nth: usize, low: f64, high: f64) -> Value {
    let step = rules.multiple_of.filter(|m| *m > 0.0).unwrap_or(1.0);
    let from = rules.minimum.map(|m| {
        if m.exclusive {
            (m.value + 1.0).floor()
        } else {
            m.value.ceil()
        }
    });
    let to = rules.maximum.map(|m| {
        if m.exclusive {
            (m.value - 1.0).ceil()
        } else {
            m.value.floor()
        }
    });
    let start = match (from, to) {
        (Some(from), _) => from.max(low),
        (None, Some(to)) if to < 0.0 => to.min(high),
        _ => 0.0,
    };
    let mut value = (start / step).ceil() * step;
    if to.is_some_and(|to| value > to) {
        value = start;
    }
    value += nth as f64 * step;
    // Whole numbers of an `i64` or `u64` are what the generated types read.
    if value >= 0.0 {
        Value::from(value as u64)
    } else {
        Value::from(value as i64)
    }
}

/// The least number within the rules: as for [`integer`], with a fraction only where an
/// exclusive bound leaves no whole number.
fn number(rules: &FieldRules, nth: usize) -> Value {
    let from = rules.minimum.map(|m| m.value);
    let to = rules.maximum.map(|m| m.value);
    let exclusive_from = rules.minimum.is_some_and(|m| m.exclusive);
    let mut value = match (from, to) {
        (Some(from), Some(to)) if exclusive_from => (from + to) / 2.0,
        (Some(from), None) if exclusive_from => from + 1.0,
        (Some(from), _) => from,
        (None, Some(to)) if to <= 0.0 => to - 1.0,
        _ => 0.0,
    };
    if let Some(step) = rules.multiple_of.filter(|m| *m > 0.0) {
        value = (value / step).ceil() * step;
    }
    value += nth as f64 * rules.multiple_of.unwrap_or(1.0);
    serde_json::Number::from_f64(value).map_or(Value::Null, Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Bound;

    fn bound(value: f64, exclusive: bool) -> Option<Bound> {
        Some(Bound { value, exclusive })
    }

    #[test]
    fn whole_numbers_keep_their_bounds_and_steps() {
        let rules = FieldRules {
            minimum: bound(3.0, true),
            multiple_of: Some(5.0),
            ..FieldRules::default()
        };
        assert_eq!(integer(&rules, 0, -1e18, 1e18), Value::from(5));
        assert_eq!(integer(&rules, 1, -1e18, 1e18), Value::from(10));
        let below = FieldRules {
            maximum: bound(-2.0, true),
            ..FieldRules::default()
        };
        assert_eq!(integer(&below, 0, -1e18, 1e18), Value::from(-3));
        assert_eq!(integer(&FieldRules::default(), 0, 0.0, 1e9), Value::from(0));
    }

    #[test]
    fn numbers_stay_inside_exclusive_bounds() {
        let rules = FieldRules {
            minimum: bound(0.0, true),
            maximum: bound(1.0, true),
            ..FieldRules::default()
        };
        assert_eq!(number(&rules, 0), serde_json::json!(0.5));
    }

    #[test]
    fn text_has_its_length_and_format() {
        let rules = FieldRules {
            min_length: Some(3),
            ..FieldRules::default()
        };
        assert_eq!(text(&rules, 0), "aaa");
        let rules = FieldRules {
            format: Some("ipv4".to_owned()),
            ..FieldRules::default()
        };
        assert_eq!(text(&rules, 0), "127.0.0.1");
        let rules = FieldRules {
            pattern: Some("^[A-Z]{2}-\\d+$".to_owned()),
            ..FieldRules::default()
        };
        assert_eq!(text(&rules, 0), "AA-0");
    }
}
