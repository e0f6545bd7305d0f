//! `quota.group_template`: its placeholders (the model keeps the template without its
//! position, so the rule is checked here, not in `check/`).

use crate::diag::{Diagnostic, Diagnostics, did_you_mean};
use crate::read::decode::Spanned;

/// Checks the group template has `{endpoint}` and `{method}` and no other placeholder;
/// answers whether it is well formed.
pub(super) fn check_quota_template(template: &Spanned<String>, diags: &mut Diagnostics) -> bool {
    let t = &template.value;
    let mut rest = t.as_str();
    let mut placeholders = Vec::new();
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        placeholders.push(&rest[open + 1..open + close]);
        rest = &rest[open + close + 1..];
    }
    let known = ["endpoint", "method", "name"];
    if let Some(p) = placeholders.iter().find(|p| !known.contains(p)) {
        diags.push(
            Diagnostic::new(
                template.location.clone(),
                format!("unknown placeholder `{{{p}}}` in `group_template`"),
            )
            .hint(match did_you_mean(p, known) {
                Some(hint) => hint,
                None => "the placeholders are `{endpoint}`, `{method}` and `{name}`".to_owned(),
            }),
        );
        return false;
    }
    // The endpoint's name tells every endpoint apart on its own; otherwise the path and the
    // method together do.
    if !placeholders.contains(&"name")
        && !["endpoint", "method"]
            .iter()
            .all(|k| placeholders.contains(k))
    {
        diags.push(
            Diagnostic::new(
                template.location.clone(),
                "`group_template` must contain `{endpoint}` and `{method}`, or `{name}`",
            )
            .hint("write `/restapi{endpoint}:{method}`, or `{name}` for a group per endpoint"),
        );
        return false;
    }
    true
}
