//! A field that a request may leave out, set to `null`, or set to a value: the three states
//! a partial update (`PATCH`, or a `PUT` of changed fields only) has to tell apart.
//!
//! A spec field declared `optional: true` and `nullable: true` becomes a [`Tristate`]. Read
//! from JSON, a missing key is [`Tristate::Absent`], `null` is [`Tristate::Null`] and
//! anything else is [`Tristate::Value`]; written, `Absent` leaves the key out and `Null`
//! writes `null`. [`Tristate::apply`] gives JSON merge patch semantics (RFC 7396): absent
//! keeps the old value, `null` clears it, a value replaces it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Absent, `null`, or a value: what a partial update tells apart. Read from JSON, a missing
/// key is `Absent` and `null` is `Null`; [`apply`](Self::apply) is JSON merge patch.
///
/// ```
/// use restspec_client::Tristate;
///
/// let mut description = Some("old".to_owned());
/// Tristate::<String>::Absent.apply(&mut description);
/// assert_eq!(description.as_deref(), Some("old"));
/// Tristate::Null.apply(&mut description);
/// assert_eq!(description, None);
/// Tristate::Value("new".to_owned()).apply(&mut description);
/// assert_eq!(description.as_deref(), Some("new"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Tristate<T> {
    /// The key was left out: leave the stored value as it is.
    #[default]
    Absent,
    /// The key was `null`: clear the stored value.
    Null,
    /// The key held this value.
    Value(T),
}

impl<T> Tristate<T> {
    /// True for [`Tristate::Absent`]; generated types skip such fields when writing JSON.
    pub fn is_absent(&self) -> bool {
        matches!(self, Tristate::Absent)
    }

    /// The value, if one was given (`None` for absent and for `null`).
    pub fn value(&self) -> Option<&T> {
        match self {
            Tristate::Value(value) => Some(value),
            Tristate::Absent | Tristate::Null => None,
        }
    }

    /// What a request asks for a stored `Option`: `None` when it leaves it alone,
    /// `Some(None)` to clear it, `Some(Some(v))` to set it.
    pub fn into_change(self) -> Option<Option<T>> {
        match self {
            Tristate::Absent => None,
            Tristate::Null => Some(None),
            Tristate::Value(value) => Some(Some(value)),
        }
    }

    /// Merges into a stored value as JSON merge patch does: absent keeps it, `null`
    /// clears it, a value replaces it.
    pub fn apply(self, stored: &mut Option<T>) {
        if let Some(change) = self.into_change() {
            *stored = change;
        }
    }
}

impl<T> From<Option<T>> for Tristate<T> {
    /// `None` is `null`, `Some(v)` a value: what a caller means who sets a field.
    fn from(value: Option<T>) -> Self {
        match value {
            Some(value) => Tristate::Value(value),
            None => Tristate::Null,
        }
    }
}

impl<T: Serialize> Serialize for Tristate<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            // Only reached when a type forgets `skip_serializing_if`: `null` is the
            // nearest honest spelling of "nothing".
            Tristate::Absent | Tristate::Null => serializer.serialize_none(),
            Tristate::Value(value) => serializer.serialize_some(value),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Tristate<T> {
    /// Called only when the key is present (a missing key is the field's `default`,
    /// [`Tristate::Absent`]).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Option::<T>::deserialize(deserializer).map(Tristate::from)
    }
}

/// `deserialize_with` for a field that is `optional` but not `nullable`, in a spec that
/// refuses `null` there (`null_optional_fields: reject`): called only when the key is
/// present (a missing key is the field's `default`, `None`), so `null` is an error naming
/// the field instead of reading as if the key were left out.
pub fn deserialize_not_null<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    match Option::<T>::deserialize(deserializer)? {
        Some(value) => Ok(Some(value)),
        None => Err(serde::de::Error::custom(
            "null is not allowed: leave the field out, or give it a value",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::Tristate;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Changes {
        #[serde(default, skip_serializing_if = "Tristate::is_absent")]
        description: Tristate<String>,
    }

    #[test]
    fn the_three_states_read_from_json() {
        let read = |json: &str| serde_json::from_str::<Changes>(json).map(|c| c.description);
        assert_eq!(read("{}").ok(), Some(Tristate::Absent));
        assert_eq!(read(r#"{"description":null}"#).ok(), Some(Tristate::Null));
        assert_eq!(
            read(r#"{"description":"x"}"#).ok(),
            Some(Tristate::Value("x".to_owned()))
        );
        assert!(read(r#"{"description":1}"#).is_err());
    }

    #[test]
    fn null_is_refused_where_the_field_is_not_nullable() {
        #[derive(Debug, Deserialize)]
        struct Strict {
            #[serde(default, deserialize_with = "super::deserialize_not_null")]
            title: Option<String>,
        }
        let read = |json: &str| serde_json::from_str::<Strict>(json).map(|c| c.title);
        assert_eq!(read("{}").ok(), Some(None));
        assert_eq!(read(r#"{"title":"x"}"#).ok(), Some(Some("x".to_owned())));
        let error = read(r#"{"title":null}"#).unwrap_err().to_string();
        assert!(error.starts_with("null is not allowed"), "{error}");
    }

    #[test]
    fn the_three_states_written_to_json() {
        let write = |description| serde_json::to_string(&Changes { description }).ok();
        assert_eq!(write(Tristate::Absent).as_deref(), Some("{}"));
        assert_eq!(
            write(Tristate::Null).as_deref(),
            Some(r#"{"description":null}"#)
        );
        assert_eq!(
            write(Tristate::Value("x".to_owned())).as_deref(),
            Some(r#"{"description":"x"}"#)
        );
    }
}
