//! `extends:`: a spec built on a base spec inherits its conventions, statuses, capabilities,
//! types and families, writes over what it names, and a conflict with the base is a located
//! error naming both files.

use std::path::{Path, PathBuf};

use restspec_codegen::{Loaded, PublishedSpecs, SpecErrors};

fn fixture(dir: &str) -> Loaded {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    restspec_codegen::Loader::dir(root.join(dir))
        .display_dir(dir)
        .load()
        .unwrap_or_else(|errors| panic!("{dir} should be valid:\n{errors}"))
}

#[test]
fn a_spec_inherits_its_base_and_writes_over_what_it_names() {
    let service = fixture("fixtures/extends_house").service;
    let base = fixture("fixtures/house_base").service;
    assert_eq!(service.name, "extends_house");
    assert_eq!(service.extends.as_deref(), Some("../house_base"));
    // The base's family first, then its own.
    let families: Vec<&str> = service.families.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(families, ["notes", "tasks"]);
    // Types: the base's `Owner` is used by the spec's own `TaskInfo`.
    let types: Vec<&str> = service.types.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(types, ["Owner", "NoteInfo", "TaskInfo"]);
    // Conventions: inherited unless written; `~` removes one.
    let (own, inherited) = (&service.conventions, &base.conventions);
    assert_eq!(own.authenticated_prefix, inherited.authenticated_prefix);
    assert!(inherited.json_prefix.is_some() && own.json_prefix.is_none());
    assert_eq!(own.trace, inherited.trace);
    assert_eq!(own.access_token_parameter.as_deref(), Some("token"));
    assert!(inherited.access_token_parameter.is_none());
    // Statuses: the base's, one restated with another message, one added.
    let statuses: Vec<(&str, u16, &str)> = service
        .statuses
        .iter()
        .map(|s| (s.name.as_str(), s.code, s.message.as_str()))
        .collect();
    assert_eq!(
        statuses,
        [
            ("bad_request", 400, "Bad request"),
            ("not_found", 404, "Nothing here"),
            ("conflict", 409, "Conflict"),
        ]
    );
    assert_eq!(service.capabilities.len(), 1);
    assert_eq!(service.quota_template, base.quota_template);
    // The base's files are part of the spec (rebuild tracking, the generated header).
    assert!(
        service
            .files
            .iter()
            .any(|f| f == "fixtures/house_base/notes.yaml"),
        "{:?}",
        service.files
    );
}

/// Writes `files` (path relative to a fresh directory, text) and loads `<dir>/own`.
fn load_tree(
    name: &str,
    files: &[(&str, &str)],
    published: &PublishedSpecs,
) -> Result<Loaded, SpecErrors> {
    let root = std::env::temp_dir().join(format!("restspec-extends-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
    let loaded = restspec_codegen::Loader::dir(root.join("own"))
        .display_dir("own")
        .published(published.clone())
        .load();
    let _ = std::fs::remove_dir_all(&root);
    loaded
}

const BASE_SERVICE: &str = "\
service: { name: base, title: Base, base_url: http://localhost/ }
conventions:
  pretty_printing: { default: compact }
  timestamp_format: rfc3339
statuses:
  not_found: { code: 404, message: Not found, when: Nothing there., raised_for: [not_found] }
quota:
  group_template: \"{endpoint}:{method}\"
types:
  Owner:
    fields:
      name: { type: string }
";

const BASE_FAMILY: &str = "\
family: { name: things, prefix: /things/, covers: things, id: thing-id, params: { thing-id: A thing. } }
endpoints:
  get_thing: { method: GET, path: '/things/{thing-id}', summary: Get Thing, response: Owner }
";

fn own_service(extends: &str, extra: &str) -> String {
    format!(
        "extends: {extends}\nservice: {{ name: own, title: Own, base_url: http://localhost/ }}\n{extra}"
    )
}

/// The one error of a load that must fail, as text.
fn only_error(result: Result<Loaded, SpecErrors>) -> String {
    let errors = match result {
        Ok(_) => panic!("the spec should be rejected"),
        Err(errors) => errors,
    };
    assert_eq!(errors.diagnostics.len(), 1, "{errors}");
    errors.diagnostics[0].to_string()
}

fn with_base(own: &[(&str, &str)]) -> Vec<(&'static str, String)> {
    let mut files = vec![
        ("base/service.yaml", BASE_SERVICE.to_owned()),
        ("base/things.yaml", BASE_FAMILY.to_owned()),
    ];
    for (path, text) in own {
        files.push((
            Box::leak(path.to_string().into_boxed_str()),
            text.to_string(),
        ));
    }
    files
}

fn load_with_base(name: &str, own: &[(&str, &str)]) -> Result<Loaded, SpecErrors> {
    let files = with_base(own);
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
    load_tree(name, &borrowed, &PublishedSpecs::new())
}

#[test]
fn a_type_the_base_declares_cannot_be_declared_again() {
    let own = own_service(
        "{ path: ../base }",
        "types:\n  Owner:\n    fields:\n      id: { type: integer }\n",
    );
    let error = only_error(load_with_base("type", &[("own/service.yaml", &own)]));
    assert!(error.contains("own/service.yaml:"), "{error}");
    assert!(error.contains("base/service.yaml:"), "{error}");
    assert!(error.contains("Owner"), "{error}");
}

#[test]
fn a_status_the_base_declares_keeps_its_code() {
    let own = own_service(
        "{ path: ../base }",
        "statuses:\n  not_found: { code: 410, message: Gone, when: Gone. }\n",
    );
    let error = only_error(load_with_base("status", &[("own/service.yaml", &own)]));
    assert!(error.starts_with("own/service.yaml:4:"), "{error}");
    assert!(
        error.contains("code 410 here, but 404 in the base spec"),
        "{error}"
    );
    assert!(error.contains("note: base/service.yaml:6:"), "{error}");
}

#[test]
fn a_route_that_clashes_with_an_inherited_one_names_both_files() {
    let own = own_service("{ path: ../base }", "");
    let family = "\
family: { name: more, prefix: /things/, covers: more things, id: thing-id, params: { thing-id: A thing. } }
endpoints:
  get_other: { method: GET, path: '/things/{thing-id}', summary: Get Other, response: Owner }
";
    let errors = match load_with_base(
        "route",
        &[("own/service.yaml", &own), ("own/more.yaml", family)],
    ) {
        Ok(_) => panic!("the clash should be rejected"),
        Err(errors) => errors.to_string(),
    };
    assert!(errors.contains("own/more.yaml:"), "{errors}");
    assert!(errors.contains("base/things.yaml:"), "{errors}");
}

#[test]
fn a_base_that_extends_the_spec_is_a_circle() {
    let files = [
        (
            "base/service.yaml",
            format!("extends: {{ path: ../own }}\n{BASE_SERVICE}"),
        ),
        ("own/service.yaml", own_service("{ path: ../base }", "")),
    ];
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let error = only_error(load_tree("circle", &borrowed, &PublishedSpecs::new()));
    assert!(error.contains("extends itself"), "{error}");
}

#[test]
fn a_base_is_named_one_way_only_and_must_exist() {
    let both = own_service("{ path: ../base, links: base }", "");
    let error = only_error(load_with_base("both", &[("own/service.yaml", &both)]));
    assert!(error.starts_with("own/service.yaml:1:1"), "{error}");
    assert!(error.contains("exactly one"), "{error}");

    let missing = own_service("{ path: ../nowhere }", "");
    let error = match load_with_base("missing", &[("own/service.yaml", &missing)]) {
        Ok(_) => panic!("a missing base should be rejected"),
        Err(errors) => errors.to_string(),
    };
    assert!(error.contains("cannot read the base spec"), "{error}");
}

#[test]
fn a_published_base_is_found_by_its_links_name() {
    let own = own_service("{ links: house_rules }", "");
    let unpublished = only_error(load_with_base("unpublished", &[("own/service.yaml", &own)]));
    assert!(
        unpublished.contains("DEP_HOUSE_RULES_SPEC"),
        "{unpublished}"
    );
    assert!(unpublished.contains("publish_spec"), "{unpublished}");

    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/house_base");
    let published = PublishedSpecs::new().with("house_rules", PathBuf::from(&base));
    let loaded = load_tree("published", &[("own/service.yaml", &own)], &published)
        .unwrap_or_else(|errors| panic!("{errors}"));
    assert_eq!(loaded.service.families[0].name, "notes");
    assert!(
        loaded
            .service
            .files
            .contains(&"house_rules:house_base/notes.yaml".to_owned()),
        "{:?}",
        loaded.service.files
    );
}
