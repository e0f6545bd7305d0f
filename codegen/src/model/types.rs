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
    /// Where it is declared.
    pub location: Location,
}

/// The two kinds of named types.
#[derive(Debug, Clone)]
pub enum TypeKind {
    /// A JSON object with these fields.
    Record(Vec<Field>),
    /// A JSON string with one of these values.
    Enum(Vec<String>),
    /// A value of one of these types, each of a different kind (tried in order).
    OneOf(Vec<TypeRef>),
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
    /// What it means.
    pub description: Option<String>,
    /// Where it is declared.
    pub location: Location,
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
            TypeRef::Named(name) => name.clone(),
            TypeRef::List(_) => "List".to_owned(),
            TypeRef::Map(_) => "Map".to_owned(),
        }
    }
}

impl TypeRef {
    /// A type reference as the spec writes it (`list<ChangeInfo>`).
    pub fn spelled(&self) -> String {
        match self {
            TypeRef::String => "string".to_owned(),
            TypeRef::Integer => "integer".to_owned(),
            TypeRef::Number => "number".to_owned(),
            TypeRef::Any => "any".to_owned(),
            TypeRef::Boolean => "boolean".to_owned(),
            TypeRef::Timestamp => "timestamp".to_owned(),
            TypeRef::Named(name) => name.clone(),
            TypeRef::List(inner) => format!("list<{}>", inner.spelled()),
            TypeRef::Map(inner) => format!("map<{}>", inner.spelled()),
        }
    }
}
