//! Every fixture under `fixtures/`, generated through both front doors and compiled.
//!
//! `build_script` holds what `build.rs` wrote with `restspec_codegen::Config`;
//! `macro_door` holds what `restspec_runtime::generate!` expands to. The tests in
//! `tests/front_doors.rs` check that the two agree.

/// The build-script front door: `Config` in `build.rs`, `include_generated!` here.
pub mod build_script {
    /// `fixtures/all_types`.
    pub mod all_types {
        restspec_runtime::include_generated!("all_types");
    }
    /// `fixtures/common_style`.
    pub mod common_style {
        restspec_runtime::include_generated!("common_style");
    }
    /// `fixtures/conventions`.
    pub mod conventions {
        restspec_runtime::include_generated!("conventions");
    }
    /// `fixtures/extends_house`: a spec extending `fixtures/house_base` by path.
    pub mod extends_house {
        restspec_runtime::include_generated!("extends_house");
    }
    /// `fixtures/github_pages`: lists paged as GitHub does, no `Link` on a single page.
    pub mod github_pages {
        restspec_runtime::include_generated!("github_pages");
    }
    /// `fixtures/offset_lists`: lists paged by offset, the last item marked.
    pub mod offset_lists {
        restspec_runtime::include_generated!("offset_lists");
    }
    /// `fixtures/payments`: times as Unix seconds.
    pub mod payments {
        restspec_runtime::include_generated!("payments");
    }
    /// `fixtures/house_base`.
    pub mod house_base {
        restspec_runtime::include_generated!("house_base");
    }
    /// `fixtures/minimal`.
    pub mod minimal {
        restspec_runtime::include_generated!("minimal");
    }
    /// `fixtures/seed_quota`.
    pub mod seed_quota {
        restspec_runtime::include_generated!("seed_quota");
    }
    /// The example service's `spec/`.
    pub mod example_spec {
        restspec_runtime::include_generated!("example_spec");
    }
    /// The bookshop's spec: another service with other conventions.
    pub mod bookshop {
        restspec_runtime::include_generated!("bookshop");
    }
}

/// The proc-macro front door.
pub mod macro_door {
    restspec_runtime::generate!(
        /// `fixtures/all_types`.
        pub mod all_types = "fixtures/all_types"
    );
    restspec_runtime::generate!(
        /// `fixtures/conventions`.
        pub mod conventions = "fixtures/conventions"
    );
    restspec_runtime::generate!(
        /// `fixtures/extends_house`.
        pub mod extends_house = "fixtures/extends_house"
    );
    restspec_runtime::generate!(
        /// `fixtures/house_base`.
        pub mod house_base = "fixtures/house_base"
    );
    restspec_runtime::generate!(
        /// `fixtures/minimal`.
        pub mod minimal = "fixtures/minimal"
    );
    restspec_runtime::generate!(
        /// `fixtures/seed_quota`.
        pub mod seed_quota = "fixtures/seed_quota"
    );
    restspec_runtime::generate!(
        /// The example service's `spec/`.
        pub mod example_spec = "../spec"
    );
    restspec_runtime::generate!(
        /// The bookshop's spec.
        pub mod bookshop = "../generated-example/bookshop/spec"
    );
}

/// The valid spec directories besides the example's `spec/`, relative to this crate: every
/// fixture, and the bookshop's spec (another service with other conventions: another
/// prefix, no JSON prefix, other header and parameter names).
pub const SPEC_DIRS: &[&str] = &[
    "fixtures/all_types",
    "fixtures/affixed",
    "fixtures/common_style",
    "fixtures/conventions",
    "fixtures/extends_house",
    "fixtures/github_pages",
    "fixtures/house_base",
    "fixtures/minimal",
    "fixtures/offset_lists",
    "fixtures/payments",
    "fixtures/seed_quota",
    "fixtures/segments",
    "fixtures/selected",
    "../generated-example/bookshop/spec",
    "../generated-example/gitlab/spec",
];

pub mod cli;
pub mod common_style;
pub mod cookies;
pub mod github_pages;
pub mod offset_lists;
pub mod payments;
pub mod slow_client;
pub mod spec_sources;
pub mod support;
pub mod test_server;

/// The README, whose Rust blocks (the five-minute start's) are compiled as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// The guide's pages (`docs/guide/`) that hold Rust blocks, one struct each, whose blocks
/// are compiled as doctests (and run, those that need no server or database), so that the
/// guide cannot drift from the generator and the runtime. Their `generate!("spec")` calls
/// find `spec/` beside this crate's `Cargo.toml`: the walk-through's own spec, which
/// [`GuideSpec`] keeps equal to the guide's YAML. A page that gains a Rust block is listed
/// here; `tests/docs_links.rs` fails until it is.
#[cfg(doctest)]
pub mod guide {
    #[doc = include_str!("../../docs/guide/spec-and-code.md")]
    pub struct SpecAndCode;
    #[doc = include_str!("../../docs/guide/your-own-service.md")]
    pub struct YourOwnService;
    #[doc = include_str!("../../docs/guide/step-by-step.md")]
    pub struct StepByStep;
    #[doc = include_str!("../../docs/guide/step-by-step-continued.md")]
    pub struct StepByStepContinued;
    #[doc = include_str!("../../docs/guide/build-script.md")]
    pub struct BuildScript;
    #[doc = include_str!("../../docs/guide/large-families.md")]
    pub struct LargeFamilies;
    #[doc = include_str!("../../docs/guide/conventions.md")]
    pub struct Conventions;
    #[doc = include_str!("../../docs/guide/requests-and-answers.md")]
    pub struct RequestsAndAnswers;
    #[doc = include_str!("../../docs/guide/pagination.md")]
    pub struct Pagination;
    #[doc = include_str!("../../docs/guide/idempotency.md")]
    pub struct Idempotency;
    #[doc = include_str!("../../docs/guide/metrics-and-health.md")]
    pub struct MetricsAndHealth;
    #[doc = include_str!("../../docs/guide/traces.md")]
    pub struct Traces;
}

/// `spec/` here is the spec of the guide's walk-through (`docs/guide/step-by-step.md` and
/// `step-by-step-continued.md`): the `service.yaml` of step 2, and the `shelves.yaml` of
/// step 3 with the examples step 9 adds. The guide's Rust blocks compile against it; this
/// doctest checks that the files still say what the guide's YAML blocks say (comment lines
/// aside).
///
/// ```
/// let walk_through = [
///     include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/guide/step-by-step.md")),
///     include_str!(concat!(
///         env!("CARGO_MANIFEST_DIR"),
///         "/../docs/guide/step-by-step-continued.md"
///     )),
/// ]
/// .concat();
/// let service = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/spec/service.yaml"));
/// let shelves = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/spec/shelves.yaml"));
///
/// // The walk-through's YAML blocks in order, each without its fence's indentation.
/// let fence = "`".repeat(3);
/// let mut lines = walk_through.lines();
/// let mut blocks: Vec<Vec<&str>> = Vec::new();
/// while let Some(line) = lines.next() {
///     if line.trim() == format!("{fence}yaml") {
///         let indent = line.len() - line.trim_start().len();
///         let block = lines.by_ref().take_while(|l| l.trim() != fence);
///         blocks.push(block.map(|l| l.get(indent..).unwrap_or("")).collect());
///     }
/// }
/// let (guide_service, guide_family, guide_examples) = (&blocks[0], &blocks[1], &blocks[2]);
/// // Step 9 puts its examples in `get_shelf`, after its errors.
/// let at = 1 + guide_family.iter().position(|l| *l == "    errors: [not_found]").unwrap();
/// let guide_shelves = [&guide_family[..at], guide_examples, &guide_family[at..]].concat();
///
/// let text = |lines: &mut dyn Iterator<Item = &str>| -> String {
///     lines.filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect()
/// };
/// let differs = "differs from the guide's walk-through: change the two together";
/// let guide_service = text(&mut guide_service.iter().copied());
/// assert_eq!(text(&mut service.lines()), guide_service, "spec/service.yaml {differs}");
/// let guide_shelves = text(&mut guide_shelves.iter().copied());
/// assert_eq!(text(&mut shelves.lines()), guide_shelves, "spec/shelves.yaml {differs}");
/// ```
#[cfg(doctest)]
pub struct GuideSpec;
