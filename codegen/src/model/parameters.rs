//! What a request's path parameters and query options may be: their types and rules.

use crate::diag::Location;

/// The types a path parameter may have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamType {
    /// Text, as the path has it (decoded).
    String,
    /// A whole number (`i64`).
    Integer,
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
            ParamType::Enum(name) => name,
            ParamType::Scalar(scalar) => scalar.spelled(),
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
    /// The option repeated.
    StringList,
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
    pub fn name(&self) -> &str {
        match self {
            OptionType::String => "string",
            OptionType::Integer => "integer",
            OptionType::Number => "number",
            OptionType::Boolean => "boolean",
            OptionType::StringList => "list<string>",
            OptionType::Enum(name) => name,
            OptionType::Scalar(scalar) => scalar.spelled(),
            OptionType::Timestamp => "timestamp",
        }
    }
}
