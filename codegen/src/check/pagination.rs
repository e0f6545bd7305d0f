//! Rules between the service's pagination and the items its paginated lists hold.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{OffsetConventions, PageStyle, Pagination, Service, TypeKind, TypeRef};

/// The fields the pagination style reads on a list's items exist there: the `offset`
/// style's `more_field`, a boolean the runtime sets on the last item, and the `cursor`
/// style's `cursor_from`, a string or integer the client reads off the last item.
///
/// ```yaml
/// pagination: { style: offset, more_field: _more_changes }
/// list_changes: { method: GET, response: list<Change>, paginated: true }
/// # but Change has no `_more_changes: { type: boolean, optional: true }`
/// ```
pub(crate) fn item_fields(service: &Service, diags: &mut Diagnostics) {
    let Some(pagination) = &service.conventions.pagination else {
        return;
    };
    let (field, kinds, what) = match pagination {
        Pagination::Offset(OffsetConventions {
            more_field: Some(field),
            ..
        }) => (field, &[TypeRef::Boolean][..], "boolean"),
        Pagination::Cursor(c) => match &c.cursor_from {
            Some(field) => (field, &[TypeRef::String, TypeRef::Integer][..], "string"),
            None => return,
        },
        _ => return,
    };
    let key = match pagination.style() {
        PageStyle::Offset => "more_field",
        _ => "cursor_from",
    };
    for endpoint in service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .filter(|e| e.paginated)
    {
        let Some(TypeRef::Named(item)) = endpoint.response.as_ref().and_then(TypeRef::list_item)
        else {
            diags.push(
                Diagnostic::new(
                    endpoint.location.clone(),
                    format!(
                        "`{}` lists items without fields, so none carries `{key}: {field}`",
                        endpoint.name
                    ),
                )
                .hint("answer a list of a record type, or remove `paginated`"),
            );
            continue;
        };
        let Some(def) = service.types.iter().find(|t| t.name == *item) else {
            // An unknown type has its own error.
            continue;
        };
        let found = match &def.kind {
            TypeKind::Record(fields) => fields.iter().find(|f| f.json_name == *field),
            _ => None,
        };
        match found {
            Some(f) if kinds.contains(&f.ty) => {}
            Some(f) => diags.push(
                Diagnostic::new(
                    f.location.clone(),
                    format!("`{item}.{field}` is the pagination's `{key}`, so it is a {what}"),
                )
                .hint(format!("declare it `{{ type: {what}, optional: true }}`")),
            ),
            None => diags.push(
                Diagnostic::new(
                    def.location.clone(),
                    format!(
                        "`{item}` has no field `{field}`, which the pagination's `{key}` names \
                         and `{}` lists",
                        endpoint.name
                    ),
                )
                .hint(format!(
                    "add `{field}: {{ type: {what}, optional: true }}` to `{item}`'s fields"
                )),
            ),
        }
    }
}
