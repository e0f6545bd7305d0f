//! Turning spec names into Rust names, and the rules spec names follow.

/// `change-id`, `Change.Id`, `_number` and `ChangeInfo` to `change_id`, `change_id`,
/// `number`, `change_info`.
pub fn snake(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            prev_lower = false;
        }
    }
    let trimmed = out.trim_matches('_');
    if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
        format!("n{trimmed}")
    } else {
        trimmed.to_owned()
    }
}

/// `create_change` to `CreateChange`; `changes` to `Changes`.
pub fn pascal(name: &str) -> String {
    snake(name)
        .split('_')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let mut chars = p.chars();
            match chars.next() {
                Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

/// The variant of a string enumeration's `value`: the value in `UpperCamelCase`
/// (`dark-blue` is `DarkBlue`, `-created` `MinusCreated`), or, for a value without letters
/// or digits, its characters
/// spelled out (`*` is `Asterisk`, `<=` is `LessThanEquals`, `` is `Empty`), as real APIs
/// use them (Microsoft Graph's `$select=*`).
pub fn variant(value: &str) -> String {
    let words = pascal(value);
    if !words.is_empty() {
        // A leading sign is a word of its own: `-created` (a descending order) is not
        // `created`, nor `-INF` `INF`.
        return match value.chars().next() {
            Some('-') => format!("Minus{words}"),
            Some('+') => format!("Plus{words}"),
            _ => words,
        };
    }
    if value.is_empty() {
        return "Empty".to_owned();
    }
    value
        .chars()
        .map(|c| match c {
            '*' => "Asterisk",
            '+' => "Plus",
            '-' => "Minus",
            '.' => "Dot",
            ',' => "Comma",
            '/' => "Slash",
            '\\' => "Backslash",
            '_' => "Underscore",
            '@' => "At",
            '#' => "Hash",
            '$' => "Dollar",
            '%' => "Percent",
            '&' => "Ampersand",
            '!' => "Bang",
            '?' => "Question",
            '=' => "Equals",
            '<' => "LessThan",
            '>' => "GreaterThan",
            '~' => "Tilde",
            ':' => "Colon",
            ';' => "Semicolon",
            '|' => "Bar",
            '^' => "Caret",
            '(' | ')' | '[' | ']' | '{' | '}' => "Bracket",
            '\'' | '"' | '`' => "Quote",
            c if c.is_whitespace() => "Space",
            _ => "Symbol",
        })
        .collect()
}

/// Response headers the framing of every answer writes (lower case), and those of one
/// connection rather than of the answer (HTTP's hop-by-hop headers, RFC 9110 7.6.1): never
/// declared response headers (OpenAPI ignores a declared `Content-Type` too).
pub const FRAMING_HEADERS: &[&str] = &[
    "content-type",
    "content-length",
    "transfer-encoding",
    "connection",
    "keep-alive",
    "upgrade",
    "te",
    "trailer",
    "proxy-connection",
];

/// Whether `name` (any case) is one of the [`FRAMING_HEADERS`].
pub fn is_framing_header(name: &str) -> bool {
    FRAMING_HEADERS.iter().any(|h| name.eq_ignore_ascii_case(h))
}

/// Request headers HTTP itself gives their meaning, which the runtime reads (lower case):
/// never a spec's header parameters.
pub const HTTP_HEADERS: &[&str] = &[
    "authorization",
    "content-type",
    "content-length",
    "content-encoding",
    "transfer-encoding",
    "accept",
    "accept-encoding",
    "cookie",
    "host",
    "connection",
    "origin",
];

/// `create_change` to `CREATE_CHANGE`.
/// The handler trait of a family (`ChangesHandlers`) or of one of its sections
/// (`ChangesReviewersHandlers`).
pub(crate) fn handler_trait(family: &str, section: Option<&str>) -> String {
    format!(
        "{}{}Handlers",
        pascal(family),
        section.map(pascal).unwrap_or_default()
    )
}

/// The scalar types a spec names without declaring them.
pub const BUILTIN_TYPES: &[&str] = &[
    "string",
    "integer",
    "number",
    "boolean",
    "timestamp",
    "any",
    "int32",
    "int64",
    "uint32",
    "uint64",
    "float",
    "double",
    "date",
    "uuid",
    "uri",
    "email",
    "base64",
];

/// Rust names the generated `types` module refers to unqualified.
pub const RESERVED_TYPE_NAMES: &[&str] = &[
    "String",
    "Vec",
    "Option",
    "Some",
    "None",
    "Box",
    "Result",
    "Ok",
    "Err",
    "Self",
    "Serialize",
    "Deserialize",
];

/// Names the generated `Error` type already uses: its `Internal` variant and its methods.
pub const RESERVED_STATUS_NAMES: &[&str] = &["internal", "code", "message", "into_message"];

/// Names the generated client struct takes for itself, which no endpoint may have (checked
/// with the spec's other names).
pub const CLIENT_METHODS: &[&str] = &["new", "with_config", "base_url"];

pub(crate) fn screaming(name: &str) -> String {
    snake(name).to_ascii_uppercase()
}

/// True for `snake_case` names that are usable as Rust identifiers.
pub fn is_snake_case(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !name.ends_with('_')
        && !name.contains("__")
}

/// True for `PascalCase` type names.
pub fn is_pascal_case(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase()) && chars.all(|c| c.is_ascii_alphanumeric())
}

/// True for path parameter names such as `change-id` or `revision_id`.
pub fn is_param_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// Rust keywords that cannot be plain identifiers (fields get a raw identifier or a suffix).
pub const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

/// True when spec name `name` can name a generated item as it is: it starts with a letter
/// (a case error is reported but still yields an identifier) and is not a keyword.
pub(crate) fn names_an_item(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic()) && !KEYWORDS.contains(&name)
}

/// A field or parameter name usable in generated Rust (`type` becomes `type_`).
pub fn field_ident(name: &str) -> String {
    // A sign in front says something, as in enumeration values (`-created` is
    // `MinusCreated`): GitHub's reactions `+1` and `-1` are `plus_1` and `minus_1`.
    let s = match name.chars().next() {
        Some('+') => snake(&format!("plus_{}", &name[1..])),
        Some('-') => snake(&format!("minus_{}", &name[1..])),
        _ => snake(name),
    };
    if KEYWORDS.contains(&s.as_str()) {
        format!("{s}_")
    } else if s.is_empty() {
        "field".to_owned()
    } else {
        s
    }
}

/// A field name as HTTP writes it (RFC 9110's token: letters, digits and ``!#$%&'*+-.^_`|~``;
/// `api_key` is one).
pub fn is_header_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// A character a fixed path segment may hold as it is (RFC 3986's `pchar` without
/// percent-encoding: letters, digits, `-._~`, `:@` and the sub-delimiters
/// ``!$&'()*+,;=``, as in Microsoft Graph's `/users/$count`). The router compares such
/// segments byte for byte, which RFC 3986 asks of reserved characters.
pub fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~:@!$&'()*+,;=".contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_spec_names() {
        assert_eq!(snake("change-id"), "change_id");
        assert_eq!(snake("Change.Id"), "change_id");
        assert_eq!(snake("Project.NameKey"), "project_name_key");
        assert_eq!(snake("_number"), "number");
        assert_eq!(snake("_account_id"), "account_id");
        assert_eq!(snake("ChangeInfo"), "change_info");
        assert_eq!(snake("2fa"), "n2fa");
        assert_eq!(pascal("create_change"), "CreateChange");
        assert_eq!(screaming("get_account_detail"), "GET_ACCOUNT_DETAIL");
        assert_eq!(variant("dark-blue"), "DarkBlue");
        // A leading sign tells a descending order, or a negative infinity, apart.
        assert_eq!(variant("-created"), "MinusCreated");
        assert_eq!(field_ident("+1"), "plus_1");
        assert_eq!(field_ident("-1"), "minus_1");
        assert_eq!(field_ident("-created"), "minus_created");
        assert_eq!(variant("-INF"), "MinusInf");
        assert_eq!(variant("INF"), "Inf");
        assert_eq!(variant("<="), "LessThanEquals");
        assert_eq!(field_ident("type"), "type_");
        assert!(is_snake_case("get_detail"));
        assert!(!is_snake_case("getDetail"));
        assert!(!is_snake_case("get__detail"));
        assert!(is_pascal_case("ChangeInfo"));
        assert!(!is_pascal_case("change_info"));
    }
}
