//! YAML syntax errors in the spec's words: the parser says where it gave up ("mapping
//! values are not allowed in this context"); this says what the user wrote that YAML reads
//! otherwise (an unquoted value holding `: ` or starting with a character YAML reserves, a
//! key out of line with its siblings) and what to write, at the line the user must change,
//! which is often not the parser's.

/// A syntax error explained: where to change the file (1-based line and column, in
/// characters, and the length of the text to change) and what to say.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Explained {
    pub line: usize,
    pub column: usize,
    pub len: usize,
    pub message: String,
    pub hint: String,
}

/// A line of the form `<indent>key: value` (or `- key: value`).
struct KeyLine<'a> {
    indent: usize,
    key: &'a str,
    /// Character column (0-based) where the key starts.
    key_column: usize,
    /// Character column (0-based) of the colon after the key.
    colon_column: usize,
    /// Character column (0-based) where the value starts, and the value up to a comment.
    value_column: usize,
    value: &'a str,
}

fn key_line(line: &str) -> Option<KeyLine<'_>> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let mut rest = &line[indent..];
    let mut key_column = indent;
    if let Some(item) = rest.strip_prefix("- ") {
        key_column += 2 + (item.len() - item.trim_start_matches(' ').len());
        rest = item.trim_start_matches(' ');
    }
    if rest.starts_with(['#', '"', '\'', '-', '{', '[']) || !line.is_ascii() {
        return None;
    }
    let colon = rest
        .char_indices()
        .find(|&(i, c)| c == ':' && rest[i + 1..].chars().next().is_none_or(|n| n == ' '))
        .map(|(i, _)| i)?;
    let key = &rest[..colon];
    if key.is_empty() || key.contains([' ', '#']) {
        return None;
    }
    let after = &rest[colon + 1..];
    let value_start = after.len() - after.trim_start_matches(' ').len();
    let value = after[value_start..]
        .split(" #")
        .next()
        .unwrap_or_default()
        .trim_end();
    Some(KeyLine {
        indent,
        key,
        key_column,
        colon_column: key_column + colon,
        value_column: key_column + colon + 1 + value_start,
        value,
    })
}

/// Lines that hold something: not blank, not only a comment.
fn is_content(line: &str) -> bool {
    let trimmed = line.trim_start();
    !trimmed.is_empty() && !trimmed.starts_with('#')
}

/// Explains the parser's error `info` at `line` and `column` (1-based, characters), when
/// it is one of the common mistakes.
pub(crate) fn explain(source: &str, line: usize, column: usize, info: &str) -> Option<Explained> {
    let lines: Vec<&str> = source.lines().collect();
    let index = line.checked_sub(1)?;
    if info.contains("flow") {
        // The parser reads on to the end of the file: the value that opened it is above.
        return (0..=index.min(lines.len().saturating_sub(1)))
            .rev()
            .find_map(|i| unclosed_flow_value(lines.get(i)?, i + 1));
    }
    if info.contains("expected ':'") || info.contains("expect ':'") {
        // The parser notices at the next key: the line without a colon is above.
        return (0..=index.min(lines.len().saturating_sub(1)))
            .rev()
            .filter(|&i| lines.get(i).is_some_and(|l| is_content(l)))
            .find_map(|i| key_without_colon(lines.get(i)?, i + 1));
    }
    let text = lines.get(index)?;
    if info.contains("quoted scalar")
        && let Some(kv) = key_line(text)
        && let Some(quote) = kv.value.chars().next().filter(|c| matches!(c, '"' | '\''))
    {
        return Some(Explained {
            line,
            column: kv.value_column + 1,
            len: kv.value.len(),
            message: format!(
                "invalid YAML: the quoted value of `{}` is never closed",
                kv.key
            ),
            hint: format!(
                "close the quote: {}: {}{quote}",
                kv.key,
                kv.value.trim_end_matches(quote)
            ),
        });
    }
    let column = column.checked_sub(1)?;
    let current = key_line(text);
    if let Some(kv) = &current
        && column >= kv.value_column
        && !kv.value.is_empty()
        && let Some(reason) = unquoted_value_problem(kv.value)
    {
        return Some(quote_value(kv, line, reason));
    }
    let kv = current?;
    if info.contains("mapping values are not allowed") && column == kv.colon_column {
        return deeper_than_its_sibling(&lines, index, &kv);
    }
    if info.contains("did not find expected key") && column == kv.key_column {
        return between_blocks(&lines, index, &kv);
    }
    None
}

/// `summary List`: words where a key and its value belong.
fn key_without_colon(text: &str, line: usize) -> Option<Explained> {
    let indent = text.len() - text.trim_start_matches(' ').len();
    let words = text.trim();
    if key_line(text).is_some() || words.starts_with(['-', '#']) || !text.is_ascii() {
        return None;
    }
    let (key, value) = words.split_once(' ').unwrap_or((words, ""));
    Some(Explained {
        line,
        column: indent + 1,
        len: words.len(),
        message: format!("invalid YAML: `{words}` is not a key and its value"),
        hint: format!(
            "write a colon and a space after the key: {key}: {}",
            value.trim()
        ),
    })
}

/// Why a plain value is not read as the text it looks like, if it is not.
fn unquoted_value_problem(value: &str) -> Option<String> {
    let first = value.chars().next()?;
    let reserved = match first {
        '@' | '`' => Some("which YAML reserves"),
        '%' => Some("which starts a YAML directive"),
        '*' => Some("which YAML reads as an alias"),
        '&' => Some("which YAML reads as an anchor"),
        '!' => Some("which YAML reads as a tag"),
        '|' | '>' => Some("which YAML reads as the start of a block of text"),
        '{' | '[' if !balanced_alone(value) => {
            Some("which YAML reads as the start of a list or mapping")
        }
        _ => None,
    };
    if let Some(what) = reserved {
        return Some(match first {
            '`' => format!("starts with a backquote, {what}"),
            _ => format!("starts with `{first}`, {what}"),
        });
    }
    if value.contains(": ") || value.ends_with(':') {
        return Some("holds `: `, which YAML reads as a key and its value".to_owned());
    }
    None
}

/// A value that is one flow collection, closed on its line (`[a, b]`, `{ type: string }`).
fn balanced_alone(value: &str) -> bool {
    let mut depth = 0usize;
    for (i, c) in value.char_indices() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return value[i + 1..].trim().is_empty();
                }
            }
            _ => {}
        }
    }
    false
}

fn quote_value(kv: &KeyLine<'_>, line: usize, reason: String) -> Explained {
    let escaped = kv.value.replace('\\', "\\\\").replace('"', "\\\"");
    Explained {
        line,
        column: kv.value_column + 1,
        len: kv.value.len().max(1),
        message: format!("invalid YAML: the value of `{}` {reason}", kv.key),
        hint: format!("quote the value: {}: \"{escaped}\"", kv.key),
    }
}

fn unclosed_flow_value(text: &str, line: usize) -> Option<Explained> {
    let kv = key_line(text)?;
    if !kv.value.starts_with(['{', '[']) || balanced_alone(kv.value) {
        return None;
    }
    let mut explained = quote_value(
        &kv,
        line,
        format!(
            "starts with `{}`, which YAML reads as the start of a list or mapping, never closed",
            &kv.value[..1]
        ),
    );
    explained.hint.push_str(", or close the list or mapping");
    Some(explained)
}

fn spaces(n: usize) -> String {
    if n == 1 {
        "1 space".to_owned()
    } else {
        format!("{n} spaces")
    }
}

fn out_of_line(line: usize, kv: &KeyLine<'_>, siblings: usize) -> Explained {
    Explained {
        line,
        column: kv.key_column + 1,
        len: kv.key.len(),
        message: format!("invalid YAML: the key `{}` is out of line", kv.key),
        hint: format!(
            "the key `{}` is indented {} where its siblings are {siblings}: align it",
            kv.key,
            spaces(kv.indent)
        ),
    }
}

/// The content lines above `index`, nearest first, with their numbers (0-based).
fn above<'a>(lines: &'a [&'a str], index: usize) -> impl Iterator<Item = (usize, &'a str)> {
    (0..index)
        .rev()
        .filter_map(|i| lines.get(i).map(|l| (i, *l)))
        .filter(|(_, l)| is_content(l))
}

/// A key that left the block it belongs to: indented no deeper than the `parent:` the
/// block opens under, while the key that YAML stumbles on (`kv`, `sibling_indent` deep) is
/// where the block's keys are.
fn not_under(line: usize, key: &KeyLine<'_>, parent: &KeyLine<'_>, kv: &KeyLine<'_>) -> Explained {
    Explained {
        line,
        column: key.key_column + 1,
        len: key.key.len(),
        message: format!(
            "invalid YAML: the key `{}` is not indented under `{}:`",
            key.key, parent.key
        ),
        hint: format!(
            "indent it under `{}:`, {} like `{}`",
            parent.key,
            spaces(kv.indent),
            kv.key
        ),
    }
}

/// `fields:` then `id: ...` at the same column, then `  text: ...` deeper: the first entry
/// of a block was dedented, and YAML stumbles only on the next, deeper line. The line to
/// move is the first one after the `key:` with nothing after it.
///
/// ```yaml
///     fields:
///     id: { type: integer }       # dedented: this is the line to move
///       text: { type: string }    # where YAML gives up
/// ```
fn dedented_first_entry(lines: &[&str], below: usize, kv: &KeyLine<'_>) -> Option<Explained> {
    let indent = |text: &str| text.len() - text.trim_start_matches(' ').len();
    // The nearest key above less deep than `kv` (what lies between are its children), then
    // the keys at its column above it, up to the `key:` that opens a block.
    let mut up = above(lines, below);
    let (mut first_index, first) = up.find(|(_, text)| indent(text) < kv.indent)?;
    let mut first = key_line(first)?;
    for (i, text) in up {
        let line = key_line(text).filter(|l| l.indent == first.indent)?;
        if line.value.is_empty() {
            return Some(not_under(first_index + 1, &first, &line, kv));
        }
        (first_index, first) = (i, line);
    }
    None
}

/// `create_note:` at the column of `endpoints:` while the endpoints above and below are
/// deeper: an entry in the middle of a block was dedented; YAML stumbles on the next
/// entry, whose indentation matches no mapping open anymore.
///
/// ```yaml
/// endpoints:
///   list_notes: ...
/// create_note:                   # dedented: this is the line to move
///     method: POST
///   get_note:                    # where YAML gives up
/// ```
fn dedented_entry(lines: &[&str], index: usize, kv: &KeyLine<'_>) -> Option<Explained> {
    let mut up = above(lines, index);
    let (d_index, d) = up.find_map(|(i, text)| {
        let line = key_line(text)?;
        (line.indent < kv.indent).then_some((i, line))
    })?;
    let (_, next) =
        up.find(|(_, text)| text.len() - text.trim_start_matches(' ').len() <= kv.indent)?;
    let sibling = key_line(next)?;
    if sibling.indent != kv.indent {
        return None;
    }
    let (_, parent) =
        up.find(|(_, text)| text.len() - text.trim_start_matches(' ').len() < kv.indent)?;
    let parent = key_line(parent).filter(|p| p.value.is_empty() && p.indent <= d.indent)?;
    Some(not_under(d_index + 1, &d, &parent, kv))
}

/// `path: /things/` then `  summary: x` indented deeper: YAML reads the second line as
/// more of the first one's value, then finds a key in it. The line out of line is the
/// deeper one, unless the one above is the one that left its siblings' column.
fn deeper_than_its_sibling(lines: &[&str], index: usize, kv: &KeyLine<'_>) -> Option<Explained> {
    if let Some(explained) = dedented_first_entry(lines, index, kv) {
        return Some(explained);
    }
    let mut previous = above(lines, index);
    let (p_index, p_text) = previous.next()?;
    let p = key_line(p_text)?;
    if p.indent >= kv.indent || p.value.is_empty() {
        return None;
    }
    let before = previous.next().and_then(|(_, text)| key_line(text));
    match before {
        Some(b) if b.indent == kv.indent => Some(out_of_line(p_index + 1, &p, kv.indent)),
        _ => Some(out_of_line(index + 1, kv, p.indent)),
    }
}

/// A key whose indentation is none of the mappings open above it.
fn between_blocks(lines: &[&str], index: usize, kv: &KeyLine<'_>) -> Option<Explained> {
    let mut open: Vec<usize> = Vec::new();
    for (_, text) in above(lines, index) {
        let indent = text.len() - text.trim_start_matches(' ').len();
        if open.last().is_none_or(|&last| indent < last) {
            open.push(indent);
        }
    }
    if open.contains(&kv.indent) {
        return None;
    }
    if let Some(explained) =
        dedented_first_entry(lines, index, kv).or_else(|| dedented_entry(lines, index, kv))
    {
        return Some(explained);
    }
    // Between two columns equally near, the nearer mapping above (usually the one the key
    // was meant to continue).
    let siblings = open
        .iter()
        .enumerate()
        .min_by_key(|&(nearness, &i)| (i.abs_diff(kv.indent), nearness))
        .map(|(_, &i)| i)?;
    Some(out_of_line(index + 1, kv, siblings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_with_a_colon_is_quoted_where_it_starts() {
        let source = "endpoints:\n  list:\n    summary: Get: a thing\n";
        let explained = explain(
            source,
            3,
            17,
            "mapping values are not allowed in this context",
        );
        assert_eq!(
            explained,
            Some(Explained {
                line: 3,
                column: 14,
                len: 12,
                message: "invalid YAML: the value of `summary` holds `: `, which YAML reads as a key and its value".to_owned(),
                hint: "quote the value: summary: \"Get: a thing\"".to_owned(),
            })
        );
    }

    #[test]
    fn a_key_deeper_than_the_one_above_is_the_one_to_move() {
        let source = "a:\n    method: GET\n    path: /x/\n      summary: S\n";
        let explained = explain(
            source,
            4,
            14,
            "mapping values are not allowed in this context",
        )
        .expect("explained");
        assert_eq!((explained.line, explained.column), (4, 7));
        assert_eq!(
            explained.hint,
            "the key `summary` is indented 6 spaces where its siblings are 4: align it"
        );
    }

    #[test]
    fn a_dedented_first_field_is_the_line_to_move() {
        let source = "Note:\n  fields:\n  id: { type: integer }\n    text: { type: string }\n";
        let explained = explain(
            source,
            4,
            9,
            "mapping values are not allowed in this context",
        )
        .expect("explained");
        assert_eq!((explained.line, explained.column), (3, 3));
        assert_eq!(
            explained.message,
            "invalid YAML: the key `id` is not indented under `fields:`"
        );
        assert_eq!(
            explained.hint,
            "indent it under `fields:`, 4 spaces like `text`"
        );
    }

    #[test]
    fn a_key_shallower_than_both_neighbours_is_the_one_to_move() {
        let source = "a:\n  b:\n    method: GET\n  path: /x/\n    summary: S\n";
        let explained = explain(
            source,
            5,
            12,
            "mapping values are not allowed in this context",
        )
        .expect("explained");
        assert_eq!((explained.line, explained.column), (4, 3));
        assert_eq!(
            explained.hint,
            "the key `path` is indented 2 spaces where its siblings are 4: align it"
        );
    }
}
