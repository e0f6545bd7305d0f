//! A spec's `pattern`, compiled once: the text the spec writes (an ECMA-262 expression,
//! as OpenAPI and JSON Schema read it) for messages, and the generator's translation into
//! the syntax `fancy-regex` reads (`\d` as ASCII digits, as ECMA-262 means it) for
//! matching. Look-around and back-references are matched by backtracking, bounded so
//! that a request cannot make the check run long.

use std::fmt;

/// The most backtracking steps one match may take before the text is refused as too
/// costly to check: fancy-regex's own default, stated here so that it stays the bound
/// whatever the crate's default becomes.
const BACKTRACK_LIMIT: usize = 1_000_000;

/// A compiled `pattern`.
pub struct Pattern {
    written: &'static str,
    matcher: fancy_regex::Regex,
}

/// Why a translated pattern does not compile (the generator checked it, so only a
/// pattern written by hand reaches this).
#[derive(Debug)]
pub struct PatternError(String);

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PatternError {}

impl Pattern {
    /// The pattern the spec writes as `written`, matched as `translated` (the generator's
    /// translation of it; the same text where ECMA-262 and Rust agree).
    pub fn new(written: &'static str, translated: &str) -> Result<Self, PatternError> {
        let matcher = fancy_regex::RegexBuilder::new(translated)
            .backtrack_limit(BACKTRACK_LIMIT)
            .build()
            .map_err(|e| PatternError(e.to_string()))?;
        Ok(Self { written, matcher })
    }

    /// Whether `text` contains a match; `None` where finding out would take more than the
    /// backtracking limit.
    pub fn find_in(&self, text: &str) -> Option<bool> {
        self.matcher.is_match(text).ok()
    }

    /// The pattern as the spec writes it.
    pub fn as_str(&self) -> &'static str {
        self.written
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Pattern").field(&self.written).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::Pattern;

    #[test]
    fn look_around_is_matched() {
        let no_blank = Pattern::new(r"^(?!\s*$).+", r"^(?!\s*$).+").unwrap();
        assert_eq!(no_blank.find_in("a b"), Some(true));
        assert_eq!(no_blank.find_in("   "), Some(false));
        assert_eq!(no_blank.as_str(), r"^(?!\s*$).+");
    }

    #[test]
    fn a_catastrophic_pattern_gives_up_instead_of_running_long() {
        let nested = Pattern::new(r"^((a|aa)+)\1$", r"^((a|aa)+)\1$").unwrap();
        let text = format!("{}b", "a".repeat(40));
        assert_eq!(nested.find_in(&text), None);
    }

    #[test]
    fn a_translation_that_does_not_compile_is_an_error() {
        assert!(Pattern::new("(", "(").is_err());
    }
}
