//! Lowering `json_content_type`: how JSON answers spell their `Content-Type`.

use crate::diag::{Diagnostic, Diagnostics};
use crate::read::decode::Spanned;

/// `json_content_type`: a JSON media type (`application/json`, `application/<x>+json`),
/// with parameters if any, that is a valid header value.
pub(super) fn lower_json_content_type(raw: &Spanned<String>, diags: &mut Diagnostics) -> String {
    let text = raw.value.trim();
    let essence = text.split(';').next().unwrap_or_default().trim();
    let lower = essence.to_ascii_lowercase();
    let json = lower == "application/json"
        || (lower.len() > "application/+json".len()
            && lower.starts_with("application/")
            && lower.ends_with("+json"));
    let printable = text
        .bytes()
        .all(|b| b == b'\t' || (b' '..=b'~').contains(&b));
    if !json || !printable {
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                format!(
                    "`json_content_type` `{}` is not a JSON media type",
                    raw.value
                ),
            )
            .hint("write `application/json`, optionally with parameters such as `; charset=utf-8`"),
        );
    }
    text.to_owned()
}
