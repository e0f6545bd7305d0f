//! The least scalar values the rules allow: text (a pattern, a format, lengths), whole
//! numbers and numbers (bounds, exclusive or not, and a step), timestamps. `nth` tells the
//! items of a list apart where it asks for unique items; the first item is the least.

use serde_json::Value;

use super::pattern;
use crate::model::{FieldRules, TimestampFormat};

/// The least text the rules allow: one matching the pattern, of the format stated (the
/// spec's own, `format`, or one the spec has a type for, `scalar_format`), between
/// `min_length` and `max_length` characters long.
pub(super) fn text(rules: &FieldRules, scalar_format: Option<&str>, nth: usize) -> String {
    let min = rules.min_length.unwrap_or(0) as usize;
    let max = rules.max_length.map_or(usize::MAX, |m| m as usize);
    let format = scalar_format.or(rules.format.as_deref());
    let example = format.and_then(|f| format_example(f, nth));
    let pattern_example = rules
        .pattern
        .as_deref()
        .and_then(|p| pattern::example(p, min, max, nth));
    if let (Some(pattern), Some(found)) = (rules.pattern.as_deref(), &pattern_example) {
        // A format and a pattern together: the format's example where the pattern takes
        // it, else a local part before what the pattern builds (`user` before
        // `@shop.example`), else what the pattern builds.
        let fits = |text: &str| {
            let length = text.chars().count();
            (min..=max).contains(&length) && pattern::matches(pattern, text)
        };
        let candidates = [
            example.as_ref().map(|(text, _)| text.clone()),
            format.map(|_| format!("user{found}")),
        ];
        return candidates
            .into_iter()
            .flatten()
            .find(|text| fits(text))
            .unwrap_or_else(|| found.clone());
    }
    let (mut text, pad_at) = example.unwrap_or_else(|| (suffix(nth), Some(0)));
    // Lengthened where the format takes letters: an e-mail's local part, a URI's path.
    if let Some(at) = pad_at {
        let missing = min.saturating_sub(text.chars().count());
        text.insert_str(at, &"a".repeat(missing));
    }
    text
}

/// A value of a string format, and where letters may go to lengthen it (`None` for one of
/// a fixed length); `None` for a format without a definition.
fn format_example(format: &str, nth: usize) -> Option<(String, Option<usize>)> {
    let fixed = |text: &str| Some((text.to_owned(), None));
    let at_end = |text: String| {
        let end = text.len();
        Some((text, Some(end)))
    };
    match format {
        "date-time" => fixed(&format!("2000-01-01T00:00:{:02}Z", nth % 60)),
        "date" => fixed(&format!("2000-01-{:02}", 1 + nth % 28)),
        "time" => fixed(&format!("00:00:{:02}Z", nth % 60)),
        "duration" => fixed(&format!("P{}D", nth + 1)),
        "email" | "idn-email" => Some((format!("user{}@example.com", suffix(nth)), Some(4))),
        "hostname" | "idn-hostname" => Some((format!("a{}.example.com", suffix(nth)), Some(1))),
        "ipv4" => fixed(&format!("127.0.0.{}", 1 + nth % 254)),
        "ipv6" => fixed(&format!("::{:x}", 1 + nth)),
        "uri" | "iri" | "uri-reference" | "iri-reference" | "url" => {
            at_end(format!("https://example.com/{}", suffix(nth)))
        }
        "uri-template" => at_end(format!("https://example.com/{{id}}{}", suffix(nth))),
        "uuid" => fixed(&format!("00000000-0000-4000-8000-{nth:012}")),
        "byte" | "base64" => {
            let text = if nth == 0 {
                String::new()
            } else {
                format!("{nth:04}")
            };
            Some((text, None))
        }
        "relative-json-pointer" => fixed(&nth.to_string()),
        "regex" => fixed(".*"),
        _ => None,
    }
}

/// A base64 text of at least `min_length` characters (a multiple of four, so it decodes).
pub(super) fn base64(rules: &FieldRules, nth: usize) -> String {
    let length = rules.min_length.unwrap_or(0).div_ceil(4) as usize * 4;
    let mut encoded = "A".repeat(length);
    if nth > 0 {
        encoded.push_str(&format!("{:04}", nth % 10_000));
    }
    encoded
}

/// A number suffix telling the `nth` item apart (nothing for the first).
pub(super) fn suffix(nth: usize) -> String {
    if nth == 0 {
        String::new()
    } else {
        nth.to_string()
    }
}

/// A timestamp in the service's format.
pub(super) fn timestamp(format: TimestampFormat, nth: usize) -> Value {
    let second = nth % 60;
    match format {
        TimestampFormat::Nanos => Value::String(format!("2000-01-01 00:00:{second:02}.000000000")),
        TimestampFormat::Rfc3339 => Value::String(format!("2000-01-01T00:00:{second:02}Z")),
        TimestampFormat::UnixSeconds => Value::from(946_684_800 + second as i64),
    }
}

/// The least whole number within the rules and `[low, high]` (the Rust type's range): the
/// least multiple of the step from the minimum up, else the greatest from a maximum below
/// zero down, else zero; the `nth` item is `nth` steps further, while the bounds allow.
pub(super) fn integer(rules: &FieldRules, nth: usize, low: f64, high: f64) -> Value {
    if let Some(value) = listed(rules, nth) {
        return value;
    }
    let step = rules.multiple_of.filter(|m| *m > 0.0).unwrap_or(1.0);
    // The bounds as whole numbers allowed.
    let from = rules
        .minimum
        .map(|m| {
            if m.exclusive {
                m.value.floor() + 1.0
            } else {
                m.value.ceil()
            }
        })
        .map_or(low, |f| f.max(low));
    let to = rules
        .maximum
        .map(|m| {
            if m.exclusive {
                m.value.ceil() - 1.0
            } else {
                m.value.floor()
            }
        })
        .map_or(high, |t| t.min(high));
    let least = (from / step).ceil() * step;
    let greatest = (to / step).floor() * step;
    let value = if rules.minimum.is_some() {
        further(least, nth as f64 * step, greatest)
    } else if rules.maximum.is_some() && greatest < 0.0 {
        // Down from a maximum below zero.
        further(greatest, -(nth as f64) * step, least)
    } else {
        // Zero is a multiple of every step.
        further(least.max(0.0), nth as f64 * step, greatest)
    };
    // Whole numbers of an `i64` or `u64` are what the generated types read.
    if value >= 0.0 {
        Value::from(value as u64)
    } else {
        Value::from(value as i64)
    }
}

/// The `nth` of the values a number or boolean may be, where the rules list them
/// (`values`).
pub(super) fn listed(rules: &FieldRules, nth: usize) -> Option<Value> {
    let values = rules.values.as_ref().filter(|v| !v.is_empty())?;
    Some(values[nth % values.len()].clone())
}

/// `start` moved by `by`, unless that passes `limit`: then `start`.
fn further(start: f64, by: f64, limit: f64) -> f64 {
    let moved = start + by;
    let past = if by >= 0.0 {
        moved > limit
    } else {
        moved < limit
    };
    if past { start } else { moved }
}

/// The least number within the rules: as [`integer`], but an exclusive bound is kept to
/// with a fraction where the bounds leave no whole number (halfway between them), and the
/// `nth` item moves towards the upper bound without reaching it.
pub(super) fn number(rules: &FieldRules, nth: usize) -> Value {
    if let Some(value) = listed(rules, nth) {
        return value;
    }
    let allowed = |v: f64| {
        rules.minimum.is_none_or(|m| {
            if m.exclusive {
                v > m.value
            } else {
                v >= m.value
            }
        }) && rules.maximum.is_none_or(|m| {
            if m.exclusive {
                v < m.value
            } else {
                v <= m.value
            }
        })
    };
    let value = match rules.multiple_of.filter(|m| *m > 0.0) {
        Some(step) => stepped(rules, step, nth, &allowed),
        None => unstepped(rules, nth),
    };
    let value = if allowed(value) {
        value
    } else {
        unstepped(rules, 0)
    };
    serde_json::Number::from_f64(value).map_or(Value::Null, Value::Number)
}

/// A multiple of `step` within the bounds: the least from the minimum up, the greatest
/// from a maximum down, or zero.
fn stepped(rules: &FieldRules, step: f64, nth: usize, allowed: &dyn Fn(f64) -> bool) -> f64 {
    let start = match (rules.minimum, rules.maximum) {
        (Some(m), _) => (m.value / step).ceil() * step,
        (None, Some(m)) if m.value < 0.0 => (m.value / step).floor() * step,
        _ => 0.0,
    };
    // The bound itself may be excluded: one step inwards.
    let inwards = if rules.minimum.is_some() || rules.maximum.is_none_or(|m| m.value >= 0.0) {
        step
    } else {
        -step
    };
    let first = if allowed(start) {
        start
    } else {
        start + inwards
    };
    let nth = first + nth as f64 * inwards;
    if allowed(nth) { nth } else { first }
}

/// A number within the bounds, with no step: the minimum (or halfway to the maximum, or
/// one above, when it is excluded), else just below a maximum at or below zero, else zero;
/// the `nth` item part of the way to the maximum.
fn unstepped(rules: &FieldRules, nth: usize) -> f64 {
    let to = rules.maximum.map(|m| m.value);
    let first = match (rules.minimum, to) {
        (Some(m), Some(to)) if m.exclusive => (m.value + to) / 2.0,
        (Some(m), None) if m.exclusive => m.value + 1.0,
        (Some(m), _) => m.value,
        (None, Some(to)) if to <= 0.0 => to - 1.0,
        _ => 0.0,
    };
    if nth == 0 {
        return first;
    }
    match to {
        Some(to) => first + (to - first) * nth as f64 / (nth as f64 + 1.0),
        None => first + nth as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Bound;

    fn bound(value: f64, exclusive: bool) -> Option<Bound> {
        Some(Bound { value, exclusive })
    }

    const WIDE: (f64, f64) = (-1e18, 1e18);

    #[test]
    fn whole_numbers_keep_their_bounds_and_steps() {
        let rules = FieldRules {
            minimum: bound(3.0, true),
            multiple_of: Some(5.0),
            ..FieldRules::default()
        };
        assert_eq!(integer(&rules, 0, WIDE.0, WIDE.1), Value::from(5));
        assert_eq!(integer(&rules, 1, WIDE.0, WIDE.1), Value::from(10));
        let below = FieldRules {
            maximum: bound(-1.0, false),
            multiple_of: Some(5.0),
            ..FieldRules::default()
        };
        assert_eq!(integer(&below, 0, WIDE.0, WIDE.1), Value::from(-5));
        assert_eq!(integer(&below, 1, WIDE.0, WIDE.1), Value::from(-10));
        let exclusive = FieldRules {
            maximum: bound(-2.0, true),
            ..FieldRules::default()
        };
        assert_eq!(integer(&exclusive, 0, WIDE.0, WIDE.1), Value::from(-3));
        assert_eq!(integer(&FieldRules::default(), 0, 0.0, 1e9), Value::from(0));
    }

    #[test]
    fn later_items_stay_within_the_bounds() {
        let one = FieldRules {
            minimum: bound(1.0, false),
            maximum: bound(1.0, false),
            ..FieldRules::default()
        };
        assert_eq!(integer(&one, 3, WIDE.0, WIDE.1), Value::from(1));
        let open = FieldRules {
            minimum: bound(0.0, true),
            maximum: bound(1.0, true),
            ..FieldRules::default()
        };
        for nth in 0..5 {
            let value = number(&open, nth).as_f64().expect("a number");
            assert!(value > 0.0 && value < 1.0, "{nth}: {value}");
        }
    }

    #[test]
    fn numbers_keep_exclusive_bounds_and_steps() {
        let open = FieldRules {
            minimum: bound(0.0, true),
            maximum: bound(1.0, true),
            ..FieldRules::default()
        };
        assert_eq!(number(&open, 0), serde_json::json!(0.5));
        let below = FieldRules {
            maximum: bound(-1.0, false),
            multiple_of: Some(5.0),
            ..FieldRules::default()
        };
        assert_eq!(number(&below, 0), serde_json::json!(-5.0));
        let excluded = FieldRules {
            minimum: bound(10.0, true),
            multiple_of: Some(5.0),
            ..FieldRules::default()
        };
        assert_eq!(number(&excluded, 0), serde_json::json!(15.0));
    }

    #[test]
    fn text_has_its_length_format_and_pattern() {
        let rules = FieldRules {
            min_length: Some(3),
            ..FieldRules::default()
        };
        assert_eq!(text(&rules, None, 0), "aaa");
        let rules = FieldRules {
            format: Some("ipv4".to_owned()),
            ..FieldRules::default()
        };
        assert_eq!(text(&rules, None, 0), "127.0.0.1");
        let rules = FieldRules {
            pattern: Some("^[A-Z]{2}-\\d+$".to_owned()),
            ..FieldRules::default()
        };
        assert_eq!(text(&rules, None, 0), "AA-0");
    }

    #[test]
    fn a_format_keeps_its_pattern_and_length() {
        let shop = FieldRules {
            pattern: Some("@corner-shop\\.example$".to_owned()),
            ..FieldRules::default()
        };
        assert_eq!(text(&shop, Some("email"), 0), "user@corner-shop.example");
        let long = FieldRules {
            min_length: Some(20),
            ..FieldRules::default()
        };
        assert_eq!(text(&long, Some("email"), 0), "useraaaa@example.com");
        assert_eq!(text(&long, Some("uri"), 0), "https://example.com/");
    }
}
