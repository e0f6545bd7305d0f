//! Quota group patterns as globs (`globset`): `*` matches any run of characters, `/`
//! included; every other character matches itself (`?`, `[`, `]`, `{`, `}` and `\\` are
//! escaped, so a group name is its own pattern).

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};

/// The patterns compiled into one set, matched against a group at once; the indices
/// [`GlobSet::matches`] returns are the patterns' positions. Fails only for patterns
/// beyond `globset`'s size limits (megabytes long).
pub(super) fn compile<'a>(
    patterns: impl IntoIterator<Item = &'a str>,
) -> Result<GlobSet, globset::Error> {
    let mut set = GlobSetBuilder::new();
    for pattern in patterns {
        set.add(glob(pattern)?);
    }
    set.build()
}

fn glob(pattern: &str) -> Result<Glob, globset::Error> {
    let literal_but_star = pattern
        .split('*')
        .map(globset::escape)
        .collect::<Vec<_>>()
        .join("*");
    GlobBuilder::new(&literal_but_star)
        .literal_separator(false)
        .backslash_escape(false)
        .build()
}

#[cfg(test)]
mod tests {
    fn glob_matches(pattern: &str, text: &str) -> bool {
        super::compile([pattern]).unwrap().is_match(text)
    }

    #[test]
    fn exact_match_and_mismatch() {
        assert!(glob_matches(
            "/restapi/changes:POST",
            "/restapi/changes:POST"
        ));
        assert!(!glob_matches(
            "/restapi/changes:POST",
            "/restapi/changes:GET"
        ));
        // Whole-string: neither a prefix nor a suffix is enough.
        assert!(!glob_matches("/restapi/changes", "/restapi/changes:GET"));
        assert!(!glob_matches("/restapi/changes:GET", "/restapi/changes"));
        assert!(glob_matches("", ""));
        assert!(!glob_matches("", "x"));
    }

    #[test]
    fn star_at_the_end_crosses_slashes() {
        assert!(glob_matches("/restapi/projects/*", "/restapi/projects/"));
        assert!(glob_matches(
            "/restapi/projects/*",
            "/restapi/projects/branches/files:GET"
        ));
        assert!(!glob_matches(
            "/restapi/projects/*",
            "/restapi/projects:GET"
        ));
        assert!(glob_matches("*", ""));
        assert!(glob_matches("*", "anything/at:all"));
    }

    #[test]
    fn star_in_the_middle() {
        assert!(glob_matches(
            "/restapi/*:POST",
            "/restapi/changes/revisions/review:POST"
        ));
        assert!(glob_matches("/restapi/*:POST", "/restapi/:POST"));
        assert!(!glob_matches("/restapi/*:POST", "/restapi/changes:GET"));
        // Needs backtracking: the first ":" is not the one that ends the match.
        assert!(glob_matches(
            "/restapi/*:POST",
            "/restapi/changes/edit:publish:POST"
        ));
        assert!(glob_matches("a*b*c", "aXbYbZc"));
        assert!(!glob_matches("a*b*c", "aXbYbZ"));
        assert!(glob_matches("**x**", "yyxyy"));
    }

    #[test]
    fn non_ascii_and_other_metacharacters_are_literal() {
        assert!(glob_matches("/é/*/ü", "/é/ß/ü"));
        assert!(!glob_matches("a?c", "abc"));
        assert!(glob_matches("a?c", "a?c"));
        assert!(glob_matches("[x]", "[x]"));
        assert!(glob_matches("{a,b}", "{a,b}"));
        assert!(!glob_matches("{a,b}", "a"));
        assert!(glob_matches("a\\*", "a\\bc"));
    }

    #[test]
    fn a_set_reports_every_matching_pattern_by_position() {
        let set = super::compile(["/restapi/*", "/restapi/changes:GET", "/other/*"]).unwrap();
        assert_eq!(set.matches("/restapi/changes:GET"), vec![0, 1]);
        assert!(set.matches("/elsewhere").is_empty());
    }
}
