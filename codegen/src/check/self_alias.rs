//! The self alias's parameters against the families' path parameters.

use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::Service;

/// Every parameter named in `self_alias_params` is a path parameter of some family, and
/// the alias itself is set.
///
/// ```yaml
/// self_alias_params: [acount-id]   # `account-id`; and `self_alias: self` beside it
/// ```
pub(super) fn params_are_path_params(service: &Service, diags: &mut Diagnostics) {
    let c = &service.conventions;
    let at = |index: usize| {
        let key = format!("self_alias_params[{index}]");
        let found = |wanted: &str| service.conventions_at.iter().find(|(k, _)| k == wanted);
        (found(&key)
            .or_else(|| found("self_alias_params"))
            .or_else(|| found("")))
        .map(|(_, at)| at.clone())
    };
    let declared: Vec<&str> = service
        .families
        .iter()
        .flat_map(|f| f.params.iter().map(|p| p.name.as_str()))
        .collect();
    for (index, param) in c.self_alias_params.iter().enumerate() {
        if let (false, Some(location)) = (declared.contains(&param.as_str()), at(index)) {
            diags.push(
                Diagnostic::new(
                    location,
                    format!("`{param}` is not a path parameter of any family"),
                )
                .hint(suggest(param, declared.iter().copied())),
            );
        }
    }
    if let (None, false, Some(location)) = (&c.self_alias, c.self_alias_params.is_empty(), at(0)) {
        diags.push(
            Diagnostic::new(location, "`self_alias_params` without `self_alias`")
                .hint("add `self_alias: self`, or remove `self_alias_params`"),
        );
    }
}
