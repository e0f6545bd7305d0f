//! A query parameter holding an object of declared members (or either such an object or
//! one value, the value under the parameter's own key), sent as one query key a member:
//! `style: form` exploded (OpenAPI's default: `?id=7&name=ada`, Impala's and EC2's
//! filters) or `style: deepObject` (`?filter[id]=7&filter[name]=ada`, Files.com's and
//! Apideck's). On the wire these are those keys, each a parameter of its own; the import
//! declares them so and the round trip compares them so, both through [`spread`].

use serde_json::Value;

use super::refs::{Doc, push};

/// One member of a spread object: the query key it is sent under, its schema (behind
/// references) and where that is, whether a request must carry it, and its words.
pub(crate) struct Member<'a> {
    /// `name` (exploded `form`) or `param[name]` (`deepObject`).
    pub(crate) key: String,
    pub(crate) schema: &'a Value,
    pub(crate) at: String,
    /// Required where the parameter is and its object requires the member.
    pub(crate) required: bool,
    /// The member's description, else the parameter's.
    pub(crate) description: Option<&'a Value>,
    /// The parameter's or the member's `deprecated`.
    pub(crate) deprecated: bool,
}

/// The keys the query parameter `parameter` (at `at`) is sent as, where it holds an object
/// of declared members each of one value or a list of them, exploded `form` or
/// `deepObject`; `None` for any other parameter (a scalar; an object of any members, whose
/// keys no declaration names; one with an object inside, whose spelling OpenAPI leaves
/// open).
pub(crate) fn spread<'a>(doc: Doc<'a>, parameter: &'a Value, at: &str) -> Option<Vec<Member<'a>>> {
    let name = parameter.get("name").and_then(Value::as_str)?;
    let (schema, schema_at, (style, explode)) = in_query(doc, parameter, at)?;
    let deep = match style {
        "form" if explode => false,
        "deepObject" => true,
        _ => return None,
    };
    // An object or one value (Stripe's `created`: `created[gte]=...` or `created=...`):
    // the object's keys and the parameter's own.
    let (schema, schema_at, value) = match object_or_value(doc, schema, &schema_at) {
        Some((object, value)) => (object.0, object.1, Some(value)),
        None => (schema, schema_at, None),
    };
    let object = match schema.get("type") {
        Some(Value::String(kind)) => kind == "object",
        Some(_) => false,
        None => schema.get("properties").is_some(),
    };
    let properties = schema.get("properties").and_then(Value::as_object)?;
    // Members of another schema beside the declared ones are keys no declaration names.
    let open =
        matches!(schema.get("additionalProperties"), Some(Value::Object(m)) if !m.is_empty());
    if !object || properties.is_empty() || open {
        return None;
    }
    let required_here = parameter.get("required").and_then(Value::as_bool) == Some(true);
    let required_members: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let deprecated = parameter.get("deprecated") == Some(&Value::Bool(true));
    let properties_at = push(&schema_at, "properties");
    let mut members = Vec::with_capacity(properties.len());
    for (member, property) in properties {
        let (property, property_at) = doc.resolve(property, push(&properties_at, member)).ok()?;
        if !holds_values(doc, property) {
            return None;
        }
        members.push(Member {
            key: match deep {
                true => format!("{name}[{member}]"),
                false => member.clone(),
            },
            schema: property,
            at: property_at,
            required: required_here && required_members.contains(&member.as_str()),
            description: property
                .get("description")
                .or_else(|| parameter.get("description")),
            deprecated: deprecated || property.get("deprecated") == Some(&Value::Bool(true)),
        });
    }
    if let Some((value, at)) = value {
        members.push(Member {
            key: name.to_owned(),
            schema: value,
            at,
            required: false,
            description: parameter.get("description"),
            deprecated,
        });
    }
    Some(members)
}

/// A schema (at `at`) and where it is.
type Located<'a> = (&'a Value, String);

/// The alternatives of a union (`anyOf`, `oneOf`) of two, one an object and the other one
/// value: the object, then the value.
fn object_or_value<'a>(
    doc: Doc<'a>,
    schema: &'a Value,
    at: &str,
) -> Option<(Located<'a>, Located<'a>)> {
    let (keyword, parts) = ["anyOf", "oneOf"]
        .into_iter()
        .find_map(|k| Some((k, schema.get(k)?.as_array()?)))?;
    let [first, second] = parts.as_slice() else {
        return None;
    };
    let union_at = push(at, keyword);
    let first = doc.resolve(first, push(&union_at, "0")).ok()?;
    let second = doc.resolve(second, push(&union_at, "1")).ok()?;
    let is_object = |s: &Value| {
        s.get("type").and_then(Value::as_str) == Some("object") && s.get("properties").is_some()
    };
    let is_value =
        |s: &Value| holds_values(doc, s) && s.get("items").is_none() && s.get("type").is_some();
    match (first, second) {
        (a, b) if is_object(a.0) && is_value(b.0) => Some((a, b)),
        (a, b) if is_object(b.0) && is_value(a.0) => Some((b, a)),
        _ => None,
    }
}

/// Whether `schema` holds one value or a list of them: no object, at its top or as a list's
/// items.
fn holds_values(doc: Doc<'_>, schema: &Value) -> bool {
    let kind_is_object = |s: &Value| match s.get("type") {
        Some(Value::String(kind)) => kind == "object",
        Some(Value::Array(kinds)) => kinds.iter().any(|k| k == "object"),
        None => s.get("properties").is_some(),
        _ => false,
    };
    if kind_is_object(schema) {
        return false;
    }
    match schema.get("items") {
        Some(items) => doc
            .resolve(items, String::new())
            .is_ok_and(|(items, _)| !kind_is_object(items) && items.get("items").is_none()),
        None => true,
    }
}

impl Member<'_> {
    /// The member as a parameter of its own, without its schema: its key, requirement,
    /// deprecation and words, as the import reads a query parameter.
    pub(crate) fn as_parameter(&self) -> Value {
        let mut parameter = serde_json::json!({
            "name": self.key,
            "in": "query",
            "required": self.required,
            "deprecated": self.deprecated,
        });
        if let Some(description) = self.description {
            parameter["description"] = description.clone();
        }
        parameter
    }
}

/// Whether the query parameter `parameter` is an object of any members sent as exploded
/// `form` (OpenAPI's default): each member a key of its own, so every key no other
/// parameter names. Several such parameters are the same keys on the wire.
pub(crate) fn every_key(doc: Doc<'_>, parameter: &Value) -> bool {
    let Some((schema, _, (style, explode))) = in_query(doc, parameter, "") else {
        return false;
    };
    style == "form" && explode && any_members(schema)
}

/// A query parameter's schema (behind references) and where it is, with its `style` and
/// `explode` (OpenAPI's defaults for the query: `form`, exploded); `None` for a parameter
/// elsewhere or without a schema.
fn in_query<'a>(
    doc: Doc<'a>,
    parameter: &'a Value,
    at: &str,
) -> Option<(&'a Value, String, (&'a str, bool))> {
    if parameter.get("in").and_then(Value::as_str) != Some("query") {
        return None;
    }
    let (schema, schema_at) = doc
        .resolve(parameter.get("schema")?, push(at, "schema"))
        .ok()?;
    let style = parameter
        .get("style")
        .and_then(Value::as_str)
        .unwrap_or("form");
    let explode = parameter
        .get("explode")
        .and_then(Value::as_bool)
        .unwrap_or(true);
    Some((schema, schema_at, (style, explode)))
}

/// Whether `schema` is an object declaring no member.
fn any_members(schema: &Value) -> bool {
    let object = schema.get("type").and_then(Value::as_str) == Some("object");
    let declared = schema
        .get("properties")
        .and_then(Value::as_object)
        .is_some_and(|p| !p.is_empty());
    object && !declared
}

/// Whether `schema` is a list whose items are any value (no `type`, as Sinao's `tags`
/// items say `format: string` alone) or plain text (`any` says `type: string`): in the
/// query, where every value is text, these are the same. `any` asks for items of any
/// value.
pub(crate) fn items_are_text(doc: Doc<'_>, schema: &Value, any: bool) -> bool {
    let Ok((schema, _)) = doc.resolve(schema, String::new()) else {
        return false;
    };
    if schema.get("type").and_then(Value::as_str) != Some("array") {
        return false;
    }
    let Some(Ok((items, _))) = (schema.get("items")).map(|i| doc.resolve(i, String::new())) else {
        return false;
    };
    let words = ["description", "title", "example", "format", "nullable"];
    let plain = |extra: &str| {
        items.as_object().is_some_and(|items| {
            items
                .keys()
                .all(|k| words.contains(&k.as_str()) || k == extra)
        })
    };
    match any {
        true => plain(""),
        false => plain("type") && items.get("type").and_then(Value::as_str) == Some("string"),
    }
}

/// Whether `schema` is an object of any members whose values are any value or text: in the
/// query, where every value is text, these are the same.
pub(crate) fn members_are_text(doc: Doc<'_>, schema: &Value) -> bool {
    let Ok((schema, _)) = doc.resolve(schema, String::new()) else {
        return false;
    };
    let text = match schema.get("additionalProperties") {
        None | Some(Value::Bool(true)) => true,
        Some(Value::Object(values)) => {
            values.is_empty()
                || (values.len() == 1 && values.get("type") == Some(&Value::from("string")))
        }
        Some(_) => false,
    };
    any_members(schema) && text
}
