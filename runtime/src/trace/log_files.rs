//! The error log files a process writes: opened on first use, kept open in a small cache,
//! rotated by size so that they cannot fill the disk.

use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// How many error log files stay open at once; beyond that the cache starts over.
const MAX_OPEN_FILES: usize = 16;

/// How many failing paths are remembered, so that each is reported to stderr only once.
const MAX_REPORTED: usize = 64;

/// When an error log is rotated and how many old files are kept.
///
/// A file that would grow past `max_bytes` with the next line is renamed `<name>.1`
/// (an older `<name>.1` becomes `<name>.2`, and so on); `<name>.<kept_files>` is removed.
/// The logs of one path therefore never take more than `max_bytes × (kept_files + 1)`
/// (plus one line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rotation {
    /// The size at which a file is rotated. Default 10 MiB.
    pub max_bytes: u64,
    /// How many rotated files are kept besides the current one. Default 5; 0 keeps none
    /// (the file starts over when it is full).
    pub kept_files: u32,
}

impl Default for Rotation {
    fn default() -> Self {
        Rotation {
            max_bytes: 10 * 1024 * 1024,
            kept_files: 5,
        }
    }
}

/// An open log file and how large it is.
#[derive(Debug)]
struct OpenLog {
    file: File,
    size: u64,
}

/// The open log files of one error log layer.
#[derive(Debug, Default)]
pub(super) struct LogFiles {
    rotation: Rotation,
    open: HashMap<PathBuf, OpenLog>,
    reported: HashSet<PathBuf>,
}

impl LogFiles {
    pub(super) fn new(rotation: Rotation) -> Self {
        LogFiles {
            rotation,
            ..LogFiles::default()
        }
    }

    /// Closes every file; the next line reopens its file.
    pub(super) fn close_all(&mut self) {
        self.open.clear();
    }

    /// Appends `line` to the file at `path`, rotating it first when the line would take it
    /// past the limit. Errors drop the line and are reported once per path.
    pub(super) fn append(&mut self, path: &Path, line: &str) {
        let len = line.len() as u64;
        if !self.ensure_open(path) {
            return;
        }
        let full = self
            .open
            .get(path)
            .is_some_and(|log| log.size > 0 && log.size + len > self.rotation.max_bytes);
        if full {
            self.open.remove(path);
            if let Err(error) = rotate(path, self.rotation.kept_files) {
                self.report(path, "rotate", &error);
            }
            if !self.ensure_open(path) {
                return;
            }
        }
        let written = match self.open.get_mut(path) {
            Some(log) => log
                .file
                .write_all(line.as_bytes())
                .map(|()| log.size += len),
            None => Ok(()),
        };
        if let Err(error) = written {
            self.open.remove(path);
            self.report(path, "write", &error);
        }
    }

    /// Opens `path` unless it is open already; false (reported) when it cannot be.
    fn ensure_open(&mut self, path: &Path) -> bool {
        if self.open.contains_key(path) {
            return true;
        }
        match open(path) {
            Ok(log) => {
                if self.open.len() >= MAX_OPEN_FILES {
                    self.open.clear();
                }
                self.open.insert(path.to_owned(), log);
                true
            }
            Err(error) => {
                self.report(path, "open", &error);
                false
            }
        }
    }

    fn report(&mut self, path: &Path, what: &str, error: &std::io::Error) {
        if self.reported.len() < MAX_REPORTED && self.reported.insert(path.to_owned()) {
            let _ignored = writeln!(
                std::io::stderr(),
                "restspec: cannot {what} the error log {}: {error} (reported once)",
                path.display()
            );
        }
    }
}

/// Opens `path` for appending, creating it and its directory when missing.
fn open(path: &Path) -> std::io::Result<OpenLog> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let file = OpenOptions::new().create(true).append(true).open(path)?;
    let size = file.metadata()?.len();
    Ok(OpenLog { file, size })
}

/// Shifts `path.1 … path.(kept-1)` up by one, `path` to `path.1`, and drops what falls
/// off the end; with `kept` = 0 the file is simply removed.
fn rotate(path: &Path, kept: u32) -> std::io::Result<()> {
    if kept == 0 {
        return remove_if_present(path);
    }
    remove_if_present(&numbered(path, kept))?;
    for n in (1..kept).rev() {
        rename_if_present(&numbered(path, n), &numbered(path, n + 1))?;
    }
    rename_if_present(path, &numbered(path, 1))
}

/// `error_log` → `error_log.3`.
fn numbered(path: &Path, n: u32) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{n}"));
    PathBuf::from(name)
}

fn remove_if_present(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

fn rename_if_present(from: &Path, to: &Path) -> std::io::Result<()> {
    match std::fs::rename(from, to) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(dir: &Path) -> Vec<(String, u64)> {
        let mut out: Vec<_> = std::fs::read_dir(dir)
            .expect("dir")
            .map(|e| {
                let e = e.expect("entry");
                (
                    e.file_name().to_string_lossy().into_owned(),
                    e.metadata().expect("meta").len(),
                )
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_full_log_is_rotated_and_old_files_are_dropped() {
        let dir = std::env::temp_dir().join(format!("restspec-rotate-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("logs").join("error_log");
        let mut files = LogFiles::new(Rotation {
            max_bytes: 100,
            kept_files: 2,
        });
        let line = format!("{}\n", "x".repeat(39)); // 40 bytes: two fit in a file
        for _ in 0..20 {
            files.append(&path, &line);
        }
        assert_eq!(
            sizes(&dir.join("logs")),
            [
                ("error_log".to_owned(), 80),
                ("error_log.1".to_owned(), 80),
                ("error_log.2".to_owned(), 80)
            ]
        );
        // A new process finds the full file and rotates it before writing.
        let mut again = LogFiles::new(Rotation {
            max_bytes: 100,
            kept_files: 0,
        });
        again.append(&path, &line);
        assert_eq!(std::fs::read_to_string(&path).expect("log").len(), 40);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
