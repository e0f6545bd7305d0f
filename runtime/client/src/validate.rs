//! Constraints on values (`min_length`, `pattern`, `minimum`, `max_items`, ...): what
//! generated types check after serde has read a request body, so that every violation is
//! reported at once, each at its JSON path (`items[3].name`). The typed client runs the
//! same checks before it sends a body.
//!
//! Generated records implement [`Validate`] with one call per constrained field; the
//! containers here pass the path down. A value that breaks nothing allocates nothing: the
//! path is a chain of borrowed steps, written out only for a violation.

use std::collections::BTreeMap;
use std::fmt::{self, Display};

/// Where in a body a value is: the body itself, a field, a list's item or a map's entry.
#[derive(Debug, Clone, Copy)]
pub enum At<'a> {
    /// The body itself.
    Body,
    /// A field of the record at the first place.
    Field(&'a At<'a>, &'static str),
    /// An item of the list at the first place.
    Index(&'a At<'a>, usize),
    /// An entry of the map at the first place.
    Key(&'a At<'a>, &'a str),
}

impl Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Body => f.write_str("the body"),
            At::Field(At::Body, name) => f.write_str(name),
            At::Field(parent, name) => write!(f, "{parent}.{name}"),
            At::Index(parent, index) => write!(f, "{parent}[{index}]"),
            At::Key(At::Body, key) => f.write_str(key),
            At::Key(parent, key) => write!(f, "{parent}.{key}"),
        }
    }
}

/// The constraints a value breaks, each with its path.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Violations(Vec<(String, String)>);

impl Violations {
    /// `what` is wrong with the value at `at`.
    pub fn push(&mut self, at: &At<'_>, what: impl Display) {
        self.0.push((at.to_string(), what.to_string()));
    }

    /// True when the value breaks nothing.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Each violation as its path and what is wrong there.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(at, what)| (at.as_str(), what.as_str()))
    }
}

impl Display for Violations {
    /// `name: longer than 10 characters; items[3].id: less than 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (at, what)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{at}: {what}")?;
        }
        Ok(())
    }
}

/// A value whose constraints can be checked: every generated type, and the containers and
/// scalars they hold (which have none of their own).
pub trait Validate {
    /// Adds to `out` every constraint the value at `at` breaks.
    fn validate(&self, at: &At<'_>, out: &mut Violations);

    /// Every constraint the value breaks, read from the body's top.
    fn violations(&self) -> Violations {
        let mut out = Violations::default();
        self.validate(&At::Body, &mut out);
        out
    }
}

/// Values with nothing to check in themselves.
macro_rules! unconstrained {
    ($($ty:ty),* $(,)?) => {
        $(impl Validate for $ty {
            fn validate(&self, _: &At<'_>, _: &mut Violations) {}
        })*
    };
}

unconstrained!(
    String,
    bool,
    i32,
    i64,
    u32,
    u64,
    f32,
    f64,
    serde_json::Value,
    crate::Timestamp,
    crate::Rfc3339Timestamp,
    crate::UnixTimestamp,
    crate::formats::Date,
    crate::formats::Uuid,
    crate::formats::Uri,
    crate::formats::Email,
    crate::formats::Base64,
);

impl<T: Validate> Validate for Vec<T> {
    fn validate(&self, at: &At<'_>, out: &mut Violations) {
        for (index, item) in self.iter().enumerate() {
            item.validate(&At::Index(at, index), out);
        }
    }
}

impl<T: Validate> Validate for Option<T> {
    fn validate(&self, at: &At<'_>, out: &mut Violations) {
        if let Some(value) = self {
            value.validate(at, out);
        }
    }
}

impl<T: Validate> Validate for crate::Tristate<T> {
    fn validate(&self, at: &At<'_>, out: &mut Violations) {
        if let Some(value) = self.value() {
            value.validate(at, out);
        }
    }
}

impl<T: Validate + ?Sized> Validate for Box<T> {
    fn validate(&self, at: &At<'_>, out: &mut Violations) {
        (**self).validate(at, out);
    }
}

impl<T: Validate> Validate for BTreeMap<String, T> {
    fn validate(&self, at: &At<'_>, out: &mut Violations) {
        for (key, value) in self {
            value.validate(&At::Key(at, key), out);
        }
    }
}

/// The checks generated `validate` methods call, one per constraint a field has.
pub mod check {
    use super::{At, Violations};
    use crate::pattern::Pattern;
    use std::fmt::Display;

    /// `min_length` and `max_length`, counted in characters (as JSON Schema counts).
    pub fn length(
        text: &str,
        min: Option<usize>,
        max: Option<usize>,
        at: &At<'_>,
        out: &mut Violations,
    ) {
        let n = text.chars().count();
        if let Some(min) = min.filter(|min| n < *min) {
            out.push(
                at,
                format_args!("shorter than {min} character{}", plural(min)),
            );
        }
        if let Some(max) = max.filter(|max| n > *max) {
            out.push(
                at,
                format_args!("longer than {max} character{}", plural(max)),
            );
        }
    }

    /// `pattern`: the text must contain a match (JSON Schema's patterns are not anchored;
    /// the spec's `^...$` anchors them). A text too costly to check is refused too.
    pub fn pattern(text: &str, pattern: &Pattern, at: &At<'_>, out: &mut Violations) {
        match pattern.find_in(text) {
            Some(true) => {}
            Some(false) => out.push(
                at,
                format_args!("does not match the pattern `{}`", pattern.as_str()),
            ),
            None => out.push(
                at,
                format_args!(
                    "is too costly to check against the pattern `{}`",
                    pattern.as_str()
                ),
            ),
        }
    }

    /// `minimum` (inclusive unless `exclusive`).
    pub fn minimum<T: PartialOrd + Display>(
        value: T,
        bound: T,
        exclusive: bool,
        at: &At<'_>,
        out: &mut Violations,
    ) {
        if exclusive && value <= bound {
            out.push(at, format_args!("not greater than {bound}"));
        } else if value < bound {
            out.push(at, format_args!("less than {bound}"));
        }
    }

    /// `maximum` (inclusive unless `exclusive`).
    pub fn maximum<T: PartialOrd + Display>(
        value: T,
        bound: T,
        exclusive: bool,
        at: &At<'_>,
        out: &mut Violations,
    ) {
        if exclusive && value >= bound {
            out.push(at, format_args!("not less than {bound}"));
        } else if value > bound {
            out.push(at, format_args!("greater than {bound}"));
        }
    }

    /// `values`: the number is one of those listed.
    pub fn listed(value: f64, values: &[f64], at: &At<'_>, out: &mut Violations) {
        if !values.contains(&value) {
            let listed: Vec<String> = values.iter().map(f64::to_string).collect();
            out.push(at, format_args!("not one of {}", listed.join(", ")));
        }
    }

    /// `values` on a boolean: the one it may be (`[true]`, Stripe's `deleted`).
    pub fn listed_flag(value: bool, values: &[bool], at: &At<'_>, out: &mut Violations) {
        if !values.contains(&value) {
            let listed: Vec<String> = values.iter().map(bool::to_string).collect();
            out.push(at, format_args!("not {}", listed.join(" or ")));
        }
    }

    /// `multiple_of` for numbers with a fraction: within a millionth of a multiple.
    pub fn multiple_of(value: f64, step: f64, at: &At<'_>, out: &mut Violations) {
        let ratio = value / step;
        if (ratio - ratio.round()).abs() > 1e-6 * ratio.abs().max(1.0) {
            out.push(at, format_args!("not a multiple of {step}"));
        }
    }

    /// `min_items`/`max_items` of a list, or `min_properties`/`max_properties` of a map:
    /// `what` names what is counted (`item`, `member`).
    pub fn count(
        n: usize,
        min: Option<usize>,
        max: Option<usize>,
        what: &str,
        at: &At<'_>,
        out: &mut Violations,
    ) {
        if let Some(min) = min.filter(|min| n < *min) {
            out.push(at, format_args!("fewer than {min} {what}{}", plural(min)));
        }
        if let Some(max) = max.filter(|max| n > *max) {
            out.push(at, format_args!("more than {max} {what}{}", plural(max)));
        }
    }

    /// `unique_items`: no item equal to an earlier one.
    pub fn unique<T: PartialEq>(items: &[T], at: &At<'_>, out: &mut Violations) {
        let repeated = items
            .iter()
            .enumerate()
            .find(|(i, item)| items[..*i].contains(item));
        if let Some((index, _)) = repeated {
            out.push(at, format_args!("item {index} repeats an earlier one"));
        }
    }

    fn plural(n: usize) -> &'static str {
        if n == 1 { "" } else { "s" }
    }
}

/// Whether this thread is reading a request or writing an answer inside a service: fields
/// that are read-only or write-only are treated so there, and only there (the typed
/// client, reading answers and writing requests with the same types, sees every field).
pub mod direction {
    use std::cell::Cell;

    use serde::de::{Deserialize, Deserializer, Error as _, IgnoredAny};

    /// What the service is doing with the current body.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Direction {
        /// Not inside a service (a client, a test): every field is read and written.
        Neither,
        /// Reading a request body.
        Request,
        /// Writing an answer's body.
        Answer,
    }

    thread_local! {
        static DIRECTION: Cell<Direction> = const { Cell::new(Direction::Neither) };
    }

    /// Runs `f` with the thread marked as doing `direction` (the service's runtime wraps
    /// its reading of requests and writing of answers).
    pub fn within<R>(direction: Direction, f: impl FnOnce() -> R) -> R {
        let before = DIRECTION.with(|d| d.replace(direction));
        let result = f();
        DIRECTION.with(|d| d.set(before));
        result
    }

    fn now() -> Direction {
        DIRECTION.with(Cell::get)
    }

    /// `skip_serializing_if` of a write-only field: left out of a service's answers.
    pub fn write_only<T>(_: &T) -> bool {
        now() == Direction::Answer
    }

    /// `skip_serializing_if` of an optional write-only field.
    pub fn write_only_or_none<T>(value: &Option<T>) -> bool {
        value.is_none() || write_only(value)
    }

    /// `skip_serializing_if` of an optional, nullable write-only field.
    pub fn write_only_or_absent<T>(value: &crate::Tristate<T>) -> bool {
        value.is_absent() || write_only(value)
    }

    /// `deserialize_with` of a read-only field a request may not set: a request that sets
    /// it is refused, naming it.
    pub fn read_only_refused<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        deserializer: D,
    ) -> Result<T, D::Error> {
        if now() == Direction::Request {
            IgnoredAny::deserialize(deserializer)?;
            return Err(D::Error::custom("is read-only: a request may not set it"));
        }
        T::deserialize(deserializer)
    }

    /// `deserialize_with` of a read-only field a request's value is ignored for: the
    /// handler sees the field's default.
    pub fn read_only_ignored<'de, D: Deserializer<'de>, T: Deserialize<'de> + Default>(
        deserializer: D,
    ) -> Result<T, D::Error> {
        read_only_ignored_as(deserializer, T::default)
    }

    /// [`read_only_ignored`] for a field whose default the spec gives: the handler sees
    /// that (`default`, the generated function giving it), and the type needs no
    /// `Default` of its own (an enumeration).
    pub fn read_only_ignored_as<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        deserializer: D,
        default: fn() -> T,
    ) -> Result<T, D::Error> {
        if now() == Direction::Request {
            IgnoredAny::deserialize(deserializer)?;
            return Ok(default());
        }
        T::deserialize(deserializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_written_as_json_paths_and_every_violation_is_kept() {
        let mut out = Violations::default();
        let items = At::Field(&At::Body, "items");
        let third = At::Index(&items, 3);
        check::length(
            &"a".repeat(12),
            Some(1),
            Some(10),
            &At::Field(&third, "name"),
            &mut out,
        );
        check::minimum(0, 1, false, &At::Field(&At::Body, "age"), &mut out);
        check::maximum(
            5.0,
            5.0,
            true,
            &At::Key(&At::Field(&At::Body, "m"), "k"),
            &mut out,
        );
        check::unique(&[1, 2, 1], &At::Body, &mut out);
        check::count(0, Some(1), None, "item", &At::Body, &mut out);
        check::listed(2.0, &[1.0, 2.0], &At::Body, &mut out);
        check::listed(3.0, &[1.0, 2.5], &At::Field(&At::Body, "level"), &mut out);
        check::multiple_of(0.3, 0.1, &At::Body, &mut out);
        check::multiple_of(0.35, 0.1, &At::Field(&At::Body, "step"), &mut out);
        assert_eq!(
            out.to_string(),
            "items[3].name: longer than 10 characters; age: less than 1; m.k: not less than 5; \
             the body: item 2 repeats an earlier one; the body: fewer than 1 item; \
             level: not one of 1, 2.5; step: not a multiple of 0.1"
        );
    }

    #[test]
    fn read_only_and_write_only_fields_change_only_inside_a_service() {
        use direction::{Direction, within};
        let read = |json: &str| -> Result<i64, serde_json::Error> {
            let mut de = serde_json::Deserializer::from_str(json);
            direction::read_only_refused(&mut de)
        };
        assert_eq!(read("7").unwrap(), 7);
        let refused = within(Direction::Request, || read("7")).unwrap_err();
        assert!(refused.to_string().contains("read-only"), "{refused}");
        let ignored = within(Direction::Request, || {
            let mut de = serde_json::Deserializer::from_str("7");
            direction::read_only_ignored::<_, i64>(&mut de)
        });
        assert_eq!(ignored.unwrap(), 0);
        assert!(!direction::write_only(&1));
        assert!(within(Direction::Answer, || direction::write_only(&1)));
    }
}
