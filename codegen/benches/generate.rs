//! How long the generator takes, by spec size: `check` (read, lower, rules), `expand` (the
//! macro door: tokens, no formatting, the OpenAPI document a literal in them), `generate`
//! (what `restspec generate -o` and the build script do: tokens formatted as a file, and the
//! OpenAPI document for the file beside it), `render` (formatting alone, from tokens made
//! beforehand), `emit` (tokens alone) and `openapi` (the document alone).
//!
//! ```sh
//! cargo bench -p restspec-codegen --bench generate
//! ```
//!
//! The sizes come from the committed whole-API spec (`benches/whole-api/spec/`, 320
//! endpoints, written by `benches/scripts/whole-api-spec.py`): a prefix of its endpoints
//! for 10 and 100, copies of its families under renamed prefixes for 3,000. They are
//! written under the target directory once per run.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use divan::Bencher;
use restspec_codegen::{Loaded, OpenapiDocument, Outputs, macro_input};

fn main() {
    divan::main();
}

const SIZES: &[usize] = &[10, 100, 320, 3000];

/// The spec directory of each size, written on first use.
static SPECS: LazyLock<Vec<(usize, PathBuf)>> = LazyLock::new(|| {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../benches/whole-api/spec");
    let whole = WholeApi::read(&source);
    SIZES
        .iter()
        .map(|&n| {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("whole-api-{n}"));
            whole.write(n, &dir);
            let loaded = load(&dir);
            let count: usize = loaded
                .service
                .families
                .iter()
                .map(|f| f.endpoints.len())
                .sum();
            assert_eq!(count, n, "{}", dir.display());
            (n, dir)
        })
        .collect()
});

fn spec(n: usize) -> &'static Path {
    let (_, dir) = SPECS
        .iter()
        .find(|(size, _)| *size == n)
        .expect("a benchmarked size");
    dir
}

fn load(dir: &Path) -> Loaded {
    match restspec_codegen::load(dir) {
        Ok(loaded) => loaded,
        Err(errors) => panic!("{}: {errors}", dir.display()),
    }
}

/// `restspec check`: read every file, lower, apply the rules.
#[divan::bench(args = SIZES, max_time = 5)]
fn check(bencher: Bencher<'_, '_>, n: usize) {
    let dir = spec(n);
    bencher.bench(|| load(dir));
}

/// The macro door: `generate!(pub mod api = "...")` to tokens (the compiler formats nothing).
#[divan::bench(args = SIZES, max_time = 5)]
fn expand(bencher: Bencher<'_, '_>, n: usize) {
    let dir = spec(n);
    let parent = dir.parent().expect("a parent directory");
    let name = dir
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    bencher
        .with_inputs(|| quote::quote!(pub mod api = #name))
        .bench_local_values(|input| macro_input::expand(input, parent, None));
}

/// `restspec generate -o api.rs`: load, emit, format, header, and the OpenAPI document
/// written beside the code.
#[divan::bench(args = SIZES, max_time = 5)]
fn generate(bencher: Bencher<'_, '_>, n: usize) {
    let dir = spec(n);
    bencher.bench(|| load(dir).files(Outputs::SERVER, "api"));
}

/// The OpenAPI document alone, as the compact JSON the service serves.
#[divan::bench(args = SIZES, max_time = 5)]
fn openapi(bencher: Bencher<'_, '_>, n: usize) {
    let loaded = load(spec(n));
    bencher.bench(|| restspec_codegen::openapi::to_compact_json(&loaded.service));
}

/// The module's tokens as `generate` formats them (the document in a file beside).
fn file_tokens(n: usize) -> proc_macro2::TokenStream {
    load(spec(n)).tokens(Outputs::SERVER, OpenapiDocument::Beside { stem: "api" })
}

/// Formatting alone: tokens to text.
#[divan::bench(args = SIZES, max_time = 5)]
fn render(bencher: Bencher<'_, '_>, n: usize) {
    let tokens = file_tokens(n);
    bencher.bench_local(|| restspec_codegen::render(&tokens));
}

/// Formatting alone, parsing the whole file at once (how `render` worked before it went
/// item by item; kept as its reference).
#[divan::bench(args = SIZES, max_time = 5)]
fn render_whole(bencher: Bencher<'_, '_>, n: usize) {
    let tokens = file_tokens(n);
    assert_eq!(
        restspec_codegen::render(&tokens),
        restspec_codegen::render::render_whole(&tokens)
    );
    bencher.bench_local(|| restspec_codegen::render::render_whole(&tokens));
}

/// Emitting alone: the validated model to tokens (the document in a file beside).
#[divan::bench(args = SIZES, max_time = 5)]
fn emit(bencher: Bencher<'_, '_>, n: usize) {
    let loaded = load(spec(n));
    bencher.bench(|| loaded.tokens(Outputs::SERVER, OpenapiDocument::Beside { stem: "api" }));
}

/// The whole-API spec as text, to be cut down or copied. Relies on the layout the script
/// writes: in a family file, `params:` entries one per line, then `endpoints:` with each
/// endpoint starting at a line `  name:`, then `types:` named after the family.
struct WholeApi {
    service: String,
    /// (file stem, text) in file-name order.
    families: Vec<(String, String)>,
}

/// One family file split at its endpoints.
struct FamilyText<'a> {
    header: Vec<&'a str>,
    endpoints: Vec<Vec<&'a str>>,
    types: Vec<&'a str>,
}

impl<'a> FamilyText<'a> {
    fn split(text: &'a str) -> Self {
        let mut out = FamilyText {
            header: Vec::new(),
            endpoints: Vec::new(),
            types: Vec::new(),
        };
        let mut section = 0;
        for line in text.lines() {
            match line {
                "endpoints:" => {
                    out.header.push(line);
                    section = 1;
                    continue;
                }
                "types:" => section = 2,
                _ => {}
            }
            match section {
                0 => out.header.push(line),
                1 if is_entry(line) => out.endpoints.push(vec![line]),
                1 => match out.endpoints.last_mut() {
                    Some(endpoint) => endpoint.push(line),
                    None => out.header.push(line),
                },
                _ => out.types.push(line),
            }
        }
        out
    }

    /// The file with its first `count` endpoints and only the parameters they use.
    fn prefix(&self, count: usize) -> String {
        let kept = &self.endpoints[..count];
        let used = |param: &str| {
            let braced = format!("{{{param}}}");
            kept.iter()
                .flatten()
                .any(|l| l.contains("path:") && l.contains(&braced))
        };
        let id = self
            .header
            .iter()
            .find_map(|l| l.strip_prefix("  id: "))
            .unwrap_or_default();
        let mut text = String::new();
        let mut in_params = false;
        for line in &self.header {
            if in_params && line.starts_with("    ") {
                let param = line.trim().split(':').next().unwrap_or_default();
                if param != id && !used(param) {
                    continue;
                }
            } else {
                in_params = *line == "  params:";
            }
            text.push_str(line);
            text.push('\n');
        }
        for line in kept.iter().flatten().chain(&self.types) {
            text.push_str(line);
            text.push('\n');
        }
        text
    }
}

/// `  name:` alone on its line: an endpoint (or type) entry.
fn is_entry(line: &str) -> bool {
    line.strip_prefix("  ")
        .and_then(|l| l.strip_suffix(':'))
        .is_some_and(|name| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        })
}

/// `snake_case` to `PascalCase`, as the generator names the family's types.
fn pascal(name: &str) -> String {
    name.split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

impl WholeApi {
    fn read(dir: &Path) -> Self {
        let files = restspec_codegen::spec_files(dir).expect("the whole-API spec");
        let read = |path: &Path| std::fs::read_to_string(path).expect("readable");
        WholeApi {
            service: read(&files[0]),
            families: files[1..]
                .iter()
                .map(|p| {
                    let stem = p
                        .file_stem()
                        .expect("a name")
                        .to_string_lossy()
                        .into_owned();
                    (stem, read(p))
                })
                .collect(),
        }
    }

    /// The family files of copy `copy` (1 is the spec itself): family names, prefixes, type
    /// names and endpoint names get the suffix `x<copy>`.
    fn copy(&self, copy: usize) -> Vec<(String, String)> {
        if copy == 1 {
            return self.families.clone();
        }
        self.families
            .iter()
            .map(|(family, text)| {
                let suffix = format!("x{copy}");
                let prefix = text
                    .lines()
                    .find_map(|l| l.strip_prefix("  prefix: \"/"))
                    .and_then(|p| p.strip_suffix("/\""))
                    .expect("a prefix line");
                let mut out = String::new();
                let mut in_endpoints = false;
                for line in text.lines() {
                    in_endpoints = match line {
                        "endpoints:" => true,
                        "types:" => false,
                        _ => in_endpoints,
                    };
                    if line == format!("  name: {family}") {
                        out.push_str(&format!("  name: {family}_{suffix}"));
                    } else if in_endpoints && is_entry(line) {
                        out.push_str(&line.replacen(':', &format!("_{suffix}:"), 1));
                    } else {
                        out.push_str(
                            &line
                                .replace(&format!("\"/{prefix}"), &format!("\"/{prefix}-{suffix}")),
                        );
                    }
                    out.push('\n');
                }
                let (p, s) = (pascal(family), pascal(&suffix));
                for kind in ["Info", "Input"] {
                    out = out.replace(&format!("{p}{kind}"), &format!("{p}{s}{kind}"));
                }
                (format!("{family}_{suffix}"), out)
            })
            .collect()
    }

    /// Writes a spec of `n` endpoints into `dir`.
    fn write(&self, n: usize, dir: &Path) {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).expect("a writable target directory");
        std::fs::write(dir.join("service.yaml"), &self.service).expect("writable");
        let mut left = n;
        let mut copy = 1;
        while left > 0 {
            for (stem, text) in self.copy(copy) {
                let family = FamilyText::split(&text);
                let count = family.endpoints.len().min(left);
                if count == 0 {
                    break;
                }
                left -= count;
                std::fs::write(dir.join(format!("{stem}.yaml")), family.prefix(count))
                    .expect("writable");
            }
            copy += 1;
        }
    }
}
