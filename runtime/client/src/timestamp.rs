//! Timestamps as the protocol writes them (protocol 2.3): UTC, `yyyy-mm-dd hh:mm:ss.fffffffff` (nine digits
//! of nanoseconds), serialised to and from JSON strings in that format.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A point in time, written `2026-11-22 07:24:05.000000000` in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(jiff::Timestamp);

const FORMAT: &str = "%Y-%m-%d %H:%M:%S%.9f";

impl Timestamp {
    /// The current time.
    pub fn now() -> Self {
        Timestamp(jiff::Timestamp::now())
    }

    /// From nanoseconds since the Unix epoch; `None` when out of range.
    pub fn from_unix_nanos(nanos: i128) -> Option<Self> {
        jiff::Timestamp::from_nanosecond(nanos).ok().map(Timestamp)
    }

    /// Nanoseconds since the Unix epoch.
    pub fn as_unix_nanos(&self) -> i128 {
        self.0.as_nanosecond()
    }

    /// Milliseconds since the Unix epoch.
    pub fn as_unix_millis(&self) -> i64 {
        self.0.as_millisecond()
    }

    /// The same instant as a [`SystemTime`](std::time::SystemTime).
    pub fn to_system_time(&self) -> std::time::SystemTime {
        std::time::SystemTime::from(self.0)
    }

    /// From a [`SystemTime`](std::time::SystemTime); `None` when out of range.
    pub fn from_system_time(time: std::time::SystemTime) -> Option<Self> {
        jiff::Timestamp::try_from(time).ok().map(Timestamp)
    }

    /// Parses the protocol's format.
    pub fn parse(text: &str) -> Result<Self, String> {
        jiff::civil::DateTime::strptime(FORMAT, text)
            .or_else(|_| jiff::civil::DateTime::strptime("%Y-%m-%d %H:%M:%S", text))
            .and_then(|dt| dt.to_zoned(jiff::tz::TimeZone::UTC))
            .map(|zoned| Timestamp(zoned.timestamp()))
            .map_err(|e| {
                format!("invalid timestamp `{text}`, expected `yyyy-mm-dd hh:mm:ss.fffffffff`: {e}")
            })
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let civil = jiff::tz::TimeZone::UTC.to_datetime(self.0);
        match write_civil(&civil) {
            Some(text) => f.write_str(text.as_str()),
            // Years before 0 (jiff goes back to -9999): strftime's sign and padding.
            None => write!(f, "{}", civil.strftime(FORMAT)),
        }
    }
}

/// `yyyy-mm-dd hh:mm:ss.fffffffff`, written digit by digit: every JSON answer with a date
/// writes it, and `strftime` interprets its format string each time. `None` for a year
/// outside 0 to 9999.
fn write_civil(civil: &jiff::civil::DateTime) -> Option<Written> {
    let year = u32::try_from(civil.year()).ok().filter(|y| *y <= 9999)?;
    let mut out = Written([0; 29]);
    let fields: [(u32, usize, usize); 7] = [
        (year, 0, 4),
        (u32::from(civil.month().unsigned_abs()), 5, 2),
        (u32::from(civil.day().unsigned_abs()), 8, 2),
        (u32::from(civil.hour().unsigned_abs()), 11, 2),
        (u32::from(civil.minute().unsigned_abs()), 14, 2),
        (u32::from(civil.second().unsigned_abs()), 17, 2),
        (civil.subsec_nanosecond().unsigned_abs(), 20, 9),
    ];
    for (value, at, width) in fields {
        let mut value = value;
        for slot in out.0[at..at + width].iter_mut().rev() {
            *slot = b'0' + (value % 10) as u8;
            value /= 10;
        }
    }
    for (at, separator) in [
        (4, b'-'),
        (7, b'-'),
        (10, b' '),
        (13, b':'),
        (16, b':'),
        (19, b'.'),
    ] {
        out.0[at] = separator;
    }
    Some(out)
}

/// A timestamp's 29 ASCII bytes.
struct Written([u8; 29]);

impl Written {
    fn as_str(&self) -> &str {
        // Only ASCII digits and separators were written.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        Timestamp::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A point in time written as RFC 3339 (`2026-11-22T07:24:05Z`), for services whose spec
/// says `timestamp_format: rfc3339`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rfc3339Timestamp(jiff::Timestamp);

impl Rfc3339Timestamp {
    /// The current time.
    pub fn now() -> Self {
        Rfc3339Timestamp(jiff::Timestamp::now())
    }

    /// From nanoseconds since the Unix epoch; `None` when out of range.
    pub fn from_unix_nanos(nanos: i128) -> Option<Self> {
        jiff::Timestamp::from_nanosecond(nanos)
            .ok()
            .map(Rfc3339Timestamp)
    }

    /// Nanoseconds since the Unix epoch.
    pub fn as_unix_nanos(&self) -> i128 {
        self.0.as_nanosecond()
    }
}

impl fmt::Display for Rfc3339Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl Serialize for Rfc3339Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rfc3339Timestamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        text.parse::<jiff::Timestamp>()
            .map(Rfc3339Timestamp)
            .map_err(serde::de::Error::custom)
    }
}

/// A point in time written as whole seconds since the Unix epoch (`1735689600`), for
/// services whose spec says `timestamp_format: unix_seconds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnixTimestamp(i64);

impl UnixTimestamp {
    /// The current time, to the second.
    pub fn now() -> Self {
        UnixTimestamp(jiff::Timestamp::now().as_second())
    }

    /// From seconds since the Unix epoch.
    pub fn from_unix_seconds(seconds: i64) -> Self {
        UnixTimestamp(seconds)
    }

    /// Seconds since the Unix epoch.
    pub fn as_unix_seconds(&self) -> i64 {
        self.0
    }
}

impl fmt::Display for UnixTimestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl Serialize for UnixTimestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i64(self.0)
    }
}

impl<'de> Deserialize<'de> for UnixTimestamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        i64::deserialize(deserializer).map(UnixTimestamp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unix_seconds_are_a_bare_number() {
        let t: UnixTimestamp = serde_json::from_str("1735689600").expect("parses");
        assert_eq!(t.as_unix_seconds(), 1_735_689_600);
        assert_eq!(
            serde_json::to_string(&t).ok().as_deref(),
            Some("1735689600")
        );
        assert!(serde_json::from_str::<UnixTimestamp>("\"1735689600\"").is_err());
    }

    #[test]
    fn writes_nine_digits_of_nanoseconds_in_utc() {
        let t = Timestamp::from_unix_nanos(1_533_885_943_749_000_123).expect("in range");
        assert_eq!(t.to_string(), "2018-08-10 07:25:43.749000123");
        assert_eq!(
            serde_json::to_string(&t).expect("serialises"),
            "\"2018-08-10 07:25:43.749000123\""
        );
    }

    #[test]
    fn writes_the_same_as_strftime_across_the_range() {
        // Digit by digit for years 0 to 9999, strftime elsewhere: both agree.
        for nanos in [
            jiff::Timestamp::MIN.as_nanosecond(),
            -62_167_219_200_000_000_001, // 0000-01-01 less 1 ns: year -1
            -62_167_219_200_000_000_000, // 0000-01-01
            -1,
            0,
            951_782_400_000_000_007, // 2000-02-29
            1_767_225_599_999_999_999,
            jiff::Timestamp::MAX.as_nanosecond(),
        ] {
            let t = Timestamp::from_unix_nanos(nanos).expect("in range");
            let civil = jiff::tz::TimeZone::UTC.to_datetime(t.0);
            assert_eq!(t.to_string(), civil.strftime(FORMAT).to_string(), "{nanos}");
        }
        assert_eq!(
            Timestamp::from_unix_nanos(-1)
                .expect("in range")
                .to_string(),
            "1969-12-31 23:59:59.999999999"
        );
    }

    #[test]
    fn reads_what_it_writes_and_rejects_other_formats() {
        let t: Timestamp =
            serde_json::from_str("\"2018-08-10 07:25:43.749000123\"").expect("parses");
        assert_eq!(t.as_unix_nanos(), 1_533_885_943_749_000_123);
        assert!(serde_json::from_str::<Timestamp>("\"2018-08-10T07:25:43Z\"").is_err());
    }

    #[test]
    fn rfc3339_round_trips() {
        let t: Rfc3339Timestamp =
            serde_json::from_str("\"2018-08-10T07:25:43.5Z\"").expect("parses");
        assert_eq!(t.as_unix_nanos(), 1_533_885_943_500_000_000);
        assert_eq!(
            serde_json::to_string(&t).expect("serialises"),
            "\"2018-08-10T07:25:43.5Z\""
        );
    }
}
