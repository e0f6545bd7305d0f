//! `restspec`: see what the generator makes of a spec without building anything.
//!
//! - `restspec check [DIR]`: validate, and show every problem with its source snippet.
//! - `restspec generate [DIR] [-o FILE] [--check] [--client] [--no-server]`: print or write
//!   the generated code (the server, a typed client, or both), or check that a committed
//!   file is up to date.
//! - `restspec openapi [DIR] [-o FILE] [--yaml]`: the OpenAPI 3.1 document.
//! - `restspec diff OLD NEW [--format json]`: what changed between two versions of a spec,
//!   each change breaking or compatible; exit status 1 when something breaks.
//! - `restspec routes [DIR]`: the route table: method, template, quota group, metadata.

mod diff;
mod render;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

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
        /// Write the code to this file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Do not write: exit non-zero if OUTPUT differs from what would be generated.
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
    /// List what changed between two versions of a spec, each change breaking (for clients
    /// or for operators) or compatible, with its YAML position in both. Exits 1 when a
    /// change is breaking, 2 when a spec does not load.
    Diff {
        /// The old version's spec directory.
        old: PathBuf,
        /// The new version's spec directory.
        new: PathBuf,
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check { dir } => match load(&dir) {
            Some(loaded) => {
                let endpoints: usize = loaded
                    .service
                    .families
                    .iter()
                    .map(|f| f.endpoints.len())
                    .sum();
                println!(
                    "{}: ok ({} files, {} families, {} endpoints, {} types)",
                    dir.display(),
                    loaded.sources.len(),
                    loaded.service.families.len(),
                    endpoints,
                    loaded.service.types.len()
                );
                ExitCode::SUCCESS
            }
            None => ExitCode::FAILURE,
        },
        Command::Generate {
            dir,
            output,
            check,
            client,
            no_server,
        } => {
            let Some(loaded) = load(&dir) else {
                return ExitCode::FAILURE;
            };
            let outputs = restspec_codegen::Outputs {
                server: !no_server,
                client,
            };
            let code = restspec_codegen::generated_file_for(&loaded, outputs);
            // The process ends next: taking the model apart piece by piece would only add
            // time.
            std::mem::forget(loaded);
            match (output, check) {
                (None, _) => {
                    print!("{code}");
                    ExitCode::SUCCESS
                }
                (Some(path), true) => match std::fs::read_to_string(&path) {
                    Ok(existing) if existing == code => {
                        eprintln!("{}: up to date", path.display());
                        ExitCode::SUCCESS
                    }
                    Ok(_) => {
                        eprintln!(
                            "{}: out of date; run `restspec generate {} -o {}`",
                            path.display(),
                            dir.display(),
                            path.display()
                        );
                        ExitCode::FAILURE
                    }
                    Err(err) => {
                        eprintln!("{}: {err}", path.display());
                        ExitCode::FAILURE
                    }
                },
                (Some(path), false) => write(&path, &code),
            }
        }
        Command::Openapi { dir, output, yaml } => {
            let Some(loaded) = load(&dir) else {
                return ExitCode::FAILURE;
            };
            let document = if yaml {
                let value = restspec_codegen::openapi::document(&loaded.service);
                match serde_saphyr::to_string(&value) {
                    Ok(text) => text,
                    Err(err) => {
                        eprintln!("cannot write the document as YAML: {err}");
                        return ExitCode::FAILURE;
                    }
                }
            } else {
                restspec_codegen::openapi::to_json(&loaded.service)
            };
            match output {
                None => {
                    print!("{document}");
                    ExitCode::SUCCESS
                }
                Some(path) => write(&path, &document),
            }
        }
        Command::Diff { old, new, format } => {
            let (Some(old), Some(new)) = (load(&old), load(&new)) else {
                return ExitCode::from(2);
            };
            diff::report(
                &restspec_codegen::diff::diff(&old.service, &new.service),
                format,
            )
        }
        Command::Routes { dir } => match load(&dir) {
            Some(loaded) => {
                print!("{}", render::routes(&loaded.service));
                ExitCode::SUCCESS
            }
            None => ExitCode::FAILURE,
        },
    }
}

/// Writes `text` to `path`, saying so on standard error.
fn write(path: &Path, text: &str) -> ExitCode {
    match std::fs::write(path, text) {
        Ok(()) => {
            eprintln!("wrote {}", path.display());
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("{}: {err}", path.display());
            ExitCode::FAILURE
        }
    }
}

/// Loads the spec, printing every problem with snippets on failure.
fn load(dir: &Path) -> Option<restspec_codegen::Loaded> {
    match restspec_codegen::load(dir, dir) {
        Ok(loaded) => Some(loaded),
        Err((errors, sources)) => {
            render::diagnostics(&errors, &sources);
            None
        }
    }
}
