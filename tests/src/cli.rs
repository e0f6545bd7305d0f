//! The `restspec` command, run in-process through its library (`restspec_cli::run`), so
//! that it is always the current code, no nested cargo build runs, and spec paths are
//! relative to `tests/` (where cargo runs this crate's tests).

/// What one run of the command did.
#[derive(Debug)]
pub struct Ran {
    /// Its exit status.
    pub status: u8,
    /// What it printed on standard output.
    pub stdout: String,
    /// What it wrote on standard error.
    pub stderr: String,
}

/// Runs `restspec args...` and answers its status and output.
pub fn restspec(args: &[&str]) -> Ran {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("restspec").chain(args.iter().copied());
    let status = restspec_cli::run(argv, &mut out, &mut err);
    Ran {
        status,
        stdout: String::from_utf8(out).expect("utf-8"),
        stderr: String::from_utf8_lossy(&err).into_owned(),
    }
}

/// Runs `restspec args...`, asserts it succeeded, and answers what it printed.
pub fn run_restspec(args: &[&str]) -> String {
    let ran = restspec(args);
    assert_eq!(ran.status, 0, "restspec {args:?}: {}", ran.stderr);
    ran.stdout
}
