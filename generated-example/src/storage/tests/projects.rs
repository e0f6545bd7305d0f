//! Projects, branches, tags and commits.

use super::{Site, memory};
use crate::storage::{
    ADMIN_ACCOUNT_ID, ALL_PROJECTS, ALL_USERS, DEFAULT_BRANCH, META_CONFIG_REF, NewProject, NewTag,
    ProjectQuery, ProjectState, Storage, StorageError,
};

fn project(storage: &Storage, name: &str, empty_commit: bool) -> crate::storage::Project {
    storage
        .create_project(&NewProject {
            name: name.into(),
            create_empty_commit: empty_commit,
            creator: Some(ADMIN_ACCOUNT_ID),
            ..NewProject::default()
        })
        .unwrap()
}

fn ref_names(storage: &Storage, name: &str) -> Vec<String> {
    storage
        .branches(name)
        .unwrap()
        .into_iter()
        .map(|b| b.name)
        .collect()
}

#[test]
fn projects_are_created_with_or_without_an_empty_commit() {
    let storage = memory();
    let bare = project(&storage, "bare", false);
    assert_eq!(bare.parent.as_deref(), Some(ALL_PROJECTS));
    assert_eq!(bare.head, DEFAULT_BRANCH);
    assert_eq!(bare.state, ProjectState::Active);
    assert_eq!(ref_names(&storage, "bare"), [META_CONFIG_REF]);

    project(&storage, "a/b", true);
    assert_eq!(
        ref_names(&storage, "a/b"),
        [DEFAULT_BRANCH, META_CONFIG_REF]
    );
    let master = storage.branch("a/b", "master").unwrap().unwrap();
    assert_eq!(master.revision.len(), 40);
    let commit = storage.commit("a/b", &master.revision).unwrap().unwrap();
    assert_eq!(commit.subject, "Initial empty repository");
    assert_eq!(commit.author, Some(ADMIN_ACCOUNT_ID));
    assert_eq!(commit.parent, None);

    let multi = storage
        .create_project(&NewProject {
            name: "multi".into(),
            parent: Some("bare".into()),
            description: Some("Several branches".into()),
            create_empty_commit: true,
            branches: vec!["main".into(), "refs/heads/stable".into()],
            ..NewProject::default()
        })
        .unwrap();
    assert_eq!(multi.head, "refs/heads/main");
    assert_eq!(multi.parent.as_deref(), Some("bare"));
    assert_eq!(
        ref_names(&storage, "multi"),
        ["refs/heads/main", "refs/heads/stable", META_CONFIG_REF]
    );
}

#[test]
fn project_names_are_unique_and_parents_must_exist() {
    let storage = memory();
    project(&storage, "p", false);
    for name in ["p", ALL_PROJECTS, ALL_USERS] {
        let again = storage.create_project(&NewProject {
            name: name.into(),
            ..NewProject::default()
        });
        assert!(matches!(again, Err(StorageError::Conflict(_))), "{name}");
    }
    let orphan = storage.create_project(&NewProject {
        name: "orphan".into(),
        parent: Some("missing".into()),
        ..NewProject::default()
    });
    assert!(matches!(orphan, Err(StorageError::Invalid(_))));
    let unnamed = storage.create_project(&NewProject::default());
    assert!(matches!(unnamed, Err(StorageError::Invalid(_))));
    assert!(storage.project("orphan").unwrap().is_none());
}

#[test]
fn project_settings_persist_across_a_restart() {
    let site = Site::new("project-settings");
    let (storage, _) = site.open();
    project(&storage, "parent", false);
    project(&storage, "child", true);
    storage
        .set_project_state("child", ProjectState::ReadOnly)
        .unwrap();
    storage
        .set_project_description("child", Some("The child"))
        .unwrap();
    storage.set_project_parent("child", "parent").unwrap();
    let revision = storage.branch("child", "master").unwrap().unwrap().revision;
    storage.create_branch("child", "stable", &revision).unwrap();
    storage.set_project_head("child", "stable").unwrap();
    drop(storage);

    let storage = site.reopen();
    let child = storage.project("child").unwrap().unwrap();
    assert_eq!(child.state, ProjectState::ReadOnly);
    assert_eq!(child.description.as_deref(), Some("The child"));
    assert_eq!(child.parent.as_deref(), Some("parent"));
    assert_eq!(child.head, "refs/heads/stable");
    assert_eq!(
        storage
            .branch("child", "refs/heads/stable")
            .unwrap()
            .unwrap()
            .revision,
        revision
    );
    storage.set_project_description("child", None).unwrap();
    assert_eq!(storage.project("child").unwrap().unwrap().description, None);
}

#[test]
fn parents_cannot_form_cycles() {
    let storage = memory();
    project(&storage, "a", false);
    project(&storage, "b", false);
    storage.set_project_parent("b", "a").unwrap();
    let cycle = storage.set_project_parent("a", "b");
    assert!(matches!(cycle, Err(StorageError::Conflict(_))), "{cycle:?}");
    let own = storage.set_project_parent("a", "a");
    assert!(matches!(own, Err(StorageError::Conflict(_))));
    let root = storage.set_project_parent(ALL_PROJECTS, "a");
    assert!(matches!(root, Err(StorageError::Conflict(_))));
    let missing = storage.set_project_parent("a", "missing");
    assert!(matches!(missing, Err(StorageError::Invalid(_))));
    let unknown = storage.set_project_parent("missing", "a");
    assert!(matches!(unknown, Err(StorageError::NotFound(_))));
}

#[test]
fn branches_are_created_from_known_commits_and_deleted() {
    let storage = memory();
    project(&storage, "p", true);
    let master = storage.branch("p", "master").unwrap().unwrap();
    let unknown = storage.create_branch("p", "x", &"0".repeat(40));
    assert!(matches!(unknown, Err(StorageError::Invalid(_))));
    let created = storage.create_branch("p", "dev", &master.revision).unwrap();
    assert_eq!(created.name, "refs/heads/dev");
    let again = storage.create_branch("p", "refs/heads/dev", &master.revision);
    assert!(matches!(again, Err(StorageError::Conflict(_))));
    let no_project = storage.branches("missing");
    assert!(matches!(no_project, Err(StorageError::NotFound(_))));
    let bad_head = storage.set_project_head("p", "missing");
    assert!(matches!(bad_head, Err(StorageError::Invalid(_))));

    assert!(storage.delete_branch("p", "dev").unwrap());
    assert!(!storage.delete_branch("p", "dev").unwrap());
    let config = storage.delete_branch("p", META_CONFIG_REF);
    assert!(matches!(config, Err(StorageError::Conflict(_))));
}

#[test]
fn tags_are_lightweight_or_annotated() {
    let site = Site::new("tags");
    let (storage, _) = site.open();
    project(&storage, "p", true);
    let commit = storage.branch("p", "master").unwrap().unwrap().revision;
    let light = storage
        .create_tag(
            "p",
            &NewTag {
                name: "v1".into(),
                revision: commit.clone(),
                ..NewTag::default()
            },
        )
        .unwrap();
    assert_eq!(
        (light.name.as_str(), light.revision.as_str()),
        ("refs/tags/v1", commit.as_str())
    );
    assert_eq!(light.object, None);
    let annotated = storage
        .create_tag(
            "p",
            &NewTag {
                name: "refs/tags/v2".into(),
                revision: commit.clone(),
                message: Some("Release 2".into()),
                tagger: Some(ADMIN_ACCOUNT_ID),
            },
        )
        .unwrap();
    assert_ne!(annotated.revision, commit);
    assert_eq!(annotated.object.as_deref(), Some(commit.as_str()));
    let again = storage.create_tag(
        "p",
        &NewTag {
            name: "v1".into(),
            revision: commit.clone(),
            ..NewTag::default()
        },
    );
    assert!(matches!(again, Err(StorageError::Conflict(_))));
    drop(storage);

    let storage = site.reopen();
    assert_eq!(storage.tags("p").unwrap(), [light, annotated.clone()]);
    assert_eq!(storage.tag("p", "v2").unwrap(), Some(annotated));
    assert!(storage.delete_tag("p", "v1").unwrap());
    assert!(!storage.delete_tag("p", "refs/tags/v1").unwrap());
}

#[test]
fn projects_are_listed_by_name_with_filters() {
    let storage = memory();
    project(&storage, "apps/web", false);
    project(&storage, "apps/cli", false);
    project(&storage, "hidden", false);
    storage
        .set_project_state("hidden", ProjectState::Hidden)
        .unwrap();
    storage.set_project_parent("apps/cli", "apps/web").unwrap();

    let names = |query: ProjectQuery| -> (Vec<String>, bool) {
        let page = storage.list_projects(&query).unwrap();
        (page.items.into_iter().map(|p| p.name).collect(), page.more)
    };
    assert_eq!(
        names(ProjectQuery::default()).0,
        [ALL_PROJECTS, ALL_USERS, "apps/cli", "apps/web", "hidden"]
    );
    let visible = ProjectQuery {
        exclude_hidden: true,
        ..ProjectQuery::default()
    };
    assert!(!names(visible).0.contains(&"hidden".to_owned()));
    let prefix = ProjectQuery {
        prefix: Some("apps/".into()),
        ..ProjectQuery::default()
    };
    assert_eq!(names(prefix).0, ["apps/cli", "apps/web"]);
    let text = ProjectQuery {
        text: Some("WEB".into()),
        ..ProjectQuery::default()
    };
    assert_eq!(names(text).0, ["apps/web"]);
    let state = ProjectQuery {
        state: Some(ProjectState::Hidden),
        ..ProjectQuery::default()
    };
    assert_eq!(names(state).0, ["hidden"]);
    let children = ProjectQuery {
        parent: Some("apps/web".into()),
        ..ProjectQuery::default()
    };
    assert_eq!(names(children).0, ["apps/cli"]);
    let page = ProjectQuery {
        limit: Some(1),
        skip: 1,
        ..ProjectQuery::default()
    };
    assert_eq!(names(page), (vec![ALL_USERS.to_owned()], true));
}
