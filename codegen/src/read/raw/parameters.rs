//! What an endpoint reads besides its body: query options and header parameters (one
//! record for both, and for the headers its answers carry), path parameters, and the value
//! that selects it among endpoints of one method and path.

use crate::read::decode::{ScalarText, Spanned, spec_record};
use crate::read::yaml::Node;

spec_record! {
    /// A query option of an endpoint. Every option may be left out.
    pub struct QueryOption = "a query option" {
        /// `string`, `integer`, `number`, `boolean` (`true/t/yes/y/on/1` or no value, and
        /// `false/f/no/n/off/0`), `list<string>` (the option repeated), `map<string>` (a
        /// query option's members by key, `rt::QueryMap`), or the name of a string
        /// enumeration of the spec's (one of its values).
        req r#type as "type": Spanned<String>,
        /// How a `list<string>` is written: `repeat` (`o=A&o=B`, the default) or `comma`
        /// (`labels=a,b`, and also `labels[]=a&labels[]=b` and the option repeated). How a
        /// `map<string>` is: `form` (each member a key of its own, every key no other option
        /// or runtime parameter names; the default, one such map an endpoint) or
        /// `deep_object` (`filter[status]=open`, OpenAPI's `deepObject`). `deep_object` on a
        /// record or a list of records of the spec's (`type: list<Sorting>`): its members in
        /// brackets, nested (`sortings[0][key]=name`, also `sortings[0].key=name`), each read
        /// as its member's type, as a form body's are. `json`: the value is JSON text of
        /// `type`, any type of the spec's (`q={"page":2}`, OpenAPI's `content:
        /// application/json`), read and checked as a body is.
        opt style: Spanned<String>,
        /// The Rust field name (`snake_case`); defaults to the option's name.
        opt field: Spanned<String>,
        /// What the option does.
        opt description: String,
        /// A request without it is a 400 naming it (text, numbers, switches, enumerations
        /// and lists; not maps).
        opt required: bool,
        /// The value a request without it gets (text, numbers and enumerations only).
        opt default: Spanned<ScalarText>,
        /// The smallest value of a whole-number option.
        opt minimum: Spanned<ScalarText>,
        /// The largest value of a whole-number option.
        opt maximum: Spanned<ScalarText>,
        /// Text: the fewest characters.
        opt min_length: Spanned<u64>,
        /// Text: the most characters.
        opt max_length: Spanned<u64>,
        /// Text (or a `timestamp`, `date` or `uuid`, as written): an ECMA-262 regular
        /// expression, as in OpenAPI, it must contain a match of (anchor it with `^...$`).
        opt pattern: Spanned<String>,
        /// A format the spec has no type for, written in OpenAPI only (as on a field).
        opt format: Spanned<String>,
        /// A list: the fewest values a request that gives it gives.
        opt min_items: Spanned<u64>,
        /// A list: the most values.
        opt max_items: Spanned<u64>,
        /// A list: no value given twice.
        opt unique_items: Spanned<bool>,
        /// Still read, about to go: marked in OpenAPI.
        opt deprecated: bool,
        /// A number or a switch: the values it may be (`values: [4326, 3005]`), each
        /// other refused with a 400 naming the option.
        opt values: Vec<Spanned<ScalarText>>,
    }
}

spec_record! {
    /// A path parameter written as a mapping: what it identifies, and its type.
    pub struct TypedParam = "a path parameter" {
        /// What it identifies.
        req description: String,
        /// `string` (the default), `integer`, `number`, `boolean` (`true` or `false`), a
        /// width or format (`int32`, `uuid`, `date`; not `base64`), or a string enumeration
        /// of the spec's.
        opt r#type as "type": Spanned<String>,
        /// An ECMA-262 regular expression a text parameter must contain a match of, as a
        /// field's (`^[a-z][a-z0-9-]*$` anchors it); anything else names nothing (404).
        opt pattern: Spanned<String>,
        /// The fewest characters a text parameter has; a shorter one names nothing (404).
        opt min_length: Spanned<u64>,
        /// The most characters a text parameter has; a longer one names nothing (404).
        opt max_length: Spanned<u64>,
        /// The smallest value a number parameter has (Figshare's ids from 1); a smaller one
        /// names nothing (404).
        opt minimum: Spanned<ScalarText>,
        /// The largest value a number parameter has; a larger one names nothing (404).
        opt maximum: Spanned<ScalarText>,
        /// The values a number parameter may be (`values: [1, 2]`, TomTom's map
        /// versions); any other names nothing (404).
        opt values: Vec<Spanned<ScalarText>>,
        /// A value of its type the document names as its default, stated in OpenAPI: a
        /// path always carries its parameters, so nothing fills it in.
        opt default: Spanned<Node>,
        /// A format the spec has no type for (`guid`), stated in OpenAPI, not checked; a
        /// format with a type is the parameter's `type` (`uuid`).
        opt format: Spanned<String>,
    }
}

/// A path parameter: a description alone, or a mapping with its type.
#[derive(Debug, Clone)]
pub(crate) struct ParamDecl {
    /// What it identifies.
    pub(crate) description: String,
    /// Its type, when given (`integer`).
    pub(crate) r#type: Option<Spanned<String>>,
    /// The regular expression it must match, when given.
    pub(crate) pattern: Option<Spanned<String>>,
    /// The fewest characters, when given.
    pub(crate) min_length: Option<Spanned<u64>>,
    /// The most characters, when given.
    pub(crate) max_length: Option<Spanned<u64>>,
    /// The smallest value, when given.
    pub(crate) minimum: Option<Spanned<ScalarText>>,
    /// The largest value, when given.
    pub(crate) maximum: Option<Spanned<ScalarText>>,
    /// The values it may be, when given.
    pub(crate) values: Option<Vec<Spanned<ScalarText>>>,
    /// Its stated default, when given.
    pub(crate) default: Option<Spanned<Node>>,
    /// Its stated format, when given.
    pub(crate) format: Option<Spanned<String>>,
}

impl crate::read::decode::Decode for ParamDecl {
    fn decode(
        node: &crate::read::yaml::Node,
        diags: &mut crate::diag::Diagnostics,
    ) -> Option<Self> {
        match &node.kind {
            crate::read::yaml::NodeKind::Scalar(text) => Some(ParamDecl {
                description: text.clone(),
                r#type: None,
                pattern: None,
                min_length: None,
                max_length: None,
                minimum: None,
                maximum: None,
                values: None,
                default: None,
                format: None,
            }),
            _ => TypedParam::decode(node, diags).map(|p| ParamDecl {
                description: p.description,
                r#type: p.r#type,
                pattern: p.pattern,
                min_length: p.min_length,
                max_length: p.max_length,
                minimum: p.minimum,
                maximum: p.maximum,
                values: p.values,
                default: p.default,
                format: p.format,
            }),
        }
    }

    fn schema() -> serde_json::Value {
        serde_json::json!({ "oneOf": [{ "type": "string" }, TypedParam::schema()] })
    }
}

spec_record! {
    /// `selected_by: { header: X-Amz-Target, value: ... }`, `{ query: Action, value: ... }`,
    /// or `{ query: city_id }`: the query holding that required option at all.
    pub struct SelectedBy = "a selector" {
        /// The header whose value selects the endpoint.
        opt header: Spanned<String>,
        /// The query parameter whose value selects the endpoint, or, without a `value`,
        /// whose presence does (one of the endpoint's required options: Weatherbit's
        /// `/current?city_id=` beside `/current?lat=&lon=`).
        opt query: Spanned<String>,
        /// The value that selects it; left out, a query parameter selects by being there.
        opt value: Spanned<String>,
    }
}
