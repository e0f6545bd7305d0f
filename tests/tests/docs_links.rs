//! Every link between the repository's Markdown files (the README, the guide and the other
//! pages of `docs/`, ARCHITECTURE, the CHANGELOG, the benchmarks' and examples' pages) leads
//! somewhere: a file or folder that exists and, where the link names a heading
//! (`guide.md#your-own-service`), a heading of that file. Links off the repository (`https:`)
//! are left alone: CI runs without the network.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

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

/// What a page's text says: the links it makes and the anchors of its headings, as GitHub
/// writes them (lower case, punctuation but `-` and `_` dropped, spaces as `-`, `-1`, `-2`
/// after a repeated one).
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
            Event::Start(Tag::Link { dest_url, .. }) => links.push(dest_url.to_string()),
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
