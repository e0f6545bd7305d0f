//! Lowering `selected_by`: the fixed header or query value that tells an endpoint apart
//! from others of its method and path, or the query option whose presence does (whether
//! they are told apart is a route check).

use super::context::Context;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Selector, SelectorPlace};
use crate::read::decode::Spanned;
use crate::read::raw;

/// Reads a selector: exactly one of `header` (a header name the runtime does not read
/// itself) or `query` (a parameter the runtime does not reserve), and a value; or a
/// `query` alone, one of the endpoint's required options, which selects by being there.
///
/// ```yaml
/// get_item:
///   selected_by: { header: X-Amz-Target, query: Action, value: GetItem }   # one place
/// current_by_city:
///   selected_by: { query: city }     # `city` not among its `query`, or not required
/// ```
pub(super) fn lower(
    raw: &raw::Endpoint,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<Selector> {
    let selected = raw.selected_by.as_ref()?;
    let (place, name) = match (&selected.header, &selected.query) {
        (Some(header), None) => (SelectorPlace::Header, header),
        (None, Some(query)) => (SelectorPlace::Query, query),
        (Some(_), Some(_)) | (None, None) => {
            let at = (selected.value.as_ref().map(|v| &v.location))
                .or(selected.header.as_ref().map(|h| &h.location))
                .unwrap_or(&raw.method.location)
                .clone();
            diags.push(
                Diagnostic::new(at, "a selector reads one place: `header` or `query`")
                    .hint("write `{ header: X-Amz-Target, value: ... }` or `{ query: Action, value: ... }`"),
            );
            return None;
        }
    };
    let Some(value) = &selected.value else {
        return presence(raw, place, name, diags);
    };
    let refused = match place {
        SelectorPlace::Header => super::reserved::refused_header(&name.value, true, cx),
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
        value: Some(value.value.clone()),
        location: name.location.clone(),
    })
}

/// A selector without a value: a query option of the endpoint's own that it requires,
/// which selects it by being there.
fn presence(
    raw: &raw::Endpoint,
    place: SelectorPlace,
    name: &Spanned<String>,
    diags: &mut Diagnostics,
) -> Option<Selector> {
    if place == SelectorPlace::Header {
        diags.push(
            Diagnostic::new(name.location.clone(), "a header selector needs its `value`")
                .hint("write `{ header: X-Amz-Target, value: ... }`; only a query option selects by being there"),
        );
        return None;
    }
    let option = (raw.query.iter().flatten()).find(|(key, _)| key.name == name.value);
    if option.is_none_or(|(_, option)| option.required != Some(true)) {
        diags.push(
            Diagnostic::new(
                name.location.clone(),
                format!("`{}` is not a required option of this endpoint", name.value),
            )
            .hint(format!(
                "a selector without a `value` is one of the endpoint's `query` options, \
                 required (`{}: {{ type: string, required: true }}`); or give the value \
                 that selects it",
                name.value
            )),
        );
        return None;
    }
    Some(Selector {
        place,
        name: name.value.clone(),
        value: None,
        location: name.location.clone(),
    })
}
