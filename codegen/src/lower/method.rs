//! An HTTP method as the spec names it: an endpoint's, an example's, `method_override`'s.

use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::Method;
use crate::read::decode::Spanned;

/// The method `method` names, or a located error (upper case is the only spelling).
pub(super) fn lower_method(method: &Spanned<String>, diags: &mut Diagnostics) -> Option<Method> {
    let found = Method::parse(&method.value);
    if found.is_none() {
        let names = Method::ALL.map(Method::as_str);
        let upper = method.value.to_ascii_uppercase();
        let hint = if Method::parse(&upper).is_some() {
            format!("methods are upper case: write `{upper}`")
        } else {
            suggest(&method.value, names)
        };
        diags.push(
            Diagnostic::new(
                method.location.clone(),
                format!("unknown HTTP method `{}`", method.value),
            )
            .hint(hint),
        );
    }
    found
}
