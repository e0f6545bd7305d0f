//! What a field's value must be beyond its type (lengths, a pattern, bounds, counts), the
//! value a request that leaves it out gets, and which side of the exchange it belongs to.

/// A bound on a number: its value and whether the value itself is allowed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bound {
    /// The bound.
    pub value: f64,
    /// True when the value must differ from the bound (`exclusive_minimum`).
    pub exclusive: bool,
}

/// Everything a field says besides its type, its optionality and its description.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldRules {
    /// Text: the fewest characters.
    pub min_length: Option<u64>,
    /// Text: the most characters.
    pub max_length: Option<u64>,
    /// Text: a regular expression it must contain a match of.
    pub pattern: Option<String>,
    /// A number: the smallest value.
    pub minimum: Option<Bound>,
    /// A number: the largest value.
    pub maximum: Option<Bound>,
    /// A number: a step it must be a whole multiple of.
    pub multiple_of: Option<f64>,
    /// A number: the values it may be, as written (`values: [1, 2, 5]`; OpenAPI's `enum`).
    pub values: Option<Vec<serde_json::Value>>,
    /// A list: the fewest items.
    pub min_items: Option<u64>,
    /// A list: the most items.
    pub max_items: Option<u64>,
    /// A list: no two items equal.
    pub unique_items: bool,
    /// A map: the fewest members.
    pub min_properties: Option<u64>,
    /// A map: the most members.
    pub max_properties: Option<u64>,
    /// The value (as JSON) a request that leaves the field out gets; `null` (on a field
    /// that may be `null`) fills nothing, and is stated only.
    pub default: Option<serde_json::Value>,
    /// With a `default`: requests must still carry the field (OpenAPI `required`); the
    /// default is stated, not filled in (`required: true` beside `default`).
    pub default_stated: bool,
    /// A format the spec has no type for, stated in OpenAPI only.
    pub format: Option<String>,
    /// Set by the service only.
    pub read_only: bool,
    /// Sent by clients only.
    pub write_only: bool,
    /// About to go.
    pub deprecated: bool,
    /// A list: what each item must be beyond its type.
    pub items: Option<Box<FieldRules>>,
}

impl FieldRules {
    /// The default a request that leaves the field out gets filled in with: none where it
    /// is stated only (`required: true` beside it) or `null`.
    pub fn filled_default(&self) -> Option<&serde_json::Value> {
        (self.default.as_ref()).filter(|d| !self.default_stated && !d.is_null())
    }

    /// True when a request's value can break one of the rules (what `Validate` checks).
    pub fn constrains(&self) -> bool {
        self.min_length.is_some()
            || self.max_length.is_some()
            || self.pattern.is_some()
            || self.minimum.is_some()
            || self.maximum.is_some()
            || self.values.is_some()
            || self.multiple_of.is_some()
            || self.min_items.is_some()
            || self.max_items.is_some()
            || self.unique_items
            || self.min_properties.is_some()
            || self.max_properties.is_some()
            || self.items.as_ref().is_some_and(|items| items.constrains())
    }
}
