//! Whether a format's text is what the service writes back after reading it: the runtime
//! reads a date, a UUID, a timestamp or base64 into a value and writes that value in one
//! spelling (`2026-01-02`, lower-case hyphenated UUIDs, its timestamp format, padded
//! base64), and refuses a URI or an e-mail address that is not one. An example a service
//! must answer exactly (an imported document's, answered by a mock) holds only such text;
//! a hand-written example that breaks a format fails its own test instead.
//!
//! The rules are those of `restspec_client`'s types, written again here because the
//! generator does not depend on the runtime.

use crate::model::{Scalar, TimestampFormat};

/// `text`, a value of `scalar`, is read and written back unchanged.
pub(super) fn scalar(scalar: Scalar, text: &str) -> bool {
    match scalar {
        Scalar::Date => date(text),
        Scalar::Uuid => uuid(text),
        Scalar::Uri => uri(text),
        Scalar::Email => email(text),
        Scalar::Base64 => base64(text),
        Scalar::Int32 | Scalar::Int64 | Scalar::Uint32 | Scalar::Uint64 => true,
        Scalar::Float | Scalar::Double => true,
    }
}

/// `text`, a timestamp in `format`, is read and written back unchanged.
pub(super) fn timestamp(format: TimestampFormat, text: &str) -> bool {
    let Some((day, time)) = text.split_at_checked(10) else {
        return false;
    };
    if !date(day) {
        return false;
    }
    match format {
        // `T`, the time, a fraction without trailing zeros, `Z`: as jiff writes UTC.
        TimestampFormat::Rfc3339 => {
            let Some(time) = time.strip_prefix('T').and_then(|t| t.strip_suffix('Z')) else {
                return false;
            };
            let (clock, fraction) = time.split_once('.').unwrap_or((time, ""));
            clock_time(clock)
                && (fraction.is_empty()
                    || (fraction.len() <= 9 && digits(fraction) && !fraction.ends_with('0')))
        }
        TimestampFormat::Nanos => {
            let Some((clock, fraction)) = time.strip_prefix(' ').and_then(|t| t.split_once('.'))
            else {
                return false;
            };
            clock_time(clock) && fraction.len() == 9 && digits(fraction)
        }
        TimestampFormat::UnixSeconds => false,
    }
}

fn digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// `2026-01-31`: a year of four digits, a month and a day that exist.
fn date(text: &str) -> bool {
    crate::calendar::date(text).is_some()
}

/// `23:59:59`.
fn clock_time(text: &str) -> bool {
    let parts: Vec<&str> = text.split(':').collect();
    let [hour, minute, second] = parts[..] else {
        return false;
    };
    let two = |part: &str, most: u32| {
        part.len() == 2 && digits(part) && part.parse::<u32>().is_ok_and(|n| n <= most)
    };
    two(hour, 23) && two(minute, 59) && two(second, 59)
}

/// Lower-case hex in groups of 8-4-4-4-12.
fn uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.iter().map(|g| g.len()).eq([8, 4, 4, 4, 12])
        && groups.iter().all(|g| {
            g.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        })
}

/// A scheme, `:`, and no spaces or control characters.
fn uri(text: &str) -> bool {
    let scheme = text.split_once(':').map(|(scheme, _)| scheme);
    let scheme_ok = scheme.is_some_and(|s| {
        s.starts_with(|c: char| c.is_ascii_alphabetic())
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    scheme_ok && !text.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// Text before and after one `@`, no spaces.
fn email(text: &str) -> bool {
    text.rsplit_once('@').is_some_and(|(local, domain)| {
        !local.is_empty()
            && !domain.is_empty()
            && !domain.contains('@')
            && !text.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}

/// Standard base64 with its padding, whose last character carries no stray bits.
fn base64(text: &str) -> bool {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let body = text.trim_end_matches('=');
    let padding = text.len() - body.len();
    if !text.len().is_multiple_of(4) || padding > 2 || !body.bytes().all(|b| ALPHABET.contains(&b))
    {
        return false;
    }
    // The bits of the last character past the bytes it ends must be zero.
    let last = body
        .bytes()
        .last()
        .and_then(|b| ALPHABET.iter().position(|a| *a == b));
    match (padding, last) {
        (1, Some(value)) => value & 0b11 == 0,
        (2, Some(value)) => value & 0b1111 == 0,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_spelling_the_service_writes_is_kept() {
        assert!(scalar(Scalar::Date, "2024-02-29"));
        assert!(!scalar(Scalar::Date, "2023-02-29"));
        assert!(!scalar(Scalar::Date, "2025-10-15T13:51:01.967Z"));
        assert!(scalar(Scalar::Uuid, "67e55044-10b1-426f-9247-bb680e5fe0c8"));
        assert!(!scalar(
            Scalar::Uuid,
            "67E55044-10B1-426F-9247-BB680E5FE0C8"
        ));
        assert!(scalar(Scalar::Base64, "aGk="));
        assert!(!scalar(Scalar::Base64, "aGl="));
        assert!(!scalar(Scalar::Base64, "aGk"));
        assert!(scalar(Scalar::Uri, "https://example.com/a?b"));
        assert!(!scalar(Scalar::Uri, "/relative"));
        assert!(!scalar(Scalar::Email, "nobody"));
        let rfc = |t| timestamp(TimestampFormat::Rfc3339, t);
        assert!(rfc("2025-10-15T13:51:01.967Z"));
        assert!(rfc("2025-10-15T13:51:01Z"));
        assert!(!rfc("2025-10-15T13:51:01.960Z"));
        assert!(!rfc("2025-10-15T13:51:01+02:00"));
        assert!(!rfc("2025-10-15"));
        assert!(timestamp(
            TimestampFormat::Nanos,
            "2026-11-22 07:24:05.000000000"
        ));
        assert!(!timestamp(TimestampFormat::Nanos, "2026-11-22 07:24:05"));
    }
}
