//! Lowering `cors`: cross-origin use beyond the allowed origins.

use super::access::header_name;
use crate::diag::Diagnostics;
use crate::model::Cors;
use crate::read::decode::Spanned;
use crate::read::raw;

/// `cors`: every header it names is a header name.
pub(super) fn lower_cors(raw: &raw::Cors, diags: &mut Diagnostics) -> Cors {
    let mut names = |list: &Option<Vec<Spanned<String>>>| -> Vec<String> {
        list.iter()
            .flatten()
            .filter_map(|name| header_name(name, "X-Total", diags))
            .collect()
    };
    Cors {
        expose_headers: names(&raw.expose_headers),
        allow_headers: names(&raw.allow_headers),
        any_origin: raw.any_origin.unwrap_or(false),
    }
}
