//! The macro door's generated code as a file: the `generate!` macro writes the formatted
//! module to a file of its own and `include!`s it, so that rustc's notes about generated
//! items show their code. A missing handler method (E0046) or a wrong parameter count
//! (E0050) is then reported with the trait method's signature under the note "`x` from
//! trait", as the build-script door shows it, instead of pointing at the macro call.
//!
//! The macro has no `OUT_DIR` (only crates with a build script do), so the file goes to the
//! system's temporary directory, named by a hash of its text: the same code is one file,
//! written once, and two builds writing at once write the same bytes (each through a
//! file of its own, then renamed). A macro that cannot write there expands to the tokens
//! themselves, as before; nothing is lost but the signatures in those notes.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The folder the macro writes its modules to, below the temporary directory.
const FOLDER: &str = "restspec-generate";

/// Writes `text` (a formatted module) to its file, unless that file holds it already, and
/// returns the file's path; `None` when it cannot be written.
pub(crate) fn write(text: &str) -> Option<PathBuf> {
    write_in(&std::env::temp_dir().join(FOLDER), text)
}

fn write_in(dir: &Path, text: &str) -> Option<PathBuf> {
    // `DefaultHasher::new()` has fixed keys: the same text is the same name in every build.
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    let path = dir.join(format!("{:016x}-{}.rs", hasher.finish(), text.len()));
    if std::fs::read(&path).is_ok_and(|held| held == text.as_bytes()) {
        return Some(path);
    }
    std::fs::create_dir_all(dir).ok()?;
    // Its own file for each writer: another process, or another thread of this one (two
    // expansions of the same spec at once, as tests and a parallel compiler make them).
    static WRITERS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let writer = WRITERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let partial = dir.join(format!(
        ".{}.{writer}.{}.partial",
        std::process::id(),
        path.file_name()?.to_string_lossy()
    ));
    std::fs::write(&partial, text).ok()?;
    match std::fs::rename(&partial, &path) {
        Ok(()) => {
            prune(dir, &path);
            Some(path)
        }
        Err(_) => {
            let _ = std::fs::remove_file(&partial);
            None
        }
    }
}

/// How long a file is kept after it was written: each spec edit writes a new one. A file
/// removed while a build still needs it is written again by that build's macro, since
/// cargo sees the crate's included file gone and compiles it again.
const KEPT: std::time::Duration = std::time::Duration::from_secs(7 * 24 * 60 * 60);

/// Removes the folder's files written more than [`KEPT`] ago, but `kept`.
fn prune(dir: &Path, kept: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = std::time::SystemTime::now();
    for entry in entries.filter_map(Result::ok) {
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|written| now.duration_since(written).ok())
            .is_some_and(|age| age > KEPT);
        if old && entry.path() != kept {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::write_in;

    #[test]
    fn the_same_text_is_one_file_written_once_and_another_text_another() {
        let dir = std::env::temp_dir().join(format!("restspec-macro-file-{}", std::process::id()));
        let first = write_in(&dir, "pub struct A;\n").expect("written");
        assert_eq!(
            std::fs::read_to_string(&first).expect("read"),
            "pub struct A;\n"
        );
        let modified = std::fs::metadata(&first).and_then(|m| m.modified()).ok();
        assert_eq!(write_in(&dir, "pub struct A;\n"), Some(first.clone()));
        assert_eq!(
            std::fs::metadata(&first).and_then(|m| m.modified()).ok(),
            modified,
            "not written again"
        );
        let second = write_in(&dir, "pub struct B;\n").expect("written");
        assert_ne!(first, second);
        let leftovers = std::fs::read_dir(&dir)
            .expect("the folder")
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().ends_with(".partial"))
            .count();
        assert_eq!(leftovers, 0, "no partial file left behind");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn files_written_long_ago_are_removed_when_a_new_one_is_written() {
        let dir = std::env::temp_dir().join(format!("restspec-macro-prune-{}", std::process::id()));
        let old = write_in(&dir, "pub struct Old;\n").expect("written");
        let recent = write_in(&dir, "pub struct Recent;\n").expect("written");
        let long_ago = std::time::SystemTime::now() - super::KEPT * 2;
        std::fs::File::options()
            .write(true)
            .open(&old)
            .and_then(|f| f.set_modified(long_ago))
            .expect("dated");
        write_in(&dir, "pub struct New;\n").expect("written");
        assert!(!old.exists(), "the old file is removed");
        assert!(recent.exists(), "a recent one is kept");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_none() {
        let file =
            std::env::temp_dir().join(format!("restspec-macro-blocker-{}", std::process::id()));
        std::fs::write(&file, "not a folder").expect("written");
        assert_eq!(write_in(&file.join("below"), "pub struct A;\n"), None);
        let _ = std::fs::remove_file(&file);
    }
}
