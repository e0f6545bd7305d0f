//! Unions told apart by a field (OpenAPI's `discriminator`): `{"kind": "card", ...}` is a
//! card payment. Serde's internally tagged enums take the field away from the
//! alternative, which real documents often declare in each alternative too; here the
//! alternative reads the whole object, field included, and writes it itself when it
//! declares it.

use serde::de::{self, Deserialize, DeserializeOwned, Deserializer};
use serde::ser::{Error as _, Serialize, Serializer};
use serde_json::{Map, Value};

/// Reads a JSON object and finds which of `values` its `field` holds: the value's index
/// and the object, for [`variant`] to read as that alternative.
pub fn read<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &'static str,
    values: &'static [&'static str],
) -> Result<(usize, Value), D::Error> {
    let object = Value::deserialize(deserializer)?;
    let Value::Object(members) = &object else {
        return Err(de::Error::invalid_type(
            unexpected(&object),
            &"a JSON object",
        ));
    };
    let Some(found) = members.get(field) else {
        return Err(de::Error::missing_field(field));
    };
    let Some(text) = found.as_str() else {
        return Err(de::Error::custom(format_args!(
            "`{field}` should be one of {}, not {found}",
            listed(values)
        )));
    };
    match values.iter().position(|v| *v == text) {
        Some(index) => Ok((index, object)),
        None => Err(de::Error::custom(format_args!(
            "`{field}` is `{text}`, which names no type here: expected one of {}",
            listed(values)
        ))),
    }
}

/// Reads the object [`read`] returned as the alternative its field named.
pub fn variant<T: DeserializeOwned, E: de::Error>(object: Value) -> Result<T, E> {
    T::deserialize(object).map_err(E::custom)
}

/// Writes an alternative that does not declare the field itself, the field first.
pub fn write<S: Serializer, T: Serialize>(
    serializer: S,
    field: &str,
    value: &str,
    alternative: &T,
) -> Result<S::Ok, S::Error> {
    let Value::Object(members) = serde_json::to_value(alternative).map_err(S::Error::custom)?
    else {
        return Err(S::Error::custom(
            "a tagged alternative is written as an object",
        ));
    };
    let mut tagged = Map::with_capacity(members.len() + 1);
    tagged.insert(field.to_owned(), Value::String(value.to_owned()));
    tagged.extend(members.into_iter().filter(|(k, _)| k != field));
    tagged.serialize(serializer)
}

fn listed(values: &[&str]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
    quoted.join(", ")
}

fn unexpected(value: &Value) -> de::Unexpected<'_> {
    match value {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(b) => de::Unexpected::Bool(*b),
        Value::Number(_) => de::Unexpected::Other("a number"),
        Value::String(s) => de::Unexpected::Str(s),
        Value::Array(_) => de::Unexpected::Seq,
        Value::Object(_) => de::Unexpected::Map,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VALUES: &[&str] = &["card", "bank"];

    fn read_json(text: &str) -> Result<(usize, Value), serde_json::Error> {
        let mut de = serde_json::Deserializer::from_str(text);
        read(&mut de, "kind", VALUES)
    }

    #[test]
    fn the_field_names_the_alternative_and_stays_in_the_object() {
        let (index, object) = read_json(r#"{"amount": 3, "kind": "bank"}"#).unwrap();
        assert_eq!(index, 1);
        assert_eq!(object["kind"], "bank");
    }

    #[test]
    fn a_missing_or_unknown_value_is_refused_naming_the_field() {
        let missing = read_json(r#"{"amount": 3}"#).unwrap_err().to_string();
        assert!(missing.contains("missing field `kind`"), "{missing}");
        let unknown = read_json(r#"{"kind": "cash"}"#).unwrap_err().to_string();
        assert!(
            unknown.contains(
                "`kind` is `cash`, which names no type here: expected one of `card`, `bank`"
            ),
            "{unknown}"
        );
        let number = read_json(r#"{"kind": 3}"#).unwrap_err().to_string();
        assert!(number.contains("`kind` should be one of"), "{number}");
        let list = read_json("[1]").unwrap_err().to_string();
        assert!(list.contains("expected a JSON object"), "{list}");
    }

    #[test]
    fn an_alternative_without_the_field_is_written_with_it_first() {
        let card = serde_json::json!({ "last4": "4242" });
        let mut out = Vec::new();
        write(
            &mut serde_json::Serializer::new(&mut out),
            "kind",
            "card",
            &card,
        )
        .unwrap();
        let written: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(
            written,
            serde_json::json!({"kind": "card", "last4": "4242"})
        );
    }
}
