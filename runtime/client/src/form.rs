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

/// `deserialize_with` for boolean query options with a default (the runtime fills it in
/// first, so a value is always there).
pub fn deserialize_flag_value<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<bool, D::Error> {
    deserialize_flag(deserializer)?
        .ok_or_else(|| serde::de::Error::custom("a boolean option without a value"))
}

/// `deserialize_with` for `list<string>` query options of `style: comma`: every value the
/// option was given, each split at its commas (`labels=a,b&labels=c` is `a`, `b`, `c`);
/// empty pieces are dropped.
pub fn deserialize_comma_list<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<String>, D::Error> {
    let values = <Vec<String> as serde::Deserialize>::deserialize(deserializer)?;
    Ok(values
        .iter()
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .filter(|piece| !piece.is_empty())
        .map(str::to_owned)
        .collect())
}
