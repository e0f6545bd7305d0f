//! The spec files the import writes, as an ordered tree rendered to YAML text in the style
//! of the hand-written specs: block mappings, flow mappings for short records (a field's
//! `{ type: string, optional: true }`), strings quoted only where YAML needs it.

use std::fmt::Write as _;

/// A YAML value whose mappings keep the order they were built in.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Yaml {
    /// A mapping, in order.
    Map(Vec<(String, Yaml)>),
    /// A sequence.
    List(Vec<Yaml>),
    /// A string.
    Str(String),
    /// A whole number.
    Int(i64),
    /// A number with a fraction (or too large for `Int`), as JSON writes it.
    Num(String),
    /// A boolean.
    Bool(bool),
    /// `null` (a default that fills nothing).
    Null,
}

impl Yaml {
    /// A string value.
    pub(crate) fn str(text: impl Into<String>) -> Yaml {
        Yaml::Str(text.into())
    }

    /// A mapping of one entry.
    pub(crate) fn map_of(key: impl Into<String>, value: Yaml) -> Yaml {
        Yaml::Map(vec![(key.into(), value)])
    }

    /// An empty mapping, to push entries onto.
    pub(crate) fn map() -> Yaml {
        Yaml::Map(Vec::new())
    }

    /// A JSON value as YAML: members in the order JSON gives them.
    pub(crate) fn from_json(value: &serde_json::Value) -> Yaml {
        use serde_json::Value;
        match value {
            Value::Null => Yaml::Null,
            Value::Bool(b) => Yaml::Bool(*b),
            Value::Number(n) => n
                .as_i64()
                .map_or_else(|| Yaml::Num(n.to_string()), Yaml::Int),
            Value::String(text) => Yaml::str(text.clone()),
            Value::Array(items) => Yaml::List(items.iter().map(Yaml::from_json).collect()),
            Value::Object(members) => Yaml::Map(
                members
                    .iter()
                    .map(|(k, v)| (k.clone(), Yaml::from_json(v)))
                    .collect(),
            ),
        }
    }

    /// Appends `key: value` to a mapping (does nothing to other values).
    pub(crate) fn push(&mut self, key: impl Into<String>, value: Yaml) {
        if let Yaml::Map(entries) = self {
            entries.push((key.into(), value));
        }
    }

    /// The value of `key` in a mapping.
    pub(crate) fn get(&self, key: &str) -> Option<&Yaml> {
        match self {
            Yaml::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Removes `key` from a mapping where its value is `value`.
    pub(crate) fn remove_if(&mut self, key: &str, value: &Yaml) {
        if let Yaml::Map(entries) = self {
            entries.retain(|(k, v)| k != key || v != value);
        }
    }

    /// `key: value` when `value` is there.
    pub(crate) fn push_some(&mut self, key: &str, value: Option<Yaml>) {
        if let Some(value) = value {
            self.push(key, value);
        }
    }

    fn is_scalar(&self) -> bool {
        !matches!(self, Yaml::Map(_) | Yaml::List(_))
    }

    /// Short enough, and flat enough, to be written on one line as `{ a: b }` or `[a, b]`.
    fn fits_flow(&self) -> bool {
        match self {
            Yaml::Map(entries) => {
                !entries.is_empty()
                    && entries
                        .iter()
                        .all(|(_, v)| v.is_scalar() || v.is_flow_list())
                    && self.flow_len() <= 90
            }
            Yaml::List(_) => self.is_flow_list(),
            _ => true,
        }
    }

    fn is_flow_list(&self) -> bool {
        matches!(self, Yaml::List(items) if items.iter().all(Yaml::is_scalar) && self.flow_len() <= 90)
    }

    fn flow_len(&self) -> usize {
        let mut text = String::new();
        write_flow(self, &mut text);
        text.len()
    }
}

/// The text of a whole file: `value` (a mapping) with `header` lines as comments above it.
pub(crate) fn render(header: &[String], value: &Yaml) -> String {
    let mut out = String::new();
    for line in header {
        if line.is_empty() {
            out.push_str("#\n");
        } else {
            let _ = writeln!(out, "# {line}");
        }
    }
    match value {
        Yaml::Map(entries) => {
            for (index, (key, value)) in entries.iter().enumerate() {
                // Top-level keys are separated by a blank line, as in the hand-written specs.
                if index > 0 {
                    out.push('\n');
                }
                write_entry(key, value, 0, &mut out);
            }
        }
        other => {
            write_flow(other, &mut out);
            out.push('\n');
        }
    }
    out
}

fn write_entry(key: &str, value: &Yaml, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    let key = scalar_text(key);
    match value {
        Yaml::Map(entries) if entries.is_empty() => {
            let _ = writeln!(out, "{pad}{key}: {{}}");
        }
        Yaml::List(items) if items.is_empty() => {
            let _ = writeln!(out, "{pad}{key}: []");
        }
        Yaml::Str(text) if is_block_text(text) => {
            let _ = writeln!(out, "{pad}{key}: |-");
            for line in text.lines() {
                if line.is_empty() {
                    out.push('\n');
                } else {
                    let _ = writeln!(out, "{pad}  {line}");
                }
            }
        }
        Yaml::Map(entries) if indent > 0 && value.fits_flow() && entries.len() <= 6 => {
            let _ = write!(out, "{pad}{key}: ");
            write_flow(value, out);
            out.push('\n');
        }
        Yaml::Map(entries) => {
            let _ = writeln!(out, "{pad}{key}:");
            for (k, v) in entries {
                write_entry(k, v, indent + 2, out);
            }
        }
        Yaml::List(items) if value.is_flow_list() => {
            let _ = write!(out, "{pad}{key}: ");
            write_flow(&Yaml::List(items.clone()), out);
            out.push('\n');
        }
        Yaml::List(items) => {
            let _ = writeln!(out, "{pad}{key}:");
            for item in items {
                write_item(item, indent + 2, out);
            }
        }
        scalar => {
            let _ = write!(out, "{pad}{key}: ");
            write_flow(scalar, out);
            out.push('\n');
        }
    }
}

fn write_item(item: &Yaml, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match item {
        Yaml::Map(entries) if !entries.is_empty() && !item.fits_flow() => {
            for (index, (k, v)) in entries.iter().enumerate() {
                if index == 0 {
                    // `- key: value`, the rest of the mapping indented under the key.
                    let mut first = String::new();
                    write_entry(k, v, indent + 2, &mut first);
                    let _ = write!(out, "{pad}- {}", &first[indent + 2..]);
                } else {
                    write_entry(k, v, indent + 2, out);
                }
            }
        }
        other => {
            let _ = write!(out, "{pad}- ");
            write_flow(other, out);
            out.push('\n');
        }
    }
}

fn write_flow(value: &Yaml, out: &mut String) {
    match value {
        Yaml::Map(entries) if entries.is_empty() => out.push_str("{}"),
        Yaml::Map(entries) => {
            out.push_str("{ ");
            for (index, (k, v)) in entries.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                out.push_str(&scalar_text(k));
                out.push_str(": ");
                write_flow(v, out);
            }
            out.push_str(" }");
        }
        Yaml::List(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                write_flow(item, out);
            }
            out.push(']');
        }
        Yaml::Str(text) => out.push_str(&scalar_text(text)),
        Yaml::Int(n) => {
            let _ = write!(out, "{n}");
        }
        Yaml::Num(n) => out.push_str(n),
        Yaml::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        Yaml::Null => out.push_str("null"),
    }
}

/// Several lines that read back the same as a `|-` block: no leading space on the first
/// line (YAML would take it as the indentation), no other control characters.
fn is_block_text(text: &str) -> bool {
    text.contains('\n')
        && !text.starts_with([' ', '\n'])
        && !text.chars().any(|c| c.is_control() && c != '\n')
}

/// `text` as a YAML scalar: plain where YAML reads it back as the same string, else
/// double-quoted with JSON's escapes (which YAML's double quotes share).
pub(crate) fn scalar_text(text: &str) -> String {
    if is_plain_safe(text) {
        text.to_owned()
    } else {
        serde_json::Value::String(text.to_owned()).to_string()
    }
}

fn is_plain_safe(text: &str) -> bool {
    const RESERVED: &[&str] = &[
        "null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE", "yes",
        "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N",
        ".inf", ".nan", "-.inf", "<<",
    ];
    let Some(first) = text.chars().next() else {
        return false;
    };
    if RESERVED.contains(&text)
        || text.trim() != text
        || "-?:,[]{}#&*!|>'\"%@`".contains(first)
        || text.contains(": ")
        || text.contains(" #")
        || text.ends_with(':')
        || text
            .chars()
            .any(|c| c.is_control() || matches!(c, '{' | '}' | '[' | ']' | ','))
        || looks_like_number(text)
    {
        return false;
    }
    true
}

fn looks_like_number(text: &str) -> bool {
    let body = text.strip_prefix(['-', '+']).unwrap_or(text);
    body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_are_quoted_only_where_yaml_would_read_something_else() {
        assert_eq!(scalar_text("pets"), "pets");
        assert_eq!(scalar_text("A pet's name."), "A pet's name.");
        for text in [
            "yes", "null", "1.0", "007", "", " x", "a: b", "{x}", "-x", "#x", "x,y",
        ] {
            assert!(scalar_text(text).starts_with('"'), "{text}");
        }
        assert_eq!(scalar_text("say \"hi\""), "say \"hi\"");
        assert_eq!(scalar_text("\"hi\" there"), r#""\"hi\" there""#);
    }

    #[test]
    fn records_render_in_the_house_style() {
        let mut field = Yaml::map();
        field.push("type", Yaml::str("string"));
        field.push("optional", Yaml::Bool(true));
        let mut fields = Yaml::map();
        fields.push("name", field);
        let mut pet = Yaml::map();
        pet.push("description", Yaml::str("A pet.\n\nTwo paragraphs."));
        pet.push("fields", fields);
        let mut types = Yaml::map();
        types.push("Pet", pet);
        let mut file = Yaml::map();
        file.push("types", types);
        file.push("tags", Yaml::List(vec![Yaml::str("a"), Yaml::str("yes")]));
        assert_eq!(
            render(&["Imported.".to_owned()], &file),
            "# Imported.\ntypes:\n  Pet:\n    description: |-\n      A pet.\n\n      Two paragraphs.\n    fields:\n      name: { type: string, optional: true }\n\ntags: [a, \"yes\"]\n"
        );
    }
}
