//! The old version of a spec read from git (`restspec diff --base REV`), so that a branch
//! can be checked against what it forked from without a second checkout.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use restspec_codegen::SourceFile;

/// Runs `git -C dir args...` and answers its standard output.
fn git(dir: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .map_err(|err| format!("cannot run git: {err}"))?;
    if !output.status.success() {
        return Err(format!(
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(output.stdout)
}

/// The spec files of `dir` as they were at revision `rev`: the service file first, then
/// the family and section files (one folder level down included) in name order, as the
/// generator reads a directory, each named `REV:<dir>/<file>` in messages.
pub(crate) fn spec_at(rev: &str, dir: &Path) -> Result<Vec<SourceFile>, String> {
    if git(
        dir,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("{rev}^{{tree}}"),
        ],
    )
    .is_err()
    {
        let branches = git(dir, &["branch", "--format=%(refname:short)"])
            .map(|out| {
                String::from_utf8_lossy(&out)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default();
        return Err(if branches.is_empty() {
            format!(
                "`{rev}` is not a revision of the git repository holding {}",
                dir.display()
            )
        } else {
            format!(
                "`{rev}` is not a revision of the git repository holding {} (its branches: {branches})",
                dir.display()
            )
        });
    }
    let listing = git(dir, &["ls-tree", "-r", "--name-only", rev, "--", "."])?;
    let mut names: Vec<String> = String::from_utf8_lossy(&listing)
        .lines()
        .filter(|name| name.ends_with(".yaml") || name.ends_with(".yml"))
        .filter(|name| name.matches('/').count() <= 1)
        .map(str::to_owned)
        .collect();
    if names.is_empty() {
        return Err(format!("{rev}: no spec files in {}", dir.display()));
    }
    names.sort_by_key(|name| (name != "service.yaml", name.clone()));
    names
        .into_iter()
        .map(|name| {
            let bytes = git(dir, &["show", &format!("{rev}:./{name}")])?;
            let text =
                String::from_utf8(bytes).map_err(|_| format!("{rev}:{name} is not UTF-8 text"))?;
            Ok(SourceFile {
                display: Arc::new(PathBuf::from(format!(
                    "{rev}:{}",
                    dir.join(&name).display()
                ))),
                path: dir.join(&name),
                text,
            })
        })
        .collect()
}
