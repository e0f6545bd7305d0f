//! `restspec new` and `restspec hash-password`, run as the built binary
//! (`CARGO_BIN_EXE_restspec`) in a directory of their own: what they write, what they
//! refuse, and that `generated-example/notes/` is exactly what `restspec new notes` writes.
//! `restspec new NAME --from DOC` runs in-process (`restspec_cli::run`), its output in
//! buffers: what the mock crate holds, the import's losses said as warnings, and the
//! documents it refuses without writing anything (`.ci/scaffold` builds and serves the crate).

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

/// Runs `restspec args...` in this process: the exit status, standard output and standard
/// error. Paths are absolute: the process's directory is every test's.
fn run(args: &[&str]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let args = std::iter::once("restspec").chain(args.iter().copied());
    let status = restspec_cli::run(args, &mut out, &mut err);
    (status, text(&out), text(&err))
}

/// `tests/openapi-documents/shop.yaml`: the document the mock's tests are written for, with
/// one loss (a bound on a path parameter).
fn shop_document() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/openapi-documents/shop.yaml")
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// The crate holds the imported spec, the templates' files and a handler file per family;
/// it says each file and the next commands on standard output, and each loss of the import
/// as a warning naming the document and the pointer on standard error, without failing.
#[test]
fn new_from_a_document_writes_a_mock_crate_and_warns_of_its_losses() {
    let scratch = Scratch::new("mock");
    let dir = scratch.0.join("shop-mock");
    let document = shop_document();
    let (status, out, err) = run(&["new", &shown(&dir), "--from", &shown(&document)]);
    assert_eq!(status, 0, "{err}");
    let mut expected: Vec<PathBuf> = [
        ".gitignore",
        "Cargo.toml",
        "README.md",
        "spec/orders.yaml",
        "spec/products.yaml",
        "spec/service.yaml",
        "src/handlers.rs",
        "src/handlers/orders.rs",
        "src/handlers/products.rs",
        "src/lib.rs",
        "src/main.rs",
        "tests/examples.rs",
    ]
    .into_iter()
    .map(PathBuf::from)
    .collect();
    expected.sort();
    assert_eq!(files(&dir), expected);
    assert!(
        out.starts_with(&format!("wrote {}/ (", dir.display())),
        "{out}"
    );
    for file in &expected {
        assert!(out.contains(&format!("\n  {}\n", file.display())), "{out}");
    }
    assert!(out.contains("cargo run    # serves the mock"), "{out}");
    // The one loss, as `restspec import` says it: the document, then the pointer.
    assert_eq!(
        err,
        format!(
            "warning: {}#/paths/~1orders~1{{orderId}}/parameters/0/schema/minimum: `minimum` is not carried over: only a record's field says it\n",
            document.display()
        )
    );
    let read = |file: &str| std::fs::read_to_string(dir.join(file)).expect("written");
    assert!(read("Cargo.toml").contains("name = \"shop-mock\""));
    assert!(read("src/lib.rs").contains("pub const SECRET: &str = \"mock-secret\";"));
    assert!(read("src/lib.rs").contains("handlers::Mock"));
    assert!(read("tests/examples.rs").contains("shop_mock::App"));
    assert!(read("README.md").contains("`restspec new --from shop.yaml`"));
    assert!(read("spec/service.yaml").contains("  name: shop_mock\n  title: Corner Shop\n"));
    // The spec checks, and the handlers are what the generator writes for it.
    let spec = dir.join("spec");
    let loaded = restspec_codegen::load(&spec).unwrap_or_else(|e| panic!("{e}"));
    for file in restspec_codegen::mock::handlers(&loaded.service) {
        assert_eq!(read(&file.path), file.text, "{}", file.path);
    }
}

/// With the build-script door, the mock's API is generated by `build.rs`, as `restspec new`
/// writes it.
#[test]
fn new_from_a_document_takes_the_build_script_door() {
    let scratch = Scratch::new("mock-door");
    let dir = scratch.0.join("shop-mock");
    let args = ["new", &shown(&dir), "--from", &shown(&shop_document())];
    let (status, _, err) = run(&[&args[..], &["--door", "build-script"]].concat());
    assert_eq!(status, 0, "{err}");
    let read = |file: &str| std::fs::read_to_string(dir.join(file)).expect("written");
    assert!(read("build.rs").contains("restspec_codegen::Config::new()"));
    assert!(read("Cargo.toml").contains("[build-dependencies]"));
    assert!(read("src/lib.rs").contains("restspec_runtime::include_generated!(\"api\");"));
}

/// A document that cannot be read is refused before anything is written, with the reason.
#[test]
fn new_from_a_missing_document_writes_nothing() {
    let scratch = Scratch::new("mock-missing");
    let document = scratch.0.join("absent.yaml");
    let dir = scratch.0.join("shop-mock");
    let (status, out, err) = run(&["new", &shown(&dir), "--from", &shown(&document)]);
    assert_eq!(status, 1);
    assert_eq!(out, "");
    let said = format!("restspec new: cannot read {}: ", document.display());
    assert!(err.starts_with(&said) && err.ends_with('\n'), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(files(&scratch.0).is_empty(), "nothing written");
}

/// A document that is not OpenAPI 3 (any other YAML, Swagger 2.0) or not YAML at all is
/// refused with what it is and what to do, naming the document, and nothing is written.
#[test]
fn new_from_a_document_that_is_not_openapi_3_writes_nothing() {
    let scratch = Scratch::new("mock-refused");
    let cases = [
        (
            "plain.yaml",
            "name: shop\nitems: [1, 2]\n",
            "not an OpenAPI 3 document (no `openapi` version)",
        ),
        (
            "swagger.yaml",
            "swagger: \"2.0\"\npaths: {}\n",
            "not an OpenAPI 3 document (Swagger 2.0): convert it to OpenAPI 3 first",
        ),
        ("broken.json", "{ \"openapi\": [1,\n", "EOF while parsing"),
    ];
    for (name, content, reason) in cases {
        let document = scratch.0.join(name);
        std::fs::write(&document, content).expect("written");
        let dir = scratch.0.join("shop-mock");
        let (status, out, err) = run(&["new", &shown(&dir), "--from", &shown(&document)]);
        assert_eq!(status, 1, "{name}");
        assert_eq!(out, "", "{name}");
        let said = format!("restspec new: {}:", document.display());
        assert!(
            err.starts_with(&said) && err.contains(reason),
            "{name}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(!dir.exists(), "{name}: nothing written");
    }
}
