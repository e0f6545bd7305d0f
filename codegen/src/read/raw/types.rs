//! Named types and their fields, as written under `types:`.

use crate::read::decode::{AnyValue, Named, ScalarText, Spanned, spec_record};
use crate::read::yaml::Node;

spec_record! {
    /// A named type: a record (`fields`), a string enumeration (`values`), or a value that
    /// may be one of several types (`one_of`, `any_of`).
    pub struct TypeDef = "a type" {
        /// What the type is.
        opt description: String,
        /// Fields of a record, by JSON name.
        opt fields: Named<Field>,
        /// Values of a string enumeration, as the JSON writes them: `values: [low, normal,
        /// high]`. The Rust enum has a variant per value in `UpperCamelCase` (`Low`,
        /// `Normal`, `High`; `dark-blue` is `DarkBlue`, `-created` `MinusCreated`); a
        /// request with another value is a 400 (`invalid_input`) before the handler runs.
        /// A value whose variant would clash with another's, or be `Self`, names its own:
        /// `- { value: self, variant: SelfValue }`.
        opt values: Vec<EnumValueDecl>,
        /// The types a value may have, tried in this order when reading JSON (`[list<string>,
        /// string]`: a list, or a single string); each of a different kind. A value fits
        /// exactly one of them (OpenAPI's `oneOf`).
        opt one_of: Vec<Spanned<String>>,
        /// Like `one_of`, for alternatives a value may fit several of (a record and
        /// `map<any>`, say): it is read as the first it fits (OpenAPI's `anyOf`).
        opt any_of: Vec<Spanned<String>>,
        /// The records whose fields a record has too, before its own (OpenAPI's `allOf`):
        /// `includes: [Entity]`.
        opt includes: Vec<Spanned<String>>,
        /// The field whose value says which type a value is. On a `one_of` of records:
        /// which alternative (an internally tagged union). On a record: which of the
        /// records that include it the value is (the base of a family).
        opt discriminator: Discriminator,
        /// A record with no fields but its own (OpenAPI's `additionalProperties: false`):
        /// a value with any other is refused wherever it is read, a request body with a
        /// 400 naming the field, an answer by the typed client. Without it a record is
        /// open: unknown fields are passed over (or refused in request bodies only, where
        /// `conventions.unknown_fields: reject` says so).
        opt closed: Spanned<bool>,
        /// The type of each member a record has beside its declared fields (OpenAPI's
        /// `additionalProperties` of a schema beside `properties`): `additional_fields:
        /// PortUsage` reads `{"dynamic": {...}, "uplink": {...}, "access": {...}}` as the
        /// declared `dynamic` and the others as a map the Rust type holds in
        /// `additional_fields`. A member that is not of the type is refused.
        opt additional_fields: Spanned<String>,
        /// A format the spec has no type for, said of a whole record or enumeration
        /// (Twilio's `http-method` enumerations, Loket's `metadata` records): written in
        /// OpenAPI, not checked.
        opt format: Spanned<String>,
        /// Every value of the type may be `null` wherever it is used (OpenAPI's `nullable`
        /// on a component, Plaid's errors and Asana's resources): each field, list item,
        /// map value and request body of it is as if it said `nullable`.
        opt nullable: Spanned<bool>,
        /// Every value of the type is the service's (OpenAPI's `readOnly` on a component,
        /// Probely's and Azure's lists of results): each field of it is as if it said
        /// `read_only`, and a list or map of it as if its `items` did.
        opt read_only: Spanned<bool>,
    }
}

spec_record! {
    /// An enumeration's value with the variant the Rust enum gives it:
    /// `{ value: remote_Control_Software, variant: RemoteControlSoftwareSnake }`.
    pub struct NamedEnumValue = "an enumeration value" {
        /// The value, as the JSON writes it.
        req value: Spanned<String>,
        /// Its variant in the Rust enum (`UpperCamelCase`).
        req variant: Spanned<String>,
    }
}

/// A value of a string enumeration: the value alone, or a mapping naming its variant.
#[derive(Debug, Clone)]
pub(crate) struct EnumValueDecl {
    /// The value, as the JSON writes it.
    pub(crate) value: Spanned<String>,
    /// The variant the spec names, when it does.
    pub(crate) variant: Option<Spanned<String>>,
}

impl crate::read::decode::Decode for EnumValueDecl {
    fn decode(node: &Node, diags: &mut crate::diag::Diagnostics) -> Option<Self> {
        match &node.kind {
            crate::read::yaml::NodeKind::Map(_) => {
                NamedEnumValue::decode(node, diags).map(|n| EnumValueDecl {
                    value: n.value,
                    variant: Some(n.variant),
                })
            }
            _ => Spanned::<String>::decode(node, diags).map(|value| EnumValueDecl {
                value,
                variant: None,
            }),
        }
    }

    fn schema() -> serde_json::Value {
        serde_json::json!({ "oneOf": [{ "type": "string" }, NamedEnumValue::schema()] })
    }
}

spec_record! {
    /// `discriminator: { field: kind, mapping: { card: CardPayment } }`.
    pub struct Discriminator = "a discriminator" {
        /// The field's JSON name.
        req field: Spanned<String>,
        /// Each value of the field with the type it names; without it, each type is named
        /// by its own name.
        opt mapping: Named<Spanned<String>>,
    }
}

spec_record! {
    /// A field of a record: its type, whether it may be left out or `null`, and what its
    /// value must be beyond its type (checked on requests, stated in OpenAPI, checked by
    /// the typed client before sending).
    pub struct Field = "a field" {
        /// `string`, `integer`, `number`, `boolean`, `timestamp`, `any`, a format
        /// (`int32`, `int64`, `uint32`, `uint64`, `float`, `double`, `date`, `uuid`, `uri`,
        /// `email`, `base64`), a type name, `list<T>` or `map<T>` (string keys).
        req r#type as "type": Spanned<String>,
        /// What the field means.
        opt description: String,
        /// Its Rust name (`snake_case`), where the one its JSON name gives is another
        /// field's (Xero's `Name` beside `name`, Airbyte's `jsonSchema` beside
        /// `json_schema`) or not one at all.
        opt field: Spanned<String>,
        /// The field may be left out (absent from output when unset).
        opt optional: bool,
        /// The field may be `null`: written as `null` when it has no value (the key stays).
        /// With `optional`, requests tell absent, `null` and a value apart (`Tristate`).
        opt nullable: bool,
        /// A list whose items may be `null` (`Vec<Option<T>>`), as Microsoft Graph's are, or
        /// a map whose values may be (`BTreeMap<String, Option<T>>`, Vercel's).
        opt nullable_items: Spanned<bool>,
        /// The value a request that leaves the field out gets (the field is then never
        /// absent in Rust; of a `nullable` field, an `Option` that is `None` only for
        /// `null`): a scalar, an enumeration's value, or `[]`/`{}`.
        opt default: Spanned<AnyValue>,
        /// With `default`: requests must still carry the field, as OpenAPI's `required`
        /// beside a `default` says (the default is then stated, not filled in). Fields are
        /// required unless `optional`, so alone it says nothing more.
        opt required: Spanned<bool>,
        /// A format the spec has no type for (`google-duration`, `unixtime`): written in
        /// OpenAPI, not checked. Formats with a type (`date`, `uuid`, ...) are types.
        opt format: Spanned<String>,
        /// Text: the fewest characters.
        opt min_length: Spanned<u64>,
        /// Text: the most characters.
        opt max_length: Spanned<u64>,
        /// Text: an ECMA-262 regular expression, as in OpenAPI, it must contain a match of
        /// (anchor it with `^...$`); for a `timestamp`, `date` or `uuid`, of the text the
        /// service writes for it.
        opt pattern: Spanned<String>,
        /// A number: the smallest value.
        opt minimum: Spanned<ScalarText>,
        /// A number: the largest value.
        opt maximum: Spanned<ScalarText>,
        /// A number: a value it must be greater than.
        opt exclusive_minimum: Spanned<ScalarText>,
        /// A number: a value it must be less than.
        opt exclusive_maximum: Spanned<ScalarText>,
        /// A number: it must be a whole multiple of this.
        opt multiple_of: Spanned<ScalarText>,
        /// A number: the values it may be (`values: [1, 2, 5]`), each refused otherwise.
        opt values: Vec<Spanned<ScalarText>>,
        /// A list: the fewest items.
        opt min_items: Spanned<u64>,
        /// A list: the most items.
        opt max_items: Spanned<u64>,
        /// A list: no item may equal another.
        opt unique_items: Spanned<bool>,
        /// A map: the fewest members.
        opt min_properties: Spanned<u64>,
        /// A map: the most members.
        opt max_properties: Spanned<u64>,
        /// Set by the service only: a request may leave it out, and one that sets it is
        /// refused or its value ignored, as `conventions.read_only_fields` says.
        opt read_only: Spanned<bool>,
        /// Sent by clients only: never in the service's answers.
        opt write_only: Spanned<bool>,
        /// Still accepted, about to go: marked in OpenAPI and the Rust docs.
        opt deprecated: bool,
        /// A list or a map: what each item (each member's value) must be beyond its type
        /// (`items: { pattern: "^[a-z]+$" }`, `items: { format: int64 }`), checked item by
        /// item at its index (`tags[2]`) or key (`metadata.plan`).
        opt items: ItemRules,
    }
}

spec_record! {
    /// What each item of a list must be beyond its type: the keys a field of the item's
    /// type takes for its value (lengths, a pattern, bounds, a step, `values`, a format,
    /// `read_only`).
    pub struct ItemRules = "a list's item rules" {
        /// A format the spec has no type for (`int64` of text, as Google's APIs write
        /// large numbers): written in OpenAPI, not checked.
        opt format: Spanned<String>,
        /// Text: the fewest characters.
        opt min_length: Spanned<u64>,
        /// Text: the most characters.
        opt max_length: Spanned<u64>,
        /// Text (or a `timestamp`, `date` or `uuid`, as written): an ECMA-262 regular
        /// expression it must contain a match of.
        opt pattern: Spanned<String>,
        /// A number: the smallest value.
        opt minimum: Spanned<ScalarText>,
        /// A number: the largest value.
        opt maximum: Spanned<ScalarText>,
        /// A number: a value it must be greater than.
        opt exclusive_minimum: Spanned<ScalarText>,
        /// A number: a value it must be less than.
        opt exclusive_maximum: Spanned<ScalarText>,
        /// A number: it must be a whole multiple of this.
        opt multiple_of: Spanned<ScalarText>,
        /// A number: the values it may be.
        opt values: Vec<Spanned<ScalarText>>,
        /// The items are the service's (OpenAPI's `readOnly` on `items`, as Azure writes
        /// an error's `details`): a request cannot set them, so the list or map is
        /// read-only as a field is.
        opt read_only: Spanned<bool>,
    }
}

impl Field {
    /// The rules of a list's items as a field of the item's type (`item_type`, spelled
    /// where the list's type is written) says them, to be lowered as a field's are.
    pub(crate) fn of_items(items: &ItemRules, item_type: Spanned<String>) -> Field {
        Field {
            location: items.location.clone(),
            keys: items.keys.clone(),
            r#type: item_type,
            description: None,
            field: None,
            // An item is never left out: a read-only one needs no `optional`.
            optional: Some(true),
            nullable: None,
            nullable_items: None,
            default: None,
            required: None,
            format: items.format.clone(),
            min_length: items.min_length.clone(),
            max_length: items.max_length.clone(),
            pattern: items.pattern.clone(),
            minimum: items.minimum.clone(),
            maximum: items.maximum.clone(),
            exclusive_minimum: items.exclusive_minimum.clone(),
            exclusive_maximum: items.exclusive_maximum.clone(),
            multiple_of: items.multiple_of.clone(),
            values: items.values.clone(),
            min_items: None,
            max_items: None,
            unique_items: None,
            min_properties: None,
            max_properties: None,
            read_only: items.read_only.clone(),
            write_only: None,
            deprecated: None,
            items: None,
        }
    }
}
