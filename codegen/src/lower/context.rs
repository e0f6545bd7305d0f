//! What lowering a family or a type needs to know about the rest of the spec.

use std::collections::{BTreeMap, BTreeSet};

use crate::diag::Location;
use crate::model::{Anonymous, Capability, Status};

/// The service-wide facts that family and type lowering check names against.
pub(super) struct Context<'a> {
    /// Query parameters the runtime reads itself, by their convention names.
    pub(super) reserved_parameters: Vec<&'a str>,
    /// Request headers the runtime reads itself (lower case): `authorization`,
    /// `content-type`, the conventions' credential, trace and XSRF headers, ...
    pub(super) reserved_headers: Vec<String>,
    /// The cookies the runtime reads itself: the sessions' and the credentials'.
    pub(super) reserved_cookies: Vec<String>,
    pub(super) type_names: &'a BTreeMap<String, Location>,
    /// The names of the spec's string enumerations (which query options may take).
    pub(super) enum_names: Vec<String>,
    /// Their values, by name.
    pub(super) enum_values: BTreeMap<String, Vec<String>>,
    /// The types every value of which may be `null` (`nullable: true`).
    pub(super) nullable_types: BTreeSet<String>,
    /// The types every value of which is the service's (`read_only: true`).
    pub(super) read_only_types: BTreeSet<String>,
    pub(super) statuses: &'a [Status],
    pub(super) capabilities: &'a [Capability],
    pub(super) quota_template: &'a str,
    /// The service declares `pagination`.
    pub(super) paginates: bool,
    /// The query parameters a paginated endpoint reads besides its options (`page`,
    /// `per_page`, `ending_before`, ...): reserved on paginated endpoints only.
    pub(super) page_parameters: Vec<&'a str>,
    /// What anonymous callers may call, unless a family or an endpoint says otherwise.
    pub(super) anonymous: Anonymous,
    /// The service's credential places, in the order the runtime tries them.
    pub(super) credentials: &'a [crate::model::Credential],
    /// The quota category of endpoints and families that name none
    /// (`rate_limit_headers.default_resource`).
    pub(super) rate_limit_resource: Option<&'a String>,
}

impl Context<'_> {
    /// Whether `ty` is a type declared `nullable: true`: where it is used, `null` is one of
    /// its values.
    pub(super) fn is_nullable(&self, ty: &crate::model::TypeRef) -> bool {
        matches!(ty, crate::model::TypeRef::Named(name) if self.nullable_types.contains(name))
    }

    /// Whether `ty` is a type declared `read_only: true`: its values are the service's.
    pub(super) fn is_read_only(&self, ty: &crate::model::TypeRef) -> bool {
        matches!(ty, crate::model::TypeRef::Named(name) if self.read_only_types.contains(name))
    }
}
