//! Every link between the repository's Markdown files (the README, the guide's pages and the
//! other pages of `docs/`, ARCHITECTURE, the CHANGELOG, the benchmarks' and examples' pages)
//! and every image they show leads somewhere: a file or folder that exists and, where the
//! link names a heading (`guide/conventions.md#paths-and-credentials`), a heading of that
//! file. Links off the repository (`https:`) are left alone: CI runs without the network.
//!
//! The guide (`docs/guide/`) is read as a book: its index lists every page, each page's
//! "Next:" link leads to the page after it in the index, and each page with Rust blocks is
//! compiled as doctests (`src/lib.rs`), so that no page is orphaned, skipped or left
//! unchecked.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// Folders that hold no page of ours: builds, dependencies, fetched documents and the
/// fixtures' inputs.
const SKIPPED: &[&str] = &["target", ".git", "node_modules", ".venv", "fixtures"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if !SKIPPED.contains(&name.to_string_lossy().as_ref()) {
                markdown_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// What a page's text says: the links it makes (and the images it shows) and the anchors of
/// its headings, as GitHub writes them (lower case, punctuation but `-` and `_` dropped,
/// spaces as `-`, `-1`, `-2` after a repeated one).
struct Page {
    links: Vec<String>,
    anchors: BTreeSet<String>,
}

fn read(path: &Path) -> Page {
    let text = std::fs::read_to_string(path).expect("a readable page");
    let mut links = Vec::new();
    let mut anchors = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(&text, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                links.push(dest_url.to_string());
            }
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(h) = heading.take() {
                    let slug: String = h
                        .trim()
                        .to_lowercase()
                        .chars()
                        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
                        .map(|c| if c == ' ' { '-' } else { c })
                        .collect();
                    let mut anchor = slug.clone();
                    let mut n = 0;
                    while anchors.contains(&anchor) {
                        n += 1;
                        anchor = format!("{slug}-{n}");
                    }
                    anchors.insert(anchor);
                }
            }
            _ => {}
        }
    }
    Page { links, anchors }
}

#[test]
fn every_link_between_pages_leads_somewhere() {
    let root = root();
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    files.sort();
    assert!(files.len() >= 8, "the pages are found: {files:?}");
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let page = read(file);
        for link in &page.links {
            if link.contains(':') || link.starts_with("//") {
                continue;
            }
            checked += 1;
            let (target, anchor) = match link.split_once('#') {
                Some((target, anchor)) => (target, Some(anchor)),
                None => (link.as_str(), None),
            };
            let dir = file.parent().expect("a folder");
            let target_path = if target.is_empty() {
                file.clone()
            } else {
                dir.join(target)
            };
            let shown = file.strip_prefix(&root).unwrap_or(file).display();
            if !target_path.exists() {
                broken.push(format!("{shown}: {link}: no such file"));
                continue;
            }
            if let Some(anchor) = anchor
                && target_path.extension().is_some_and(|e| e == "md")
                && !read(&target_path).anchors.contains(anchor)
            {
                broken.push(format!("{shown}: {link}: no such heading"));
            }
        }
    }
    assert!(checked > 20, "links are found ({checked})");
    assert!(
        broken.is_empty(),
        "links that lead nowhere:\n{}",
        broken.join("\n")
    );
}

/// The guide's folder: its index (`README.md`) and the pages the index lists.
fn guide_dir() -> PathBuf {
    root().join("docs").join("guide")
}

/// The guide's pages, the index aside, by file name.
fn guide_pages() -> Vec<String> {
    let mut pages: Vec<String> = std::fs::read_dir(guide_dir())
        .expect("docs/guide/")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md") && name != "README.md")
        .collect();
    pages.sort();
    pages
}

/// The pages in the order the index lists them: its links to a page beside it, each page
/// where it first appears (the index also links to pages outside the guide, and may name a
/// page twice).
fn reading_order() -> Vec<String> {
    let index = read(&guide_dir().join("README.md"));
    let mut order: Vec<String> = Vec::new();
    for link in &index.links {
        let page = link.split('#').next().unwrap_or_default();
        let beside = !page.contains('/') && !page.contains(':');
        if beside
            && page.ends_with(".md")
            && page != "README.md"
            && !order.iter().any(|p| p == page)
        {
            order.push(page.to_owned());
        }
    }
    order
}

/// Where a page's last "Next:" link leads: the link right after the words `Next:`.
fn next_link(page: &Path) -> Option<String> {
    let text = std::fs::read_to_string(page).expect("a readable page");
    let mut after_next = false;
    let mut next = None;
    for event in Parser::new_ext(&text, Options::ENABLE_TABLES) {
        match event {
            Event::Text(t) => after_next = t.trim_end().ends_with("Next:"),
            Event::Start(Tag::Link { dest_url, .. }) if after_next => {
                next = Some(dest_url.to_string());
                after_next = false;
            }
            _ => after_next = false,
        }
    }
    next
}

#[test]
fn the_guide_index_lists_every_page() {
    let order = reading_order();
    let pages = guide_pages();
    assert!(pages.len() >= 10, "the guide's pages are found: {pages:?}");
    let unlisted: Vec<&String> = pages.iter().filter(|p| !order.contains(p)).collect();
    assert!(
        unlisted.is_empty(),
        "pages of docs/guide/ that its index (docs/guide/README.md) does not list: {unlisted:?}"
    );
    let missing: Vec<&String> = order.iter().filter(|p| !pages.contains(p)).collect();
    assert!(
        missing.is_empty(),
        "pages the guide's index lists that docs/guide/ does not hold: {missing:?}"
    );
}

#[test]
fn each_guide_page_leads_to_the_next() {
    let order = reading_order();
    assert!(order.len() >= 10, "the index lists the pages: {order:?}");
    let mut astray = Vec::new();
    for pair in order.windows(2) {
        let (page, following) = (&pair[0], &pair[1]);
        match next_link(&guide_dir().join(page)) {
            Some(next) if next == *following => {}
            Some(next) => astray.push(format!(
                "{page}: \"Next:\" leads to {next}, but the index puts {following} after it"
            )),
            None => astray.push(format!(
                "{page}: no \"Next:\" link, and the index puts {following} after it"
            )),
        }
    }
    assert!(
        astray.is_empty(),
        "guide pages that do not lead to the next one:\n{}",
        astray.join("\n")
    );
}

/// Whether rustdoc reads a fenced block as Rust: a block without a language, or whose words
/// are `rust` and rustdoc's own (`no_run`, `ignore`, ...), as in ```` ```rust,no_run ````.
fn is_rust(info: &str) -> bool {
    const RUSTDOC_WORDS: &[&str] = &[
        "rust",
        "ignore",
        "no_run",
        "should_panic",
        "compile_fail",
        "test_harness",
        "standalone_crate",
    ];
    info.split([',', ' '])
        .filter(|word| !word.is_empty())
        .all(|word| RUSTDOC_WORDS.contains(&word) || word.starts_with("edition"))
}

#[test]
fn every_guide_page_with_rust_blocks_is_compiled_as_doctests() {
    let lib = std::fs::read_to_string(root().join("tests").join("src").join("lib.rs"))
        .expect("tests/src/lib.rs");
    let mut unchecked = Vec::new();
    let mut with_rust = 0;
    for page in guide_pages() {
        let text = std::fs::read_to_string(guide_dir().join(&page)).expect("a readable page");
        let has_rust = Parser::new(&text).any(|event| match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => is_rust(&info),
            Event::Start(Tag::CodeBlock(CodeBlockKind::Indented)) => true,
            _ => false,
        });
        if has_rust {
            with_rust += 1;
            if !lib.contains(&format!("include_str!(\"../../docs/guide/{page}\")")) {
                unchecked.push(page);
            }
        }
    }
    assert!(
        with_rust >= 5,
        "pages with Rust blocks are found ({with_rust})"
    );
    assert!(
        unchecked.is_empty(),
        "guide pages whose Rust blocks src/lib.rs does not compile as doctests \
         (add `#[doc = include_str!(\"../../docs/guide/PAGE\")]` to its `guide` module): {unchecked:?}"
    );
}
