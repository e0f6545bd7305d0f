//! The build-script front door, in the manner of `prost-build` and `tonic-build`.
//!
//! ```no_run
//! // build.rs
//! fn main() -> Result<(), restspec_codegen::BuildError> {
//!     restspec_codegen::Config::new().spec_dir("spec").module_name("api").generate()?;
//!     Ok(())
//! }
//! ```
//!
//! and in the crate: `mod api { restspec_runtime::include_generated!("api"); }`.
//!
//! [`Config::client`] adds a typed client to the module (or, with [`Config::server`] off,
//! generates the client alone), and [`Config::openapi`] writes the OpenAPI document beside
//! the code.

use std::path::{Path, PathBuf};

use crate::diag::SpecErrors;

/// What went wrong in a build script.
///
/// `Debug` prints the same text as `Display`, so that a `build.rs` whose `main` returns
/// `Result<(), BuildError>` (or calls `.unwrap()`) shows the located spec errors, not a
/// struct dump.
pub enum BuildError {
    /// The spec has problems; each names its file, line and column.
    Spec(SpecErrors),
    /// Reading the spec or writing the output failed.
    Io(std::io::Error),
    /// `OUT_DIR` is not set and no output directory was given (not running under cargo).
    NoOutDir,
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::Spec(errors) => write!(f, "the spec has errors:\n{errors}"),
            BuildError::Io(err) => write!(f, "restspec: {err}"),
            BuildError::NoOutDir => f.write_str(
                "restspec: OUT_DIR is not set; run from a build script or call `Config::out_dir`",
            ),
        }
    }
}

impl std::fmt::Debug for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

// No `source()`: the message already includes the underlying error, and reporters that
// print the chain would show it twice.
impl std::error::Error for BuildError {}

impl From<std::io::Error> for BuildError {
    fn from(err: std::io::Error) -> Self {
        BuildError::Io(err)
    }
}

/// Configures code generation from a build script.
///
/// Every option, with its default:
///
/// | option | default | what it does |
/// |---|---|---|
/// | [`spec_dir`](Config::spec_dir) | `spec` | the spec directory, relative to the crate's `Cargo.toml` |
/// | [`module_name`](Config::module_name) | `api` | the file written (`api.rs`) and the name `include_generated!` takes |
/// | [`out_dir`](Config::out_dir) | `$OUT_DIR` | where the files are written |
/// | [`server`](Config::server) | on | handler traits, router, the service's description and the OpenAPI document it serves (`<module>.openapi.min.json`, which the code includes) |
/// | [`client`](Config::client) | off | the typed client, module `client` (alone, with `server(false)`) |
/// | [`openapi`](Config::openapi) | off | also `<module>.openapi.json`, the document pretty-printed |
/// | [`example_tests`](Config::example_tests) | off | also `<module>_examples.rs`, the spec's examples as tests |
/// | [`emit_rerun_if_changed`](Config::emit_rerun_if_changed) | on | `cargo:rerun-if-changed` for every spec file |
///
/// [`generate`](Config::generate) writes the files (only those whose text changed) and
/// fails with every spec problem located; [`generate_to_string`](Config::generate_to_string)
/// returns the code instead.
///
/// In `build.rs` (the spec in `spec/`, the code in `OUT_DIR`, included with
/// `restspec_runtime::include_generated!("api")`):
///
/// ```no_run
/// fn main() -> Result<(), restspec_codegen::BuildError> {
///     restspec_codegen::Config::new()
///         .spec_dir("spec")
///         .module_name("api")
///         .client(true)
///         .generate()?;
///     Ok(())
/// }
/// ```
///
/// The same code as a string, from any spec directory:
///
/// ```
/// let code = restspec_codegen::Config::new()
///     .spec_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/minimal"))
///     .emit_rerun_if_changed(false)
///     .generate_to_string()?;
/// assert!(code.contains("pub trait ThingsHandlers"));
/// # Ok::<(), restspec_codegen::BuildError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Config {
    spec_dir: PathBuf,
    module_name: String,
    out_dir: Option<PathBuf>,
    emit_rerun_if_changed: bool,
    outputs: crate::Outputs,
    openapi: bool,
    example_tests: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            spec_dir: PathBuf::from("spec"),
            module_name: "api".to_owned(),
            out_dir: None,
            emit_rerun_if_changed: true,
            outputs: crate::Outputs::SERVER,
            openapi: false,
            example_tests: false,
        }
    }
}

impl Config {
    /// A configuration with the defaults: spec in `spec/`, module file `api.rs`, output in
    /// `OUT_DIR`, `rerun-if-changed` lines printed.
    pub fn new() -> Self {
        Self::default()
    }

    /// The spec directory, relative to the crate's manifest directory (or absolute).
    #[must_use]
    pub fn spec_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.spec_dir = dir.into();
        self
    }

    /// The name of the generated file, without `.rs`; `include_generated!` takes the same.
    #[must_use]
    pub fn module_name(mut self, name: impl Into<String>) -> Self {
        self.module_name = name.into();
        self
    }

    /// Where to write, instead of `OUT_DIR`.
    #[must_use]
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// Whether to print `cargo:rerun-if-changed` for the spec directory and every spec file
    /// (on by default; turn off outside build scripts).
    #[must_use]
    pub fn emit_rerun_if_changed(mut self, on: bool) -> Self {
        self.emit_rerun_if_changed = on;
        self
    }

    /// Whether to generate the server: handler traits, router, service description (on by
    /// default; off with [`client`](Config::client) on generates a client alone).
    #[must_use]
    pub fn server(mut self, on: bool) -> Self {
        self.outputs.server = on;
        self
    }

    /// Whether to generate the typed client, module `client` (off by default). It needs
    /// `restspec-runtime`'s `client` feature.
    #[must_use]
    pub fn client(mut self, on: bool) -> Self {
        self.outputs.client = on;
        self
    }

    /// Whether [`generate`](Config::generate) also writes the OpenAPI 3.1 document
    /// pretty-printed, for people and tools, as `<module name>.openapi.json` beside the code
    /// (off by default). The compact document the service serves is written anyway.
    #[must_use]
    pub fn openapi(mut self, on: bool) -> Self {
        self.openapi = on;
        self
    }

    /// Whether [`generate`](Config::generate) also writes the spec's examples as tests, into
    /// `<module name>_examples.rs` beside the code (off by default). A test file runs them
    /// with `restspec_runtime::include_example_tests!("<module name>", start = <function>)`,
    /// the build-script door's `example_tests!`.
    #[must_use]
    pub fn example_tests(mut self, on: bool) -> Self {
        self.example_tests = on;
        self
    }

    fn resolved_spec_dir(&self) -> PathBuf {
        match std::env::var_os("CARGO_MANIFEST_DIR") {
            Some(manifest) if self.spec_dir.is_relative() => {
                Path::new(&manifest).join(&self.spec_dir)
            }
            _ => self.spec_dir.clone(),
        }
    }

    /// Generates the code and returns it as formatted source (with the header), the OpenAPI
    /// document embedded in it as a string literal, since there is no file beside it.
    pub fn generate_to_string(&self) -> Result<String, BuildError> {
        Ok(self.load()?.file(self.outputs))
    }

    fn load(&self) -> Result<crate::Loaded, BuildError> {
        let dir = self.resolved_spec_dir();
        if self.emit_rerun_if_changed {
            // The directory too, so that adding a family file regenerates.
            println!("cargo:rerun-if-changed={}", dir.display());
            if let Ok(files) = crate::read::spec_files(&dir) {
                for file in files {
                    println!("cargo:rerun-if-changed={}", file.display());
                }
            }
        }
        let loaded = crate::Loader::dir(&dir).display_dir(&self.spec_dir).load();
        if self.emit_rerun_if_changed {
            forward_published_specs();
            // The files of the bases a spec extends, and their directories.
            let sources = match &loaded {
                Ok(loaded) => &loaded.sources,
                Err(errors) => &errors.sources,
            };
            rerun_if_changed(sources);
        }
        loaded.map_err(BuildError::Spec)
    }

    /// Generates the code into `<out dir>/<module name>.rs`, the OpenAPI document it serves
    /// into `<out dir>/<module name>.openapi.min.json` (its `OPENAPI` includes it), and when
    /// asked the pretty document into `<out dir>/<module name>.openapi.json`, writing only
    /// when the bytes change (so unchanged specs do not trigger recompilation). Returns the
    /// code's path.
    pub fn generate(&self) -> Result<PathBuf, BuildError> {
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(BuildError::NoOutDir)?,
        };
        let loaded = self.load()?;
        let files = loaded.files(self.outputs, &self.module_name);
        // The document first: the code includes it.
        if let Some((name, document)) = &files.openapi {
            write_if_changed(&out_dir, &out_dir.join(name), document.as_bytes())?;
        }
        let path = out_dir.join(format!("{}.rs", self.module_name));
        write_if_changed(&out_dir, &path, files.code.as_bytes())?;
        if self.openapi {
            let document = crate::openapi::to_json(&loaded.service);
            let openapi = out_dir.join(format!("{}.openapi.json", self.module_name));
            write_if_changed(&out_dir, &openapi, document.as_bytes())?;
        }
        if self.example_tests {
            let tests = crate::example_tests::file(&loaded);
            let path = out_dir.join(format!("{}_examples.rs", self.module_name));
            write_if_changed(&out_dir, &path, tests.as_bytes())?;
        }
        Ok(path)
    }
}

/// Hands the spec directories that dependencies publish (`DEP_<LINKS>_SPEC`, set for build
/// scripts only) on to the compiler, so that macros in this crate that read the spec
/// (`generate!`, `example_tests!`, in any of its targets) find the same bases.
fn forward_published_specs() {
    for (name, value) in std::env::vars_os() {
        let (Some(name), Some(value)) = (name.to_str(), value.to_str()) else {
            continue;
        };
        if name.starts_with("DEP_") && name.ends_with("_SPEC") {
            println!("cargo:rustc-env={name}={value}");
        }
    }
}

/// Prints `cargo:rerun-if-changed` for each file read and each directory it was read from.
fn rerun_if_changed(sources: &[crate::SourceFile]) {
    let mut dirs = std::collections::BTreeSet::new();
    for source in sources {
        println!("cargo:rerun-if-changed={}", source.path.display());
        dirs.extend(source.path.parent());
    }
    for dir in dirs {
        println!("cargo:rerun-if-changed={}", dir.display());
    }
}

/// Publishes a spec directory for the crates that depend on this one, so that their specs
/// can build on it with `extends: { links: <name> }`. Call it from the build script of a
/// crate whose `Cargo.toml` says `links = "<name>"`:
///
/// ```no_run
/// // build.rs of the base crate
/// fn main() -> Result<(), restspec_codegen::BuildError> {
///     restspec_codegen::publish_spec("spec")?;
///     Ok(())
/// }
/// ```
///
/// The spec is validated first, so a broken base fails the base crate's build, where it
/// can be mended, not each dependent's. Cargo hands the absolute directory to the build
/// scripts of direct dependents as `DEP_<NAME>_SPEC` ([`PublishedSpecs`](crate::PublishedSpecs)
/// reads it). A relative `dir` is taken from the crate's manifest directory.
pub fn publish_spec(dir: impl AsRef<Path>) -> Result<PathBuf, BuildError> {
    let config = Config::new().spec_dir(dir.as_ref());
    config.load()?;
    let resolved = config.resolved_spec_dir();
    let absolute = std::fs::canonicalize(&resolved)?;
    println!("cargo::metadata=spec={}", absolute.display());
    Ok(absolute)
}

fn write_if_changed(dir: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    std::fs::create_dir_all(dir)?;
    std::fs::write(path, bytes)
}
