//! Names the generator accepts, chosen from what the document calls things: unique, in the
//! spec's cases, never a Rust keyword or a name the generated code keeps for itself.

use std::collections::BTreeSet;

use restspec_codegen::naming;

/// A `PascalCase` type name from `hint`, unique among `taken` (`Pet`, `Pet2`, ...).
pub(crate) fn unique_type_name(hint: &str, taken: &BTreeSet<String>) -> String {
    let mut base = naming::pascal(hint);
    if base.is_empty() || !base.starts_with(|c: char| c.is_ascii_alphabetic()) {
        base = format!("T{base}");
    }
    if naming::RESERVED_TYPE_NAMES.contains(&base.as_str()) {
        base.push_str("Value");
    }
    if !taken.contains(&base) {
        return base;
    }
    // `Pet2`, or `Status520V2`: a PascalCase name cannot hold `_`.
    let separator = if base.ends_with(|c: char| c.is_ascii_digit()) {
        "V"
    } else {
        ""
    };
    (2..)
        .map(|n| format!("{base}{separator}{n}"))
        .find(|candidate| !taken.contains(candidate))
        .unwrap_or(base)
}

/// A `snake_case` name from `hint` that is an identifier the generated code can use
/// (`delete` becomes `delete_op`), unique among `taken`.
pub(crate) fn unique_snake_name(hint: &str, taken: &BTreeSet<String>, reserved: &[&str]) -> String {
    let mut base = naming::snake(hint);
    // `snake` leaves no doubled or trailing underscores only for clean input.
    while base.contains("__") {
        base = base.replace("__", "_");
    }
    if base.is_empty() {
        base = "operation".to_owned();
    }
    if !base.starts_with(|c: char| c.is_ascii_lowercase()) {
        base = format!("n_{base}");
    }
    if naming::KEYWORDS.contains(&base.as_str()) || reserved.contains(&base.as_str()) {
        base.push_str("_op");
    }
    unique(base, |name| taken.contains(name))
}

/// A path parameter name the spec accepts (`petId` becomes `pet_id`).
pub(crate) fn param_name(name: &str) -> String {
    let snake = naming::snake(name);
    let snake = if snake.starts_with(|c: char| c.is_ascii_lowercase()) {
        snake
    } else {
        format!("p_{snake}")
    };
    snake.trim_end_matches('_').to_owned()
}

fn unique(base: String, taken: impl Fn(&str) -> bool) -> String {
    if !taken(&base) {
        return base;
    }
    let separator = if base.ends_with(|c: char| c.is_ascii_digit()) {
        "_"
    } else {
        ""
    };
    (2..)
        .map(|n| format!("{base}{separator}{n}"))
        .find(|candidate| !taken(candidate))
        .unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_usable() {
        let taken: BTreeSet<String> = ["Pet".to_owned(), "list_pets".to_owned()].into();
        assert_eq!(unique_type_name("pet", &taken), "Pet2");
        assert_eq!(unique_type_name("String", &taken), "StringValue");
        assert_eq!(unique_type_name("2fa-code", &taken), "N2faCode");
        let numbered: BTreeSet<String> = ["Status520".to_owned()].into();
        assert_eq!(unique_type_name("Status520", &numbered), "Status520V2");
        assert_eq!(unique_snake_name("listPets", &taken, &[]), "list_pets2");
        assert_eq!(unique_snake_name("type", &taken, &[]), "type_op");
        assert_eq!(unique_snake_name("new", &taken, &["new"]), "new_op");
        assert_eq!(unique_snake_name("Get /v1/{id}", &taken, &[]), "get_v1_id");
        assert_eq!(param_name("petId"), "pet_id");
        assert_eq!(param_name("$id"), "id");
        assert_eq!(param_name("2nd"), "n2nd");
    }
}
