//! A query or header parameter as a query option or header parameter (the spec writes both
//! alike): its type, style, Rust field, bounds and default, or a loss where the spec has no
//! word for it.

use std::collections::BTreeSet;

use restspec_codegen::model::Scalar;
use restspec_codegen::naming;
use serde_json::Value;

use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::schemas::{Types, description};
use crate::yaml_out::Yaml;

/// Where a parameter is read from (`query`, `header`), or a success answer's header.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    Query,
    Header,
    Response,
}

/// The schema of `parameter` (at `at`) and where it is: its `schema`, that of a `content` of
/// plain text (the value as it is: VTEX's `Date`, `Server` and `Cache-Control` answers), of
/// a `content` of JSON alone (JSON text, a query option's `style: json`), or text for
/// neither, what every header and query value is. `None` for any other `content`.
pub(crate) fn schema_of<'d>(parameter: &'d Value, at: &str) -> Option<(&'d Value, String)> {
    let content = parameter.get("content").and_then(Value::as_object);
    let plain = content
        .filter(|c| c.len() == 1)
        .and_then(|c| c.get("text/plain"))
        .map(|entry| entry.get("schema").unwrap_or(refs::text_schema()));
    let text = content.is_none().then(refs::text_schema);
    if let Some(schema) = parameter.get("schema").or(plain).or(text) {
        return Some((schema, refs::push(at, "schema")));
    }
    // JSON text in a query parameter (Superset's `q`): its schema, where it is.
    let (_, json) = json_content(parameter)?;
    let at = refs::push(&refs::push(at, "content"), "application~1json");
    Some((json.get("schema")?, refs::push(&at, "schema")))
}

/// The `application/json` entry of a parameter whose only `content` it is (a query
/// parameter holding JSON text).
fn json_content(parameter: &Value) -> Option<(&String, &Value)> {
    let content = parameter.get("content").and_then(Value::as_object)?;
    content
        .iter()
        .find(|(media, _)| crate::media::media_kind(media) == crate::media::MediaKind::Json)
        .filter(|_| content.len() == 1)
}

/// A query (or header) parameter as a query option (or header parameter), or `None` (a
/// loss) when it cannot be one. `parameter` gives its style, requirement and words;
/// `schema` its values (from [`schema_of`], or a member of an object sent as a key of its
/// own).
#[allow(clippy::too_many_arguments)]
pub(crate) fn query_option<'d>(
    place: Place,
    (parameter, schema): (&Value, Option<(&'d Value, String)>),
    name: &str,
    at: &str,
    pascal: &str,
    types: &mut Types<'d>,
    fields: &mut BTreeSet<String>,
    losses: &mut Losses,
) -> Option<Yaml> {
    let Some((schema, schema_at)) = schema else {
        losses.push(Loss::wire(
            at.to_owned(),
            "parameter content",
            format!("{} `{name}` without a schema is left out", place.word()),
        ));
        return None;
    };
    let hint = format!("{pascal}{}", naming::pascal(name));
    // JSON text, of any type of the spec's (`style: json`).
    if place == Place::Query
        && parameter.get("schema").is_none()
        && json_content(parameter).is_some()
    {
        let mut found = types.use_of(schema, &schema_at, &hint, losses);
        found.lose_rules(losses);
        let mut option = Yaml::map();
        option.push("type", Yaml::str(found.spelled));
        option.push("style", Yaml::str("json"));
        let field = crate::names::unique_snake_name(name, fields, &[]);
        fields.insert(field.clone());
        if naming::field_ident(name) != field || !naming::is_snake_case(&field) {
            option.push("field", Yaml::str(field));
        }
        if parameter.get("required") == Some(&Value::Bool(true)) {
            option.push("required", Yaml::Bool(true));
        }
        if parameter.get("deprecated") == Some(&Value::Bool(true)) {
            option.push("deprecated", Yaml::Bool(true));
        }
        option.push_some("description", description(parameter));
        return Some(option);
    }
    let usual = match place {
        Place::Query => "form",
        Place::Header | Place::Response => "simple",
    };
    let style = parameter
        .get("style")
        .and_then(Value::as_str)
        .unwrap_or(usual);
    // One value or a list of them (PeerTube's `tagsOneOf`, Vercel's `domain`): a list
    // option, which reads both (`?tag=a` a list of one).
    let one_or_many = (place == Place::Query && style == "form")
        .then(|| types.one_or_many(schema, &schema_at, &hint, losses))
        .flatten();
    let mut found = match one_or_many {
        Some(list) => list,
        None => types.use_keeping_rules(schema, &schema_at, &hint, losses),
    };
    let explode = parameter
        .get("explode")
        .and_then(Value::as_bool)
        .unwrap_or(style == "form");
    let mut option = Yaml::map();
    // A value an option holds, alone or as a list's item.
    let one_value = |spelled: &str| {
        matches!(
            spelled,
            "string" | "integer" | "number" | "boolean" | "timestamp"
        ) || types.is_enumeration(spelled)
            || Scalar::from_spelled(spelled).is_some()
    };
    // A list of any values in the query (Sinao's `tags`): each is text there.
    if place == Place::Query && found.spelled == "list<any>" {
        found.spelled = "list<string>".to_owned();
    }
    let item = found
        .spelled
        .strip_prefix("list<")
        .and_then(|s| s.strip_suffix('>'));
    let list = item.is_some_and(one_value);
    // An object of any members in the query (Files.com's `filter`, Red Hat's `filter`
    // read as `deepObject`): a map option of text, or of the values' one type.
    let map_item = (found.spelled.strip_prefix("map<"))
        .and_then(|s| s.strip_suffix('>'))
        .filter(|_| place == Place::Query)
        .and_then(|item| match item {
            "any" => Some("string".to_owned()),
            item if one_value(item) => Some(item.to_owned()),
            _ => None,
        });
    let map = map_item.is_some();
    // A record, or a list of records, in the query (Sinao's `data[0][name]`, Visma's
    // `sortings[0].key`), that `spread` did not write as keys of their own: its members in
    // brackets, nested, what form-reading servers take where OpenAPI names no spelling for
    // it (`deepObject` is written so whatever `explode` says: OpenAPI defines it exploded
    // only).
    let nested = place == Place::Query
        && (style == "form" && explode || style == "deepObject")
        && !list
        && !map
        && types.is_record(item.unwrap_or(&found.spelled));
    if let Some(item) = map_item {
        found.spelled = format!("map<{item}>");
    }
    // Text's lengths and pattern (a written value's pattern), a list's counts and uniqueness, a format without a type
    // and a number's values are the option's own keys; bounds and a default are read
    // below; the rest is lost.
    let text = matches!(found.spelled.as_str(), "string" | "uri" | "email");
    // A timestamp's, date's or UUID's pattern is checked against its text.
    let written = text || matches!(found.spelled.as_str(), "timestamp" | "date" | "uuid");
    // A number's or a switch's values (gov.bc.ca's EPSG codes, `countsOnly: [0, 1]`).
    let listable = found.spelled == "boolean"
        || Scalar::from_spelled(&found.spelled).is_some_and(|s| s.is_number())
        || matches!(found.spelled.as_str(), "integer" | "number");
    let (kept, rest): (Vec<_>, Vec<_>) =
        std::mem::take(&mut found.rules)
            .into_iter()
            .partition(|rule| match rule.key {
                "min_length" | "max_length" => text,
                "pattern" => written,
                "min_items" | "max_items" | "unique_items" => list,
                "format" => matches!(found.spelled.as_str(), "string" | "integer" | "number"),
                "values" => listable,
                _ => false,
            });
    found.rules = rest;
    found.lose_rules(losses);
    let spelled = match found.spelled.as_str() {
        _ if list || map || nested => found.spelled.clone(),
        one if one_value(one) => one.to_owned(),
        // A union with an alternative of any text is text, as a parameter's.
        _ if crate::round_trip::meant::text_union(types.document, schema) => "string".to_owned(),
        other => {
            losses.push(Loss::wire(
                schema_at.clone(),
                match place {
                    Place::Query => "query parameter type",
                    Place::Header => "header parameter type",
                    Place::Response => "response header type",
                },
                format!(
                    "{} `{name}` of type `{other}` became a string",
                    place.word()
                ),
            ));
            "string".to_owned()
        }
    };
    option.push("type", Yaml::str(spelled.clone()));
    if place == Place::Query && list && style == "form" && !explode {
        option.push("style", Yaml::str("comma"));
    } else if nested || map && style == "deepObject" {
        option.push("style", Yaml::str("deep_object"));
    } else if map && !explode {
        losses.push(Loss::wire(
            refs::push(at, "explode"),
            "parameter style",
            format!("`{name}` is read as each member a key of its own, not `explode: false`"),
        ));
    } else if style != usual {
        losses.push(Loss::wire(
            refs::push(at, "style"),
            "parameter style",
            format!(
                "style `{style}` of {} `{name}` is not carried over",
                place.word()
            ),
        ));
    }
    let ident = naming::field_ident(name);
    let clean = naming::is_snake_case(&ident)
        && !naming::KEYWORDS.contains(&ident.as_str())
        && !ident.ends_with('_')
        && ident == naming::snake(name);
    if !clean || fields.contains(&ident) {
        let field = crate::names::unique_snake_name(name, fields, &[]);
        fields.insert(field.clone());
        option.push("field", Yaml::str(field));
    } else {
        fields.insert(ident);
    }
    for rule in kept {
        option.push(rule.key, rule.value);
    }
    if parameter.get("deprecated") == Some(&Value::Bool(true)) {
        option.push("deprecated", Yaml::Bool(true));
    }
    option.push_some("description", description(parameter));
    let required = parameter.get("required").and_then(Value::as_bool) == Some(true);
    let default = schema
        .get("default")
        .filter(|d| d.is_string() || d.is_number() || d.is_boolean());
    // The handler gives every response header's value: a default says nothing on the wire.
    let default = match default {
        Some(_) if place == Place::Response => {
            losses.push(Loss::faithful(
                refs::push(&schema_at, "default"),
                "default",
                format!("the default of response header `{name}` is not carried over"),
            ));
            None
        }
        other => other,
    };
    if map {
        // A map is empty when no key is sent: it cannot be required.
        if required {
            losses.push(Loss::faithful(
                refs::push(at, "required"),
                "required",
                format!("`{name}` is optional: a map option cannot be required"),
            ));
        }
    } else if spelled == "boolean" || list {
        // A required flag is given, on or off; a required list holds one value at least.
        if required {
            option.push("required", Yaml::Bool(true));
        }
        if spelled == "boolean"
            && let Some(Value::Bool(b)) = default
        {
            option.push("default", Yaml::Bool(*b));
        } else if default.is_some_and(|d| d != &Value::Bool(false)) {
            losses.push(Loss::faithful(
                refs::push(&schema_at, "default"),
                "default",
                format!("the default of `{name}` is not carried over"),
            ));
        }
    } else if let Some(default) = default {
        // Required with a default (Azure's `api-version`): the service requires it, the
        // typed client sends the default.
        if required {
            option.push("required", Yaml::Bool(true));
        }
        let allowed = match spelled.as_str() {
            "integer" => default.is_i64(),
            "number" => default.is_number(),
            "string" => default.is_string(),
            other if let Some(scalar) = Scalar::from_spelled(other) => {
                if scalar.is_integer() {
                    default.is_i64() || default.is_u64()
                } else if scalar.is_number() {
                    default.is_number()
                } else {
                    false
                }
            }
            _ => default
                .as_str()
                .is_some_and(|d| types.has_value(&spelled, d)),
        };
        if allowed {
            option.push("default", scalar(default));
        } else {
            losses.push(Loss::faithful(
                refs::push(&schema_at, "default"),
                "default",
                format!("the default {default} of `{name}` is none of its values"),
            ));
        }
    } else if required {
        option.push("required", Yaml::Bool(true));
    }
    if matches!(spelled.as_str(), "integer" | "int32" | "int64" | "uint32") {
        for key in ["minimum", "maximum"] {
            if let Some(bound) = schema.get(key).and_then(Value::as_i64) {
                option.push(key, Yaml::Int(bound));
            }
        }
    }
    // What the option carries is not lost (the schema's reading reported it).
    let carried: Vec<String> = ["minimum", "maximum", "default"]
        .iter()
        .filter(|key| option.get(key).is_some())
        .map(|key| refs::push(&schema_at, key))
        .collect();
    losses.retain(|loss| !carried.contains(&loss.pointer));
    Some(option)
}

impl Place {
    fn word(self) -> &'static str {
        match self {
            Place::Query => "query parameter",
            Place::Header => "header parameter",
            Place::Response => "response header",
        }
    }
}

fn scalar(value: &Value) -> Yaml {
    match value {
        Value::Bool(b) => Yaml::Bool(*b),
        Value::Number(n) => n
            .as_i64()
            .map_or_else(|| Yaml::str(n.to_string()), Yaml::Int),
        Value::String(s) => Yaml::str(s.clone()),
        other => Yaml::str(other.to_string()),
    }
}
