//! Lowering `selected_by`: the fixed header or query value that tells an endpoint apart
//! from others of its method and path (whether they are told apart is a route check).

use super::context::Context;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Selector, SelectorPlace};
use crate::spec::raw;

/// Reads a selector: exactly one of `header` (a header name the runtime does not read
/// itself) or `query` (a parameter the runtime does not reserve), and a value.
///
/// ```yaml
/// get_item:
///   selected_by: { header: X-Amz-Target, query: Action, value: GetItem }   # one place
/// ```
pub(super) fn lower(
    raw: &raw::Endpoint,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<Selector> {
    let selected = raw.selected_by.as_ref()?;
    let value = &selected.value;
    let (place, name) = match (&selected.header, &selected.query) {
        (Some(header), None) => (SelectorPlace::Header, header),
        (None, Some(query)) => (SelectorPlace::Query, query),
        _ => {
            diags.push(
                Diagnostic::new(
                    value.location.clone(),
                    "a selector reads one place: `header` or `query`",
                )
                .hint("write `{ header: X-Amz-Target, value: ... }` or `{ query: Action, value: ... }`"),
            );
            return None;
        }
    };
    let refused = match place {
        SelectorPlace::Header => super::parameters::refused_header(&name.value, true, cx),
        SelectorPlace::Query if cx.reserved_parameters.contains(&name.value.as_str()) => Some((
            format!("`{}` is a parameter the runtime reads itself", name.value),
            "select by a query parameter of the API's own",
        )),
        SelectorPlace::Query => None,
    };
    if let Some((why, hint)) = refused {
        diags.push(Diagnostic::new(name.location.clone(), why).hint(hint));
        return None;
    }
    if value.value.is_empty() {
        diags.push(
            Diagnostic::new(value.location.clone(), "a selector's value is empty")
                .hint("write the value that selects this endpoint"),
        );
        return None;
    }
    Some(Selector {
        place,
        name: name.value.clone(),
        value: value.value.clone(),
        location: name.location.clone(),
    })
}
