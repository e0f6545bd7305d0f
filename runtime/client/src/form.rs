//! Forms and query strings as the conventions write them: request bodies as HTML forms (for
//! APIs whose spec says `request_bodies: form`), and the spellings of query options the
//! service reads (booleans as `yes`/`on`/`1`, comma-separated lists).

/// A request body as a form, with bracket notation for nested fields and lists
/// (`metadata[plan]=pro`, `expand[0]=a`), the way the runtime reads one.
pub fn to_form<T: serde::Serialize + ?Sized>(body: &T) -> Result<String, String> {
    serde_qs::Config::new()
        .use_form_encoding(true)
        .array_format(serde_qs::ArrayFormat::EmptyIndexed)
        .serialize_string(&body)
        .map_err(|e| e.to_string())
}

/// Reads a boolean option the way the real service does: `true`, `t`, `yes`, `y`, `on`,
/// `1` or no value at all are on; `false`, `f`, `no`, `n`, `off`, `0` are off (any case).
pub fn parse_flag(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "" | "true" | "t" | "yes" | "y" | "on" | "1" => Some(true),
        "false" | "f" | "no" | "n" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// `deserialize_with` for boolean query options (see [`parse_flag`]).
pub fn deserialize_flag<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<bool>, D::Error> {
    let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
    parse_flag(&text).map(Some).ok_or_else(|| {
        serde::de::Error::custom(format!(
            "`{text}` is not a boolean (true/false, yes/no, on/off, 1/0)"
        ))
    })
}

/// `deserialize_with` for a required option of JSON text (`style: json`): the value the
/// text holds.
pub fn deserialize_json_text<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
    serde_json::from_str(&text)
        .map_err(|e| serde::de::Error::custom(format!("not the JSON asked for: {e}")))
}

/// `deserialize_with` for an optional option of JSON text: the value, when the option is
/// given.
pub fn deserialize_json_text_some<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    deserialize_json_text(deserializer).map(Some)
}

/// How deep a nested option's brackets may go below its name (`filters[0][tags][1]` is 3).
const NESTED_DEPTH: usize = 6;

/// The form reader's settings for nested options, as sent and as read.
fn nested_config() -> serde_qs::Config {
    serde_qs::Config::new()
        .max_depth(NESTED_DEPTH)
        .use_form_encoding(true)
}

/// `deserialize_with` for a required option of a record or list written in brackets
/// (`style: deep_object` on such a type): the value its members' keys, which the runtime
/// packs into one value (`filters[0][name]=a&filters[0][id]=1`), hold, each read as its
/// member's type, as a form body's are.
pub fn deserialize_nested_text<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
    // Keyed by the option's name: the one member the packed keys have.
    let read: std::collections::BTreeMap<String, T> = nested_config()
        .deserialize_str(&text)
        .map_err(|e| serde::de::Error::custom(format!("not the value asked for: {e}")))?;
    read.into_values()
        .next()
        .ok_or_else(|| serde::de::Error::custom("members in brackets were expected"))
}

/// `deserialize_with` for an optional option of a record or list written in brackets: the
/// value, when the option is given.
pub fn deserialize_nested_text_some<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    deserialize_nested_text(deserializer).map(Some)
}

/// A nested option's value as the pairs the service reads (`filters[0][name]=a`), keys
/// and values as they are, not yet encoded.
#[cfg(feature = "http")]
pub(crate) fn nested_pairs<V: serde::Serialize + ?Sized>(
    name: &str,
    value: &V,
) -> Result<Vec<(String, String)>, String> {
    let keyed = std::collections::BTreeMap::from([(name, value)]);
    let text = nested_config()
        .array_format(serde_qs::ArrayFormat::Indexed)
        .serialize_string(&keyed)
        .map_err(|e| e.to_string())?;
    Ok(form_urlencoded::parse(text.as_bytes())
        .map(|(key, value)| (key.into_owned(), value.into_owned()))
        .collect())
}

/// `deserialize_with` for boolean query options with a default (the runtime fills it in
/// first, so a value is always there).
pub fn deserialize_flag_value<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<bool, D::Error> {
    deserialize_flag(deserializer)?
        .ok_or_else(|| serde::de::Error::custom("a boolean option without a value"))
}

/// `deserialize_with` for list query options of `style: comma`: every value the option was
/// given, each split at its commas (`labels=a,b&labels=c` is `a`, `b`, `c`), empty pieces
/// dropped, each piece read as the list's item (text, a number, a switch, an
/// enumeration's value).
pub fn deserialize_comma_list<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    let values = <Vec<String> as serde::Deserialize>::deserialize(deserializer)?;
    read_comma_pieces(values.iter().map(String::as_str)).map_err(serde::de::Error::custom)
}

/// Every piece of `values`, each split at its commas (empty pieces dropped), read as a `T`
/// (a comma-separated option, a list header).
pub(crate) fn read_comma_pieces<'a, T: serde::de::DeserializeOwned>(
    values: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<T>, String> {
    values
        .into_iter()
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .filter(|piece| !piece.is_empty())
        .map(read_text)
        .collect()
}

/// A value as the wire writes it in a query or a header: text as it is (an enumeration's
/// value, a date, a UUID), a number or a switch as JSON writes it; nothing for `null`.
pub(crate) fn wire_text<V: serde::Serialize + ?Sized>(value: &V) -> Option<String> {
    match serde_json::to_value(value).ok()? {
        serde_json::Value::String(text) => Some(text),
        serde_json::Value::Null => None,
        other => Some(other.to_string()),
    }
}

/// `text` read as a scalar `T` (a header's value, one piece of a comma-separated list):
/// numbers and switches parsed from it, text and enumeration values as they are.
pub(crate) fn read_text<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    T::deserialize(Text(text)).map_err(|e| e.to_string())
}

/// One piece of text read as a scalar: numbers and switches parsed from it, text and
/// enumeration values as they are.
struct Text<'a>(&'a str);

macro_rules! parsed {
    ($($method:ident => $visit:ident: $ty:ty),* $(,)?) => {
        $(fn $method<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
            match self.0.parse::<$ty>() {
                Ok(value) => visitor.$visit(value),
                Err(_) => Err(serde::de::Error::invalid_value(
                    serde::de::Unexpected::Str(self.0),
                    &visitor,
                )),
            }
        })*
    };
}

impl<'de> serde::Deserializer<'de> for Text<'_> {
    type Error = serde::de::value::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_str(self.0)
    }

    fn deserialize_bool<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match parse_flag(self.0) {
            Some(flag) => visitor.visit_bool(flag),
            None => Err(serde::de::Error::invalid_value(
                serde::de::Unexpected::Str(self.0),
                &visitor,
            )),
        }
    }

    parsed! {
        deserialize_i8 => visit_i8: i8, deserialize_i16 => visit_i16: i16,
        deserialize_i32 => visit_i32: i32, deserialize_i64 => visit_i64: i64,
        deserialize_u8 => visit_u8: u8, deserialize_u16 => visit_u16: u16,
        deserialize_u32 => visit_u32: u32, deserialize_u64 => visit_u64: u64,
        deserialize_f32 => visit_f32: f32, deserialize_f64 => visit_f64: f64,
    }

    fn deserialize_option<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_some(self)
    }

    fn deserialize_enum<V: serde::de::Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        use serde::de::IntoDeserializer;
        let text: serde::de::value::StrDeserializer<'_, Self::Error> = self.0.into_deserializer();
        text.deserialize_enum(name, variants, visitor)
    }

    fn deserialize_newtype_struct<V: serde::de::Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        i128 u128 char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map
        struct identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Deserialize)]
    #[serde(crate = "serde")]
    enum Field {
        #[serde(rename = "id")]
        Id,
        #[serde(rename = "displayName")]
        DisplayName,
    }

    fn list<T: serde::de::DeserializeOwned>(
        values: &[&str],
    ) -> Result<Vec<T>, serde::de::value::Error> {
        use serde::de::IntoDeserializer;
        let values: Vec<String> = values.iter().map(|v| (*v).to_owned()).collect();
        deserialize_comma_list(values.into_deserializer())
    }

    #[test]
    fn each_piece_is_read_as_the_lists_item() {
        assert_eq!(list::<String>(&["a,b", "c"]).unwrap(), ["a", "b", "c"]);
        assert_eq!(list::<i32>(&["1, 2", "", "3"]).unwrap(), [1, 2, 3]);
        assert_eq!(list::<bool>(&["yes,off"]).unwrap(), [true, false]);
        assert_eq!(
            list::<Field>(&["id,displayName"]).unwrap(),
            [Field::Id, Field::DisplayName]
        );
        let error = list::<i32>(&["1,two"]).unwrap_err().to_string();
        assert!(error.contains("two"), "{error}");
        let error = list::<Field>(&["id,mail"]).unwrap_err().to_string();
        assert!(error.contains("unknown variant `mail`"), "{error}");
    }

    /// What the typed client sends for a nested option is what the service packs and reads
    /// back: plain bracketed keys, values as they are.
    #[cfg(feature = "http")]
    #[test]
    fn a_nested_options_pairs_are_its_bracketed_members_and_read_back() {
        let sortings = vec![std::collections::BTreeMap::from([
            ("key", "a b&c"),
            ("value", "[x]"),
        ])];
        let pairs = nested_pairs("sortings", &sortings).unwrap();
        let owned = |(k, v): (&str, &str)| (k.to_owned(), v.to_owned());
        assert_eq!(
            pairs,
            [("sortings[0][key]", "a b&c"), ("sortings[0][value]", "[x]")].map(owned)
        );
        // As the runtime packs them: the pairs form-encoded into one value.
        let mut packed = form_urlencoded::Serializer::new(String::new());
        for (key, value) in &pairs {
            packed.append_pair(key, value);
        }
        let text = packed.finish();
        let read: Vec<std::collections::BTreeMap<String, String>> = deserialize_nested_text(
            serde::de::value::StrDeserializer::<serde::de::value::Error>::new(&text),
        )
        .unwrap();
        assert_eq!(read[0]["key"], "a b&c");
        assert_eq!(read[0]["value"], "[x]");
    }
}
