//! The spec's `pattern`: an ECMA-262 regular expression, as OpenAPI and JSON Schema read
//! it. The generator translates it once into the syntax the runtime's matcher
//! (`fancy-regex`) reads, where the two differ (`\d` and `\w` are ASCII in ECMA-262,
//! `\s` is its own set of spaces, a `-` beside a class escape is a literal); look-around
//! and back-references pass through for the matcher's backtracking.

/// `written` as the runtime's matcher reads it, or why it cannot be checked.
pub fn for_matcher(written: &str) -> Result<String, String> {
    let translated = jsonschema_regex::to_rust_regex(written).map_err(|()| {
        // The parser's own reason where it has one (`unclosed character class`).
        match regex_syntax::ast::parse::Parser::new().parse(written) {
            Err(e) => e.kind().to_string(),
            Ok(_) => "it uses syntax ECMA-262 and Rust read differently".to_owned(),
        }
    })?;
    // Compiled as the runtime compiles it, so that what passes here starts there.
    fancy_regex::Regex::new(&translated).map_err(|e| last_line(&e.to_string()))?;
    Ok(translated.into_owned())
}

/// Whether `pattern` (as written) finds a match in `text`: never for one that cannot be
/// checked, or whose check gives up.
pub fn finds_in(pattern: &str, text: &str) -> bool {
    for_matcher(pattern)
        .ok()
        .and_then(|translated| fancy_regex::Regex::new(&translated).ok())
        .is_some_and(|matcher| matcher.is_match(text).unwrap_or(false))
}

/// The last line of a compiler's message: the reason, without the echoed pattern.
fn last_line(reason: &str) -> String {
    let last = reason.lines().last().unwrap_or_default().trim();
    last.strip_prefix("error: ").unwrap_or(last).to_owned()
}

#[cfg(test)]
mod tests {
    use super::{finds_in, for_matcher};

    #[test]
    fn ecma_classes_are_ascii_and_look_around_is_kept() {
        assert!(finds_in(r"^\d+$", "123"));
        assert!(
            !finds_in(r"^\d+$", "١٢٣"),
            "Arabic-Indic digits are not ECMA's \\d"
        );
        assert!(finds_in(r"^(?!\s*$).+", "x"));
        assert!(!finds_in(r"^(?!\s*$).+", "  "));
        assert!(!finds_in(r"^\w+$", "café"), "ECMA's \\w is ASCII");
    }

    #[test]
    fn what_cannot_be_read_says_why() {
        assert_eq!(for_matcher("[a-z").unwrap_err(), "unclosed character class");
        assert!(for_matcher("a{2,1}").is_err());
    }
}
