//! A family split into sections: each section gets a handler trait of its own, and nothing
//! else changes. The example's spec with every section file folded back into its family
//! file is the same API (no `restspec diff` change, the same OpenAPI document, the same
//! routes), and the `section` key of an endpoint does what a section file does.

use std::path::Path;

use restspec_codegen::{Outputs, SourceFile};
use restspec_tests::spec_sources::spec_sources;

fn example_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec")
}

fn load(sources: Vec<SourceFile>) -> restspec_codegen::Loaded {
    match restspec_codegen::Loader::sources(sources).load() {
        Ok(loaded) => loaded,
        Err(errors) => panic!("the spec loads:\n{errors}"),
    }
}

/// The example's spec with each section file's endpoints moved into its family file (before
/// the family's `types:`), and the section files left out.
fn folded(sources: &[SourceFile]) -> Vec<SourceFile> {
    let section_of = |text: &str| {
        let family = text
            .lines()
            .find_map(|l| l.strip_prefix("  family: "))?
            .to_owned();
        let endpoints = text.split_once("\nendpoints:\n")?.1.to_owned();
        Some((family, endpoints))
    };
    let sections: Vec<(String, String)> = sources
        .iter()
        .filter(|s| s.text.contains("\nsection:\n"))
        .map(|s| section_of(&s.text).expect("a section file"))
        .collect();
    assert!(sections.len() >= 20, "the example has its sections");
    sources
        .iter()
        .filter(|s| !s.text.contains("\nsection:\n"))
        .map(|s| {
            let mut file = s.clone();
            let Some(name) = s
                .text
                .lines()
                .skip_while(|l| *l != "family:")
                .find_map(|l| l.strip_prefix("  name: "))
            else {
                return file;
            };
            let moved: String = sections
                .iter()
                .filter(|(family, _)| family == name)
                .map(|(_, endpoints)| format!("\n{endpoints}"))
                .collect();
            file.text = match s.text.split_once("\ntypes:\n") {
                Some((before, types)) => format!("{before}{moved}\ntypes:\n{types}"),
                None => format!("{}{moved}", s.text),
            };
            file
        })
        .collect()
}

#[test]
fn folding_the_sections_back_changes_nothing_a_client_sees() {
    let sources = spec_sources(&example_dir());
    let split = load(sources.clone());
    let whole = load(folded(&sources));

    let changes = restspec_codegen::diff::diff(&whole.service, &split.service);
    assert!(changes.is_empty(), "{changes:#?}");
    assert_eq!(
        restspec_codegen::openapi::document(&whole.service),
        restspec_codegen::openapi::document(&split.service),
        "the same OpenAPI document"
    );
    let count = |loaded: &restspec_codegen::Loaded| -> usize {
        loaded
            .service
            .families
            .iter()
            .map(|f| f.endpoints.len())
            .sum()
    };
    assert_eq!(count(&whole), count(&split));

    // Only the handler traits follow the split.
    let split_code = split.file(Outputs::SERVER);
    let whole_code = whole.file(Outputs::SERVER);
    assert!(split_code.contains("pub trait ChangesReviewersHandlers"));
    assert!(!whole_code.contains("pub trait ChangesReviewersHandlers"));
    assert!(whole_code.contains("pub trait ChangesHandlers"));
}

#[test]
fn the_section_key_of_an_endpoint_makes_a_trait_as_a_section_file_does() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let sources = spec_sources(&dir);
    let before = load(sources.clone());
    let family = before
        .service
        .families
        .first()
        .expect("the fixture has a family");
    let endpoint = family.endpoints.first().expect("and an endpoint");
    let family_name = family.name.clone();
    let endpoint_name = endpoint.name.clone();

    let mut keyed = sources.clone();
    let file = keyed
        .iter_mut()
        .find(|s| s.text.contains(&format!("\n  {endpoint_name}:\n")))
        .expect("the endpoint's file");
    file.text = file.text.replace(
        &format!("\n  {endpoint_name}:\n"),
        &format!("\n  {endpoint_name}:\n    section: extra\n"),
    );
    let after = load(keyed);
    assert!(restspec_codegen::diff::diff(&before.service, &after.service).is_empty());
    let code = after.file(Outputs::SERVER);
    let pascal: String = family_name
        .split('_')
        .map(|w| w[..1].to_uppercase() + &w[1..])
        .collect();
    let section_trait = format!("pub trait {pascal}ExtraHandlers");
    assert!(code.contains(&section_trait), "{section_trait} in:\n{code}");
    let section_body = code
        .split_once(&section_trait)
        .expect("the trait")
        .1
        .split_once("\n}\n")
        .expect("its end")
        .0;
    assert!(
        section_body.contains(&format!("fn {endpoint_name}(")),
        "{section_body}"
    );
}

#[test]
fn a_section_of_an_unknown_family_names_the_families_there_are() {
    let mut sources = spec_sources(&example_dir());
    let file = sources
        .iter_mut()
        .find(|s| s.text.contains("\n  name: reviewers\n"))
        .expect("the reviewers section");
    file.text = file
        .text
        .replace("  family: changes\n", "  family: chnages\n");
    let Err(errors) = restspec_codegen::Loader::sources(sources).load() else {
        panic!("a section of no family is refused");
    };
    let text = errors.to_string();
    assert!(
        text.contains("reviewers.yaml:3:")
            && text.contains("no family file declares the family `chnages`")
            && text.contains("changes"),
        "{text}"
    );
    assert_eq!(
        errors.diagnostics.len(),
        1,
        "one mistake, one message: {text}"
    );
}

#[test]
fn a_section_is_declared_by_one_file() {
    let mut sources = spec_sources(&example_dir());
    let file = sources
        .iter_mut()
        .find(|s| s.text.contains("\n  name: list\n") && s.text.contains("family: groups"))
        .expect("the groups list section");
    // `Groups` + `Properties` is taken by the section of that name already; a section named
    // `properties` in a second file is the same trait.
    file.text = file
        .text
        .replace("\n  name: list\n", "\n  name: properties\n");
    let Err(errors) = restspec_codegen::Loader::sources(sources).load() else {
        panic!("a section declared twice is refused");
    };
    let text = errors.to_string();
    assert!(
        text.contains("the section `properties` of `groups` is declared by two files"),
        "{text}"
    );
}

#[test]
fn a_section_may_not_take_another_family_s_trait_name() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let mut sources = spec_sources(&dir);
    let things = sources
        .iter_mut()
        .find(|s| s.text.contains("\n  list_things:\n"))
        .expect("the things family");
    things.text = things.text.replace(
        "\n  list_things:\n",
        "\n  list_things:\n    section: extra\n",
    );
    let mut family = things.clone();
    family.display = std::sync::Arc::new(dir.join("things_extra.yaml"));
    family.text = "family:\n  name: things_extra\n  prefix: /extra/\n  covers: extras\n\n\
                   endpoints:\n  list_extras:\n    method: GET\n    path: /extra/\n    \
                   summary: List Extras\n    response: list<string>\n"
        .to_owned();
    sources.push(family);
    let Err(errors) = restspec_codegen::Loader::sources(sources).load() else {
        panic!("two traits of one name are refused");
    };
    let text = errors.to_string();
    assert!(
        text.contains(
            "the section `extra` of `things` gives the handler trait `ThingsExtraHandlers`, which is already taken"
        ),
        "{text}"
    );
}

#[test]
fn an_endpoint_of_a_section_file_may_not_name_another_section() {
    let mut sources = spec_sources(&example_dir());
    let file = sources
        .iter_mut()
        .find(|s| s.text.contains("\n  name: reviewers\n"))
        .expect("the reviewers section");
    file.text = file.text.replacen(
        "\n    method: GET\n",
        "\n    section: state\n    method: GET\n",
        1,
    );
    let Err(errors) = restspec_codegen::Loader::sources(sources).load() else {
        panic!("a contradicting section key is refused");
    };
    let text = errors.to_string();
    assert!(
        text.contains("says section `state` but stands in the file of section `reviewers`")
            && text.contains("remove its `section` key"),
        "{text}"
    );
}
