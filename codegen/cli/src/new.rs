//! `restspec new NAME`: a crate to start a service from, which builds and passes its tests
//! as written. It is `generated-example/notes/` with another name (a test of this crate
//! keeps the two the same): a spec with one family of five endpoints and their examples,
//! handlers that keep the notes in memory, a `main` that serves them with the users of a
//! file, and a test file that runs the spec's examples.
//!
//! The templates are the files under `templates/`, embedded in the binary. `{{key}}` in
//! them is replaced by its value; a line holding only a key whose value is empty is left
//! out.

use std::path::{Path, PathBuf};

/// How the generated code reaches the crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Door {
    /// `restspec_runtime::generate!(pub mod api = "spec")` in `src/lib.rs`.
    Macro,
    /// A `build.rs` with `restspec_codegen::Config`, included by
    /// `restspec_runtime::include_generated!`.
    BuildScript,
}

/// Where the new crate gets `restspec-runtime` (and, with the build-script door,
/// `restspec-codegen`) from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Runtime {
    /// A directory holding `restspec-runtime` (`runtime/` of a clone); `restspec-codegen` is
    /// its sibling `codegen/`.
    Path(PathBuf),
    /// A published version.
    Version(String),
}

/// The lines that make the new crate a workspace of its own (so that it builds wherever
/// it is put, inside another workspace's directory too) with password hashing optimised.
/// `generated-example/notes/` is a member of restspec's workspace instead, whose root
/// optimises the same crates.
pub const STANDALONE: &str = "
# A workspace of its own: it builds wherever it is, inside another workspace's directory too.
[workspace]

# Checking a password is slow on purpose (argon2id), and unoptimised it is slower still.
[profile.dev.package.argon2]
opt-level = 3

[profile.dev.package.blake2]
opt-level = 3";

/// A template: where it is written in the new crate, and its text.
struct Template {
    path: &'static str,
    text: &'static str,
    /// Written only with this door; with both when `None`.
    door: Option<Door>,
}

/// Every file the new crate gets.
const TEMPLATES: &[Template] = &[
    Template {
        path: "Cargo.toml",
        text: include_str!("../templates/Cargo.toml.template"),
        door: None,
    },
    Template {
        path: ".gitignore",
        text: include_str!("../templates/gitignore"),
        door: None,
    },
    Template {
        path: "README.md",
        text: include_str!("../templates/README.md"),
        door: None,
    },
    Template {
        path: "build.rs",
        text: include_str!("../templates/build.rs"),
        door: Some(Door::BuildScript),
    },
    Template {
        path: "spec/service.yaml",
        text: include_str!("../templates/spec/service.yaml"),
        door: None,
    },
    Template {
        path: "spec/notes.yaml",
        text: include_str!("../templates/spec/notes.yaml"),
        door: None,
    },
    Template {
        path: "src/lib.rs",
        text: include_str!("../templates/src/lib.rs"),
        door: None,
    },
    Template {
        path: "src/main.rs",
        text: include_str!("../templates/src/main.rs"),
        door: None,
    },
    Template {
        path: "src/handlers.rs",
        text: include_str!("../templates/src/handlers.rs"),
        door: None,
    },
    Template {
        path: "src/handlers/notes.rs",
        text: include_str!("../templates/src/handlers/notes.rs"),
        door: None,
    },
    Template {
        path: "tests/examples.rs",
        text: include_str!("../templates/tests/examples.rs"),
        door: None,
    },
];

/// What `restspec new` was asked for.
#[derive(Debug, Clone)]
pub struct Request {
    /// The directory to create; its last component names the crate.
    pub dir: PathBuf,
    /// How the generated code reaches the crate.
    pub door: Door,
    /// Where `restspec-runtime` comes from.
    pub runtime: Runtime,
}

/// Writes the new crate; answers the files written (relative to `request.dir`), or what
/// stopped it (a bad name, a directory in the way, a file that could not be written).
pub fn write(request: &Request) -> Result<Vec<&'static str>, String> {
    let dir = &request.dir;
    let name = crate::crate_name::of_dir(dir)?;
    crate::crate_name::check(&name)?;
    check_empty(dir)?;
    let values = values(&name, request);
    let mut written = Vec::new();
    for template in TEMPLATES {
        if template.door.is_some_and(|door| door != request.door) {
            continue;
        }
        let path = dir.join(template.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, render(template.text, &values))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(template.path);
    }
    Ok(written)
}

/// Refuses a directory that exists and holds anything (or is not a directory).
pub(crate) fn check_empty(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    match std::fs::read_dir(dir) {
        Ok(mut entries) => match entries.next() {
            None => Ok(()),
            Some(_) => Err(format!(
                "`{shown}` already exists and is not empty: choose another name, or remove it first"
            )),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(_) if dir.exists() => Err(format!(
            "`{shown}` already exists and is not a directory: choose another name"
        )),
        Err(e) => Err(format!("cannot read `{shown}`: {e}")),
    }
}

/// The value of each `{{key}}` for crate `name`.
pub(crate) fn values(name: &str, request: &Request) -> Vec<(&'static str, String)> {
    let library = name.replace('-', "_");
    let (runtime, codegen) = match &request.runtime {
        Runtime::Path(runtime) => {
            let codegen = runtime.parent().unwrap_or(runtime).join("codegen");
            (toml_path(runtime), toml_path(&codegen))
        }
        Runtime::Version(version) => {
            let version = format!("version = \"{}\"", toml_escape(version));
            (version.clone(), version)
        }
    };
    let build_script = request.door == Door::BuildScript;
    let pick = |(by_macro, by_build_script): (&str, &str)| {
        if build_script {
            by_build_script.to_owned()
        } else {
            by_macro.to_owned()
        }
    };
    let schema_line = |file: &str| match &request.runtime {
        Runtime::Path(runtime) => format!(
            "# yaml-language-server: $schema={}/{file}.schema.json",
            schema_dir(&request.dir.join("spec"), runtime)
        ),
        // A published runtime leaves no clone to point at: no line.
        Runtime::Version(_) => String::new(),
    };
    vec![
        ("service_schema", schema_line("service")),
        ("family_schema", schema_line("family")),
        ("name", name.to_owned()),
        ("lib", library.clone()),
        ("service", library.clone()),
        ("title", title(name)),
        (
            "USERS_VARIABLE",
            format!("{}_USERS", library.to_uppercase()),
        ),
        ("runtime", runtime),
        ("standalone", STANDALONE.to_owned()),
        (
            "build_dependencies",
            pick((
                "",
                &format!(
                    "\n[build-dependencies]\n# `build.rs` generates the API from `spec/`.\nrestspec-codegen = {{ {codegen} }}"
                ),
            )),
        ),
        (
            "api_module",
            pick((
                "restspec_runtime::generate!(pub mod api = \"spec\");",
                "pub mod api {\n    restspec_runtime::include_generated!(\"api\");\n}",
            )),
        ),
        (
            "example_tests",
            pick((
                "restspec_runtime::example_tests!(\"spec\", start = start_service);",
                "restspec_runtime::include_example_tests!(\"api\", start = start_service);",
            )),
        ),
        (
            "door_said",
            pick(("(the `generate!` macro)", "(from `build.rs`)")),
        ),
        (
            "build_rs_row",
            pick((
                "",
                "| `build.rs` | generates the API from `spec/` with `restspec_codegen::Config` |",
            )),
        ),
    ]
}

/// The clone's `codegen/schema/` (beside `runtime`) as seen from `spec_dir`, with `/`
/// between components: relative (`../../restspec/codegen/schema` for a crate beside the
/// clone), so that the spec files' `$schema` line still holds when both are moved together;
/// absolute when nothing is shared (another drive).
pub fn schema_dir(spec_dir: &Path, runtime: &Path) -> String {
    let schema = runtime.parent().unwrap_or(runtime).join("codegen/schema");
    // The crate's directory may not exist yet: resolve the part that does.
    let resolve = |path: &Path| -> PathBuf {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let mut existing = path.as_path();
        let mut rest = Vec::new();
        while !existing.exists() {
            match (existing.parent(), existing.file_name()) {
                (Some(parent), Some(name)) => {
                    rest.push(name.to_owned());
                    existing = parent;
                }
                _ => break,
            }
        }
        let base = existing
            .canonicalize()
            .unwrap_or_else(|_| existing.to_path_buf());
        rest.iter().rev().fold(base, |at, name| at.join(name))
    };
    let (from, to) = (resolve(spec_dir), resolve(&schema));
    let (from, to): (Vec<_>, Vec<_>) = (from.components().collect(), to.components().collect());
    let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let slash = |parts: &[std::path::Component<'_>]| -> String {
        parts
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/")
    };
    if shared == 0 {
        return slash(&to).replacen("//", "/", 1);
    }
    let ups = vec![".."; from.len() - shared];
    [ups.join("/"), slash(&to[shared..])]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("/")
}

/// `Service Name` for `service-name`.
fn title(name: &str) -> String {
    name.split(['-', '_'])
        .filter(|word| !word.is_empty())
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `path = "..."` for a dependency at `dir`.
fn toml_path(dir: &Path) -> String {
    format!("path = \"{}\"", toml_escape(&dir.to_string_lossy()))
}

/// `text` as the inside of a TOML basic string.
fn toml_escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `template` with each `{{key}}` replaced; a line holding only a key whose value is empty
/// is left out.
pub(crate) fn render(template: &str, values: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(template.len());
    for line in template.split_inclusive('\n') {
        let bare = line.trim_end_matches('\n');
        let empty = values
            .iter()
            .any(|(key, value)| value.is_empty() && bare == format!("{{{{{key}}}}}"));
        if empty {
            continue;
        }
        let mut line = line.to_owned();
        for (key, value) in values {
            line = line.replace(&format!("{{{{{key}}}}}"), value);
        }
        out.push_str(&line);
    }
    out
}

/// The runtime of the clone this command was built from, if it is still there.
pub fn clone_runtime() -> Option<PathBuf> {
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../runtime");
    runtime
        .join("Cargo.toml")
        .is_file()
        .then(|| runtime.canonicalize().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_key_alone_on_its_line_leaves_the_line_out() {
        let values = [("a", String::new()), ("b", "x".to_owned())];
        assert_eq!(render("1\n{{a}}\n{{b}}{{a}}\n", &values), "1\nx\n");
    }

    #[test]
    fn the_schema_is_found_relative_to_the_spec() {
        let root = std::env::temp_dir().join(format!("restspec-schema-{}", std::process::id()));
        std::fs::create_dir_all(root.join("clone/runtime")).expect("a directory");
        let runtime = root.join("clone/runtime");
        assert_eq!(
            schema_dir(&root.join("shelves/spec"), &runtime),
            "../../clone/codegen/schema"
        );
        assert_eq!(
            schema_dir(&root.join("clone/generated-example/notes/spec"), &runtime),
            "../../../codegen/schema"
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn titles_are_words_with_capitals() {
        assert_eq!(title("my-notes_service"), "My Notes Service");
    }

    #[test]
    fn paths_are_toml_strings() {
        assert_eq!(
            toml_path(Path::new(r#"C:\a "b""#)),
            r#"path = "C:\\a \"b\"""#
        );
    }
}
