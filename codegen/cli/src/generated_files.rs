//! `restspec generate -o PATH` and `restspec openapi -o PATH`: the generated files
//! written, or with `--check` compared with what is there.

use std::io::Write;
use std::path::Path;

use restspec_codegen::OpenapiDocument;

use crate::{FAILURE, SUCCESS};

/// `restspec generate -o PATH`: the code in PATH and the OpenAPI document its `OPENAPI`
/// includes beside it (`<stem>.openapi.min.json`), written, or with `check` compared with
/// what is there.
pub(crate) fn generate(
    loaded: &restspec_codegen::Loaded,
    outputs: restspec_codegen::Outputs,
    dir: &Path,
    path: &Path,
    check: bool,
    err: &mut dyn Write,
) -> u8 {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    // What `Loaded::files` makes, leaving the token tree and the document's tree to the
    // process's exit instead of taking them apart.
    let service = &loaded.service;
    let tokens = loaded.tokens(outputs, OpenapiDocument::Beside { stem: &stem });
    let code =
        restspec_codegen::render::file_header(&service.files) + &restspec_codegen::render(&tokens);
    std::mem::forget(tokens);
    let document = outputs.server.then(|| {
        let tree = restspec_codegen::openapi::document(service);
        let text = serde_json::to_string(&tree).unwrap_or_default();
        std::mem::forget(tree);
        let file = path.with_file_name(OpenapiDocument::file_name(&stem));
        (file, text)
    });
    let mut status = SUCCESS;
    for (file, text) in document.iter().map(|(p, t)| (p.as_path(), t.as_str())) {
        status = status.max(if check {
            check_file(file, text, dir, path, err)
        } else {
            write(file, text, err)
        });
    }
    status.max(if check {
        check_file(path, &code, dir, path, err)
    } else {
        write(path, &code, err)
    })
}

/// `--check`: whether `file` holds `text`, said on `err` (with the command that rewrites
/// it, `restspec generate DIR -o OUTPUT`).
fn check_file(file: &Path, text: &str, dir: &Path, output: &Path, err: &mut dyn Write) -> u8 {
    match std::fs::read(file) {
        Ok(existing) if existing == text.as_bytes() => {
            let _ = writeln!(err, "{}: up to date", file.display());
            SUCCESS
        }
        Ok(_) => {
            let _ = writeln!(
                err,
                "{}: out of date; run `restspec generate {} -o {}`",
                file.display(),
                dir.display(),
                output.display()
            );
            FAILURE
        }
        Err(problem) => {
            let _ = writeln!(err, "{}: {problem}", file.display());
            FAILURE
        }
    }
}

/// Writes `text` to `path`, saying so on `err`.
pub(crate) fn write(path: &Path, text: &str, err: &mut dyn Write) -> u8 {
    match std::fs::write(path, text) {
        Ok(()) => {
            let _ = writeln!(err, "wrote {}", path.display());
            SUCCESS
        }
        Err(problem) => {
            let _ = writeln!(err, "{}: {problem}", path.display());
            FAILURE
        }
    }
}
