//! `restspec`: see what the generator makes of a spec without building anything. The
//! command is [`run`], a library function, so that tests drive it in-process (no nested
//! build) with its output in buffers; `main.rs` hands it the process's arguments and
//! standard streams.
//!
//! - `restspec check [DIR]`: validate, and show every problem with its source snippet.
//! - `restspec generate [DIR] [-o FILE] [--check] [--client] [--no-server]`: print or write
//!   the generated code (the server, a typed client, or both), or check that a committed
//!   file is up to date. Written to `FILE.rs`, the server's OpenAPI document goes beside it
//!   as `FILE.openapi.min.json`, which the code includes; printed, the code holds it.
//! - `restspec openapi [DIR] [-o FILE] [--yaml]`: the OpenAPI 3.1 document.
//! - `restspec diff OLD NEW [--format json]` or `restspec diff --base REV [DIR]`: what
//!   changed between two versions of a spec (the old one from git with `--base`), each
//!   change breaking or compatible; exit status 1 when something breaks.
//! - `restspec routes [DIR]`: the route table: method, template, quota group, metadata.
//! - `restspec new NAME [--door macro|build-script]`: a crate to start a service from (the
//!   `notes` example with another name), which builds and passes its tests as written.
//!   With `--from DOC`: a crate serving an OpenAPI document's API as a mock.
//! - `restspec hash-password [--user NAME]`: a password from standard input, as the
//!   argon2id PHC string a user list (`restspec_runtime::FixedUsers`) holds.
//! - `restspec new-token --user NAME [--capability C]...`: a fresh API token (printed on
//!   standard error, once) and the `NAME:sha256:HEX` line a token list
//!   (`restspec_runtime::FixedTokens`) holds for it (on standard output).

mod crate_name;
mod diff;
mod generated_files;
mod git;
pub mod hash_password;
mod import;
pub mod new;
mod new_mock;
pub mod new_token;
mod render;

use std::ffi::OsString;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

/// Generate, check and inspect restspec service specs.
#[derive(Debug, Parser)]
#[command(name = "restspec", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate a spec and report every problem with a source snippet.
    Check {
        /// The spec directory (holding service.yaml).
        #[arg(default_value = "spec")]
        dir: PathBuf,
    },
    /// Print the generated Rust code, write it to a file, or check a file is current.
    Generate {
        /// The spec directory (holding service.yaml).
        #[arg(default_value = "spec")]
        dir: PathBuf,
        /// Write the code to this file instead of standard output, and the OpenAPI document
        /// it serves beside it, as <OUTPUT stem>.openapi.min.json (the code includes it).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Do not write: exit non-zero if OUTPUT or the document beside it differs from what
        /// would be generated.
        #[arg(long, requires = "output")]
        check: bool,
        /// Also generate the typed client (module `client`; needs restspec-runtime's
        /// `client` feature).
        #[arg(long)]
        client: bool,
        /// Leave the server out (with --client: the client and its types alone).
        #[arg(long, requires = "client")]
        no_server: bool,
    },
    /// Print the route table: method, path template, quota group and quota metadata.
    Routes {
        /// The spec directory (holding service.yaml).
        #[arg(default_value = "spec")]
        dir: PathBuf,
    },
    /// List what changed between two versions of a spec, each change breaking or compatible.
    ///
    /// Each change is breaking for clients, breaking for operators, or compatible, with its
    /// YAML position in both versions. Exits 1 when a change is breaking, 2 when a spec does
    /// not load.
    Diff {
        /// OLD and NEW spec directories; with --base, only NEW (default `spec`).
        #[arg(num_args = 0..=2)]
        dirs: Vec<PathBuf>,
        /// Read the old version from this git revision (a branch, tag or commit) of the
        /// new version's directory, instead of from a directory.
        #[arg(long, value_name = "REV")]
        base: Option<String>,
        /// How to print the changes.
        #[arg(long, value_enum, default_value = "text")]
        format: diff::Format,
    },
    /// Print the service's OpenAPI 3.1 document (JSON, or YAML), or write it to a file.
    Openapi {
        /// The spec directory (holding service.yaml).
        #[arg(default_value = "spec")]
        dir: PathBuf,
        /// Write the document to this file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Write YAML instead of JSON.
        #[arg(long)]
        yaml: bool,
    },
    /// Read an OpenAPI document (3.0 or 3.1, JSON or YAML) into a spec folder.
    ///
    /// Writes service.yaml and a family file per first path segment, then checks the spec
    /// as `restspec check` does. Whatever the document says that a spec cannot is a
    /// warning naming its JSON pointer, what was lost and what it became.
    Import(import::Request),
    /// Create a crate to start a service from, which builds and passes its tests as written.
    ///
    /// NAME/ gets a spec with one family of five endpoints (create, read, update, delete,
    /// list) and their examples, handlers that keep the notes in memory, a main that serves
    /// them to readers and to the writers of users.txt, and a test per example.
    ///
    /// With --from DOC, NAME/ serves an OpenAPI document's API instead, as a mock: the
    /// document imported into spec/ (every loss said, as `restspec import` says it), and a
    /// handler file per family answering each endpoint's example, or the least value its
    /// response type allows, to replace with real work.
    New {
        /// The crate's name; a directory of that name is created (a path may lead to it).
        #[arg(value_name = "NAME")]
        dir: PathBuf,
        /// How the generated code reaches the crate: the `generate!` macro, or a build
        /// script with `restspec_codegen::Config`.
        #[arg(long, value_enum, default_value = "macro")]
        door: new::Door,
        /// The restspec-runtime directory to depend on by path (restspec-codegen is its
        /// sibling `codegen/`); default: the clone this command was built from.
        #[arg(long, value_name = "PATH", conflicts_with = "runtime_version")]
        runtime_path: Option<PathBuf>,
        /// Depend on this published version of restspec-runtime instead of a path.
        #[arg(long, value_name = "VERSION")]
        runtime_version: Option<String>,
        /// An OpenAPI document (3.0 or 3.1, JSON or YAML) whose API the crate serves as a
        /// mock.
        #[arg(long, value_name = "DOC")]
        from: Option<PathBuf>,
    },
    /// Hash a password for a user list: one line of standard input, printed as argon2id.
    ///
    /// The PHC string it prints (argon2id, 19 MiB, two passes, one lane, a random salt) is
    /// what a line of a user list holds after `NAME:` (`restspec_runtime::FixedUsers`).
    HashPassword {
        /// Print the whole line of the user list, `NAME:HASH`, not the hash alone.
        #[arg(long, value_name = "NAME")]
        user: Option<String>,
    },
    /// Draw a new API token for a token list (`restspec_runtime::FixedTokens`).
    ///
    /// The token (32 random bytes, URL-safe base64) goes to standard error, to hand to the
    /// caller; the list's line, `NAME:sha256:HEX`, to standard output, so that
    /// `restspec new-token --user ci >> tokens.txt` keeps the digest and never the token.
    NewToken {
        /// The caller the token identifies (its id and user name).
        #[arg(long, value_name = "NAME")]
        user: String,
        /// A capability the caller holds; repeat for several.
        #[arg(long = "capability", value_name = "CAPABILITY")]
        capabilities: Vec<String>,
    },
}

/// Runs `restspec` with `args` (the program name first, as `std::env::args_os` gives
/// them), writing what it prints to `out` and its messages to `err`; answers the exit
/// status: 0 done, 1 a spec problem or a breaking change, 2 `diff` could not compare.
/// `hash-password` reads the process's standard input.
pub fn run<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_with_input(args, None, out, err)
}

/// [`run`], with `input` read instead of standard input when given.
pub fn run_with_input<I, T>(
    args: I,
    input: Option<&mut dyn BufRead>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(problem) => {
            // `--help` and `--version` are answers on standard output; mistakes are not.
            let text = problem.render().to_string();
            let _ = if problem.use_stderr() {
                write!(err, "{text}")
            } else {
                write!(out, "{text}")
            };
            return u8::try_from(problem.exit_code()).unwrap_or(2);
        }
    };
    match cli.command {
        Command::Check { dir } => match load(&dir, err) {
            Some(loaded) => {
                let endpoints: usize = loaded
                    .service
                    .families
                    .iter()
                    .map(|f| f.endpoints.len())
                    .sum();
                let _ = writeln!(
                    out,
                    "{}: ok ({}, {}, {}, {})",
                    dir.display(),
                    render::count(loaded.sources.len(), "file", "files"),
                    render::count(loaded.service.families.len(), "family", "families"),
                    render::count(endpoints, "endpoint", "endpoints"),
                    render::count(loaded.service.types.len(), "type", "types")
                );
                SUCCESS
            }
            None => FAILURE,
        },
        Command::Generate {
            dir,
            output,
            check,
            client,
            no_server,
        } => {
            let Some(loaded) = load(&dir, err) else {
                return FAILURE;
            };
            let outputs = restspec_codegen::Outputs {
                server: !no_server,
                client,
            };
            let status = match output {
                // Printed code holds the document itself: there is no file beside it.
                None => {
                    let code = loaded.file(outputs);
                    let _ = write!(out, "{code}");
                    SUCCESS
                }
                Some(path) => generated_files::generate(&loaded, outputs, &dir, &path, check, err),
            };
            // The process ends next: taking the model apart piece by piece would only add
            // time.
            std::mem::forget(loaded);
            status
        }
        Command::Openapi { dir, output, yaml } => {
            let Some(loaded) = load(&dir, err) else {
                return FAILURE;
            };
            let document = if yaml {
                let value = restspec_codegen::openapi::document(&loaded.service);
                match serde_saphyr::to_string(&value) {
                    Ok(text) => text,
                    Err(problem) => {
                        let _ = writeln!(err, "cannot write the document as YAML: {problem}");
                        return FAILURE;
                    }
                }
            } else {
                restspec_codegen::openapi::to_json(&loaded.service)
            };
            match output {
                None => {
                    let _ = write!(out, "{document}");
                    SUCCESS
                }
                Some(path) => generated_files::write(&path, &document, err),
            }
        }
        Command::Diff { dirs, base, format } => {
            let (old, new) = match (base, dirs.as_slice()) {
                (None, [old, new]) => (load(old, err), load(new, err)),
                (Some(rev), [] | [_]) => {
                    let new_dir = dirs
                        .first()
                        .cloned()
                        .unwrap_or_else(|| PathBuf::from("spec"));
                    let old = match git::spec_at(&rev, &new_dir) {
                        Ok(sources) => load_sources(sources, err),
                        Err(problem) => {
                            let _ = writeln!(err, "{problem}");
                            return 2;
                        }
                    };
                    (old, load(&new_dir, err))
                }
                _ => {
                    let _ = writeln!(
                        err,
                        "restspec diff takes OLD and NEW directories, or --base REV and at most NEW"
                    );
                    return 2;
                }
            };
            let (Some(old), Some(new)) = (old, new) else {
                return 2;
            };
            let changes = restspec_codegen::diff::diff(&old.service, &new.service);
            let unused: Vec<_> = restspec_codegen::diff::newly_allowed(&old.service, &new.service)
                .filter(|a| {
                    !changes
                        .iter()
                        .any(|c| c.kind.name() == a.change && c.subject == a.subject)
                })
                .collect();
            diff::report(&changes, &unused, format, out)
        }
        Command::New {
            dir,
            door,
            runtime_path,
            runtime_version,
            from,
        } => new_crate(dir, door, runtime_path, runtime_version, from, out, err),
        Command::HashPassword { user } => {
            let password = match input {
                Some(input) => hash_password::read_password(input),
                None => {
                    let stdin = std::io::stdin();
                    if stdin.is_terminal() {
                        let _ = write!(err, "password (it shows as you type): ");
                        let _ = err.flush();
                    }
                    hash_password::read_password(&mut stdin.lock())
                }
            };
            match password.and_then(|p| hash_password::hash(&p)) {
                Ok(hash) => {
                    let _ = match user {
                        Some(user) => writeln!(out, "{user}:{hash}"),
                        None => writeln!(out, "{hash}"),
                    };
                    SUCCESS
                }
                Err(problem) => {
                    let _ = writeln!(err, "restspec hash-password: {problem}");
                    FAILURE
                }
            }
        }
        Command::NewToken { user, capabilities } => {
            match new_token::new_token(&user, &capabilities) {
                Ok((token, line)) => {
                    let _ = writeln!(
                        err,
                        "the token for {user} (shown once, not stored):\n{token}"
                    );
                    let _ = writeln!(out, "{line}");
                    SUCCESS
                }
                Err(problem) => {
                    let _ = writeln!(err, "restspec new-token: {problem}");
                    FAILURE
                }
            }
        }
        Command::Import(request) => import::run(&request, out, err),
        Command::Routes { dir } => match load(&dir, err) {
            Some(loaded) => {
                let _ = write!(out, "{}", render::routes(&loaded.service));
                SUCCESS
            }
            None => FAILURE,
        },
    }
}

/// The exit status of a command that did what it was asked.
const SUCCESS: u8 = 0;
/// The exit status of a spec that does not load, or a file that cannot be written.
const FAILURE: u8 = 1;

/// `restspec new`: writes the crate, then lists its files and the next commands.
fn new_crate(
    dir: PathBuf,
    door: new::Door,
    runtime_path: Option<PathBuf>,
    runtime_version: Option<String>,
    from: Option<PathBuf>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let runtime = match (runtime_path, runtime_version) {
        (_, Some(version)) => new::Runtime::Version(version),
        (Some(path), None) if path.join("Cargo.toml").is_file() => {
            new::Runtime::Path(std::path::absolute(&path).unwrap_or(path))
        }
        (Some(path), None) => {
            let _ = writeln!(
                err,
                "restspec new: `{}` holds no Cargo.toml: give the `runtime/` directory of a restspec clone",
                path.display()
            );
            return FAILURE;
        }
        (None, None) => match new::clone_runtime() {
            Some(path) => new::Runtime::Path(path),
            None => new::Runtime::Version(env!("CARGO_PKG_VERSION").to_owned()),
        },
    };
    let request = new::Request {
        dir,
        door,
        runtime: runtime.clone(),
    };
    let written = match &from {
        Some(document) => new_mock::write(&request, document, err),
        None => new::write(&request).map(|files| files.iter().map(|f| (*f).to_owned()).collect()),
    };
    match written {
        Ok(files) => {
            let dir = request.dir.display();
            let source = match &runtime {
                new::Runtime::Path(path) => format!("restspec-runtime from {}", path.display()),
                new::Runtime::Version(version) => format!("restspec-runtime {version}"),
            };
            let _ = writeln!(out, "wrote {dir}/ ({source}):");
            for file in files {
                let _ = writeln!(out, "  {file}");
            }
            let next = if from.is_some() {
                "next:\n  cd {dir} && cargo run    # serves the mock on http://127.0.0.1:3000/ (credentials: mock-secret)\n  cargo test              # runs the spec's examples (`examples:` in spec/*.yaml)"
            } else {
                "next:\n  cd {dir} && cargo run    # serves http://127.0.0.1:3000/\n  cargo test              # runs the spec's examples\n  restspec hash-password --user alice >> users.txt   # who may write"
            };
            let _ = writeln!(out, "{}", next.replace("{dir}", &dir.to_string()));
            SUCCESS
        }
        Err(problem) => {
            let _ = writeln!(err, "restspec new: {problem}");
            FAILURE
        }
    }
}

/// Validates spec files held in memory, printing every problem with snippets on failure.
fn load_sources(
    sources: Vec<restspec_codegen::SourceFile>,
    err: &mut dyn Write,
) -> Option<restspec_codegen::Loaded> {
    match restspec_codegen::Loader::sources(sources).load() {
        Ok(loaded) => Some(loaded),
        Err(errors) => {
            render::diagnostics(&errors, err);
            None
        }
    }
}

/// Loads the spec, printing every problem with snippets on failure.
fn load(dir: &Path, err: &mut dyn Write) -> Option<restspec_codegen::Loaded> {
    match restspec_codegen::load(dir) {
        Ok(loaded) => Some(loaded),
        Err(errors) => {
            render::diagnostics(&errors, err);
            None
        }
    }
}
