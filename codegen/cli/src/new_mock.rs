//! `restspec new NAME --from DOC`: a crate that serves an OpenAPI document's API at once,
//! as a mock. The document is imported into `NAME/spec/` (every loss said, as `restspec
//! import` says it), the spec is checked, and the handlers are written as source to edit
//! (`src/handlers/`, a file per family), each endpoint answering its example (the answer
//! the document shows, carried by the import) or the least value its response type allows
//! (`restspec_codegen::mock`); `tests/examples.rs` runs the examples.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::new::{Request, check_empty, render, values};

/// The crate's files besides the spec and the handlers: where each goes and its template.
const TEMPLATES: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        include_str!("../templates/mock/Cargo.toml.template"),
    ),
    (".gitignore", include_str!("../templates/gitignore")),
    ("README.md", include_str!("../templates/mock/README.md")),
    ("src/lib.rs", include_str!("../templates/mock/src/lib.rs")),
    ("src/main.rs", include_str!("../templates/mock/src/main.rs")),
    (
        "tests/examples.rs",
        include_str!("../templates/mock/tests/examples.rs"),
    ),
];

/// Writes the mock crate for `document`; answers the files written (relative to the
/// crate), or what stopped it. Each loss of the import is a warning on `err`.
pub(crate) fn write(
    request: &Request,
    document: &Path,
    err: &mut dyn Write,
) -> Result<Vec<String>, String> {
    let dir = &request.dir;
    let name = crate::crate_name::of_dir(dir)?;
    crate::crate_name::check(&name)?;
    check_empty(dir)?;
    let library = name.replace('-', "_");
    let shown = document.display().to_string();
    let text = std::fs::read_to_string(document)
        .map_err(|problem| format!("cannot read {shown}: {problem}"))?;
    let parsed = restspec_import::parse(&text).map_err(|problem| format!("{shown}:{problem}"))?;
    let file_name = document
        .file_name()
        .map(|n| n.to_string_lossy().into_owned());
    let options = restspec_import::Options {
        name: Some(library.clone()),
        source: file_name.clone(),
    };
    let imported = restspec_import::import(&parsed, &options)
        .map_err(|problem| format!("{shown}: {problem}"))?;
    for loss in &imported.losses {
        let _ = writeln!(err, "warning: {shown}{loss}");
    }
    let mut files: Vec<(PathBuf, String)> = imported
        .files
        .iter()
        .map(|(path, text)| (Path::new("spec").join(path), text.clone()))
        .collect();
    let spec_dir = dir.join("spec");
    write_all(dir, &files)?;
    let loaded = restspec_codegen::load(&spec_dir).map_err(|errors| {
        format!(
            "the spec imported from {shown} does not check ({} problems; `restspec check {}` shows them): this is a mistake of the import, please report it with the document",
            errors.diagnostics.len(),
            spec_dir.display()
        )
    })?;
    let mut values = values(&name, request);
    values.push(("document", file_name.unwrap_or(shown)));
    values.retain(|(key, _)| *key != "title");
    values.push(("title", loaded.service.title.clone()));
    let mut written: Vec<(PathBuf, String)> = TEMPLATES
        .iter()
        .map(|(path, template)| (PathBuf::from(path), render(template, &values)))
        .collect();
    if request.door == crate::new::Door::BuildScript {
        written.push((
            PathBuf::from("build.rs"),
            render(include_str!("../templates/build.rs"), &values),
        ));
    }
    written.extend(
        restspec_codegen::mock::handlers(&loaded.service)
            .into_iter()
            .map(|file| (PathBuf::from(file.path), file.text)),
    );
    write_all(dir, &written)?;
    files.extend(written);
    Ok(files
        .into_iter()
        .map(|(path, _)| path.to_string_lossy().replace('\\', "/"))
        .collect())
}

/// Writes each file under `dir`, creating the directories on the way.
fn write_all(dir: &Path, files: &[(PathBuf, String)]) -> Result<(), String> {
    for (path, text) in files {
        let path = dir.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}
