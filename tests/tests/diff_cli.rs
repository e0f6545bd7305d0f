//! `restspec diff` as a command: its exit status and JSON on the example's own spec
//! against an edited copy, and the old version read from git.

use std::path::Path;

use restspec_tests::cli::restspec;

#[test]
fn the_cli_exits_1_on_a_breaking_change_and_writes_json() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let edited = std::env::temp_dir().join(format!("restspec-diff-{}", std::process::id()));
    std::fs::create_dir_all(&edited).expect("a temp dir");
    let spec = root.join("../spec");
    for path in restspec_codegen::spec_files(&spec).expect("the example's spec") {
        let text = std::fs::read_to_string(&path).expect("readable");
        // The endpoints, and the examples that call them.
        let text = text
            .replace(
                "    path: /changes/{change-id}/topic\n",
                "    path: /changes/{change-id}/subject-line\n",
            )
            .replace("/changes/demo~1/topic", "/changes/demo~1/subject-line")
            .replace("/changes/demo~9/topic", "/changes/demo~9/subject-line")
            .replace(
                "/restapi/changes/topic:GET",
                "/restapi/changes/subject-line:GET",
            );
        let copy = edited.join(path.strip_prefix(&spec).expect("inside the spec"));
        std::fs::create_dir_all(copy.parent().expect("a folder")).expect("a folder");
        std::fs::write(copy, text).expect("writable");
    }
    let run = |args: &[&str]| restspec(&[&["diff"], args].concat());
    let edited_dir = edited.to_str().expect("a UTF-8 path");
    let same = run(&["../spec", "../spec"]);
    assert_eq!(same.status, 0);
    assert_eq!(same.stdout, "0 changes, 0 breaking\n");
    let changed = run(&["../spec", edited_dir, "--format", "json"]);
    assert_eq!(changed.status, 1, "breaking changes exit 1");
    let json: serde_json::Value = serde_json::from_str(&changed.stdout).expect("JSON");
    // get_topic, set_topic and delete_topic: each a new path and a new quota group.
    assert_eq!(json["breaking"], 6);
    let first = &json["changes"][0];
    assert_eq!(first["kind"], "path_changed");
    assert_eq!(first["breaks"], "clients");
    assert!(
        first["old"]
            .as_str()
            .expect("a position")
            .starts_with("../spec/changes/state.yaml:")
    );
    let kinds: Vec<&str> = json["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .filter_map(|c| c["kind"].as_str())
        .collect();
    assert_eq!(
        kinds
            .iter()
            .filter(|k| **k == "quota_group_changed")
            .count(),
        3
    );
    let broken = run(&["../spec", "no/such/dir"]);
    assert_eq!(broken.status, 2, "a spec that does not load exits 2");
    let _ = std::fs::remove_dir_all(&edited);
}

#[test]
fn the_old_version_can_come_from_git() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = std::env::temp_dir().join(format!("restspec-diff-git-{}", std::process::id()));
    let spec = repo.join("spec");
    std::fs::create_dir_all(&spec).expect("a temp dir");
    let git = |args: &[&str]| {
        let status = std::process::Command::new("git")
            .current_dir(&repo)
            .args(["-c", "user.name=t", "-c", "user.email=t@example.invalid"])
            .args(args)
            .output()
            .expect("git runs");
        assert!(status.status.success(), "git {args:?}: {status:?}");
    };
    git(&["init", "-q"]);
    for entry in std::fs::read_dir(root.join("fixtures/conventions")).expect("a fixture") {
        let path = entry.expect("an entry").path();
        std::fs::copy(&path, spec.join(path.file_name().expect("a name"))).expect("copied");
    }
    git(&["add", "spec"]);
    git(&["commit", "-q", "-m", "base"]);
    let things = spec.join("things.yaml");
    let text = std::fs::read_to_string(&things).expect("readable");
    std::fs::write(
        &things,
        text.replace(
            "    errors: [bad_request]",
            "    errors: [bad_request, conflict]",
        ),
    )
    .expect("writable");
    let service = spec.join("service.yaml");
    let mut text = std::fs::read_to_string(&service).expect("readable");
    text.push_str(
        "breaking_allowed:\n  - change: endpoint_removed\n    subject: endpoint get_big\n    reason: planned\n",
    );
    std::fs::write(&service, text).expect("writable");
    // Named with a trailing slash, as a shell completes a directory.
    let spec_arg = format!("{}/", spec.to_str().expect("a UTF-8 path"));
    let output = restspec(&["diff", "--base", "HEAD", &spec_arg]);
    let text = &output.stdout;
    assert_eq!(output.status, 0, "nothing breaks: {text}");
    assert!(
        text.contains("HEAD:") && text.contains("spec/things.yaml:") && !text.contains("//"),
        "the old side is named by its revision and the file's path: {text}"
    );
    let unknown = restspec(&["diff", "--base", "nosuch", &spec_arg]);
    assert_eq!(unknown.status, 2);
    assert!(
        unknown
            .stderr
            .contains("`nosuch` is not a revision of the git repository")
            && unknown.stderr.contains("its branches:"),
        "{}",
        unknown.stderr
    );
    assert!(
        text.contains("endpoint describe_thing: may now answer 409 (conflict)"),
        "{text}"
    );
    assert!(
        text.contains(
            "endpoint_removed endpoint get_big: allowed, but the diff has no such change"
        ),
        "an allowance that matches nothing is reported: {text}"
    );
    let _ = std::fs::remove_dir_all(&repo);
}
