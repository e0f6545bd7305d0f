//! The string formats a spec can name as types (`date`, `uuid`, `uri`, `email`, `bytes`):
//! each reads only text of its format, so a request whose value is not one is refused
//! where serde reads it, with the field's path, before any handler runs. Shared with the
//! typed client, which reads answers with the same types.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use base64::Engine as _;
use serde::de::{self, Deserialize, Deserializer};
use serde::{Serialize, Serializer};

pub use uuid::Uuid;

/// A calendar date without a time zone, written `2026-11-28` (OpenAPI's `format: date`,
/// RFC 3339's `full-date`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Date(pub jiff::civil::Date);

impl Date {
    /// The date of `year`, `month` (1 to 12) and `day`; `None` when there is no such day.
    pub fn new(year: i16, month: i8, day: i8) -> Option<Date> {
        jiff::civil::Date::new(year, month, day).ok().map(Date)
    }

    /// Days from 1970-01-01 to this date (negative before it): with 86,400 seconds a day,
    /// the Unix time of its midnight in UTC.
    pub fn days_since_unix_epoch(&self) -> i32 {
        self.0
            .since(jiff::civil::Date::constant(1970, 1, 1))
            .map_or(0, |span| span.get_days())
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Date {
    type Err = String;

    fn from_str(text: &str) -> Result<Date, String> {
        // jiff reads a date with a time after it too; a date is the ten characters alone.
        if text.len() != 10 {
            return Err(format!("`{text}` is not a date (yyyy-mm-dd)"));
        }
        text.parse::<jiff::civil::Date>()
            .map(Date)
            .map_err(|_| format!("`{text}` is not a date (yyyy-mm-dd)"))
    }
}

/// Text checked by `check` when read: what [`Uri`] and [`Email`] share.
macro_rules! checked_text {
    ($(#[$doc:meta])* $name:ident, $check:path) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name(String);

        impl $name {
            /// The text, if it is one.
            pub fn new(text: impl Into<String>) -> Result<$name, String> {
                let text = text.into();
                $check(&text)?;
                Ok($name(text))
            }

            /// The text.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The text, owned.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl FromStr for $name {
            type Err = String;

            fn from_str(text: &str) -> Result<$name, String> {
                $name::new(text)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$name, D::Error> {
                let text = String::deserialize(deserializer)?;
                $name::new(text).map_err(de::Error::custom)
            }
        }
    };
}

checked_text!(
    /// An absolute URI (`https://example.com/a?b`; OpenAPI's `format: uri`, RFC 3986): a
    /// scheme, `:`, and the rest without spaces or control characters. Kept as written.
    Uri,
    check_uri
);

checked_text!(
    /// An e-mail address (`alice@example.com`; OpenAPI's `format: email`): text before and
    /// after one `@`, without spaces. Kept as written; whether it receives mail is not
    /// something a service can see in it.
    Email,
    check_email
);

fn check_uri(text: &str) -> Result<(), String> {
    let scheme = text.split_once(':').map(|(scheme, _)| scheme);
    let scheme_ok = scheme.is_some_and(|s| {
        s.starts_with(|c: char| c.is_ascii_alphabetic())
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    if scheme_ok && !text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        Ok(())
    } else {
        Err(format!(
            "`{text}` is not an absolute URI (a scheme, `:`, and no spaces)"
        ))
    }
}

fn check_email(text: &str) -> Result<(), String> {
    let fits = text.rsplit_once('@').is_some_and(|(local, domain)| {
        !local.is_empty()
            && !domain.is_empty()
            && !domain.contains('@')
            && !text.chars().any(|c| c.is_whitespace() || c.is_control())
    });
    if fits {
        Ok(())
    } else {
        Err(format!("`{text}` is not an e-mail address"))
    }
}

/// Bytes, written in JSON as base64 text (OpenAPI's `format: byte`, RFC 4648 with its
/// padding; read with or without it).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Base64(pub Vec<u8>);

/// Standard base64, padding optional when reading.
const BASE64: base64::engine::GeneralPurpose = base64::engine::GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    base64::engine::GeneralPurposeConfig::new()
        .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
);

impl Deref for Base64 {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl From<Vec<u8>> for Base64 {
    fn from(bytes: Vec<u8>) -> Base64 {
        Base64(bytes)
    }
}

impl Serialize for Base64 {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&BASE64.encode(&self.0))
    }
}

impl<'de> Deserialize<'de> for Base64 {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Base64, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        BASE64
            .decode(text.as_bytes())
            .map(Base64)
            .map_err(|_| de::Error::custom("not base64 text"))
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Date, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_reads_its_text_and_refuses_other_text() {
        let date: Date = serde_json::from_str(r#""2026-11-28""#).unwrap();
        assert_eq!(date, Date::new(2026, 11, 28).unwrap());
        assert_eq!(serde_json::to_string(&date).unwrap(), r#""2026-11-28""#);
        assert!(serde_json::from_str::<Date>(r#""2026-02-30""#).is_err());
        assert!(serde_json::from_str::<Date>(r#""2026-11-28T00:00:00Z""#).is_err());

        assert!(serde_json::from_str::<Uri>(r#""https://example.com/a b""#).is_err());
        assert!(serde_json::from_str::<Uri>(r#""/relative""#).is_err());
        assert_eq!(
            serde_json::from_str::<Uri>(r#""urn:isbn:0451450523""#)
                .unwrap()
                .as_str(),
            "urn:isbn:0451450523"
        );
        assert!(serde_json::from_str::<Email>(r#""alice@example.com""#).is_ok());
        assert!(serde_json::from_str::<Email>(r#""alice""#).is_err());
        assert!(serde_json::from_str::<Email>(r#""@example.com""#).is_err());

        let bytes: Base64 = serde_json::from_str(r#""aGk""#).unwrap();
        assert_eq!(&*bytes, b"hi");
        assert_eq!(serde_json::to_string(&bytes).unwrap(), r#""aGk=""#);
        assert!(serde_json::from_str::<Base64>(r#""a*b""#).is_err());

        let id: Uuid = serde_json::from_str(r#""67e55044-10b1-426f-9247-bb680e5fe0c8""#).unwrap();
        assert_eq!(id.get_version_num(), 4);
        assert!(serde_json::from_str::<Uuid>(r#""67e55044""#).is_err());
    }
}
