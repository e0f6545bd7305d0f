//! The module emitted beside the errors of a spec that did not validate.
//!
//! Without it, a spec mistake would make the handler traits, types and `router` vanish, and
//! every `impl` block and call in the user's crate would fail a second time with errors
//! that point away from the spec. The skeleton is the module emitted from the model as far
//! as lowering got, less what cannot become Rust items (names that are keywords or taken
//! by generated code, and later duplicates of a name): those are among the reported
//! mistakes and would only be reported again, worse. It never compiles into a program: the
//! spec's `compile_error!`s sit beside it.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;

use crate::model::Service;
use crate::names;
use crate::names::{BUILTIN_TYPES, RESERVED_STATUS_NAMES, RESERVED_TYPE_NAMES};

const NOTHING_TAKEN: &[&str] = &[];

/// The module's items for a partial model.
pub(crate) fn tokens(partial: &Service, outputs: crate::Outputs) -> TokenStream {
    let mut service = partial.clone();
    keep_usable(&mut service.families, |f| &f.name, NOTHING_TAKEN);
    let resolvers: Vec<String> = service
        .families
        .iter()
        .map(|f| format!("resolve_{}", names::snake(&f.name)))
        .collect();
    let mut constants = BTreeSet::new();
    for family in &mut service.families {
        keep_usable(&mut family.endpoints, |e| &e.name, &resolvers);
        if outputs.client {
            keep_usable(
                &mut family.endpoints,
                |e| &e.name,
                crate::names::CLIENT_METHODS,
            );
        }
        // Endpoint constants are SCREAMING_CASE: `get_thing` and `getThing` would clash.
        family
            .endpoints
            .retain(|e| constants.insert(names::screaming(&e.name)));
    }
    keep_usable(&mut service.types, |t| &t.name, RESERVED_TYPE_NAMES);
    service
        .types
        .retain(|t| !BUILTIN_TYPES.contains(&t.name.as_str()));
    keep_usable(&mut service.statuses, |s| &s.name, RESERVED_STATUS_NAMES);
    keep_usable(&mut service.capabilities, |c| &c.name, NOTHING_TAKEN);
    super::module(&service, outputs)
}

/// Keeps the first item of each name that is an identifier and not `taken`.
fn keep_usable<T, S: AsRef<str>>(items: &mut Vec<T>, name: impl Fn(&T) -> &String, taken: &[S]) {
    let mut seen = BTreeSet::new();
    items.retain(|item| {
        let name = name(item);
        names::names_an_item(name)
            && !taken.iter().any(|t| t.as_ref() == name)
            && seen.insert(name.clone())
    });
}
