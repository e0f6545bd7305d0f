//! Changes: numbers, addressing, states, queries and what hangs off them.

use super::{Site, memory, user};
use crate::storage::{
    ADMIN_ACCOUNT_ID, ChangeQuery, ChangeStatus, NewChange, NewMessage, NewProject, PrivateFilter,
    ReviewerState, Storage, StorageError, Transition,
};

fn setup(storage: &Storage) {
    for name in ["proj", "a/b"] {
        storage
            .create_project(&NewProject {
                name: name.into(),
                create_empty_commit: true,
                ..NewProject::default()
            })
            .unwrap();
    }
}

fn change(storage: &Storage, project: &str, subject: &str) -> crate::storage::Change {
    storage
        .create_change(&NewChange {
            project: project.into(),
            branch: "master".into(),
            subject: subject.into(),
            owner: ADMIN_ACCOUNT_ID,
            ..NewChange::default()
        })
        .unwrap()
}

fn message(text: &str) -> NewMessage {
    NewMessage {
        author: Some(ADMIN_ACCOUNT_ID),
        message: text.into(),
        tag: None,
    }
}

#[test]
fn changes_get_sequential_numbers_change_ids_and_commits() {
    let site = Site::new("change-numbers");
    let (storage, _) = site.open();
    setup(&storage);
    let first = change(&storage, "proj", "First");
    assert_eq!(first.number, 1);
    assert_eq!(first.status, ChangeStatus::New);
    assert_eq!(first.branch, "master");
    assert_eq!(first.created, first.updated);
    assert_eq!(first.current_patch_set, 1);
    assert!(first.change_id.starts_with('I') && first.change_id.len() == 41);
    let tip = storage.branch("proj", "master").unwrap().unwrap().revision;
    let commit = storage
        .commit("proj", &first.current_revision)
        .unwrap()
        .unwrap();
    assert_eq!(commit.parent.as_deref(), Some(tip.as_str()));
    assert_eq!(commit.subject, "First");
    assert!(
        commit
            .message
            .contains(&format!("Change-Id: {}", first.change_id))
    );

    let full_ref = storage
        .create_change(&NewChange {
            project: "proj".into(),
            branch: "refs/heads/master".into(),
            subject: "Second".into(),
            owner: ADMIN_ACCOUNT_ID,
            ..NewChange::default()
        })
        .unwrap();
    assert_eq!((full_ref.number, full_ref.branch.as_str()), (2, "master"));
    drop(storage);
    let storage = site.reopen();
    assert_eq!(change(&storage, "a/b", "Third").number, 3);

    let no_project = storage.create_change(&NewChange {
        project: "missing".into(),
        branch: "master".into(),
        subject: "x".into(),
        owner: ADMIN_ACCOUNT_ID,
        ..NewChange::default()
    });
    assert!(matches!(no_project, Err(StorageError::Invalid(_))));
    let no_owner = storage.create_change(&NewChange {
        project: "proj".into(),
        branch: "master".into(),
        subject: "x".into(),
        owner: 5,
        ..NewChange::default()
    });
    assert!(matches!(no_owner, Err(StorageError::Invalid(_))));
    assert_eq!(
        change(&storage, "proj", "Fourth").number,
        4,
        "failures use no number"
    );

    // What a new change checks first, in one call.
    let (project, has_master) = storage
        .project_with_branch("proj", "master")
        .unwrap()
        .unwrap();
    assert_eq!((project.name.as_str(), has_master), ("proj", true));
    let (_, has_other) = storage
        .project_with_branch("proj", "refs/heads/other")
        .unwrap()
        .unwrap();
    assert!(!has_other);
    assert!(
        storage
            .project_with_branch("missing", "master")
            .unwrap()
            .is_none()
    );
}

#[test]
fn changes_are_addressed_by_number_project_and_change_id() {
    let storage = memory();
    setup(&storage);
    change(&storage, "proj", "One");
    let c = change(&storage, "a/b", "Two");
    let triplet = format!("a/b~master~{}", c.change_id);
    let full_triplet = format!("a/b~refs/heads/master~{}", c.change_id);
    for id in ["2", "a/b~2", c.change_id.as_str(), &triplet, &full_triplet] {
        assert_eq!(
            storage.find_change(id).unwrap().map(|c| c.number),
            Some(2),
            "{id}"
        );
    }
    let wrong = format!("proj~master~{}", c.change_id);
    for id in ["3", "proj~2", "a/b~3", "x~y", "I0000", &wrong, "nonsense"] {
        assert!(storage.find_change(id).unwrap().is_none(), "{id}");
    }
    assert_eq!(
        storage
            .change_by_change_id(&c.change_id)
            .unwrap()
            .unwrap()
            .number,
        2
    );
}

#[test]
fn transitions_check_the_state_and_persist() {
    let site = Site::new("transitions");
    let (storage, _) = site.open();
    setup(&storage);
    let c = change(&storage, "proj", "Fix");
    let abandoned = storage
        .transition_change(
            c.number,
            Transition::Abandon,
            ADMIN_ACCOUNT_ID,
            Some(&message("Abandoned")),
        )
        .unwrap();
    assert_eq!(abandoned.status, ChangeStatus::Abandoned);
    assert!(abandoned.updated >= c.updated);
    let again = storage.transition_change(c.number, Transition::Abandon, ADMIN_ACCOUNT_ID, None);
    assert_eq!(
        again,
        Err(StorageError::Conflict("change is abandoned".into()))
    );
    let submit = storage.transition_change(c.number, Transition::Submit, ADMIN_ACCOUNT_ID, None);
    assert!(matches!(submit, Err(StorageError::Conflict(_))));
    drop(storage);

    let storage = site.reopen();
    assert_eq!(
        storage.change(c.number).unwrap().unwrap().status,
        ChangeStatus::Abandoned
    );
    assert_eq!(storage.change_messages(c.number).unwrap().len(), 1);
    storage
        .transition_change(c.number, Transition::Restore, ADMIN_ACCOUNT_ID, None)
        .unwrap();
    let merged = storage
        .transition_change(c.number, Transition::Submit, ADMIN_ACCOUNT_ID, None)
        .unwrap();
    assert_eq!(merged.status, ChangeStatus::Merged);
    assert_eq!(merged.submitter, Some(ADMIN_ACCOUNT_ID));
    assert!(merged.submitted.is_some());
    let tip = storage.branch("proj", "master").unwrap().unwrap().revision;
    assert_eq!(tip, merged.current_revision, "submit moves the branch");
    let restore = storage.transition_change(c.number, Transition::Restore, ADMIN_ACCOUNT_ID, None);
    assert_eq!(
        restore,
        Err(StorageError::Conflict("change is merged".into()))
    );
    drop(storage);
    assert_eq!(
        site.reopen().change(c.number).unwrap().unwrap().status,
        ChangeStatus::Merged
    );
}

#[test]
fn changes_are_queried_with_filters_and_private_ones_hidden() {
    let storage = memory();
    setup(&storage);
    let alice = user(&storage, "alice");
    let bob = user(&storage, "bob");
    let one = change(&storage, "proj", "Fix the build");
    let two = change(&storage, "a/b", "Add docs");
    let secret = storage
        .create_change(&NewChange {
            project: "proj".into(),
            branch: "master".into(),
            subject: "Secret fix".into(),
            owner: alice.id,
            is_private: true,
            ..NewChange::default()
        })
        .unwrap();
    storage
        .transition_change(two.number, Transition::Abandon, ADMIN_ACCOUNT_ID, None)
        .unwrap();
    storage
        .set_hashtags(one.number, &["ci".into()], &[])
        .unwrap();

    let numbers = |query: ChangeQuery| -> (Vec<i64>, bool) {
        let page = storage.query_changes(&query).unwrap();
        (
            page.items.into_iter().map(|c| c.number).collect(),
            page.more,
        )
    };
    // Most recently updated first; private changes only when allowed.
    assert_eq!(numbers(ChangeQuery::default()).0, [one.number, two.number]);
    let all = ChangeQuery {
        private: PrivateFilter::Include,
        ..ChangeQuery::default()
    };
    assert_eq!(numbers(all).0, [one.number, two.number, secret.number]);
    let own = ChangeQuery {
        private: PrivateFilter::VisibleTo(alice.id),
        subject: Some("FIX".into()),
        ..ChangeQuery::default()
    };
    assert_eq!(numbers(own).0, [one.number, secret.number]);
    let other = ChangeQuery {
        private: PrivateFilter::VisibleTo(bob.id),
        owner: Some(alice.id),
        ..ChangeQuery::default()
    };
    assert!(numbers(other).0.is_empty());
    storage
        .add_reviewer(secret.number, bob.id, ReviewerState::Cc)
        .unwrap();
    let reviewer = ChangeQuery {
        private: PrivateFilter::VisibleTo(bob.id),
        reviewer: Some(bob.id),
        ..ChangeQuery::default()
    };
    assert_eq!(
        numbers(reviewer).0,
        [secret.number],
        "reviewers see private changes"
    );

    let status = ChangeQuery {
        status: Some(ChangeStatus::Abandoned),
        ..ChangeQuery::default()
    };
    assert_eq!(numbers(status).0, [two.number]);
    let project = ChangeQuery {
        project: Some("proj".into()),
        branch: Some("refs/heads/master".into()),
        hashtag: Some("ci".into()),
        ..ChangeQuery::default()
    };
    assert_eq!(numbers(project).0, [one.number]);
    let page = ChangeQuery {
        limit: Some(1),
        private: PrivateFilter::Include,
        ..ChangeQuery::default()
    };
    assert_eq!(numbers(page), (vec![secret.number], true));
}

#[test]
fn reviewers_messages_hashtags_and_flags() {
    let site = Site::new("change-parts");
    let (storage, _) = site.open();
    setup(&storage);
    let alice = user(&storage, "alice");
    let c = change(&storage, "proj", "Work");
    assert!(
        storage
            .add_reviewer(c.number, alice.id, ReviewerState::Reviewer)
            .unwrap()
    );
    assert!(
        !storage
            .add_reviewer(c.number, alice.id, ReviewerState::Reviewer)
            .unwrap()
    );
    assert!(
        storage
            .add_reviewer(c.number, alice.id, ReviewerState::Cc)
            .unwrap()
    );
    assert!(
        storage
            .add_reviewer(c.number, ADMIN_ACCOUNT_ID, ReviewerState::Reviewer)
            .unwrap()
    );
    let unknown = storage.add_reviewer(c.number, 99, ReviewerState::Reviewer);
    assert!(matches!(unknown, Err(StorageError::Invalid(_))));
    let posted = storage
        .add_change_message(
            c.number,
            &NewMessage {
                tag: Some("autogenerated:test".into()),
                ..message("Looks good")
            },
        )
        .unwrap();
    let tags = storage
        .set_hashtags(
            c.number,
            &["b".into(), "a".into()],
            &["b".into(), "zzz".into()],
        )
        .unwrap();
    assert_eq!(tags, ["a"]);
    storage.set_change_topic(c.number, Some("topic-1")).unwrap();
    storage
        .set_change_work_in_progress(c.number, true, Some(&message("WIP")))
        .unwrap();
    storage.set_change_private(c.number, true, None).unwrap();
    drop(storage);

    let storage = site.reopen();
    let reviewers: Vec<_> = storage
        .reviewers(c.number)
        .unwrap()
        .into_iter()
        .map(|r| (r.account_id, r.state))
        .collect();
    assert_eq!(
        reviewers,
        [
            (ADMIN_ACCOUNT_ID, ReviewerState::Reviewer),
            (alice.id, ReviewerState::Cc)
        ]
    );
    let messages = storage.change_messages(c.number).unwrap();
    assert_eq!(messages.len(), 2);
    assert_eq!(messages[0], posted);
    assert_eq!(messages[1].message, "WIP");
    assert_eq!(
        storage.change_message(c.number, &posted.id).unwrap(),
        Some(posted)
    );
    let changed = storage.change(c.number).unwrap().unwrap();
    assert_eq!(changed.hashtags, ["a"]);
    assert_eq!(changed.topic.as_deref(), Some("topic-1"));
    assert!(changed.work_in_progress && changed.is_private);
    assert!(changed.updated > c.updated);

    assert!(storage.remove_reviewer(c.number, alice.id).unwrap());
    assert!(!storage.remove_reviewer(c.number, alice.id).unwrap());
    storage.set_change_topic(c.number, None).unwrap();
    assert_eq!(storage.change(c.number).unwrap().unwrap().topic, None);
    let missing = storage.add_change_message(42, &message("x"));
    assert!(matches!(missing, Err(StorageError::NotFound(_))));
}

#[test]
fn changes_are_deleted_unless_merged_and_numbers_are_not_reused() {
    let storage = memory();
    setup(&storage);
    let first = change(&storage, "proj", "One");
    let second = change(&storage, "proj", "Two");
    storage
        .add_change_message(second.number, &message("hi"))
        .unwrap();
    storage.delete_change(second.number).unwrap();
    assert!(storage.change(second.number).unwrap().is_none());
    assert!(matches!(
        storage.delete_change(second.number),
        Err(StorageError::NotFound(_))
    ));
    assert_eq!(change(&storage, "proj", "Three").number, 3);
    storage
        .transition_change(first.number, Transition::Submit, ADMIN_ACCOUNT_ID, None)
        .unwrap();
    assert_eq!(
        storage.delete_change(first.number),
        Err(StorageError::Conflict("change is merged".into()))
    );
}
