//! A text a regular expression matches: the shortest one, or a longer one when a
//! minimum length asks, built from the expression's syntax tree and checked against the
//! expression itself before it is used. Look-around is left out of what is built (and
//! the text checked with it); a back-reference builds nothing.

use std::sync::Arc;

use fancy_regex::{Assertion, Expr};
use regex_syntax::hir::{Class, Hir, HirKind};

/// How many extra rounds of each open repetition are tried to reach a minimum length.
const MOST_EXTRA: usize = 64;

/// A text `pattern` (as the spec writes it) finds a match in, between `min` and `max`
/// characters long; the `nth` one differs from the first where the expression leaves
/// room. `None` when the pattern cannot be checked, or no such text was found.
pub(crate) fn example(pattern: &str, min: usize, max: usize, nth: usize) -> Option<String> {
    let translated = crate::pattern::for_matcher(pattern).ok()?;
    let matcher = fancy_regex::Regex::new(&translated).ok()?;
    let tree = regex_syntax::parse(&translated)
        .ok()
        .or_else(|| regex_syntax::parse(&without_look_around(&translated)?).ok())?;
    let fits = |text: &str| {
        let length = text.chars().count();
        (min..=max).contains(&length) && matcher.is_match(text).unwrap_or(false)
    };
    for extra in 0..=MOST_EXTRA {
        let mut text = String::new();
        build(&tree, extra, nth, &mut text);
        if fits(&text) {
            return Some(text);
        }
        if text.chars().count() > max {
            break;
        }
    }
    // Where the expression is not anchored, letters around its shortest match lengthen it.
    let mut shortest = String::new();
    build(&tree, 0, nth, &mut shortest);
    let padding = min.saturating_sub(shortest.chars().count());
    [
        format!("{}{shortest}", "a".repeat(padding)),
        format!("{shortest}{}", "a".repeat(padding)),
    ]
    .into_iter()
    .find(|text| fits(text))
}

/// Whether `pattern` (as the spec writes it) finds a match in `text`.
pub(crate) fn matches(pattern: &str, text: &str) -> bool {
    crate::pattern::finds_in(pattern, text)
}

/// `translated` with its look-arounds left out, for building a text to try: `None` where
/// it holds what cannot be left out (a back-reference).
fn without_look_around(translated: &str) -> Option<String> {
    let tree = Expr::parse_tree(translated).ok()?;
    let mut out = String::new();
    plain(&tree.expr)?.to_str(&mut out, 0);
    Some(out)
}

/// `expr` with each look-around made empty; `None` for what has no plain form.
fn plain(expr: &Expr) -> Option<Expr> {
    let each = |parts: &[Expr]| parts.iter().map(plain).collect::<Option<Vec<_>>>();
    Some(match expr {
        Expr::LookAround(..) => Expr::Empty,
        Expr::Concat(parts) => Expr::Concat(each(parts)?),
        Expr::Alt(parts) => Expr::Alt(each(parts)?),
        Expr::Group(inner) => Expr::Group(Arc::new(plain(inner)?)),
        Expr::AtomicGroup(inner) => plain(inner)?,
        Expr::Repeat {
            child,
            lo,
            hi,
            greedy,
        } => Expr::Repeat {
            child: Box::new(plain(child)?),
            lo: *lo,
            hi: *hi,
            greedy: *greedy,
        },
        Expr::Assertion(
            Assertion::StartText
            | Assertion::EndText
            | Assertion::StartLine { .. }
            | Assertion::EndLine { .. },
        )
        | Expr::Empty
        | Expr::Any { .. }
        | Expr::Literal { .. }
        | Expr::Delegate { .. } => expr.clone(),
        _ => return None,
    })
}

/// Appends a text `hir` matches, each open repetition taken `extra` more times than its
/// least.
fn build(hir: &Hir, extra: usize, nth: usize, out: &mut String) {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => {}
        HirKind::Literal(literal) => out.push_str(&String::from_utf8_lossy(&literal.0)),
        HirKind::Class(class) => {
            if let Some(c) = class_char(class, nth) {
                out.push(c);
            }
        }
        HirKind::Repetition(repetition) => {
            let least = repetition.min as usize;
            let most = repetition.max.map_or(usize::MAX, |m| m as usize);
            let times = least.saturating_add(extra).min(most);
            for _ in 0..times {
                build(&repetition.sub, extra, nth, out);
            }
        }
        HirKind::Capture(capture) => build(&capture.sub, extra, nth, out),
        HirKind::Concat(parts) => parts.iter().for_each(|p| build(p, extra, nth, out)),
        HirKind::Alternation(choices) => {
            if let Some(first) = choices.first() {
                build(first, extra, nth, out);
            }
        }
    }
}

/// A character of `class`: a letter or digit where it has one (the `nth` of them), else its
/// first printable character.
fn class_char(class: &Class, nth: usize) -> Option<char> {
    let ranges: Vec<(char, char)> = match class {
        Class::Unicode(unicode) => unicode
            .ranges()
            .iter()
            .map(|r| (r.start(), r.end()))
            .collect(),
        Class::Bytes(bytes) => bytes
            .ranges()
            .iter()
            .map(|r| (char::from(r.start()), char::from(r.end())))
            .collect(),
    };
    let contains = |c: char| ranges.iter().any(|(from, to)| (*from..=*to).contains(&c));
    let readable = ('A'..='Z').chain('a'..='z').chain('0'..='9');
    let readable: Vec<char> = readable.filter(|c| contains(*c)).collect();
    if !readable.is_empty() {
        return readable.get(nth % readable.len()).copied();
    }
    ranges
        .iter()
        .flat_map(|(from, to)| (*from..=*to).take(256))
        .find(|c| !c.is_control())
        .or_else(|| ranges.first().map(|(from, _)| *from))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortest_match_is_built_and_checked() {
        assert_eq!(
            example("^[a-z0-9-]{3,}$", 0, 100, 0).as_deref(),
            Some("aaa")
        );
        assert_eq!(
            example("^(foo|bar)\\d$", 0, 100, 0).as_deref(),
            Some("foo0")
        );
        assert_eq!(example("^\\S+@\\S+$", 0, 100, 0).as_deref(), Some("A@A"));
    }

    #[test]
    fn a_minimum_length_takes_open_repetitions_further() {
        assert_eq!(example("^[a-z]+$", 5, 10, 0).as_deref(), Some("aaaaa"));
        // Unanchored: letters around the match lengthen it.
        assert_eq!(example("x", 3, 10, 0).as_deref(), Some("aax"));
        // A fixed length that cannot be met is no example.
        assert_eq!(example("^ab$", 3, 10, 0), None);
    }

    #[test]
    fn items_of_one_list_differ_where_the_class_allows() {
        assert_eq!(example("^[a-c]$", 0, 1, 1).as_deref(), Some("b"));
    }

    #[test]
    fn look_around_is_left_out_of_what_is_built_and_kept_in_the_check() {
        assert_eq!(example(r"^(?!\s*$).+", 0, 10, 0).as_deref(), Some("A"));
        assert_eq!(
            example(r"(?!^[0-9]+$)([a-zA-Z0-9\-_' ']+)", 0, 10, 0).as_deref(),
            Some("A")
        );
        // What look-ahead rules out of the built text is no example.
        assert_eq!(example("^(?=.*[a-z])[A-Z]+$", 0, 10, 0), None);
    }

    #[test]
    fn what_cannot_be_checked_is_no_example() {
        assert_eq!(example("(a)\\1", 0, 10, 0), None);
        assert_eq!(example("[a-", 0, 10, 0), None);
    }
}
