//! Records are read from JSON objects only, at every depth.
//!
//! serde's derived `Deserialize` for a struct accepts a JSON array too, matching elements
//! to fields by position, so `["p","master","s"]` would fill a three-field record. A
//! request body is the client's input, and a positional array is almost always a mistake
//! (or a probe): the protocol's bodies are objects (protocol 4.2). [`from_slice`] wraps
//! serde_json's deserializer so that every `deserialize_struct` (the call a derived struct
//! makes) refuses a sequence, and wraps every nested deserializer the same way (through
//! the seeds it hands to sequences, maps, options, newtypes and enum variants), so a record
//! inside a list, a map or an option is as strict as the top level. Tuples, lists, maps and
//! enums are read as before.
//!
//! Where the spec says `unknown_fields: reject`, the same wrappers check each key of a
//! record against the field names its derived `Deserialize` passes to `deserialize_struct`
//! (renamed fields by their JSON names) and refuse any other, JSON and forms alike: the
//! generated types stay free of `deny_unknown_fields`, so a typed client still reads
//! answers carrying fields it does not know, and the check costs one comparison per key.
//! Records inside a `one_of` are matched as serde's untagged enums match them, from a
//! buffered copy this wrapper does not see, so their unknown keys are not refused.
//! Nothing here allocates: the wrappers hold the wrapped value and the rules.

use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};

/// What the reader refuses besides what `T` itself does.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rules {
    /// A record is read from an object only, never from a positional array (JSON bodies).
    pub(crate) records_from_objects: bool,
    /// A key a record does not declare is an error naming it
    /// (`conventions.unknown_fields: reject`).
    pub(crate) deny_unknown_fields: bool,
}

/// Reads `T` from JSON, refusing a JSON array wherever `T` (or any type inside it) expects
/// a record, and a key no record declares where `rules` say so.
pub(crate) fn from_slice<'de, T: de::Deserialize<'de>>(
    input: &'de [u8],
    rules: Rules,
) -> serde_json::Result<T> {
    let mut inner = serde_json::Deserializer::from_slice(input);
    let value = T::deserialize(Strict(&mut inner, rules))?;
    inner.end()?;
    Ok(value)
}

/// Reads `T` from any deserializer (a form's) under `rules`.
pub(crate) fn deserialize<'de, T: de::Deserialize<'de>, D: Deserializer<'de>>(
    deserializer: D,
    rules: Rules,
) -> Result<T, D::Error> {
    T::deserialize(Strict(deserializer, rules))
}

/// Where in the input [`from_slice`] (or [`deserialize`]) failed for a body that did not
/// fit `T`, as a path (`title`, `labels[0]`), or the field it lacked or did not know:
/// parsed again with the path tracked, so that the usual, successful parse pays nothing
/// for it.
pub(crate) fn failing_field<'de, T: de::Deserialize<'de>, D: Deserializer<'de>>(
    deserializer: D,
    rules: Rules,
) -> Option<String> {
    let error = serde_path_to_error::deserialize::<_, T>(Strict(deserializer, rules)).err()?;
    let path = error.path().to_string();
    let message = error.inner().to_string();
    // An unknown key fails before the path learns it (`?` stands for it); serde names it
    // in the message, between backticks.
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let key = rest.split('`').next()?;
        let parent = path.strip_suffix('?').unwrap_or(&path);
        let parent = parent.trim_end_matches('.');
        return Some(if parent.is_empty() {
            key.to_owned()
        } else {
            format!("{parent}.{key}")
        });
    }
    if path != "." && !path.is_empty() {
        return Some(path);
    }
    // A missing field fails at its record, so the path stops there; serde names it in
    // the message, between backticks.
    let missing = message.strip_prefix("missing field `")?;
    missing.split('`').next().map(str::to_owned)
}

/// A failing JSON body's field (see [`failing_field`]).
pub(crate) fn failing_json_field<'de, T: de::Deserialize<'de>>(
    input: &'de [u8],
    rules: Rules,
) -> Option<String> {
    let mut inner = serde_json::Deserializer::from_slice(input);
    failing_field::<T, _>(&mut inner, rules)
}

/// A record's map whose keys must be among its fields.
struct KnownKeys<A>(A, &'static [&'static str]);

impl<'de, A: MapAccess<'de>> MapAccess<'de> for KnownKeys<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        self.0.next_key_seed(KnownKeys(seed, self.1))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.next_value_seed(seed)
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for KnownKeys<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(KnownKeys(d, self.1))
    }
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for KnownKeys<D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_any(KnownKeys(visitor, self.1))
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_identifier(KnownKeys(visitor, self.1))
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_str(KnownKeys(visitor, self.1))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_string(KnownKeys(visitor, self.1))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum ignored_any
    }
}

impl<V> KnownKeys<V> {
    fn check<E: de::Error>(&self, key: &str) -> Result<(), E> {
        if self.1.contains(&key) {
            Ok(())
        } else {
            Err(E::unknown_field(key, self.1))
        }
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for KnownKeys<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        self.check(v)?;
        self.0.visit_str(v)
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        self.check(v)?;
        self.0.visit_borrowed_str(v)
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        self.check(&v)?;
        self.0.visit_string(v)
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Self::Value, E> {
        self.check(&String::from_utf8_lossy(v))?;
        self.0.visit_bytes(v)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<Self::Value, E> {
        self.check(&String::from_utf8_lossy(v))?;
        self.0.visit_borrowed_bytes(v)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        self.0.visit_u64(v)
    }
}

/// A deserializer (or seed, or access) made strict, with the rules it applies.
struct Strict<D>(D, Rules);

macro_rules! forward {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Self::Error> {
            self.0.$method($($arg,)* Strict(visitor, self.1))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<D> {
    type Error = D::Error;

    forward! {
        deserialize_any() deserialize_bool() deserialize_i8() deserialize_i16()
        deserialize_i32() deserialize_i64() deserialize_i128() deserialize_u8()
        deserialize_u16() deserialize_u32() deserialize_u64() deserialize_u128()
        deserialize_f32() deserialize_f64() deserialize_char() deserialize_str()
        deserialize_string() deserialize_bytes() deserialize_byte_buf() deserialize_option()
        deserialize_unit() deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str) deserialize_seq()
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize) deserialize_map()
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
        deserialize_identifier() deserialize_ignored_any()
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        let rules = self.1;
        let record = Record {
            visitor,
            fields,
            rules,
        };
        self.0
            .deserialize_struct(name, fields, Strict(record, rules))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// A record's visitor: refuses the positional (sequence) form where the rules say so, and
/// reads its keys through [`KnownKeys`] where unknown fields are refused.
struct Record<V> {
    visitor: V,
    fields: &'static [&'static str],
    rules: Rules,
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Record<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)?;
        f.write_str(" as a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        if self.rules.deny_unknown_fields {
            self.visitor.visit_map(KnownKeys(map, self.fields))
        } else {
            self.visitor.visit_map(map)
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        if self.rules.records_from_objects {
            Err(de::Error::invalid_type(de::Unexpected::Seq, &self))
        } else {
            self.visitor.visit_seq(seq)
        }
    }
}

macro_rules! forward_visit {
    ($($method:ident ( $ty:ty ))*) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<Self::Value, E> {
            self.0.$method(v)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Strict<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    forward_visit! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64)
        visit_i128(i128) visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64)
        visit_u128(u128) visit_f32(f32) visit_f64(f64) visit_char(char) visit_str(&str)
        visit_borrowed_str(&'de str) visit_string(String) visit_bytes(&[u8])
        visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.0.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        self.0.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.visit_some(Strict(d, self.1))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.visit_newtype_struct(Strict(d, self.1))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        self.0.visit_seq(Strict(seq, self.1))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.0.visit_map(Strict(map, self.1))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        self.0.visit_enum(Strict(data, self.1))
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Strict<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(Strict(d, self.1))
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Strict<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Self::Error> {
        self.0.next_element_seed(Strict(seed, self.1))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Strict<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        self.0.next_key_seed(Strict(seed, self.1))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.next_value_seed(Strict(seed, self.1))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Strict<A> {
    type Error = A::Error;
    type Variant = Strict<A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), Self::Error> {
        let (value, variant) = self.0.variant_seed(Strict(seed, self.1))?;
        Ok((value, Strict(variant, self.1)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Strict<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), Self::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<S::Value, Self::Error> {
        self.0.newtype_variant_seed(Strict(seed, self.1))
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.tuple_variant(len, Strict(visitor, self.1))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        let rules = self.1;
        let record = Record {
            visitor,
            fields,
            rules,
        };
        self.0.struct_variant(fields, Strict(record, rules))
    }
}

#[cfg(test)]
mod tests;
