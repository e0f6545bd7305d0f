//! `values:` on a field or an option: the numbers or booleans it may be.

use super::applies::{Applies, applies};
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::TypeRef;
use crate::read::decode::{ScalarText, Spanned};

/// `values: [1, 2, 5]` on a number, `values: [true]` on a boolean (Stripe's `deleted`):
/// at least one, each a number (a whole one on an integer) or a boolean, none twice.
pub(super) fn listed_values(
    listed: Option<&Vec<Spanned<ScalarText>>>,
    ty: &TypeRef,
    diags: &mut Diagnostics,
) -> Option<Vec<serde_json::Value>> {
    let listed = listed?;
    let at = listed.first().map(|v| v.location.clone())?;
    if *ty == TypeRef::Boolean {
        let mut out: Vec<serde_json::Value> = Vec::new();
        for value in listed {
            let text = value.value.0.trim();
            let Ok(flag) = text.parse::<bool>() else {
                diags.push(
                    Diagnostic::new(value.location.clone(), format!("`{text}` is not a boolean"))
                        .hint("`values` on a boolean lists `true`, `false` or both"),
                );
                return None;
            };
            if out.contains(&serde_json::Value::Bool(flag)) {
                diags.push(
                    Diagnostic::new(value.location.clone(), format!("`{text}` is listed twice"))
                        .hint("list each value once"),
                );
                return None;
            }
            out.push(serde_json::Value::Bool(flag));
        }
        return Some(out);
    }
    if !applies("values", &at, Applies::Number, ty, diags) {
        return None;
    }
    let whole = matches!(ty, TypeRef::Integer)
        || matches!(ty, TypeRef::Scalar(scalar) if scalar.is_integer());
    let mut out: Vec<serde_json::Value> = Vec::new();
    for value in listed {
        let text = value.value.0.trim();
        let parsed = serde_json::from_str::<serde_json::Number>(text)
            .ok()
            .filter(|n| !whole || n.is_i64() || n.is_u64());
        let Some(number) = parsed else {
            let what = if whole { "a whole number" } else { "a number" };
            diags.push(
                Diagnostic::new(value.location.clone(), format!("`{text}` is not {what}"))
                    .hint(format!("`values` lists what the value may be: {what} each")),
            );
            return None;
        };
        let number = serde_json::Value::Number(number);
        if out.contains(&number) {
            diags.push(
                Diagnostic::new(value.location.clone(), format!("`{text}` is listed twice"))
                    .hint("list each value once"),
            );
            return None;
        }
        out.push(number);
    }
    Some(out)
}
