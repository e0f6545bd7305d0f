//! Spec names that become Rust identifiers: the checks every lowering step applies.

use crate::diag::{Diagnostic, Diagnostics};
use crate::names;
use crate::read::decode::Spanned;

/// The two naming styles spec names follow.
#[derive(Clone, Copy)]
pub(super) enum Case {
    Snake,
    Pascal,
}

pub(super) fn check_name(name: &Spanned<String>, what: &str, case: Case, diags: &mut Diagnostics) {
    if !name.value.starts_with(|c: char| c.is_ascii_alphabetic()) {
        diags.push(
            Diagnostic::new(
                name.location.clone(),
                format!("{what} `{}` does not start with a letter", name.value),
            )
            .hint("names become Rust identifiers: start with a letter, such as `not_found`"),
        );
        return;
    }
    if names::KEYWORDS.contains(&name.value.as_str()) {
        diags.push(
            Diagnostic::new(
                name.location.clone(),
                format!("{what} `{}` is a Rust keyword", name.value),
            )
            .hint(format!(
                "names become Rust identifiers: choose another, such as `{}_item`",
                name.value
            )),
        );
        return;
    }
    let (ok, style, example) = match case {
        Case::Snake => (
            names::is_snake_case(&name.value),
            "snake_case",
            names::snake(&name.value),
        ),
        Case::Pascal => (
            names::is_pascal_case(&name.value),
            "PascalCase",
            names::pascal(&name.value),
        ),
    };
    if !ok {
        diags.push(
            Diagnostic::new(
                name.location.clone(),
                format!("{what} `{}` is not {style}", name.value),
            )
            .hint(format!("write `{example}`")),
        );
    }
}

pub(super) fn key_spanned(key: &crate::read::yaml::Key) -> Spanned<String> {
    Spanned {
        value: key.name.clone(),
        location: key.location.clone(),
    }
}
