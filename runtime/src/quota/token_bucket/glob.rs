//! Whole-string glob matching for quota group patterns: `*` matches any run of characters,
//! `/` included; every other character matches itself.

/// True when `pattern` matches all of `text`.
///
/// Greedy matching with backtracking to the last `*`: linear in the common case and
/// `O(pattern * text)` at worst, without recursion.
pub(super) fn glob_matches(pattern: &str, text: &str) -> bool {
    let pattern = pattern.as_bytes();
    let text = text.as_bytes();
    let (mut p, mut t) = (0, 0);
    // After the last `*` seen: the pattern index following it and the text index it resumes at.
    let mut backtrack: Option<(usize, usize)> = None;
    while let Some(&c) = text.get(t) {
        match pattern.get(p) {
            Some(b'*') => {
                p += 1;
                backtrack = Some((p, t));
            }
            Some(&pc) if pc == c => {
                p += 1;
                t += 1;
            }
            _ => match backtrack {
                Some((after_star, resume)) => {
                    // Let the last `*` swallow one more character and retry from there.
                    p = after_star;
                    t = resume + 1;
                    backtrack = Some((after_star, t));
                }
                None => return false,
            },
        }
    }
    pattern
        .get(p..)
        .is_some_and(|rest| rest.iter().all(|&c| c == b'*'))
}

#[cfg(test)]
mod tests {
    use super::glob_matches;

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
    }
}
