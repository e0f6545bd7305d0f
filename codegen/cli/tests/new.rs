//! `restspec new` and `restspec hash-password`, run as the built binary
//! (`CARGO_BIN_EXE_restspec`) in a directory of their own: what they write, what they
//! refuse, and that `generated-example/notes/` is exactly what `restspec new notes` writes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A fresh, empty directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "restspec-cli-{test}-{}-{:?}",
            std::process::id(),
            std::time::SystemTime::now()
        ));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `restspec args...` in `dir` with `stdin` as its standard input.
fn restspec(dir: &Path, args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_restspec"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("restspec starts");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    child.wait_with_output().expect("restspec ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every file under `dir`, as paths relative to it, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(at) = pending.pop() {
        for entry in std::fs::read_dir(&at).expect("a readable directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push(path.strip_prefix(dir).expect("under dir").to_path_buf());
            }
        }
    }
    found.sort();
    found
}

#[test]
fn the_notes_example_is_what_new_writes() {
    let scratch = Scratch::new("notes");
    let ran = restspec(&scratch.0, &["new", "notes"], "");
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let written = scratch.0.join("notes");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../generated-example/notes");
    assert_eq!(files(&written), files(&example), "the same files");
    let runtime = restspec_cli::new::clone_runtime().expect("this clone's runtime");
    for file in files(&example) {
        let mut expected = std::fs::read_to_string(example.join(&file)).expect("readable");
        let got = std::fs::read_to_string(written.join(&file)).expect("readable");
        // The only differences: the runtime's path, and the tables that make the new crate a
        // workspace of its own (the example is a member of restspec's).
        // And the spec files' `$schema` line, relative to where the crate is.
        if file.starts_with("spec") {
            let schema = restspec_cli::new::schema_dir(&written.join("spec"), &runtime);
            expected = expected.replace(
                "$schema=../../../codegen/schema/",
                &format!("$schema={schema}/"),
            );
            assert!(expected.starts_with("# yaml-language-server: $schema="));
        }
        if file == Path::new("Cargo.toml") {
            let path = runtime.to_str().expect("a UTF-8 path");
            expected = expected.replace("\"../../runtime\"", &format!("\"{path}\""));
            expected = format!("{expected}{}\n", restspec_cli::new::STANDALONE);
        }
        assert_eq!(
            got,
            expected,
            "{} differs: change codegen/cli/templates/ and generated-example/notes/ together",
            file.display()
        );
    }
}

#[test]
fn the_build_script_door_writes_a_build_script_and_includes_its_output() {
    let scratch = Scratch::new("door");
    let args = ["new", "shelf-keeper", "--door", "build-script"];
    let ran = restspec(&scratch.0, &args, "");
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let dir = scratch.0.join("shelf-keeper");
    let read = |file: &str| std::fs::read_to_string(dir.join(file)).expect("written");
    assert!(read("build.rs").contains("restspec_codegen::Config::new()"));
    assert!(read("src/lib.rs").contains("restspec_runtime::include_generated!(\"api\");"));
    assert!(read("tests/examples.rs").contains("include_example_tests!(\"api\""));
    assert!(read("Cargo.toml").contains("[build-dependencies]"));
    assert!(read("tests/examples.rs").contains("shelf_keeper::App"));
    assert!(read("spec/service.yaml").contains("  title: Shelf Keeper\n"));
    assert!(read("src/main.rs").contains("\"SHELF_KEEPER_USERS\""));
}

#[test]
fn new_says_what_it_wrote_and_what_to_run_next() {
    let scratch = Scratch::new("said");
    let ran = restspec(
        &scratch.0,
        &["new", "demo", "--runtime-version", "0.1.0"],
        "",
    );
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let said = text(&ran.stdout);
    assert!(
        said.starts_with("wrote demo/ (restspec-runtime 0.1.0):\n  Cargo.toml\n"),
        "{said}"
    );
    assert!(said.contains("\n  src/handlers/notes.rs\n"), "{said}");
    assert!(said.contains("cd demo && cargo run"), "{said}");
    assert!(said.contains("cargo test"), "{said}");
    let manifest = std::fs::read_to_string(scratch.0.join("demo/Cargo.toml")).expect("written");
    assert!(
        manifest.contains("restspec-runtime = { version = \"0.1.0\" }"),
        "{manifest}"
    );
    // No clone to point an editor at: the spec files start with their own comment.
    let spec = std::fs::read_to_string(scratch.0.join("demo/spec/service.yaml")).expect("written");
    assert!(
        spec.starts_with("# What holds for the whole service"),
        "{spec}"
    );
}

#[test]
fn new_refuses_a_directory_that_is_not_empty() {
    let scratch = Scratch::new("full");
    std::fs::create_dir(scratch.0.join("demo")).expect("created");
    std::fs::write(scratch.0.join("demo/keep.txt"), "mine").expect("written");
    let ran = restspec(&scratch.0, &["new", "demo"], "");
    assert_eq!(ran.status.code(), Some(1));
    assert_eq!(
        text(&ran.stderr),
        "restspec new: `demo` already exists and is not empty: choose another name, or remove it first\n"
    );
    assert_eq!(files(&scratch.0.join("demo")), [PathBuf::from("keep.txt")]);
}

#[test]
fn new_writes_into_an_empty_directory() {
    let scratch = Scratch::new("empty");
    std::fs::create_dir(scratch.0.join("demo")).expect("created");
    let ran = restspec(&scratch.0, &["new", "demo"], "");
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    assert!(scratch.0.join("demo/src/main.rs").is_file());
}

#[test]
fn new_refuses_a_name_that_is_not_a_crate_name() {
    let scratch = Scratch::new("name");
    let ran = restspec(&scratch.0, &["new", "my notes"], "");
    assert_eq!(ran.status.code(), Some(1));
    assert_eq!(
        text(&ran.stderr),
        "restspec new: `my notes` is not a crate name: ` ` is not allowed (use letters, digits, `-` and `_`)\n"
    );
    let ran = restspec(&scratch.0, &["new", "2fast"], "");
    assert_eq!(
        text(&ran.stderr),
        "restspec new: `2fast` is not a crate name: it must start with a letter or `_`, not `2`\n"
    );
    assert!(files(&scratch.0).is_empty(), "nothing written");
}

#[test]
fn help_lists_new_and_hash_password() {
    let scratch = Scratch::new("help");
    let ran = restspec(&scratch.0, &["--help"], "");
    assert!(ran.status.success());
    let help = text(&ran.stdout);
    for command in [
        "check",
        "generate",
        "routes",
        "diff",
        "openapi",
        "new",
        "hash-password",
    ] {
        assert!(
            help.lines()
                .any(|l| l.trim_start().starts_with(&format!("{command} "))),
            "`{command}` missing from:\n{help}"
        );
    }
    let ran = restspec(&scratch.0, &["--version"], "");
    assert_eq!(
        text(&ran.stdout),
        format!("restspec {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn hash_password_prints_a_user_line_that_verifies() {
    use argon2::{PasswordHash, PasswordVerifier};

    let scratch = Scratch::new("hash");
    let ran = restspec(
        &scratch.0,
        &["hash-password", "--user", "alice"],
        "open sesame\n",
    );
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let line = text(&ran.stdout);
    let phc = line.trim_end().strip_prefix("alice:").expect("name:hash");
    let parsed = PasswordHash::new(phc).expect("a PHC string");
    let argon2 = argon2::Argon2::default();
    assert!(argon2.verify_password(b"open sesame", &parsed).is_ok());
    assert!(argon2.verify_password(b"open sesame\n", &parsed).is_err());

    let ran = restspec(&scratch.0, &["hash-password"], "");
    assert_eq!(ran.status.code(), Some(1));
    assert_eq!(
        text(&ran.stderr),
        "restspec hash-password: no password: type it, or pipe it in (`echo 'the password' | restspec hash-password`)\n"
    );
}

/// `restspec check` on what `new` writes: every count agrees with its noun ("1 family").
#[test]
fn check_counts_in_the_right_number() {
    let scratch = Scratch::new("check");
    let ran = restspec(&scratch.0, &["new", "demo"], "");
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let ran = restspec(&scratch.0.join("demo"), &["check", "spec"], "");
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let said = text(&ran.stdout);
    assert!(
        said.starts_with("spec: ok (2 files, 1 family, 5 endpoints, "),
        "{said}"
    );
    assert!(
        !said.contains("families") && !said.contains("(s)"),
        "{said}"
    );
}
