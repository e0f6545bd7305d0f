//! A YAML document as a tree of nodes that remember where they stand in the file.
//!
//! Built from `saphyr-parser` events rather than a ready-made value type because the
//! diagnostics need three things those types drop: the position of every mapping *key*,
//! duplicate keys (YAML maps would silently keep the last one) and the scalar text exactly
//! as written (so `version: 1.10` stays the string `1.10`).

use std::path::PathBuf;
use std::sync::Arc;

use saphyr_parser::{Event, Parser, ScalarStyle, Span};

use crate::diag::{Diagnostic, Diagnostics, Location};

mod flow;
mod syntax;

/// A node of the tree.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    /// Where the node starts.
    pub location: Location,
    /// What the node holds.
    pub kind: NodeKind,
    /// The mapping key this node is the value of, if any: messages about a whole record
    /// point there (`get_thing:`), not at the record's first key.
    pub key: Option<Key>,
    /// A scalar written in quotes or as a block (`"1"`, `'true'`, `|`): text, whatever it
    /// looks like.
    pub quoted: bool,
}

/// The three shapes a YAML node can have, plus an explicit null.
#[derive(Debug, Clone)]
pub(crate) enum NodeKind {
    /// `~`, `null` or nothing at all.
    Null,
    /// A scalar exactly as written (quotes removed).
    Scalar(String),
    /// A mapping, keys in file order.
    Map(Vec<(Key, Node)>),
    /// A sequence.
    Seq(Vec<Node>),
    /// Something already reported as unsupported (an alias); readers skip it silently so
    /// that one mistake is one message.
    Invalid,
}

/// A mapping key with its own position.
#[derive(Debug, Clone)]
pub(crate) struct Key {
    /// The key text.
    pub name: String,
    /// Where the key stands.
    pub location: Location,
}

impl Node {
    /// A short name of the node's shape for messages ("a mapping", "a list", ...).
    pub(crate) fn shape(&self) -> &'static str {
        match self.kind {
            NodeKind::Null => "nothing",
            NodeKind::Scalar(_) => "a scalar",
            NodeKind::Map(_) => "a mapping",
            NodeKind::Seq(_) => "a list",
            NodeKind::Invalid => "an unsupported value",
        }
    }

    /// Where messages about this node as a whole point: its key when it has one.
    pub(crate) fn anchor(&self) -> &Location {
        self.key.as_ref().map_or(&self.location, |k| &k.location)
    }
}

impl Node {
    /// The node as JSON (example bodies, error bodies, and spec files validated against
    /// their JSON Schema), as YAML's core schema reads it: unquoted `true` and `false` are
    /// booleans and unquoted numbers numbers; a quoted scalar is always a string (`"1"`,
    /// `"true"`, `"null"`, `"1.0"`), like every other scalar.
    pub(crate) fn to_json(&self) -> serde_json::Value {
        use serde_json::Value;
        match &self.kind {
            NodeKind::Null | NodeKind::Invalid => Value::Null,
            NodeKind::Scalar(s) if self.quoted => Value::String(s.clone()),
            NodeKind::Scalar(s) if s == "true" => Value::Bool(true),
            NodeKind::Scalar(s) if s == "false" => Value::Bool(false),
            NodeKind::Scalar(s) => plain_number(s).unwrap_or_else(|| Value::String(s.clone())),
            NodeKind::Seq(items) => Value::Array(items.iter().map(Node::to_json).collect()),
            NodeKind::Map(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.name.clone(), v.to_json()))
                    .collect(),
            ),
        }
    }
}

impl Node {
    /// The node as JSON like [`Node::to_json`], mapping keys in the order written (error
    /// bodies, whose members go out as the spec shows them).
    pub(crate) fn to_shape(&self) -> crate::model::error_body::Shape {
        use crate::model::error_body::Shape;
        match &self.kind {
            NodeKind::Seq(items) => Shape::Array(items.iter().map(Node::to_shape).collect()),
            NodeKind::Map(entries) => Shape::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.name.clone(), v.to_shape()))
                    .collect(),
            ),
            _ => Shape::Scalar(self.to_json()),
        }
    }
}

/// An unquoted scalar that YAML's core schema reads as a number (`42`, `-7`, `1.5`, `2e3`),
/// as JSON; `None` for any other text.
fn plain_number(text: &str) -> Option<serde_json::Value> {
    if let Ok(whole) = text.parse::<i64>() {
        return Some(whole.into());
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let numeric = digits.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'))
        && digits.chars().any(|c| c.is_ascii_digit());
    let value: f64 = text.parse().ok().filter(|_| numeric)?;
    serde_json::Number::from_f64(value).map(serde_json::Value::Number)
}

/// Maps saphyr's character positions to the byte offsets and 1-based columns we report.
struct Positions<'a> {
    file: Arc<PathBuf>,
    source: &'a str,
    line_starts: Vec<usize>,
    /// Every character is one byte, so a column is a byte count (most spec files).
    ascii: bool,
}

impl<'a> Positions<'a> {
    fn new(file: Arc<PathBuf>, source: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        Positions {
            file,
            source,
            line_starts,
            ascii: source.is_ascii(),
        }
    }

    fn byte_offset(&self, line: usize, col_chars: usize) -> usize {
        let start = self
            .line_starts
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(self.source.len());
        if self.ascii {
            return start.saturating_add(col_chars).min(self.source.len());
        }
        let rest = &self.source[start..];
        start
            + rest
                .char_indices()
                .nth(col_chars)
                .map(|(i, _)| i)
                .unwrap_or(rest.len())
    }

    /// A 1-based line and column (in characters) and a length in bytes.
    fn at(&self, line: usize, column: usize, len: usize) -> Location {
        Location {
            file: self.file.clone(),
            line,
            column,
            offset: self.byte_offset(line, column.saturating_sub(1)),
            len,
        }
    }

    fn location(&self, span: Span) -> Location {
        let start = self.byte_offset(span.start.line(), span.start.col());
        let end = if span.end.line() >= span.start.line() {
            self.byte_offset(span.end.line(), span.end.col()).max(start)
        } else {
            start
        };
        Location {
            file: self.file.clone(),
            line: span.start.line().max(1),
            column: span.start.col() + 1,
            offset: start,
            len: (end - start).max(1),
        }
    }
}

enum Frame {
    Map {
        location: Location,
        entries: Vec<(Key, Node)>,
        pending_key: Option<Key>,
    },
    Seq {
        location: Location,
        items: Vec<Node>,
    },
}

/// Parses one YAML document. Syntax errors, aliases, tags and duplicate keys are reported
/// into `diags`; `None` means the file could not be read as a tree at all.
pub(crate) fn parse(file: Arc<PathBuf>, source: &str, diags: &mut Diagnostics) -> Option<Node> {
    let positions = Positions::new(file, source);
    if let Some(location) = tab_indentation(&positions) {
        diags.push(
            Diagnostic::new(
                location,
                "a tab indents this line; YAML indentation is spaces only",
            )
            .hint("YAML does not allow tabs for indentation: replace the tab with spaces"),
        );
        return None;
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut root: Option<Node> = None;
    let mut documents = 0;

    for event in Parser::new_from_str(source) {
        let (event, span) = match event {
            Ok(pair) => pair,
            Err(err) => {
                let marker = err.marker();
                let explained =
                    syntax::explain(source, marker.line(), marker.col() + 1, err.info());
                diags.push(match explained {
                    Some(explained) => Diagnostic::new(
                        positions.at(explained.line, explained.column, explained.len),
                        explained.message,
                    )
                    .hint(explained.hint),
                    None => Diagnostic::new(
                        positions.location(Span::empty(*marker)),
                        format!("invalid YAML: {}", err.info()),
                    )
                    .hint("check the indentation and quoting around this position"),
                });
                return None;
            }
        };
        let location = positions.location(span);
        let node = match event {
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    diags.push(
                        Diagnostic::new(location, "a spec file holds exactly one YAML document")
                            .hint("move the second document into a file of its own"),
                    );
                    return root;
                }
                continue;
            }
            Event::Nothing | Event::StreamStart | Event::StreamEnd | Event::DocumentEnd => {
                continue;
            }
            Event::Alias(_) => {
                diags.push(
                    Diagnostic::new(
                        location.clone(),
                        "YAML aliases are not supported in spec files",
                    )
                    .hint("write the value out in full; specs are read by people first"),
                );
                Node {
                    location,
                    kind: NodeKind::Invalid,
                    key: None,
                    quoted: false,
                }
            }
            Event::Scalar(value, style, anchor, tag) => {
                let plain = matches!(style, ScalarStyle::Plain);
                // `summary: &thing` or `summary: !thing`: an anchor or a tag on nothing, where
                // the user meant text.
                if plain
                    && value.is_empty()
                    && (anchor != 0 || tag.is_some())
                    && let Some(explained) =
                        syntax::explain(source, span.start.line(), usize::MAX, "")
                {
                    diags.push(
                        Diagnostic::new(
                            positions.at(explained.line, explained.column, explained.len),
                            explained.message,
                        )
                        .hint(explained.hint),
                    );
                    attach(
                        &mut stack,
                        &mut root,
                        Node {
                            location,
                            kind: NodeKind::Invalid,
                            key: None,
                            quoted: false,
                        },
                        diags,
                    );
                    continue;
                }
                if let Some(tag) = tag {
                    diags.push(
                        Diagnostic::new(
                            location.clone(),
                            format!(
                                "YAML tags (`{}{}`) are not supported in spec files",
                                tag.handle, tag.suffix
                            ),
                        )
                        .hint("remove the tag; the spec format gives every value its meaning"),
                    );
                }
                let is_null =
                    plain && matches!(value.as_ref(), "" | "~" | "null" | "Null" | "NULL");
                Node {
                    location,
                    kind: if is_null {
                        NodeKind::Null
                    } else {
                        NodeKind::Scalar(value.into_owned())
                    },
                    key: None,
                    quoted: !plain,
                }
            }
            Event::SequenceStart(_, _) => {
                stack.push(Frame::Seq {
                    location,
                    items: Vec::new(),
                });
                continue;
            }
            Event::MappingStart(_, _) => {
                stack.push(Frame::Map {
                    location,
                    entries: Vec::new(),
                    pending_key: None,
                });
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop() {
                Some(Frame::Seq { location, items }) => Node {
                    location,
                    kind: NodeKind::Seq(items),
                    key: None,
                    quoted: false,
                },
                Some(Frame::Map {
                    location,
                    mut entries,
                    ..
                }) => Node {
                    kind: {
                        // A `{ }` mapping: a `,` may have cut one of its plain values.
                        if source.as_bytes().get(location.offset) == Some(&b'{') {
                            flow::join_split_values(source, &mut entries, diags);
                        }
                        NodeKind::Map(entries)
                    },
                    location,
                    key: None,
                    quoted: false,
                },
                None => continue,
            },
        };
        attach(&mut stack, &mut root, node, diags);
    }
    if root.is_none() && diags.is_empty() {
        root = Some(Node {
            location: positions.location(Span::default()),
            kind: NodeKind::Null,
            key: None,
            quoted: false,
        });
    }
    root
}

/// The first tab in a line's indentation: the YAML parser reports those confusingly (at
/// the previous line), so they are found first.
fn tab_indentation(positions: &Positions<'_>) -> Option<Location> {
    if !positions.source.contains('\t') {
        return None;
    }
    positions
        .source
        .lines()
        .enumerate()
        .find_map(|(index, line)| {
            let indent = &line[..line.len() - line.trim_start().len()];
            indent.find('\t').map(|column| Location {
                file: positions.file.clone(),
                line: index + 1,
                column: column + 1,
                offset: positions.line_starts.get(index).copied().unwrap_or(0) + column,
                len: 1,
            })
        })
}

/// Hangs a finished node on its parent (or makes it the root).
fn attach(stack: &mut [Frame], root: &mut Option<Node>, node: Node, diags: &mut Diagnostics) {
    match stack.last_mut() {
        None => *root = Some(node),
        Some(Frame::Seq { items, .. }) => items.push(node),
        Some(Frame::Map {
            entries,
            pending_key,
            ..
        }) => match pending_key.take() {
            None => {
                let name = match &node.kind {
                    NodeKind::Scalar(s) => s.clone(),
                    NodeKind::Null => String::new(),
                    _ => {
                        diags.push(
                            Diagnostic::new(
                                node.location.clone(),
                                format!("a mapping key must be a plain name, not {}", node.shape()),
                            )
                            .hint("write `name: value`"),
                        );
                        String::from("<invalid>")
                    }
                };
                if let Some((first, _)) = entries.iter().find(|(k, _)| k.name == name) {
                    diags.push(
                        Diagnostic::new(node.location.clone(), format!("duplicate key `{name}`"))
                            .related(first.location.clone(), "first written here")
                            .hint("keep one of the two; YAML would silently drop the first"),
                    );
                }
                *pending_key = Some(Key {
                    name,
                    location: node.location,
                });
            }
            Some(key) => {
                let mut node = node;
                node.key = Some(key.clone());
                entries.push((key, node));
            }
        },
    }
}

#[cfg(test)]
mod tests;
