//! Reading and validating a spec: phases one to three (YAML with positions, lowering into
//! the model, the rules across it), behind one entry point, [`load`], and the [`Loader`]
//! for what it can vary: how messages name the directory, specs held in memory, the bases
//! published by crates.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostics, SpecErrors};
use crate::model::Service;
use crate::read::{self, PublishedSpecs, RawSpec};
use crate::source::SourceFile;
use crate::{check, lower};

/// A spec read, validated and ready to generate from, with the files it came from.
///
/// [`Loaded::tokens`], [`Loaded::file`] and [`Loaded::files`] generate its code.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The validated model.
    pub service: Service,
    /// The files read (for rebuild tracking and source snippets).
    pub sources: Vec<SourceFile>,
}

/// Reads and validates the spec in `dir`; messages name its files as `dir/<file>`.
///
/// On failure every problem found is returned at once, sorted by position, together with
/// the files that were read (so that a tool can show snippets). [`Loader`] names the
/// directory otherwise, reads specs held in memory and gives the bases a spec extends.
///
/// ```
/// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/minimal");
/// let loaded = restspec_codegen::load(dir)?;
/// assert_eq!(loaded.service.families.len(), 1);
/// # Ok::<(), restspec_codegen::SpecErrors>(())
/// ```
pub fn load(dir: impl AsRef<Path>) -> Result<Loaded, SpecErrors> {
    Loader::dir(dir.as_ref()).load()
}

/// What [`load`] reads, and how: a directory or files held in memory, the name messages
/// give the directory, and the spec directories published by crates.
///
/// ```
/// use restspec_codegen::{Loader, PublishedSpecs};
///
/// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/minimal");
/// let loaded = Loader::dir(dir)
///     .display_dir("minimal")
///     .published(PublishedSpecs::new().with("shop_base", "../shop-base/spec"))
///     .load()?;
/// assert_eq!(loaded.service.files[0], "minimal/service.yaml");
/// # Ok::<(), restspec_codegen::SpecErrors>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "a loader does nothing until `load` is called"]
pub struct Loader {
    input: Input,
    published: PublishedSpecs,
}

/// Where the files come from.
#[derive(Debug, Clone)]
enum Input {
    /// A spec directory, and the directory as messages name it.
    Dir { dir: PathBuf, display: PathBuf },
    /// Files already read, the service file first.
    Sources(Vec<SourceFile>),
}

impl Loader {
    /// Reads the spec directory `dir`; messages name its files as `dir/<file>` unless
    /// [`display_dir`](Loader::display_dir) says otherwise.
    pub fn dir(dir: impl Into<PathBuf>) -> Self {
        let dir = dir.into();
        Loader {
            input: Input::Dir {
                display: dir.clone(),
                dir,
            },
            published: PublishedSpecs::new(),
        }
    }

    /// Validates spec files held in memory (by a tool, a test, or read from version
    /// control): the service file first, then the family and section files. Messages name
    /// each by its [`SourceFile::display`], and a relative `extends` path is taken from the
    /// service file's [`SourceFile::path`].
    ///
    /// ```
    /// use std::path::PathBuf;
    /// use std::sync::Arc;
    ///
    /// let service = restspec_codegen::SourceFile {
    ///     display: Arc::new(PathBuf::from("spec/service.yaml")),
    ///     path: PathBuf::from("spec/service.yaml"),
    ///     text: "name: [not, a, name]\n".to_owned(),
    /// };
    /// let errors = restspec_codegen::Loader::sources(vec![service]).load().unwrap_err();
    /// assert!(errors.to_string().starts_with("error: spec/service.yaml:"));
    /// assert_eq!(errors.sources.len(), 1);
    /// ```
    pub fn sources(files: Vec<SourceFile>) -> Self {
        Loader {
            input: Input::Sources(files),
            published: PublishedSpecs::new(),
        }
    }

    /// How messages name the spec directory, such as the path the user typed or one
    /// relative to the crate (the generated file's header names the files this way too).
    /// Files held in memory keep the names they carry.
    pub fn display_dir(mut self, display_dir: impl Into<PathBuf>) -> Self {
        if let Input::Dir { display, .. } = &mut self.input {
            *display = display_dir.into();
        }
        self
    }

    /// The spec directories of bases published by crates (`extends: { links: <name> }`),
    /// given explicitly; a name not given is looked up in the environment as
    /// `DEP_<NAME>_SPEC`.
    pub fn published(mut self, published: PublishedSpecs) -> Self {
        self.published = published;
        self
    }

    /// Reads and validates the spec. On failure every problem found is returned at once,
    /// sorted by position, with the files that were read.
    pub fn load(self) -> Result<Loaded, SpecErrors> {
        self.load_keeping_partial()
            .map_err(|rejected| rejected.errors)
    }

    /// [`Loader::load`] for the macro, which on failure still wants the partial model (to
    /// emit the handler traits' skeleton).
    pub(crate) fn load_keeping_partial(self) -> Result<Loaded, Rejected> {
        let mut diags = Diagnostics::new();
        let (raw, sources) = match self.input {
            Input::Dir { dir, display } => (
                read::read_dir(&dir, &display, &self.published, &mut diags),
                Vec::new(),
            ),
            Input::Sources(sources) => (
                read::parse_sources(sources.clone(), &self.published, &mut diags),
                sources,
            ),
        };
        match raw {
            Some(raw) => validate(raw, diags),
            None => Err(Rejected {
                errors: errors(diags, sources),
                partial: None,
            }),
        }
    }
}

/// A spec that did not validate: every problem with the files read, and the model as far
/// as lowering got (`None` when the files could not even be parsed).
pub(crate) struct Rejected {
    pub(crate) errors: SpecErrors,
    pub(crate) partial: Option<Box<Service>>,
}

/// Phases two and three: the raw records lowered into the model, then the rules across it.
fn validate(raw: RawSpec, mut diags: Diagnostics) -> Result<Loaded, Rejected> {
    let service = lower::lower(&raw, &mut diags);
    let complete = diags.is_empty();
    check::run(&service, complete, &mut diags);
    if diags.is_empty() {
        Ok(Loaded {
            service,
            sources: raw.sources,
        })
    } else {
        Err(Rejected {
            errors: errors(diags, raw.sources),
            partial: Some(Box::new(service)),
        })
    }
}

fn errors(diags: Diagnostics, sources: Vec<SourceFile>) -> SpecErrors {
    SpecErrors {
        diagnostics: diags.into_sorted(),
        sources,
    }
}
