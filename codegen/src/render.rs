//! Generated tokens to formatted source text: prettyplease, plus blank lines between items.
//!
//! prettyplease formats a `syn::File`, and parsing the generated tokens back into one is
//! most of the cost of `restspec generate`. Parsing and printing the whole module at once
//! builds one syntax tree for hundreds of kilobytes of code; here the tokens are cut into
//! top-level items (and the items of each module into batches), each parsed, printed and
//! dropped before the next, which keeps the working set small and is about a quarter
//! faster. The text is the same: prettyplease lays out each item of a file or module on
//! its own, after a forced line break, so printing a module's items in batches and joining
//! the batches gives what printing them at once gives. Anything unexpected falls back to
//! parsing the whole file, and a test compares the two on every spec in the repository.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};

/// Items parsed, printed and dropped together.
const BATCH: usize = 32;

/// Formats generated tokens as a Rust source file with prettyplease.
///
/// Falls back to the unformatted token text if the tokens do not parse as a file (which
/// would be a generator bug; the compiler will then point at it).
pub fn render(tokens: &TokenStream) -> String {
    match by_items(tokens) {
        Some(text) => separate_items(&text),
        None => render_whole(tokens),
    }
}

/// [`render`] by parsing the whole file at once: the reference the item-by-item path must
/// equal, and its fallback.
pub fn render_whole(tokens: &TokenStream) -> String {
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(file) => separate_items(&prettyplease::unparse(&file)),
        Err(_) => tokens.to_string(),
    }
}

/// The file printed item by item, or `None` when the tokens are not a plain sequence of
/// items this can cut (the caller then parses the whole file, and reports what is wrong).
fn by_items(tokens: &TokenStream) -> Option<String> {
    let mut out = Output {
        text: String::new(),
        pending: syn::parse2(TokenStream::new()).ok()?,
    };
    for chunk in split_items(tokens.clone()) {
        match module_parts(&chunk) {
            Some((head, body)) => print_module(&mut out, head, body)?,
            None => out.push(syn::parse2(chunk.into_iter().collect()).ok()?),
        }
    }
    out.flush();
    Some(out.text)
}

/// The text printed so far, and items parsed but not printed yet: small items are printed
/// a batch at a time, as printing each on its own costs more than it saves.
struct Output {
    text: String,
    pending: syn::File,
}

impl Output {
    fn push(&mut self, item: syn::Item) {
        self.pending.items.push(item);
        if self.pending.items.len() >= BATCH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if !self.pending.items.is_empty() {
            self.text.push_str(&prettyplease::unparse(&self.pending));
            self.pending.items.clear();
        }
    }
}

/// Cuts a token stream into items: an item ends at a `;` outside brackets, or at a braced
/// group followed by the end or by the start of another item (an attribute or an item
/// keyword), which a braced group inside an item never is.
fn split_items(stream: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut items = Vec::new();
    let mut current = Vec::new();
    let mut tokens = stream.into_iter().peekable();
    while let Some(token) = tokens.next() {
        let ends = match &token {
            TokenTree::Punct(p) => p.as_char() == ';',
            TokenTree::Group(g) => {
                g.delimiter() == Delimiter::Brace && tokens.peek().is_none_or(starts_item)
            }
            _ => false,
        };
        current.push(token);
        if ends {
            items.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        items.push(current);
    }
    items
}

fn starts_item(token: &TokenTree) -> bool {
    match token {
        TokenTree::Punct(p) => p.as_char() == '#',
        TokenTree::Ident(ident) => [
            "pub",
            "fn",
            "impl",
            "struct",
            "enum",
            "union",
            "trait",
            "mod",
            "use",
            "const",
            "static",
            "type",
            "async",
            "unsafe",
            "extern",
            "macro_rules",
        ]
        .iter()
        .any(|keyword| ident == keyword),
        _ => false,
    }
}

/// `[attributes] [pub] mod name { ... }`: the tokens up to the name, and the braced body.
fn module_parts(chunk: &[TokenTree]) -> Option<(&[TokenTree], &Group)> {
    match chunk {
        [
            head @ ..,
            TokenTree::Ident(keyword),
            TokenTree::Ident(_),
            TokenTree::Group(body),
        ] if keyword == "mod" && body.delimiter() == Delimiter::Brace => {
            Some((&chunk[..head.len() + 2], body))
        }
        _ => None,
    }
}

/// Prints a module whose items are parsed and printed in batches. The first batch is
/// printed with the module's attributes and opening line, the last with its closing brace;
/// the lines in between are the items.
fn print_module(out: &mut Output, head: &[TokenTree], body: &Group) -> Option<()> {
    let mut tokens = head.to_vec();
    tokens.push(TokenTree::Group(Group::new(
        Delimiter::Brace,
        TokenStream::new(),
    )));
    let mut module: syn::ItemMod = syn::parse2(tokens.into_iter().collect()).ok()?;
    let inner_attributes = module
        .attrs
        .iter()
        .any(|a| matches!(a.style, syn::AttrStyle::Inner(_)));
    let items = split_items(body.stream());
    if inner_attributes || items.len() <= BATCH {
        // Small modules (and those with inner attributes) at once.
        module.content = Some((Default::default(), parse_all(items)?));
        out.push(syn::Item::Mod(module));
        return Some(());
    }
    out.flush();
    let batches = items.len().div_ceil(BATCH);
    let mut opening = String::new();
    let mut items = items.into_iter();
    for index in 0..batches {
        let mut part = module.clone();
        if index > 0 {
            part.attrs.clear();
        }
        part.content = Some((
            Default::default(),
            parse_all(items.by_ref().take(BATCH).collect())?,
        ));
        out.pending.items.push(syn::Item::Mod(part));
        let text = prettyplease::unparse(&out.pending);
        out.pending.items.clear();
        // Attributes (first batch only), the opening line, items, the closing line.
        let body_start = if index == 0 {
            let end = opening_line_end(&text)?;
            opening = text[..end].lines().last()?.to_owned();
            0
        } else {
            let first = text.lines().next()?;
            if first != opening {
                return None;
            }
            first.len() + 1
        };
        let body_end = if index + 1 < batches {
            text.strip_suffix("}\n")?.len()
        } else {
            text.len()
        };
        out.text.push_str(text.get(body_start..body_end)?);
    }
    Some(())
}

fn parse_all(items: Vec<Vec<TokenTree>>) -> Option<Vec<syn::Item>> {
    // A module inside a batch is parsed whole.
    items
        .into_iter()
        .map(|chunk| syn::parse2(chunk.into_iter().collect()).ok())
        .collect()
}

/// The byte just after the line that opens a printed module (`pub mod name {`): the first
/// line at column 0 ending with `{` that is not an attribute or a doc comment.
fn opening_line_end(text: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        offset += line.len();
        let starts_code = !line.starts_with([' ', '#', '/']);
        if starts_code && line.trim_end().ends_with('{') {
            return Some(offset);
        }
    }
    None
}

/// Puts a blank line between items, which prettyplease does not do. Only lines that start
/// an item (a doc comment, an attribute, a keyword) after a line that ends one are touched,
/// so string contents and expressions are never changed.
fn separate_items(code: &str) -> String {
    const STARTS: &[&str] = &[
        "///",
        "#[",
        "pub ",
        "pub(",
        "fn ",
        "async fn ",
        "impl",
        "mod ",
        "const ",
        "struct ",
        "enum ",
        "trait ",
        "use ",
    ];
    let mut out = String::with_capacity(code.len() + code.len() / 16);
    let mut previous = "";
    for line in code.lines() {
        let trimmed = line.trim_start();
        let prev = previous.trim();
        // A comment line that happens to end in `;` or `}` ends nothing.
        let ends_item = !prev.starts_with("//") && (prev.ends_with('}') || prev.ends_with(';'));
        let both_use = prev.starts_with("use ") && trimmed.starts_with("use ");
        if ends_item && !both_use && STARTS.iter().any(|s| trimmed.starts_with(s)) {
            out.push('\n');
        }
        out.push_str(line);
        out.push('\n');
        previous = line;
    }
    out
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;

    #[test]
    fn a_doc_line_ending_in_a_semicolon_does_not_end_an_item() {
        let code = "/// Only some may act on a change;\n/// everyone else gets nothing.\nfn f() {}\n/// Next.\nfn g() {}\n";
        assert_eq!(
            separate_items(code),
            "/// Only some may act on a change;\n/// everyone else gets nothing.\nfn f() {}\n\n/// Next.\nfn g() {}\n"
        );
    }

    /// Every spec in the repository: the example, the test fixtures, the whole API.
    fn specs() -> Vec<PathBuf> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut dirs = vec![root.join("spec"), root.join("benches/whole-api/spec")];
        if let Ok(entries) = std::fs::read_dir(root.join("tests/fixtures")) {
            let mut fixtures: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            fixtures.sort();
            dirs.extend(fixtures);
        }
        dirs.into_iter()
            .filter(|d| d.join(crate::spec::SERVICE_FILE).is_file())
            .collect()
    }

    #[test]
    fn item_by_item_equals_whole_file() {
        let specs = specs();
        assert!(specs.len() >= 3, "found the specs: {specs:?}");
        for dir in specs {
            let Ok((tokens, _)) = crate::generate(&dir, &dir) else {
                continue;
            };
            let fast = by_items(&tokens).map(|text| separate_items(&text));
            assert!(fast.is_some(), "{}: not cut into items", dir.display());
            assert!(
                fast.as_deref() == Some(render_whole(&tokens).as_str()),
                "{}: item-by-item rendering differs",
                dir.display()
            );
        }
    }

    #[test]
    fn modules_are_printed_in_batches_like_at_once() {
        let consts = (0..BATCH * 2 + 3).map(|i| {
            let name = quote::format_ident!("C{i}");
            let doc = format!(" Constant {i}.");
            quote::quote! { #[doc = #doc] pub const #name: u32 = #i as u32; }
        });
        let tokens = quote::quote! {
            use std::fmt;
            /// Module docs.
            #[allow(dead_code)]
            pub mod many { use super::*; #(#consts)* pub mod inner { pub struct S; } }
            pub mod few { pub fn f() -> u32 { 1 } }
            impl fmt::Debug for many::inner::S {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("S") }
            }
        };
        assert_eq!(render(&tokens), render_whole(&tokens));
        assert!(by_items(&tokens).is_some());
    }

    #[test]
    fn tokens_that_are_not_items_fall_back() {
        let tokens = quote::quote! { pub const X: u32 = };
        assert_eq!(render(&tokens), tokens.to_string());
        let tokens = quote::quote! { #![allow(dead_code)] pub struct S; };
        assert_eq!(render(&tokens), render_whole(&tokens));
    }
}
