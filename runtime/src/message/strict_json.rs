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
//! enums are read as before. Nothing here allocates: the wrappers are zero-sized or hold
//! the wrapped value.

use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};

/// Reads `T` from JSON, refusing a JSON array wherever `T` (or any type inside it) expects
/// a record.
pub(crate) fn from_slice<'de, T: de::Deserialize<'de>>(input: &'de [u8]) -> serde_json::Result<T> {
    let mut inner = serde_json::Deserializer::from_slice(input);
    let value = T::deserialize(Strict(&mut inner))?;
    inner.end()?;
    Ok(value)
}

/// Where in the input [`from_slice`] failed for a body that did not fit `T`, as a path
/// (`title`, `labels[0]`), or the field it lacked: parsed again with the path tracked, so
/// that the usual, successful parse pays nothing for it.
pub(crate) fn failing_field<'de, T: de::Deserialize<'de>>(input: &'de [u8]) -> Option<String> {
    let mut inner = serde_json::Deserializer::from_slice(input);
    let error = serde_path_to_error::deserialize::<_, T>(Strict(&mut inner)).err()?;
    let path = error.path().to_string();
    if path != "." && !path.is_empty() {
        return Some(path);
    }
    // A missing field fails at its record, so the path stops there; serde names it in
    // the message, between backticks.
    let message = error.inner().to_string();
    let missing = message.strip_prefix("missing field `")?;
    missing.split('`').next().map(str::to_owned)
}

/// A deserializer (or seed, or access) made strict.
struct Strict<D>(D);

macro_rules! forward {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Self::Error> {
            self.0.$method($($arg,)* Strict(visitor))
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
        self.0
            .deserialize_struct(name, fields, Strict(ObjectOnly(visitor)))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// A record's visitor that refuses the positional (sequence) form.
struct ObjectOnly<V>(V);

impl<'de, V: Visitor<'de>> Visitor<'de> for ObjectOnly<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)?;
        f.write_str(" as a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.0.visit_map(map)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _seq: A) -> Result<Self::Value, A::Error> {
        Err(de::Error::invalid_type(de::Unexpected::Seq, &self))
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
        self.0.visit_some(Strict(d))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.visit_newtype_struct(Strict(d))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        self.0.visit_seq(Strict(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.0.visit_map(Strict(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        self.0.visit_enum(Strict(data))
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Strict<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(Strict(d))
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Strict<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Self::Error> {
        self.0.next_element_seed(Strict(seed))
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
        self.0.next_key_seed(Strict(seed))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.next_value_seed(Strict(seed))
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
        let (value, variant) = self.0.variant_seed(Strict(seed))?;
        Ok((value, Strict(variant)))
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
        self.0.newtype_variant_seed(Strict(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.tuple_variant(len, Strict(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.struct_variant(fields, Strict(ObjectOnly(visitor)))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde::Deserialize;

    use super::from_slice;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        a: i64,
        #[serde(default)]
        b: Option<String>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Outer {
        name: String,
        #[serde(default)]
        list: Vec<Inner>,
        #[serde(default)]
        map: BTreeMap<String, Inner>,
        #[serde(default)]
        one: Option<Inner>,
        #[serde(default)]
        kind: Option<Kind>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    enum Kind {
        New,
        Merged,
    }

    #[test]
    fn objects_lists_maps_options_and_enums_still_read() {
        let outer: Outer = from_slice(
            br#"{"name":"x","list":[{"a":1}],"map":{"k":{"a":2,"b":"y"}},"one":{"a":3},"kind":"MERGED","extra":[1]}"#,
        )
        .unwrap();
        assert_eq!(outer.list, vec![Inner { a: 1, b: None }]);
        assert_eq!(
            outer.map["k"],
            Inner {
                a: 2,
                b: Some("y".into())
            }
        );
        assert_eq!(outer.one, Some(Inner { a: 3, b: None }));
        assert_eq!(outer.kind, Some(Kind::Merged));
        let kinds: Vec<Kind> = from_slice(br#"["NEW","MERGED"]"#).unwrap();
        assert_eq!(kinds, [Kind::New, Kind::Merged]);
    }

    #[test]
    fn a_record_is_never_read_from_an_array() {
        let top = from_slice::<Inner>(br#"[1, "b"]"#).unwrap_err();
        assert!(top.to_string().contains("as a JSON object"), "{top}");
        for nested in [
            &br#"{"name":"x","list":[[1]]}"#[..],
            br#"{"name":"x","map":{"k":[1]}}"#,
            br#"{"name":"x","one":[1]}"#,
        ] {
            let err = from_slice::<Outer>(nested).unwrap_err();
            assert!(err.is_data(), "{err}");
            assert!(err.to_string().contains("invalid type: sequence"), "{err}");
        }
    }

    #[test]
    fn scalars_and_trailing_input_behave_as_in_serde_json() {
        assert!(from_slice::<Inner>(b"42").unwrap_err().is_data());
        assert!(
            from_slice::<Inner>(br#"{"a":1} x"#)
                .unwrap_err()
                .is_syntax()
        );
    }
}
