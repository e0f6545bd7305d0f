//! What a request's path parameters and query options may be: their types and rules, and
//! the header or query value that selects an endpoint among those of one method and path.

use crate::diag::Location;

/// The types a path parameter may have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamType {
    /// Text, as the path has it (decoded).
    String,
    /// A whole number (`i64`).
    Integer,
    /// A number, with a fraction or not (`f64`).
    Number,
    /// A switch, `true` or `false` in the path (Microsoft Graph's
    /// `getRecentNotebooks(includePersonalNotebooks={includePersonalNotebooks})`).
    Boolean,
    /// One of the values of this string enumeration of the spec's.
    Enum(String),
    /// A number of a width, or text of a format (`int32`, `uuid`, `date`; not `base64`).
    Scalar(super::Scalar),
}

impl ParamType {
    /// Its spelling in a spec.
    pub fn name(&self) -> &str {
        match self {
            ParamType::String => "string",
            ParamType::Integer => "integer",
            ParamType::Number => "number",
            ParamType::Boolean => "boolean",
            ParamType::Enum(name) => name,
            ParamType::Scalar(scalar) => scalar.spelled(),
        }
    }

    /// The field type of the same values, for what parameters and fields both say (a
    /// default, a format).
    pub fn as_field_type(&self) -> super::TypeRef {
        match self {
            ParamType::String => super::TypeRef::String,
            ParamType::Integer => super::TypeRef::Integer,
            ParamType::Number => super::TypeRef::Number,
            ParamType::Boolean => super::TypeRef::Boolean,
            ParamType::Enum(name) => super::TypeRef::Named(name.clone()),
            ParamType::Scalar(scalar) => super::TypeRef::Scalar(*scalar),
        }
    }
}

/// A query option of an endpoint.
#[derive(Debug, Clone)]
pub struct QueryOption {
    /// Its name in the URL (`n`).
    pub wire: String,
    /// Its Rust field name (`limit`).
    pub field: String,
    /// Its type.
    pub ty: OptionType,
    /// A `list<string>` written `a,b` (also `name[]=a` and repeated), not only repeated.
    pub comma_separated: bool,
    /// A `map<T>` read in OpenAPI's `deepObject` style (`filter[status]=open`), not as every
    /// key no other option names; or a value of a record's or list's type written so,
    /// nested (`OptionType::Nested`).
    pub deep_object: bool,
    /// A request without it is refused.
    pub required: bool,
    /// The value a request without it gets, as URL text.
    pub default: Option<String>,
    /// The smallest value of a whole-number option.
    pub minimum: Option<i64>,
    /// The largest value of a whole-number option.
    pub maximum: Option<i64>,
    /// What it does.
    pub description: Option<String>,
    /// Its text's lengths and pattern, a format without a type, deprecation (the bounds
    /// and default are the fields above).
    pub rules: super::FieldRules,
    /// Where it is declared.
    pub location: Location,
    /// A cookie of the request's `Cookie` header (an endpoint's `cookies`), not a header.
    pub cookie: bool,
}

/// The types a query option may have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionType {
    /// Text.
    String,
    /// A whole number.
    Integer,
    /// A number, with a fraction or not (`f64`).
    Number,
    /// A switch.
    Boolean,
    /// The option repeated (or its values separated by commas), each of this type.
    List(Box<OptionType>),
    /// Members by key, each of this type: `name[key]=value` (`deep_object`), or every key no
    /// other option names (`form`).
    Map(Box<OptionType>),
    /// JSON text of a value of this type (`style: json`, OpenAPI's `content:
    /// application/json`).
    Json(Box<super::TypeRef>),
    /// A value of this type of the spec's (a record, a list of records) written as its
    /// members' keys in brackets, nested (`style: deep_object`: `filters[0][name]=x`, also
    /// `filters[0].name=x`), each read as the member's type, as a form body's are.
    Nested(Box<super::TypeRef>),
    /// One of the values of this string enumeration of the spec's.
    Enum(String),
    /// A number of a width, or text of a format (`int32`, `uuid`, `date`).
    Scalar(super::Scalar),
    /// A time in the service's `timestamp_format`.
    Timestamp,
}

impl QueryOption {
    /// Always has a value in the handler (required, or with a default): not an `Option`.
    pub fn always_given(&self) -> bool {
        self.required || self.default.is_some()
    }
}

impl OptionType {
    /// The spellings accepted in `type`.
    pub const NAMES: &'static [&'static str] = &[
        "string",
        "integer",
        "number",
        "boolean",
        "list<string>",
        "map<string>",
        "int32",
        "int64",
        "uint32",
        "uint64",
        "float",
        "double",
        "date",
        "uuid",
        "uri",
        "email",
        "base64",
        "timestamp",
    ];

    /// Its spelling in a spec.
    pub fn name(&self) -> String {
        match self {
            OptionType::String => "string".to_owned(),
            OptionType::Integer => "integer".to_owned(),
            OptionType::Number => "number".to_owned(),
            OptionType::Boolean => "boolean".to_owned(),
            OptionType::List(item) => format!("list<{}>", item.name()),
            OptionType::Map(item) => format!("map<{}>", item.name()),
            OptionType::Json(ty) | OptionType::Nested(ty) => ty.spelled(),
            OptionType::Enum(name) => name.clone(),
            OptionType::Scalar(scalar) => scalar.spelled().to_owned(),
            OptionType::Timestamp => "timestamp".to_owned(),
        }
    }

    /// The type of a list's items.
    pub fn list_item(&self) -> Option<&OptionType> {
        match self {
            OptionType::List(item) => Some(item),
            _ => None,
        }
    }
}

/// A fixed header or query value selecting one of several endpoints that share a method
/// and a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector {
    /// Where the value is read.
    pub place: SelectorPlace,
    /// The header's or query parameter's name.
    pub name: String,
    /// The value that selects the endpoint; `None`: a query parameter selects it by being
    /// there at all (one of its required options).
    pub value: Option<String>,
    /// Where `selected_by` is written.
    pub location: Location,
}

impl Selector {
    /// What selects, as OpenAPI's path fragment names it (AWS's `#Action=RunInstances`,
    /// `#city_id` for a parameter that selects by being there).
    pub fn fragment(&self) -> String {
        match &self.value {
            Some(value) => format!("{}={value}", self.name),
            None => self.name.clone(),
        }
    }

    /// What selects, in words (`` `Action: RunInstances` ``, `` `city_id` given ``).
    pub fn spelled(&self) -> String {
        match &self.value {
            Some(value) => format!("`{}: {value}`", self.name),
            None => format!("`{}` given", self.name),
        }
    }
}

/// Where a selector's value is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelectorPlace {
    /// A request header.
    Header,
    /// A query parameter.
    Query,
}
