//! The kinds of change between two versions of a spec: what `restspec diff` reports and
//! what a spec's `breaking_allowed` may name, so both the diff and the spec's reader know
//! them.

/// The kinds of change the diff knows, each with a stable name (JSON output, allow-lists).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChangeKind {
    /// An endpoint is gone.
    EndpointRemoved,
    /// A new endpoint.
    EndpointAdded,
    /// An endpoint has another name, with the same method and path: the same requests, a
    /// handler method of another name.
    EndpointRenamed,
    /// An endpoint became deprecated, or stopped being.
    EndpointDeprecationChanged,
    /// An endpoint answers another method.
    MethodChanged,
    /// An endpoint's path matches other requests.
    PathChanged,
    /// What selects it among endpoints of its method and path (`selected_by`) changed.
    SelectorChanged,
    /// A path parameter has another name at the same position (no request changes).
    PathParameterRenamed,
    /// A path parameter is parsed as another type.
    PathParameterTypeChanged,
    /// The success status is another.
    SuccessStatusChanged,
    /// An endpoint's errors are written in another body of its own (`error_body`), or
    /// now in the service's or no longer.
    ErrorBodyChanged,
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
    /// An endpoint reads credentials at other places of the service's (`credentials`).
    CredentialPlacesChanged,
    /// The request body is of another type.
    RequestTypeChanged,
    /// The response body is of another type.
    ResponseTypeChanged,
    /// A query option is gone.
    QueryOptionRemoved,
    /// A new query option.
    QueryOptionAdded,
    /// A query option takes another type, or fewer values.
    QueryOptionTypeChanged,
    /// The value a request without a query option gets is another, or none.
    QueryOptionDefaultChanged,
    /// A header parameter is gone (the service ignores it when clients still send it).
    HeaderParameterRemoved,
    /// A new header parameter.
    HeaderParameterAdded,
    /// A header parameter takes another type, or fewer values.
    HeaderParameterTypeChanged,
    /// The value a request without a header parameter gets is another, or none.
    HeaderParameterDefaultChanged,
    /// A header success answers carried is gone (clients reading it find nothing).
    ResponseHeaderRemoved,
    /// Success answers carry a new header.
    ResponseHeaderAdded,
    /// A response header has another type, or may now be absent.
    ResponseHeaderChanged,
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
    /// A field's constraints admit fewer values (a shorter `max_length`, a new `pattern`).
    FieldConstraintTightened,
    /// A field's constraints admit more values.
    FieldConstraintLoosened,
    /// The value a request without a field gets is another, or none.
    FieldDefaultChanged,
    /// A field became read-only or write-only, or stopped being.
    FieldAccessChanged,
    /// A field's documented format (one without a type of its own) is another.
    FieldFormatChanged,
    /// A field became deprecated, or stopped being.
    FieldDeprecationChanged,
    /// An enumeration lost a value.
    EnumValueRemoved,
    /// An enumeration gained a value.
    EnumValueAdded,
    /// A discriminator names its type in another field, or its values name other types.
    DiscriminatorChanged,
    /// A union's alternatives are the same, but one says a value fits exactly one of them
    /// (`one_of`) and the other that it may fit several (`any_of`).
    UnionKeywordChanged,
    /// A protocol convention (prefix, header or parameter name, default) is another.
    ConventionChanged,
}

impl ChangeKind {
    /// Every kind, in declaration order.
    pub const ALL: [ChangeKind; 51] = [
        ChangeKind::EndpointRemoved,
        ChangeKind::EndpointAdded,
        ChangeKind::EndpointRenamed,
        ChangeKind::EndpointDeprecationChanged,
        ChangeKind::MethodChanged,
        ChangeKind::PathChanged,
        ChangeKind::SelectorChanged,
        ChangeKind::PathParameterRenamed,
        ChangeKind::PathParameterTypeChanged,
        ChangeKind::SuccessStatusChanged,
        ChangeKind::ErrorBodyChanged,
        ChangeKind::ErrorStatusAdded,
        ChangeKind::ErrorStatusRemoved,
        ChangeKind::CapabilityRequired,
        ChangeKind::CapabilityDropped,
        ChangeKind::QuotaGroupChanged,
        ChangeKind::PaginationChanged,
        ChangeKind::AnonymousAccessChanged,
        ChangeKind::CredentialPlacesChanged,
        ChangeKind::RequestTypeChanged,
        ChangeKind::ResponseTypeChanged,
        ChangeKind::QueryOptionRemoved,
        ChangeKind::QueryOptionAdded,
        ChangeKind::QueryOptionTypeChanged,
        ChangeKind::QueryOptionDefaultChanged,
        ChangeKind::HeaderParameterRemoved,
        ChangeKind::HeaderParameterAdded,
        ChangeKind::HeaderParameterTypeChanged,
        ChangeKind::HeaderParameterDefaultChanged,
        ChangeKind::ResponseHeaderRemoved,
        ChangeKind::ResponseHeaderAdded,
        ChangeKind::ResponseHeaderChanged,
        ChangeKind::FieldRemoved,
        ChangeKind::FieldMadeOptional,
        ChangeKind::FieldMadeRequired,
        ChangeKind::FieldMadeNullable,
        ChangeKind::FieldMadeNonNullable,
        ChangeKind::FieldTypeChanged,
        ChangeKind::FieldAdded,
        ChangeKind::FieldAddedRequired,
        ChangeKind::FieldConstraintTightened,
        ChangeKind::FieldConstraintLoosened,
        ChangeKind::FieldDefaultChanged,
        ChangeKind::FieldAccessChanged,
        ChangeKind::FieldFormatChanged,
        ChangeKind::FieldDeprecationChanged,
        ChangeKind::EnumValueRemoved,
        ChangeKind::EnumValueAdded,
        ChangeKind::DiscriminatorChanged,
        ChangeKind::UnionKeywordChanged,
        ChangeKind::ConventionChanged,
    ];

    /// The kind's stable `snake_case` name.
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::EndpointRemoved => "endpoint_removed",
            ChangeKind::EndpointAdded => "endpoint_added",
            ChangeKind::EndpointRenamed => "endpoint_renamed",
            ChangeKind::EndpointDeprecationChanged => "endpoint_deprecation_changed",
            ChangeKind::MethodChanged => "method_changed",
            ChangeKind::PathChanged => "path_changed",
            ChangeKind::SelectorChanged => "selector_changed",
            ChangeKind::PathParameterRenamed => "path_parameter_renamed",
            ChangeKind::PathParameterTypeChanged => "path_parameter_type_changed",
            ChangeKind::SuccessStatusChanged => "success_status_changed",
            ChangeKind::ErrorBodyChanged => "error_body_changed",
            ChangeKind::ErrorStatusAdded => "error_status_added",
            ChangeKind::ErrorStatusRemoved => "error_status_removed",
            ChangeKind::CapabilityRequired => "capability_required",
            ChangeKind::CapabilityDropped => "capability_dropped",
            ChangeKind::QuotaGroupChanged => "quota_group_changed",
            ChangeKind::PaginationChanged => "pagination_changed",
            ChangeKind::AnonymousAccessChanged => "anonymous_access_changed",
            ChangeKind::CredentialPlacesChanged => "credential_places_changed",
            ChangeKind::RequestTypeChanged => "request_type_changed",
            ChangeKind::ResponseTypeChanged => "response_type_changed",
            ChangeKind::QueryOptionRemoved => "query_option_removed",
            ChangeKind::QueryOptionAdded => "query_option_added",
            ChangeKind::QueryOptionTypeChanged => "query_option_type_changed",
            ChangeKind::QueryOptionDefaultChanged => "query_option_default_changed",
            ChangeKind::HeaderParameterRemoved => "header_parameter_removed",
            ChangeKind::HeaderParameterAdded => "header_parameter_added",
            ChangeKind::HeaderParameterTypeChanged => "header_parameter_type_changed",
            ChangeKind::HeaderParameterDefaultChanged => "header_parameter_default_changed",
            ChangeKind::ResponseHeaderRemoved => "response_header_removed",
            ChangeKind::ResponseHeaderAdded => "response_header_added",
            ChangeKind::ResponseHeaderChanged => "response_header_changed",
            ChangeKind::FieldRemoved => "field_removed",
            ChangeKind::FieldMadeOptional => "field_made_optional",
            ChangeKind::FieldMadeRequired => "field_made_required",
            ChangeKind::FieldMadeNullable => "field_made_nullable",
            ChangeKind::FieldMadeNonNullable => "field_made_non_nullable",
            ChangeKind::FieldTypeChanged => "field_type_changed",
            ChangeKind::FieldAdded => "field_added",
            ChangeKind::FieldAddedRequired => "field_added_required",
            ChangeKind::FieldConstraintTightened => "field_constraint_tightened",
            ChangeKind::FieldConstraintLoosened => "field_constraint_loosened",
            ChangeKind::FieldDefaultChanged => "field_default_changed",
            ChangeKind::FieldAccessChanged => "field_access_changed",
            ChangeKind::FieldFormatChanged => "field_format_changed",
            ChangeKind::FieldDeprecationChanged => "field_deprecation_changed",
            ChangeKind::EnumValueRemoved => "enum_value_removed",
            ChangeKind::EnumValueAdded => "enum_value_added",
            ChangeKind::DiscriminatorChanged => "discriminator_changed",
            ChangeKind::UnionKeywordChanged => "union_keyword_changed",
            ChangeKind::ConventionChanged => "convention_changed",
        }
    }
}
