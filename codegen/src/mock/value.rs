//! The least value a type allows, as JSON: what a mock answers where the spec has no
//! example. Every required field is there and nothing else; every rule the spec states
//! holds (lengths, a pattern, bounds and steps, counts, a format), so that the answer is
//! valid for the OpenAPI document as well as readable by the generated types.

use serde_json::{Map, Value};

use super::scalars::{base64, integer, number, text, timestamp};
use crate::model::{Discriminator, FieldRules, Scalar, Service, TypeDef, TypeKind, TypeRef};

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

    /// The least value of `ty` under `rules`.
    pub(crate) fn of(&self, ty: &TypeRef, rules: &FieldRules) -> Value {
        self.value(ty, rules, 0, 0)
    }

    fn value(&self, ty: &TypeRef, rules: &FieldRules, nth: usize, depth: usize) -> Value {
        if depth > DEPTH {
            return Value::Null;
        }
        match ty {
            TypeRef::String => Value::String(text(rules, None, nth)),
            TypeRef::Integer => integer(rules, nth, i64::MIN as f64, i64::MAX as f64),
            TypeRef::Number => number(rules, nth),
            TypeRef::Any => Value::Object(Map::new()),
            TypeRef::Boolean => {
                super::scalars::listed(rules, nth).unwrap_or(Value::Bool(nth % 2 == 1))
            }
            TypeRef::Timestamp => timestamp(self.service.conventions.timestamp_format, nth),
            TypeRef::Scalar(scalar) => self.scalar(*scalar, rules, nth),
            TypeRef::Named(name) => match self.service.types.iter().find(|t| &t.name == name) {
                Some(def) => self.named(def, nth, depth + 1),
                None => Value::Null,
            },
            TypeRef::List(item) => {
                let count = rules.min_items.unwrap_or(0) as usize;
                let none = FieldRules::default();
                let item_rules = rules.items.as_deref().unwrap_or(&none);
                // Items differ only where they must: the least value, again and again,
                // is the least list.
                let nth_of = |i: usize| if rules.unique_items { nth + i } else { nth };
                let items: Vec<Value> = (0..count)
                    .map(|i| self.item(item, item_rules, nth_of(i), depth + 1))
                    .collect();
                Value::Array(items)
            }
            TypeRef::Map(member) => {
                let count = rules.min_properties.unwrap_or(0) as usize;
                let none = FieldRules::default();
                let member_rules = rules.items.as_deref().unwrap_or(&none);
                Value::Object(
                    (0..count)
                        .map(|i| {
                            let value = self.value(member, member_rules, nth + i, depth + 1);
                            (format!("key{}", i + 1), value)
                        })
                        .collect(),
                )
            }
        }
    }

    fn scalar(&self, scalar: Scalar, rules: &FieldRules, nth: usize) -> Value {
        match scalar {
            Scalar::Int32 => integer(rules, nth, i32::MIN.into(), i32::MAX.into()),
            Scalar::Int64 => integer(rules, nth, i64::MIN as f64, i64::MAX as f64),
            Scalar::Uint32 => integer(rules, nth, 0.0, u32::MAX.into()),
            Scalar::Uint64 => integer(rules, nth, 0.0, u64::MAX as f64),
            Scalar::Float | Scalar::Double => number(rules, nth),
            Scalar::Base64 => Value::String(base64(rules, nth)),
            Scalar::Date | Scalar::Uuid | Scalar::Uri | Scalar::Email => {
                Value::String(text(rules, Some(scalar.format()), nth))
            }
        }
    }

    /// A list's `nth` item: the least value, and where that leaves a record the same as
    /// the first item's, its first optional field that can differ filled in too.
    fn item(&self, ty: &TypeRef, rules: &FieldRules, nth: usize, depth: usize) -> Value {
        let mut value = self.value(ty, rules, nth, depth);
        if nth == 0 || value != self.value(ty, rules, 0, depth) {
            return value;
        }
        let fields = match ty {
            TypeRef::Named(name) => match self.service.types.iter().find(|t| &t.name == name) {
                Some(TypeDef {
                    kind: TypeKind::Record(fields),
                    ..
                }) => fields,
                _ => return value,
            },
            _ => return value,
        };
        let varies = fields.iter().filter(|f| f.optional).find_map(|field| {
            let first = self.value(&field.ty, &field.rules, 0, depth + 1);
            let nth_value = self.value(&field.ty, &field.rules, nth, depth + 1);
            (first != nth_value).then(|| (field.json_name.clone(), nth_value))
        });
        if let (Some((name, varied)), Value::Object(members)) = (varies, &mut value) {
            members.insert(name, varied);
        }
        value
    }

    fn named(&self, def: &TypeDef, nth: usize, depth: usize) -> Value {
        match &def.kind {
            TypeKind::Enum(values) => values
                .get(nth % values.len().max(1))
                .map_or(Value::Null, |v| Value::String(v.value.clone())),
            TypeKind::Union(union) => {
                let Some(first) = self.first_alternative(&union.alternatives) else {
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
                // A base whose tag field cannot hold its own name (Azure Security's `Setting`,
                // whose `kind` is `DataExportSetting` or `AlertSuppressionSetting`): the
                // least value is a member's.
                if let Some(discriminator) = &def.discriminator {
                    let own = discriminator.value_of(&def.name).unwrap_or(&def.name);
                    let member = discriminator.mapping.iter().find(|(tag, target)| {
                        *target != def.name && self.tag_fits(fields, discriminator, tag)
                    });
                    if !self.tag_fits(fields, discriminator, own)
                        && let Some((tag, target)) = member
                    {
                        let member = TypeRef::Named(target.clone());
                        let mut value = self.value(&member, &FieldRules::default(), nth, depth);
                        // The member says its own tag (its record need not repeat the
                        // discriminator it inherits).
                        if let Value::Object(members) = &mut value {
                            members.insert(discriminator.field.clone(), Value::String(tag.clone()));
                        }
                        return value;
                    }
                }
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

    /// Whether the tag field among `fields` can hold `tag` (a field of an enumeration holds
    /// its values only).
    fn tag_fits(&self, fields: &[crate::model::Field], d: &Discriminator, tag: &str) -> bool {
        let field = fields.iter().find(|f| f.json_name == d.field);
        let Some(TypeRef::Named(name)) = field.map(|f| &f.ty) else {
            return true;
        };
        match self
            .service
            .types
            .iter()
            .find(|t| &t.name == name)
            .map(|t| &t.kind)
        {
            Some(TypeKind::Enum(values)) => values.iter().any(|v| v.value == tag),
            _ => true,
        }
    }

    /// The alternative a union's least value takes: the first that does not name the
    /// union again (a value must end somewhere).
    fn first_alternative<'t>(&self, alternatives: &'t [TypeRef]) -> Option<&'t TypeRef> {
        alternatives
            .iter()
            .find(|a| !matches!(a, TypeRef::Named(_)))
            .or_else(|| alternatives.first())
    }
}
