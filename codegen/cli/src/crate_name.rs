//! What may name a crate `restspec new` writes: Cargo's rules for a package, and a library
//! name that shadows nothing the crate uses.

use std::path::Path;

/// The names a crate of ours cannot take: Rust's keywords, the standard library's crates,
/// and the crates the new one depends on (its library would shadow them).
const TAKEN: &[(&str, &str)] = &[
    ("std", "a crate of Rust's standard library"),
    ("core", "a crate of Rust's standard library"),
    ("alloc", "a crate of Rust's standard library"),
    ("proc_macro", "a crate of Rust's standard library"),
    ("test", "a crate of Rust's standard library"),
    ("restspec_runtime", "a crate the service depends on"),
    ("restspec_codegen", "a crate the service depends on"),
    ("tokio", "a crate the service depends on"),
];

/// Rust's keywords, strict and reserved: none can name a library.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "Self", "static", "struct", "super", "trait", "true", "try", "type",
    "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Checks that `name` can name a Cargo package whose library is usable: the message says
/// what is wrong and what to write instead.
pub(crate) fn check(name: &str) -> Result<(), String> {
    let Some(first) = name.chars().next() else {
        return Err("the crate name is empty: give one, such as `restspec new notes`".into());
    };
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        return Err(format!(
            "`{name}` is not a crate name: `{bad}` is not allowed (use letters, digits, `-` and `_`)"
        ));
    }
    if !(first.is_ascii_alphabetic() || first == '_') {
        return Err(format!(
            "`{name}` is not a crate name: it must start with a letter or `_`, not `{first}`"
        ));
    }
    let library = name.replace('-', "_");
    if KEYWORDS.contains(&library.as_str()) {
        return Err(format!(
            "`{name}` is not a crate name: it is a Rust keyword (try `{name}-service`)"
        ));
    }
    if let Some((_, what)) = TAKEN.iter().find(|(taken, _)| *taken == library) {
        return Err(format!(
            "`{name}` cannot name the new crate: it is {what} (try `my-{name}`)"
        ));
    }
    Ok(())
}

/// The crate's name: the directory's last component.
pub(crate) fn of_dir(dir: &Path) -> Result<String, String> {
    match dir.file_name().map(|n| n.to_str()) {
        Some(Some(name)) => Ok(name.to_owned()),
        Some(None) => Err(format!(
            "`{}` is not a crate name: it is not UTF-8",
            dir.display()
        )),
        None => Err(format!(
            "`{}` names no directory to create: give the new crate's name, such as `restspec new notes`",
            dir.display()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_cargo_or_rust_refuse_are_refused() {
        assert_eq!(check("notes"), Ok(()));
        assert_eq!(check("my-notes_2"), Ok(()));
        assert_eq!(
            check("2notes"),
            Err("`2notes` is not a crate name: it must start with a letter or `_`, not `2`".into())
        );
        assert_eq!(
            check("type"),
            Err("`type` is not a crate name: it is a Rust keyword (try `type-service`)".into())
        );
        assert_eq!(
            check("tokio"),
            Err("`tokio` cannot name the new crate: it is a crate the service depends on (try `my-tokio`)".into())
        );
        assert!(check("").is_err());
    }
}
