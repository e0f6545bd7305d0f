//! What changed between two versions of a spec, and whom each change breaks.
//!
//! [`diff`] compares two validated models: endpoints by name, types by name, conventions by
//! field. Every difference is a [`Change`] with a stable [`ChangeKind`], a [`Verdict`]
//! (breaking for clients, for operators, or compatible) and the YAML position in each
//! version, so that a reviewer, or CI through `restspec diff`, sees exactly what an edit
//! does to the service's users. Operators count: a changed quota group makes their quota
//! rules silently stop matching.

mod conventions;
mod endpoints;
mod types;

use serde_json::{Value, json};

use crate::diag::Location;
use crate::model::{Service, TypeRef};

/// Whom a breaking change breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Who {
    /// Programs calling the service.
    Clients,
    /// People running it: quota rules, monitoring keyed by quota group.
    Operators,
}

/// The verdict on one change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Someone who relied on the old version breaks.
    Breaking(Who),
    /// Nobody breaks (a client may still want to know).
    Compatible,
}

impl Verdict {
    /// `breaking (clients)`, `breaking (operators)` or `compatible`.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Breaking(Who::Clients) => "breaking (clients)",
            Verdict::Breaking(Who::Operators) => "breaking (operators)",
            Verdict::Compatible => "compatible",
        }
    }
}

/// The kinds of change the diff knows, each with a stable name (JSON output, allow-lists).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChangeKind {
    /// An endpoint is gone.
    EndpointRemoved,
    /// A new endpoint.
    EndpointAdded,
    /// An endpoint answers another method.
    MethodChanged,
    /// An endpoint's path matches other requests.
    PathChanged,
    /// A path parameter has another name at the same position (no request changes).
    PathParameterRenamed,
    /// A path parameter is parsed as another type.
    PathParameterTypeChanged,
    /// The success status is another.
    SuccessStatusChanged,
    /// An endpoint may answer a status it did not declare.
    ErrorStatusAdded,
    /// An endpoint no longer declares a status.
    ErrorStatusRemoved,
    /// An endpoint needs a global capability it did not need, or another one.
    CapabilityRequired,
    /// An endpoint no longer needs a capability.
    CapabilityDropped,
    /// The quota group an endpoint is charged to is another.
    QuotaGroupChanged,
    /// An endpoint became paginated, or stopped being.
    PaginationChanged,
    /// Anonymous callers may call an endpoint they could not, or the other way round.
    AnonymousAccessChanged,
    /// The request body is of another type.
    RequestTypeChanged,
    /// The response body is of another type.
    ResponseTypeChanged,
    /// A query option is gone.
    QueryOptionRemoved,
    /// A new query option.
    QueryOptionAdded,
    /// A query option takes another type.
    QueryOptionTypeChanged,
    /// A field of a type clients read is gone.
    FieldRemoved,
    /// A field of a type clients read may now be absent.
    FieldMadeOptional,
    /// A field that clients must send, or an optional field they send, is now required.
    FieldMadeRequired,
    /// A field may now be `null`.
    FieldMadeNullable,
    /// A field may no longer be `null`.
    FieldMadeNonNullable,
    /// A field holds another type.
    FieldTypeChanged,
    /// A new field.
    FieldAdded,
    /// A new field clients must send.
    FieldAddedRequired,
    /// An enumeration lost a value.
    EnumValueRemoved,
    /// An enumeration gained a value.
    EnumValueAdded,
    /// A protocol convention (prefix, header or parameter name, default) is another.
    ConventionChanged,
}

impl ChangeKind {
    /// Every kind, in declaration order.
    pub const ALL: [ChangeKind; 30] = [
        ChangeKind::EndpointRemoved,
        ChangeKind::EndpointAdded,
        ChangeKind::MethodChanged,
        ChangeKind::PathChanged,
        ChangeKind::PathParameterRenamed,
        ChangeKind::PathParameterTypeChanged,
        ChangeKind::SuccessStatusChanged,
        ChangeKind::ErrorStatusAdded,
        ChangeKind::ErrorStatusRemoved,
        ChangeKind::CapabilityRequired,
        ChangeKind::CapabilityDropped,
        ChangeKind::QuotaGroupChanged,
        ChangeKind::PaginationChanged,
        ChangeKind::AnonymousAccessChanged,
        ChangeKind::RequestTypeChanged,
        ChangeKind::ResponseTypeChanged,
        ChangeKind::QueryOptionRemoved,
        ChangeKind::QueryOptionAdded,
        ChangeKind::QueryOptionTypeChanged,
        ChangeKind::FieldRemoved,
        ChangeKind::FieldMadeOptional,
        ChangeKind::FieldMadeRequired,
        ChangeKind::FieldMadeNullable,
        ChangeKind::FieldMadeNonNullable,
        ChangeKind::FieldTypeChanged,
        ChangeKind::FieldAdded,
        ChangeKind::FieldAddedRequired,
        ChangeKind::EnumValueRemoved,
        ChangeKind::EnumValueAdded,
        ChangeKind::ConventionChanged,
    ];

    /// The kind's stable `snake_case` name.
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::EndpointRemoved => "endpoint_removed",
            ChangeKind::EndpointAdded => "endpoint_added",
            ChangeKind::MethodChanged => "method_changed",
            ChangeKind::PathChanged => "path_changed",
            ChangeKind::PathParameterRenamed => "path_parameter_renamed",
            ChangeKind::PathParameterTypeChanged => "path_parameter_type_changed",
            ChangeKind::SuccessStatusChanged => "success_status_changed",
            ChangeKind::ErrorStatusAdded => "error_status_added",
            ChangeKind::ErrorStatusRemoved => "error_status_removed",
            ChangeKind::CapabilityRequired => "capability_required",
            ChangeKind::CapabilityDropped => "capability_dropped",
            ChangeKind::QuotaGroupChanged => "quota_group_changed",
            ChangeKind::PaginationChanged => "pagination_changed",
            ChangeKind::AnonymousAccessChanged => "anonymous_access_changed",
            ChangeKind::RequestTypeChanged => "request_type_changed",
            ChangeKind::ResponseTypeChanged => "response_type_changed",
            ChangeKind::QueryOptionRemoved => "query_option_removed",
            ChangeKind::QueryOptionAdded => "query_option_added",
            ChangeKind::QueryOptionTypeChanged => "query_option_type_changed",
            ChangeKind::FieldRemoved => "field_removed",
            ChangeKind::FieldMadeOptional => "field_made_optional",
            ChangeKind::FieldMadeRequired => "field_made_required",
            ChangeKind::FieldMadeNullable => "field_made_nullable",
            ChangeKind::FieldMadeNonNullable => "field_made_non_nullable",
            ChangeKind::FieldTypeChanged => "field_type_changed",
            ChangeKind::FieldAdded => "field_added",
            ChangeKind::FieldAddedRequired => "field_added_required",
            ChangeKind::EnumValueRemoved => "enum_value_removed",
            ChangeKind::EnumValueAdded => "enum_value_added",
            ChangeKind::ConventionChanged => "convention_changed",
        }
    }
}

/// One difference between the two versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// What kind of change it is.
    pub kind: ChangeKind,
    /// Whom it breaks.
    pub verdict: Verdict,
    /// What changed: `endpoint get_change`, `field ChangeInfo.subject`.
    pub subject: String,
    /// Who breaks and why, in one line.
    pub explanation: String,
    /// Where it is in the old version (`None` for an addition).
    pub old: Option<Location>,
    /// Where it is in the new version (`None` for a removal).
    pub new: Option<Location>,
    /// Why it is intended, when the new version's `breaking_allowed` lists it.
    pub allowed: Option<String>,
}

impl Change {
    /// A change the new version has not said it intends (see [`newly_allowed`]).
    pub fn new(
        kind: ChangeKind,
        verdict: Verdict,
        subject: String,
        explanation: String,
        old: Option<Location>,
        new: Option<Location>,
    ) -> Self {
        Change {
            kind,
            verdict,
            subject,
            explanation,
            old,
            new,
            allowed: None,
        }
    }

    /// True when someone breaks.
    pub fn is_breaking(&self) -> bool {
        matches!(self.verdict, Verdict::Breaking(_))
    }

    /// True when someone breaks and the new version does not say it is intended.
    pub fn is_unallowed_break(&self) -> bool {
        self.is_breaking() && self.allowed.is_none()
    }

    /// The change as a JSON object (for `restspec diff --format json`).
    pub fn to_json(&self) -> Value {
        let who = match self.verdict {
            Verdict::Breaking(Who::Clients) => json!("clients"),
            Verdict::Breaking(Who::Operators) => json!("operators"),
            Verdict::Compatible => Value::Null,
        };
        json!({
            "kind": self.kind.name(),
            "breaking": self.is_breaking(),
            "breaks": who,
            "subject": self.subject,
            "explanation": self.explanation,
            "old": self.old.as_ref().map(ToString::to_string),
            "new": self.new.as_ref().map(ToString::to_string),
            "allowed": self.allowed,
        })
    }
}

impl std::fmt::Display for Change {
    /// `breaking (clients)  old -> new  subject: explanation`, on one line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = |l: &Option<Location>| l.as_ref().map_or("-".to_owned(), ToString::to_string);
        write!(
            f,
            "{:<20}  {} -> {}  {}: {}",
            self.verdict.label(),
            at(&self.old),
            at(&self.new),
            self.subject,
            self.explanation
        )?;
        match &self.allowed {
            Some(reason) => write!(f, " (allowed: {reason})"),
            None => Ok(()),
        }
    }
}

/// Every change from `old` to `new`: breaking ones first, each group in the order of the
/// files and lines where the changes stand.
///
/// A breaking change the new version lists under `breaking_allowed` (and the old one did
/// not: an entry allows its change once, and the next diff forgets it) carries the reason.
pub fn diff(old: &Service, new: &Service) -> Vec<Change> {
    let mut changes = Vec::new();
    conventions::compare(old, new, &mut changes);
    endpoints::compare(old, new, &mut changes);
    types::compare(old, new, &mut changes);
    for change in changes.iter_mut().filter(|c| c.is_breaking()) {
        change.allowed = newly_allowed(old, new)
            .find(|a| a.change == change.kind.name() && a.subject == change.subject)
            .map(|a| a.reason.clone());
    }
    changes.sort_by_cached_key(|c| {
        let at = c.new.as_ref().or(c.old.as_ref());
        (
            !c.is_breaking(),
            at.map(|l| (l.file.display().to_string(), l.line, l.column)),
        )
    });
    changes
}

/// The new version's `breaking_allowed` entries that the old version did not have.
pub fn newly_allowed<'a>(
    old: &'a Service,
    new: &'a Service,
) -> impl Iterator<Item = &'a crate::model::AllowedBreak> {
    new.breaking_allowed.iter().filter(|a| {
        !old.breaking_allowed
            .iter()
            .any(|o| o.change == a.change && o.subject == a.subject)
    })
}

/// A type reference as the spec writes it (`list<ChangeInfo>`).
pub(crate) fn spelled(ty: &TypeRef) -> String {
    match ty {
        TypeRef::String => "string".to_owned(),
        TypeRef::Integer => "integer".to_owned(),
        TypeRef::Boolean => "boolean".to_owned(),
        TypeRef::Timestamp => "timestamp".to_owned(),
        TypeRef::Named(name) => name.clone(),
        TypeRef::List(inner) => format!("list<{}>", spelled(inner)),
        TypeRef::Map(inner) => format!("map<{}>", spelled(inner)),
    }
}
