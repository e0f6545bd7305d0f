//! Types: references to them (`list<ChangeInfo>`), named records and enumerations, and
//! their fields.

use crate::diag::Location;

/// A reference to a type, as fields, requests and responses use them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeRef {
    /// A JSON string.
    String,
    /// A JSON integer (`i64`).
    Integer,
    /// A JSON number, with a fraction or not (`f64`).
    Number,
    /// Any JSON value at all (`serde_json::Value`): a free-form object, say.
    Any,
    /// A JSON boolean.
    Boolean,
    /// A timestamp in the service's format.
    Timestamp,
    /// A number of a width, or text of a format, with a Rust type of its own.
    Scalar(Scalar),
    /// A named type of the spec.
    Named(String),
    /// A JSON array.
    List(Box<TypeRef>),
    /// A JSON object with string keys.
    Map(Box<TypeRef>),
}

/// A named type.
#[derive(Debug, Clone)]
pub struct TypeDef {
    /// `PascalCase` name.
    pub name: String,
    /// What it is.
    pub description: Option<String>,
    /// Record or enumeration.
    pub kind: TypeKind,
    /// The records a record includes (`includes:`, OpenAPI's `allOf`), in order: their
    /// fields are already among its own, first.
    pub includes: Vec<String>,
    /// The field whose value says which type a value is (`discriminator:`): on a
    /// `one_of` of records, which alternative; on a record, which of the records that
    /// include it (a family's base).
    pub discriminator: Option<Discriminator>,
    /// A record with no fields but its own (`closed: true`, OpenAPI's
    /// `additionalProperties: false`): its Rust type refuses any other when read.
    pub closed: bool,
    /// The type of the members a record has beside its fields (`additional_fields:`,
    /// OpenAPI's `additionalProperties` beside `properties`), held in its Rust type's
    /// `additional_fields` map.
    pub additional_fields: Option<TypeRef>,
    /// A format the spec has no type for, stated in OpenAPI only (`format:`).
    pub format: Option<String>,
    /// Every value may be `null` wherever the type is used (`nullable: true`): the fields,
    /// items and request bodies of it are nullable already when lowered.
    pub nullable: bool,
    /// Every value is the service's wherever the type is used (`read_only: true`): the
    /// fields of it, and the items of lists and maps of it, are read-only already when
    /// lowered.
    pub read_only: bool,
    /// Where it is declared.
    pub location: Location,
}

/// The field a value names its type in, and which type each value names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discriminator {
    /// The field's JSON name.
    pub field: String,
    /// Each value with the type it names, in the spec's order (every type named by its
    /// own name when the spec lists no `mapping`).
    pub mapping: Vec<(String, String)>,
    /// Where it is declared.
    pub location: Location,
}

impl Discriminator {
    /// The value that names `type_name`, if any.
    pub fn value_of(&self, type_name: &str) -> Option<&str> {
        self.mapping
            .iter()
            .find(|(_, t)| t == type_name)
            .map(|(v, _)| v.as_str())
    }
}

/// The two kinds of named types.
#[derive(Debug, Clone)]
pub enum TypeKind {
    /// A JSON object with these fields.
    Record(Vec<Field>),
    /// A JSON string with one of these values.
    Enum(Vec<EnumValue>),
    /// A value of one of these types, each of a different kind (tried in order).
    Union(Union),
}

/// A value of one of several types (`one_of`, `any_of`), read as the first alternative it
/// fits, in the spec's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Union {
    /// The alternatives, each a different type; a value is read as the first it fits.
    pub alternatives: Vec<TypeRef>,
    /// Whether a value fits exactly one alternative or may fit several: the same Rust
    /// enum either way; OpenAPI says `oneOf` or `anyOf`.
    pub keyword: UnionKeyword,
}

impl Union {
    /// Each alternative's Rust variant: its kind's name (`String`, `List`, a record's
    /// name), or, where an earlier alternative has that one, a name saying what it holds
    /// (`ListOfMapOfAny` after `List`: Apideck's custom field values, a list of text or of
    /// objects).
    pub fn variant_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::with_capacity(self.alternatives.len());
        for alternative in &self.alternatives {
            names.push(alternative.variant_name_after(&names));
        }
        names
    }
}

/// How a union's alternatives relate, in the spec's and OpenAPI's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnionKeyword {
    /// `one_of` (OpenAPI `oneOf`): a value fits exactly one alternative.
    OneOf,
    /// `any_of` (OpenAPI `anyOf`): a value may fit several (a record and a map of any
    /// values, say); it is read as the first.
    AnyOf,
}

impl UnionKeyword {
    /// The spec's key.
    pub fn spec_key(self) -> &'static str {
        match self {
            UnionKeyword::OneOf => "one_of",
            UnionKeyword::AnyOf => "any_of",
        }
    }

    /// OpenAPI's keyword.
    pub fn openapi(self) -> &'static str {
        match self {
            UnionKeyword::OneOf => "oneOf",
            UnionKeyword::AnyOf => "anyOf",
        }
    }
}

/// A value of a string enumeration and the Rust variant standing for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnumValue {
    /// As the JSON writes it (`remote_Control_Software`).
    pub value: String,
    /// The variant: the value in `UpperCamelCase`, or the name the spec gives it where
    /// that would clash with another value's or be a keyword.
    pub variant: String,
}

impl TypeKind {
    /// The variant standing for `value`, when this is an enumeration holding it.
    pub fn variant_of(&self, value: &str) -> Option<&str> {
        match self {
            TypeKind::Enum(values) => values
                .iter()
                .find(|v| v.value == value)
                .map(|v| v.variant.as_str()),
            _ => None,
        }
    }
}

/// A field of a record.
#[derive(Debug, Clone)]
pub struct Field {
    /// Name in JSON (`_number`).
    pub json_name: String,
    /// Name in Rust (`number`).
    pub rust_name: String,
    /// Its type.
    pub ty: TypeRef,
    /// May be absent.
    pub optional: bool,
    /// May be `null`.
    pub nullable: bool,
    /// A list whose items may be `null`.
    pub nullable_items: bool,
    /// What it means.
    pub description: Option<String>,
    /// What its value must be beyond its type, and how OpenAPI describes it.
    pub rules: super::constraints::FieldRules,
    /// Where it is declared.
    pub location: Location,
}

impl Field {
    /// A read-only field answers always carry whose type has no empty value a request's
    /// absence could read as (a record, an enumeration, a timestamp: InfluxDB's error
    /// `code`): an `Option` in Rust, `None` where a request left it out, and required in
    /// OpenAPI, which says `required` of a read-only property for answers only.
    pub fn read_only_held_as_option(&self) -> bool {
        !self.optional
            && !self.nullable
            && self.rules.read_only
            && self.rules.filled_default().is_none()
            && matches!(self.ty, TypeRef::Named(_) | TypeRef::Timestamp)
    }
}

/// The scalars a spec names by width or format: each its own Rust type, its OpenAPI
/// `type` and `format`, and read only when it fits (a 40-bit number is no `int32`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scalar {
    /// `i32`.
    Int32,
    /// `i64`, stated as `int64`.
    Int64,
    /// `u32`.
    Uint32,
    /// `u64`.
    Uint64,
    /// `f32`.
    Float,
    /// `f64`, stated as `double`.
    Double,
    /// A calendar date, `2026-11-28`.
    Date,
    /// A UUID.
    Uuid,
    /// An absolute URI.
    Uri,
    /// An e-mail address.
    Email,
    /// Bytes, as base64 text.
    Base64,
}

impl Scalar {
    /// Every one, in the order the spec's documentation lists them.
    pub const ALL: [Scalar; 11] = [
        Scalar::Int32,
        Scalar::Int64,
        Scalar::Uint32,
        Scalar::Uint64,
        Scalar::Float,
        Scalar::Double,
        Scalar::Date,
        Scalar::Uuid,
        Scalar::Uri,
        Scalar::Email,
        Scalar::Base64,
    ];

    /// As the spec writes it (`int32`).
    pub fn spelled(self) -> &'static str {
        match self {
            Scalar::Int32 => "int32",
            Scalar::Int64 => "int64",
            Scalar::Uint32 => "uint32",
            Scalar::Uint64 => "uint64",
            Scalar::Float => "float",
            Scalar::Double => "double",
            Scalar::Date => "date",
            Scalar::Uuid => "uuid",
            Scalar::Uri => "uri",
            Scalar::Email => "email",
            Scalar::Base64 => "base64",
        }
    }

    /// The scalar a spec spelling names.
    pub fn from_spelled(text: &str) -> Option<Scalar> {
        Scalar::ALL.into_iter().find(|s| s.spelled() == text)
    }

    /// The scalar an OpenAPI `type` and `format` name, if the spec has one.
    pub fn from_format(json_type: &str, format: &str) -> Option<Scalar> {
        Scalar::ALL
            .into_iter()
            .find(|s| s.json_type() == json_type && s.format() == format)
    }

    /// Its JSON Schema `type`.
    pub fn json_type(self) -> &'static str {
        match self {
            Scalar::Int32 | Scalar::Int64 | Scalar::Uint32 | Scalar::Uint64 => "integer",
            Scalar::Float | Scalar::Double => "number",
            Scalar::Date | Scalar::Uuid | Scalar::Uri | Scalar::Email | Scalar::Base64 => "string",
        }
    }

    /// Its OpenAPI `format`.
    pub fn format(self) -> &'static str {
        match self {
            Scalar::Base64 => "byte",
            other => other.spelled(),
        }
    }

    /// True for the numbers (whose bounds and steps apply).
    pub fn is_number(self) -> bool {
        matches!(self.json_type(), "integer" | "number")
    }

    /// True for the whole numbers.
    pub fn is_integer(self) -> bool {
        self.json_type() == "integer"
    }
}

impl TypeRef {
    /// The item type of a list.
    pub fn list_item(&self) -> Option<&TypeRef> {
        match self {
            TypeRef::List(item) => Some(item),
            _ => None,
        }
    }

    /// The variant a `one_of` type gives this alternative: the kind of JSON it is
    /// (`String`, `Integer`, `List`, ...), or the named type's name.
    pub fn variant_name(&self) -> String {
        match self {
            TypeRef::String => "String".to_owned(),
            TypeRef::Integer => "Integer".to_owned(),
            TypeRef::Number => "Number".to_owned(),
            TypeRef::Any => "Any".to_owned(),
            TypeRef::Boolean => "Boolean".to_owned(),
            TypeRef::Timestamp => "Timestamp".to_owned(),
            TypeRef::Scalar(scalar) => crate::names::pascal(scalar.spelled()),
            TypeRef::Named(name) => name.clone(),
            TypeRef::List(_) => "List".to_owned(),
            TypeRef::Map(_) => "Map".to_owned(),
        }
    }
}

impl TypeRef {
    /// The variant this alternative gets after the `earlier` ones' (see
    /// [`Union::variant_names`]).
    pub fn variant_name_after(&self, earlier: &[String]) -> String {
        let kind = self.variant_name();
        if earlier.contains(&kind) {
            self.holding_variant_name()
        } else {
            kind
        }
    }

    /// The variant name of a list or map that says what it holds (`ListOfString`,
    /// `MapOfListOfInteger`); any other type's [`TypeRef::variant_name`].
    fn holding_variant_name(&self) -> String {
        match self {
            TypeRef::List(item) => format!("ListOf{}", item.holding_variant_name()),
            TypeRef::Map(values) => format!("MapOf{}", values.holding_variant_name()),
            other => other.variant_name(),
        }
    }

    /// The JSON kind of its values (`string`, `integer`, `number`, `boolean`, `array`,
    /// `object`), `None` for any value and for named types.
    pub fn json_kind(&self) -> Option<&'static str> {
        match self {
            TypeRef::String => Some("string"),
            TypeRef::Integer => Some("integer"),
            TypeRef::Number => Some("number"),
            TypeRef::Boolean => Some("boolean"),
            TypeRef::Scalar(scalar) => Some(scalar.json_type()),
            TypeRef::List(_) => Some("array"),
            TypeRef::Map(_) => Some("object"),
            TypeRef::Any | TypeRef::Timestamp | TypeRef::Named(_) => None,
        }
    }

    /// A type reference as the spec writes it (`list<ChangeInfo>`).
    pub fn spelled(&self) -> String {
        match self {
            TypeRef::String => "string".to_owned(),
            TypeRef::Integer => "integer".to_owned(),
            TypeRef::Number => "number".to_owned(),
            TypeRef::Any => "any".to_owned(),
            TypeRef::Boolean => "boolean".to_owned(),
            TypeRef::Timestamp => "timestamp".to_owned(),
            TypeRef::Scalar(scalar) => scalar.spelled().to_owned(),
            TypeRef::Named(name) => name.clone(),
            TypeRef::List(inner) => format!("list<{}>", inner.spelled()),
            TypeRef::Map(inner) => format!("map<{}>", inner.spelled()),
        }
    }
}
