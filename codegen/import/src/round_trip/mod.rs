//! Whether an OpenAPI document survives `restspec import` followed by restspec's own
//! OpenAPI export, judged per operation of the ORIGINAL document: [`compare`] the two
//! documents, then count with [`Summary`] and rank what blocks most operations with
//! [`Tally`].
//!
//! Two verdicts are given for every operation: **on the wire** (a client written against
//! the original sends and receives exactly what the export describes) and **faithful** (on
//! the wire, and the constraints and details below survive too). Every [`Difference`]
//! names a JSON pointer into the original where the thing that did not survive is (behind
//! `$ref`s: where the referenced object is, e.g. `/components/schemas/Pet/properties/id`),
//! or its parent where the original lacks what the export added; and a short category key
//! (`pattern`, `header parameter`, `response status`, `media type`…) for tallies.
//!
//! # Matching operations
//!
//! * Operations are matched by method and path template, path parameters compared by
//!   position: `/users/{id}` equals `/users/{user_id}` (a parameter's name is not on the
//!   wire). Decided here: a template spelled exactly alike is preferred, since documents
//!   hold templates equal but for their parameters' names (`/v1/{name}`, `/v1/{parent}`).
//! * Each document's base path is its first server's URL path (`https://api.x.com/v2` →
//!   `/v2`; relative URLs too; `{var}` replaced by the variable's `default`). A pair matches
//!   when the templates are equal once that base is stripped (the export may run at another
//!   base), or, failing that, when base + template are equal (the importer may have moved
//!   the base into the templates). Server lists of path items and operations are ignored.
//! * Decided here: failing both, templates that differ only by a trailing slash match, with
//!   a Faithful difference (restspec routes `/x/` and `/x` alike and exports them as one).
//! * An original operation absent from the export is a Wire difference. Operations only the
//!   export has are not reported (the verdicts are about the original).
//!
//! # On the wire ([`Kind::Wire`])
//!
//! * **Parameters**: path-item parameters merged with the operation's (the operation wins
//!   for the same place on the wire), `$ref`s resolved. The `(in, name)` sets must be
//!   equal, path parameters keyed by position, header names case-insensitively; `Accept`,
//!   `Content-Type` and `Authorization` headers are ignored (OpenAPI says so). `required`
//!   must be equal (path parameters are always required) and the schemas (from `schema`,
//!   or the first `content` entry) wire-equal. Decided here: a parameter only the export
//!   has is a difference too, even when optional (the brief asks for equal sets). One the
//!   export's security reads instead (an `apiKey` of the same place and name, as Trello
//!   declares `key` both ways) is sent alike; a required one some callers of the export
//!   may omit is a Faithful difference, as is one only a scheme the export declares
//!   elsewhere reads (the service reads it wherever it is sent). A query parameter is
//!   keyed as what the wire carries: an object of declared members, exploded `form` or
//!   `deepObject`, as a parameter a member (`status`, `filter[status]`, `spread.rs`); an
//!   object of any members exploded `form` as every key (`query *`: several such are one);
//!   in the query, members of any value and of text are alike, and `deepObject` is
//!   exploded whatever `explode` says.
//! * **Request body**: same presence, same `required` (absent = false), the same set of
//!   media types and wire-equal schemas per media type. Media types are compared lower
//!   case without parameters; `application/json`, `application/json; charset=…` and every
//!   `application/…+json` are one JSON kind. An entry without a schema beside one of its
//!   kind with a schema (Zuora's examples under `application/json`, its schema under
//!   `application/json; charset=utf-8`) is read as that one. An answer listed in several
//!   JSON types, one of which the export keeps by its name, comes in that one: the others
//!   left out are a Faithful difference (a client of the original reads each). An answer
//!   in a range (`*/*`, `image/*`) may come in any type of it the export lists, compared
//!   with its JSON there (for a success, a Faithful difference: the document says less); a `content` key that is no media type (no `/`) names nothing
//!   sent, and `content: {}` describes no body.
//! * **Responses**: every status of the original (`default` and ranges like `4XX`, compared
//!   case-insensitively) is in the export with the same media type set (no `content` equals
//!   empty `content`) and wire-equal schemas. The export may add 4xx/5xx statuses (a
//!   generated service refuses bad input); any other added status is a difference. A
//!   `default` with no 2xx or 3xx beside it is every answer: the export's successes are
//!   its instances, compared with it, and not added statuses. An error answer (4xx, 5xx,
//!   `default`) the original gives no body, or a body of any JSON (`schema: {}`), may carry
//!   one in the export: no client relied on its shape.
//!   Response headers: every original header (case-insensitive, `Content-Type` ignored) is
//!   in the export with a wire-equal schema. Decided here: headers only the export sends
//!   (request ids, rate limits) are not differences, as a client ignores unknown headers.
//! * **Security**: the effective requirement (the operation's `security`, else the
//!   document's) as a set of alternatives, each a set of schemes described by what a client
//!   sends (`apiKey` + `in` + `name`, header names case-insensitively; `http` + scheme;
//!   `oauth2`; `openIdConnect`; `mutualTLS`). Decided here: scheme names, scopes and OAuth
//!   flows are not compared; no requirement equals `[{}]`. A difference is Faithful only
//!   when the wire is the same: an OAuth 2 or OpenID Connect token is sent as
//!   `Authorization: Bearer` (RFC 6750), so it equals `http bearer`; and where anyone may
//!   call in both, credentials the export also accepts change no request that worked.
//! * **Schemas** are wire-equal when, after resolving local `$ref`s (an unresolvable or
//!   external reference compares as "any" and is itself a Wire difference; in the export,
//!   one is reported at the original's schema), they agree on:
//!   - the JSON type set: OpenAPI 3.0 `type` + `nullable`, 3.1 `type` arrays with `"null"`;
//!     `integer` and `number` differ; a schema without `type` is "any", except that
//!     (decided here) one with `properties`, `required` or `additionalProperties` is an
//!     object, one with `items` an array, and one with `enum`/`const` has the types of its
//!     values. A schema's type set includes what its unions admit (`type: object` beside a
//!     `oneOf` of objects equals the bare `oneOf`); where the unions themselves differ on
//!     the wire, the type difference that follows is not reported again;
//!   - objects: property names (a name the original requires without a property is one
//!     of any value), the `required` set, properties wire-equal,
//!     `additionalProperties` (absent, `true` and `{}` are "any"; `false`; or a schema);
//!   - arrays: `items` wire-equal; `enum` as a set (`const` is a one-value `enum`; `null`
//!     members are left to the type's nullability);
//!   - composition: `allOf` is flattened (properties, `required`, types and constraints of
//!     all parts merged, through `$ref`s; a part reached twice counts once) so it equals an
//!     inlined merged object; `oneOf` and `anyOf` are unions compared as sets of
//!     alternatives, each original alternative needing a distinct wire-equal one in the
//!     export (those without one are paired with the closest left, whose differences say
//!     why; with none left, "no counterpart"); a `{"type": "null"}` alternative makes the
//!     union nullable; a union with one (other) alternative is that alternative;
//!     `discriminator`: `propertyName`, and the mapping's values with wire-equal targets
//!     (the implicit mapping being the union's referenced schema names; a target that does
//!     not resolve is a difference); `not`.
//!   - Decided here: `oneOf` versus `anyOf` is only a Faithful difference; in 3.0 documents
//!     the siblings of a `$ref` are ignored, in 3.1 they apply; in a flattened `allOf` a
//!     constraint keyword's first occurrence counts, and `nullable` anywhere in it admits
//!     `null`; `patternProperties`, `prefixItems` and `if`/`then` are not compared.
//!   - A pair of schemas already under comparison is assumed equal (recursion), and beyond
//!     [`MAX_DEPTH`] nested comparisons the rest is assumed equal.
//!
//! # Faithful ([`Kind::Faithful`]), in addition
//!
//! `format`, `pattern`, `minLength`/`maxLength`, `minimum`/`maximum` with their exclusivity
//! (3.0 booleans and 3.1 numbers normalised to one bound), `multipleOf`,
//! `minItems`/`maxItems`/`uniqueItems`, `minProperties`/`maxProperties`, `default`,
//! `readOnly`/`writeOnly`, `deprecated` on schemas, parameters and operations (absent
//! booleans are false), and parameter `style`/`explode` with their defaults (query and
//! cookie `form` exploded, path and header `simple` not exploded). A keyword the export
//! adds counts as much as one it drops. Numbers compare by value (`1` equals `1.0`). `enum`
//! order, descriptions, summaries, examples, tags, operation ids, titles, `externalDocs` and
//! `x-` extensions are never differences.
//!
//! # Limits
//!
//! Each pair of schemas is compared once per document (see `memo.rs`), so the 47 MB
//! Microsoft Graph document (22,000 operations) compares in about two seconds. An
//! operation lists each difference once and at most [`MAX_PER_CATEGORY`] of one kind and
//! category; its verdicts and the set of categories it shows are exact regardless.
//! Nothing here panics on any input: documents are read with `get` and treated as absent
//! where they are not what OpenAPI says.

mod bodies;
pub(crate) mod families;
pub(crate) mod flatten;
mod keywords;
pub(crate) mod meant;
pub(crate) mod media;
mod memo;
mod op;
mod operations;
mod parameters;
pub(crate) mod refs;
mod schemas;
mod schemes;
pub(crate) mod spread;
mod tally;

pub use memo::{MAX_DEPTH, MAX_PER_CATEGORY};
pub use tally::{Count, Summary, Tally};

use serde_json::Value;

/// The verdicts for every operation of an original document, in the original's order
/// (`paths` order, then method order within each path item), so that reports read like
/// the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// One verdict per original operation.
    pub operations: Vec<Verdict>,
}

/// What the round trip did to one operation of the original.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The method in lower case (`get`), as the original's path item spells it.
    pub method: String,
    /// The original's path template (`/users/{id}`), without the server's base path.
    pub path: String,
    /// Whether a client of the original can use the exported description unchanged.
    pub on_wire: bool,
    /// Whether the constraints and documentation-relevant details survived too; implies
    /// [`Verdict::on_wire`].
    pub faithful: bool,
    /// Why not: empty exactly when faithful.
    pub differences: Vec<Difference>,
}

/// Whether a difference changes the wire or only the description's fidelity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// What a client can send or receive differs.
    Wire,
    /// The wire is the same, but a constraint or detail was lost or changed.
    Faithful,
}

/// One thing the round trip lost or changed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Difference {
    /// JSON pointer into the ORIGINAL document where the thing is, or its parent where
    /// the original lacks it (`/paths/~1users~1{id}/get/parameters/0/schema/pattern`).
    pub pointer: String,
    /// Wire or faithful.
    pub kind: Kind,
    /// Short English: "pattern `^[a-z]+$` missing".
    pub what: String,
    /// A short key grouping differences of one sort ("pattern", "header parameter",
    /// "response status", "media type"), for [`Tally`].
    pub category: &'static str,
}

impl Difference {
    pub(crate) fn wire(pointer: impl Into<String>, category: &'static str, what: String) -> Self {
        Difference {
            pointer: pointer.into(),
            kind: Kind::Wire,
            what,
            category,
        }
    }

    pub(crate) fn faithful(
        pointer: impl Into<String>,
        category: &'static str,
        what: String,
    ) -> Self {
        Difference {
            pointer: pointer.into(),
            kind: Kind::Faithful,
            what,
            category,
        }
    }
}

impl Comparison {
    /// How many operations there are, on the wire and faithful.
    pub fn summary(&self) -> Summary {
        Summary::of(self)
    }
}

/// Compares every operation of `original` with its counterpart in `exported` (the
/// document restspec exported after importing `original`), by the rules of this module.
/// Any JSON value is accepted: what is not an OpenAPI document has no operations.
pub fn compare(original: &Value, exported: &Value) -> Comparison {
    let meant = meant::read(original);
    Comparison {
        operations: operations::compare_documents(meant.as_ref().unwrap_or(original), exported),
    }
}
