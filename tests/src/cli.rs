//! The `restspec` command, run through cargo from this crate's directory, so that the
//! binary is always the current one and spec paths are relative to `tests/`.

/// Runs `restspec args...`, asserts it succeeded, and answers what it printed.
pub fn run_restspec(args: &[&str]) -> String {
    let output = std::process::Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", "-q", "-p", "restspec-cli", "--"])
        .args(args)
        .output()
        .expect("cargo runs the CLI");
    assert!(
        output.status.success(),
        "restspec {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8")
}
