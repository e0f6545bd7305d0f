//! What a schema says besides its type, read as the spec's field keys (`min_length`,
//! `pattern`, `exclusive_minimum`, `default`, `read_only`, ...): carried where the schema
//! is a record's field, each a loss where it cannot be (a keyword for another kind of
//! value, a pattern the service cannot check, a list's item, a body).

use serde_json::{Map, Value};

use super::{Types, Use};
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::yaml_out::Yaml;

/// One field key the schema at `pointer` gives, from its OpenAPI `keyword`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Rule {
    /// The spec's key (`min_length`).
    pub(crate) key: &'static str,
    /// Its value.
    pub(crate) value: Yaml,
    /// Where the keyword is written.
    pub(crate) pointer: String,
}

/// What kind of value a spelled type holds, for the keywords that apply to it.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Text,
    /// A value written as text (a timestamp, a date, a UUID): its text may have a pattern.
    Written,
    Number,
    List,
    Map,
    Other,
}

fn kind(spelled: &str) -> Kind {
    match spelled {
        "string" | "uri" | "email" => Kind::Text,
        "integer" | "number" | "int32" | "int64" | "uint32" | "uint64" | "float" | "double" => {
            Kind::Number
        }
        "timestamp" | "date" | "uuid" => Kind::Written,
        s if s.starts_with("list<") => Kind::List,
        s if s.starts_with("map<") => Kind::Map,
        _ => Kind::Other,
    }
}

/// The keys a field's `items` takes: what a list's items may say besides their type.
pub(crate) const ITEM_KEYS: &[&str] = &[
    "read_only",
    "format",
    "min_length",
    "max_length",
    "pattern",
    "minimum",
    "maximum",
    "exclusive_minimum",
    "exclusive_maximum",
    "multiple_of",
    "values",
];

/// Keywords that annotate rather than constrain, and those the spec has no word for.
const NEVER: &[&str] = &["not", "const"];

/// Every keyword this module reads, in the order rules are written.
pub(super) const KEYWORDS: &[&str] = &[
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "exclusiveMinimum",
    "maximum",
    "exclusiveMaximum",
    "multipleOf",
    "enum",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "default",
    "readOnly",
    "writeOnly",
    "deprecated",
    "not",
    "const",
];

/// A number, or `null`, which a number enumeration leaves to its type's nullability.
fn number_or_null(value: &Value) -> bool {
    value.is_number() || value.is_null()
}

impl Types<'_> {
    /// An enumeration of a number is its `values` rule; of anything else, a loss.
    pub(super) fn enum_on_scalar(&self, schema: &Value, pointer: &str, losses: &mut Losses) {
        let numbers = schema
            .get("enum")
            .and_then(Value::as_array)
            .is_some_and(|v| v.iter().any(Value::is_number) && v.iter().all(number_or_null));
        if schema.get("enum").is_some() && !numbers {
            losses.push(Loss::faithful(
                refs::push(pointer, "enum"),
                "enum of non-strings",
                "an enumeration of values that are not strings is not carried over",
            ));
        }
    }

    /// Reads the keywords of `object` (at `pointer`) that apply to `found`'s type into its
    /// rules; every other one is a faithful loss.
    pub(super) fn read_rules(
        &self,
        object: &Map<String, Value>,
        pointer: &str,
        found: &mut Use,
        losses: &mut Losses,
    ) {
        let kind = kind(&found.spelled);
        for keyword in KEYWORDS {
            let Some(value) = object.get(*keyword) else {
                continue;
            };
            let at = refs::push(pointer, keyword);
            let carried = if NEVER.contains(keyword) {
                None
            } else {
                self.rule(keyword, value, object, kind, found)
            };
            match carried {
                Some(Some((key, value))) => {
                    found.rules.retain(|r| r.key != key);
                    found.rules.push(Rule {
                        key,
                        value,
                        pointer: at,
                    });
                }
                // Said by another keyword's rule (`exclusiveMinimum: true` beside
                // `minimum`), or a `false` that says nothing.
                Some(None) => {}
                None => losses.push(Loss::faithful(
                    at,
                    keyword_category(keyword),
                    format!("`{keyword}` is not carried over"),
                )),
            }
        }
    }

    /// The rule `keyword` (with `value`) becomes on a value of `kind`: `None` when it
    /// cannot be carried, `Some(None)` when it needs no rule of its own.
    #[allow(clippy::option_option)]
    fn rule(
        &self,
        keyword: &str,
        value: &Value,
        object: &Map<String, Value>,
        kind: Kind,
        found: &Use,
    ) -> Option<Option<(&'static str, Yaml)>> {
        let count = |key: &'static str, wanted: Kind| {
            (kind == wanted)
                .then(|| value.as_u64())
                .flatten()
                .and_then(|n| i64::try_from(n).ok())
                .map(|n| Some((key, Yaml::Int(n))))
        };
        let flag = |key: &'static str, applies: bool| match value {
            Value::Bool(true) if applies => Some(Some((key, Yaml::Bool(true)))),
            Value::Bool(false) => Some(None),
            _ => None,
        };
        match keyword {
            "minLength" => count("min_length", Kind::Text),
            "maxLength" => count("max_length", Kind::Text),
            "minItems" => count("min_items", Kind::List),
            "maxItems" => count("max_items", Kind::List),
            "minProperties" => count("min_properties", Kind::Map),
            "maxProperties" => count("max_properties", Kind::Map),
            "uniqueItems" => flag("unique_items", kind == Kind::List),
            "readOnly" => flag(
                "read_only",
                object.get("writeOnly") != Some(&Value::Bool(true)),
            ),
            "writeOnly" => flag(
                "write_only",
                object.get("readOnly") != Some(&Value::Bool(true)),
            ),
            "deprecated" => flag("deprecated", true),
            "pattern" => {
                let text = value
                    .as_str()
                    .filter(|_| matches!(kind, Kind::Text | Kind::Written))?;
                restspec_codegen::pattern::for_matcher(text).ok()?;
                Some(Some(("pattern", Yaml::str(text))))
            }
            "minimum" | "maximum" => {
                let n = number(value).filter(|_| kind == Kind::Number)?;
                let exclusive = if keyword == "minimum" {
                    "exclusiveMinimum"
                } else {
                    "exclusiveMaximum"
                };
                match object.get(exclusive) {
                    // OpenAPI 3.0: the bound itself is excluded.
                    Some(Value::Bool(true)) => Some(Some((
                        if keyword == "minimum" {
                            "exclusive_minimum"
                        } else {
                            "exclusive_maximum"
                        },
                        n,
                    ))),
                    // 3.1 with both: the exclusive one is kept, this one lost.
                    Some(Value::Number(_)) => None,
                    _ => Some(Some((
                        if keyword == "minimum" {
                            "minimum"
                        } else {
                            "maximum"
                        },
                        n,
                    ))),
                }
            }
            "exclusiveMinimum" | "exclusiveMaximum" => match value {
                Value::Bool(false) => Some(None),
                // Said with `minimum`, where there is one.
                Value::Bool(true) => {
                    let bound = if keyword == "exclusiveMinimum" {
                        "minimum"
                    } else {
                        "maximum"
                    };
                    object.get(bound).map(|_| None)
                }
                _ => {
                    let n = number(value).filter(|_| kind == Kind::Number)?;
                    let key = if keyword == "exclusiveMinimum" {
                        "exclusive_minimum"
                    } else {
                        "exclusive_maximum"
                    };
                    Some(Some((key, n)))
                }
            },
            // The values of a number (a string enumeration is a type of its own).
            "enum" => match kind {
                // `null` among them is the type's to admit (Vercel's `redirectStatusCode`).
                Kind::Number => {
                    let listed = value.as_array()?.iter().filter(|v| !v.is_null());
                    let values: Option<Vec<Yaml>> = listed.map(number).collect();
                    let values = values.filter(|v| !v.is_empty())?;
                    Some(Some(("values", Yaml::List(values))))
                }
                // The one value a boolean may be (Stripe's `deleted: [true]`); both say
                // nothing (NetBox's `[false, true]`).
                Kind::Other if found.spelled == "boolean" => {
                    let flags: Option<Vec<bool>> =
                        value.as_array()?.iter().map(Value::as_bool).collect();
                    match flags?.as_slice() {
                        [one] => Some(Some(("values", Yaml::List(vec![Yaml::Bool(*one)])))),
                        _ => Some(None),
                    }
                }
                // Said by the items where they are an enumeration of these values (the
                // import moves text values listed on a list of text there).
                Kind::List => {
                    let item = found.spelled.strip_prefix("list<")?.strip_suffix('>')?;
                    let known = crate::declared_types::enumeration(item, &self.declared)?;
                    let listed = value.as_array()?;
                    listed
                        .iter()
                        .all(|v| v.as_str().is_some_and(|v| known.iter().any(|k| k == v)))
                        .then_some(None)
                }
                _ => Some(None),
            },
            "multipleOf" => {
                let positive = value.as_f64().is_some_and(|n| n > 0.0);
                let n = number(value).filter(|_| kind == Kind::Number && positive)?;
                Some(Some(("multiple_of", n)))
            }
            "default" => self
                .default(value, kind, found)
                .map(|d| Some(("default", d))),
            _ => None,
        }
    }

    /// A default the spec can say: a scalar of the field's type (a boolean or number
    /// written as text, Xero's `"false"`, as written), an enumeration's value, a list of
    /// those, an empty map, or `null` (which a field keeps only where it may be `null`).
    fn default(&self, value: &Value, kind: Kind, found: &Use) -> Option<Yaml> {
        let spells = |text: &str| match found.spelled.as_str() {
            "boolean" => matches!(text, "true" | "false"),
            "integer" | "int64" => text.parse::<i64>().is_ok(),
            "int32" => text.parse::<i32>().is_ok(),
            "number" | "float" | "double" => text.parse::<f64>().is_ok_and(f64::is_finite),
            _ => false,
        };
        match (value, found.spelled.as_str()) {
            (Value::Null, _) => Some(Yaml::Null),
            (Value::String(text), "string") => Some(Yaml::str(text)),
            (Value::String(text), _) if spells(text) => Some(Yaml::str(text)),
            (Value::String(text), name) if self.has_value(name, text) => Some(Yaml::str(text)),
            (Value::Bool(b), "boolean") => Some(Yaml::Bool(*b)),
            (Value::Number(n), "integer" | "int64") if n.is_i64() => n.as_i64().map(Yaml::Int),
            (Value::Number(n), "int32") => n
                .as_i64()
                .filter(|n| i32::try_from(*n).is_ok())
                .map(Yaml::Int),
            (Value::Number(n), "uint32" | "uint64") => n
                .as_u64()
                .filter(|n| found.spelled == "uint64" || u32::try_from(*n).is_ok())
                .map(|n| Yaml::Num(n.to_string())),
            (Value::Number(_), "number" | "float" | "double") => number(value),
            (Value::Array(items), _) if items.is_empty() && kind == Kind::List => {
                Some(Yaml::List(Vec::new()))
            }
            (Value::Array(items), spelled) if kind == Kind::List => {
                // Each item a default of the item's type (GitHub's `events: [push]`).
                let item = spelled.strip_prefix("list<")?.strip_suffix('>')?;
                let item_use = Use::plain(item);
                let item_kind = self::kind(item);
                if matches!(item_kind, Kind::List | Kind::Map) {
                    return None;
                }
                (items.iter())
                    .map(|v| {
                        self.default(v, item_kind, &item_use)
                            .filter(|y| *y != Yaml::Null)
                    })
                    .collect::<Option<Vec<_>>>()
                    .map(Yaml::List)
            }
            (Value::Object(members), _) if members.is_empty() && kind == Kind::Map => {
                Some(Yaml::map())
            }
            _ => None,
        }
    }
}

/// A JSON number as the spec writes it.
fn number(value: &Value) -> Option<Yaml> {
    match value {
        Value::Number(n) if n.as_f64().is_some_and(f64::is_finite) => Some(match n.as_i64() {
            Some(whole) => Yaml::Int(whole),
            None => Yaml::Num(n.to_string()),
        }),
        _ => None,
    }
}

impl Use {
    /// This list's or map's use, holding values of `inner` (read at `at`): what a field's
    /// `items` says of them (Stripe's `metadata` values' `maxLength`), and
    /// `nullable_items` where they may be `null`, kept among its own rules for a record's
    /// field to carry; the rest of their rules lost.
    pub(crate) fn holding(mut self, mut inner: Use, at: String, losses: &mut Losses) -> Use {
        let (carried, lost) = std::mem::take(&mut inner.rules)
            .into_iter()
            .partition(|rule| ITEM_KEYS.contains(&rule.key));
        self.item_rules = carried;
        inner.rules = lost;
        inner.lose_rules(losses);
        if inner.nullable {
            self.rules.push(Rule {
                key: "nullable_items",
                value: Yaml::Bool(true),
                pointer: at,
            });
        }
        self
    }

    /// The rules lost where the type is not a field's (a list's items within a list, a
    /// body, a parameter): each a faithful loss at its keyword.
    pub(crate) fn lose_rules(&mut self, losses: &mut Losses) {
        let items = std::mem::take(&mut self.item_rules);
        for rule in self.rules.drain(..).chain(items) {
            if rule.key == "nullable_items" {
                losses.push(Loss::wire(
                    rule.pointer,
                    "nullable item",
                    "`null` among a list's items or a map's values is not carried over: only a record's field says it",
                ));
                continue;
            }
            let keyword = rule
                .pointer
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_owned();
            losses.push(Loss::faithful(
                rule.pointer,
                keyword_category(&keyword),
                format!("`{keyword}` is not carried over: only a record's field says it"),
            ));
        }
    }
}

/// The words a report tallies a lost keyword under.
pub(super) fn keyword_category(keyword: &str) -> &'static str {
    match keyword {
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" => "range",
        "minLength" | "maxLength" => "length",
        "minItems" | "maxItems" | "uniqueItems" => "items",
        "minProperties" | "maxProperties" => "properties count",
        "pattern" => "pattern",
        "format" => "format",
        "default" => "default",
        "readOnly" | "writeOnly" => "read/write only",
        "deprecated" => "deprecated",
        _ => "other keyword",
    }
}
