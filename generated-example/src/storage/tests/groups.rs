//! Groups, members and subgroups.

use super::{Site, memory, user};
use crate::storage::{
    ADMIN_ACCOUNT_ID, ADMINISTRATORS_NAME, ANONYMOUS_USERS_ID, GroupQuery, NewGroup,
    REGISTERED_USERS_ID, REGISTERED_USERS_NAME, Storage, StorageError,
};

fn group(storage: &Storage, name: &str) -> crate::storage::Group {
    storage
        .create_group(&NewGroup {
            name: name.into(),
            ..NewGroup::default()
        })
        .unwrap()
}

#[test]
fn new_groups_get_ids_numbers_and_unique_names() {
    let storage = memory();
    let admins = storage.group_by_name(ADMINISTRATORS_NAME).unwrap().unwrap();
    let devs = storage
        .create_group(&NewGroup {
            name: "devs".into(),
            description: Some("Developers".into()),
            owner_id: Some(admins.id.clone()),
            visible_to_all: true,
            members: vec![ADMIN_ACCOUNT_ID],
        })
        .unwrap();
    assert_eq!(devs.id.len(), 40);
    assert!(devs.id.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(devs.number, Some(2));
    assert!(devs.internal && devs.visible_to_all);
    assert_eq!(devs.owner_id.as_deref(), Some(admins.id.as_str()));
    assert_eq!(storage.group_members(&devs.id).unwrap(), [ADMIN_ACCOUNT_ID]);

    for taken in ["devs", ADMINISTRATORS_NAME, REGISTERED_USERS_NAME] {
        let again = storage.create_group(&NewGroup {
            name: taken.into(),
            ..NewGroup::default()
        });
        assert!(matches!(again, Err(StorageError::Conflict(_))), "{taken}");
    }
    let bad_owner = storage.create_group(&NewGroup {
        name: "x".into(),
        owner_id: Some("nope".into()),
        ..NewGroup::default()
    });
    assert!(matches!(bad_owner, Err(StorageError::Invalid(_))));
    let bad_member = storage.create_group(&NewGroup {
        name: "y".into(),
        members: vec![12],
        ..NewGroup::default()
    });
    assert!(matches!(bad_member, Err(StorageError::Invalid(_))));
    assert!(storage.group_by_name("y").unwrap().is_none(), "rolled back");

    for id in [devs.id.as_str(), "2", "devs"] {
        assert_eq!(storage.find_group(id).unwrap().unwrap().id, devs.id, "{id}");
    }
    assert!(storage.find_group("nope").unwrap().is_none());
}

#[test]
fn members_are_added_and_removed_and_persist() {
    let site = Site::new("members");
    let (storage, _) = site.open();
    let alice = user(&storage, "alice");
    let devs = group(&storage, "devs");
    assert!(storage.add_group_member(&devs.id, alice.id).unwrap());
    assert!(!storage.add_group_member(&devs.id, alice.id).unwrap());
    assert!(
        storage
            .add_group_member(&devs.id, ADMIN_ACCOUNT_ID)
            .unwrap()
    );
    let unknown = storage.add_group_member(&devs.id, 77);
    assert!(matches!(unknown, Err(StorageError::Invalid(_))));
    let no_group = storage.add_group_member("missing", alice.id);
    assert!(matches!(no_group, Err(StorageError::NotFound(_))));
    drop(storage);

    let storage = site.reopen();
    assert_eq!(
        storage.group_members(&devs.id).unwrap(),
        [ADMIN_ACCOUNT_ID, alice.id]
    );
    assert!(
        storage
            .remove_group_member(&devs.id, ADMIN_ACCOUNT_ID)
            .unwrap()
    );
    assert!(
        !storage
            .remove_group_member(&devs.id, ADMIN_ACCOUNT_ID)
            .unwrap()
    );
    assert_eq!(storage.group_members(&devs.id).unwrap(), [alice.id]);
}

#[test]
fn subgroups_make_members_transitive() {
    let storage = memory();
    let alice = user(&storage, "alice");
    let bob = user(&storage, "bob");
    let outer = group(&storage, "outer");
    let inner = group(&storage, "inner");
    let everyone = group(&storage, "everyone");
    storage.add_group_member(&inner.id, alice.id).unwrap();
    assert!(storage.add_subgroup(&outer.id, &inner.id).unwrap());
    assert!(!storage.add_subgroup(&outer.id, &inner.id).unwrap());
    // A cycle does not trouble the lookup.
    storage.add_subgroup(&inner.id, &outer.id).unwrap();
    storage
        .add_subgroup(&everyone.id, REGISTERED_USERS_ID)
        .unwrap();
    let unknown = storage.add_subgroup(&outer.id, "missing");
    assert!(matches!(unknown, Err(StorageError::Invalid(_))));

    assert_eq!(
        storage.subgroups(&outer.id).unwrap(),
        vec![inner.id.clone()]
    );
    let mut expected = vec![
        ANONYMOUS_USERS_ID.to_owned(),
        REGISTERED_USERS_ID.to_owned(),
        everyone.id.clone(),
        inner.id.clone(),
        outer.id.clone(),
    ];
    expected.sort();
    assert_eq!(storage.account_groups(alice.id).unwrap(), expected);
    let mut expected_bob = vec![
        ANONYMOUS_USERS_ID.to_owned(),
        REGISTERED_USERS_ID.to_owned(),
        everyone.id.clone(),
    ];
    expected_bob.sort();
    assert_eq!(storage.account_groups(bob.id).unwrap(), expected_bob);

    assert!(storage.remove_subgroup(&outer.id, &inner.id).unwrap());
    assert!(!storage.remove_subgroup(&outer.id, &inner.id).unwrap());
    assert!(storage.subgroups(&outer.id).unwrap().is_empty());
}

#[test]
fn an_account_is_found_with_its_membership_in_one_lookup() {
    let storage = memory();
    let alice = user(&storage, "alice");
    storage
        .add_account_email(alice.id, "alice@example.com")
        .unwrap();
    let outer = group(&storage, "outer");
    let inner = group(&storage, "inner");
    storage.add_subgroup(&outer.id, &inner.id).unwrap();
    storage.add_group_member(&inner.id, alice.id).unwrap();
    for (group, member) in [
        ("outer", true),
        ("inner", true),
        (ADMINISTRATORS_NAME, false),
    ] {
        let (found, is_member) = storage
            .account_by_username_in_group("alice", group)
            .unwrap()
            .unwrap();
        assert_eq!(found, storage.account(alice.id).unwrap().unwrap());
        assert_eq!(is_member, member, "{group}");
        assert_eq!(
            is_member,
            storage.is_member_of_group_named(alice.id, group).unwrap()
        );
    }
    let (admin, is_member) = storage
        .account_by_username_in_group("admin", ADMINISTRATORS_NAME)
        .unwrap()
        .unwrap();
    assert_eq!(admin.id, ADMIN_ACCOUNT_ID);
    assert!(is_member);
    assert!(
        storage
            .account_by_username_in_group("nobody", ADMINISTRATORS_NAME)
            .unwrap()
            .is_none()
    );
}

#[test]
fn groups_are_renamed_and_changed() {
    let site = Site::new("rename");
    let (storage, _) = site.open();
    let devs = group(&storage, "devs");
    group(&storage, "ops");
    let taken = storage.rename_group(&devs.id, "ops");
    assert!(matches!(taken, Err(StorageError::Conflict(_))));
    assert_eq!(storage.rename_group(&devs.id, "devs").unwrap().name, "devs");
    storage.rename_group(&devs.id, "developers").unwrap();
    storage
        .set_group_description(&devs.id, Some("Writes code"))
        .unwrap();
    storage.set_group_visible_to_all(&devs.id, true).unwrap();
    let bad_owner = storage.set_group_owner(&devs.id, "missing");
    assert!(matches!(bad_owner, Err(StorageError::Invalid(_))));
    storage
        .set_group_owner(&devs.id, REGISTERED_USERS_ID)
        .unwrap();
    drop(storage);

    let storage = site.reopen();
    let devs = storage.group(&devs.id).unwrap().unwrap();
    assert_eq!(devs.name, "developers");
    assert_eq!(devs.description.as_deref(), Some("Writes code"));
    assert!(devs.visible_to_all);
    assert_eq!(devs.owner_id.as_deref(), Some(REGISTERED_USERS_ID));
    assert!(storage.group_by_name("devs").unwrap().is_none());
}

#[test]
fn groups_are_listed_by_name_with_filters() {
    let storage = memory();
    let alice = user(&storage, "alice");
    let admins = storage.group_by_name(ADMINISTRATORS_NAME).unwrap().unwrap();
    let dev = group(&storage, "dev");
    storage.set_group_owner(&dev.id, &admins.id).unwrap();
    let devops = group(&storage, "devops");
    storage.add_group_member(&devops.id, alice.id).unwrap();
    storage.set_group_visible_to_all(&devops.id, true).unwrap();
    group(&storage, "qa_team");

    let names = |query: GroupQuery| -> (Vec<String>, bool) {
        let page = storage.list_groups(&query).unwrap();
        (page.items.into_iter().map(|g| g.name).collect(), page.more)
    };
    assert_eq!(
        names(GroupQuery::default()).0,
        [
            "Administrators",
            "Anonymous Users",
            "Registered Users",
            "dev",
            "devops",
            "qa_team"
        ]
    );
    let prefix = GroupQuery {
        prefix: Some("dev".into()),
        ..GroupQuery::default()
    };
    assert_eq!(names(prefix).0, ["dev", "devops"]);
    let text = GroupQuery {
        text: Some("_T".into()),
        ..GroupQuery::default()
    };
    assert_eq!(names(text).0, ["qa_team"]);
    let owned = GroupQuery {
        owned_by: Some(vec![admins.id.clone(), devops.id.clone()]),
        ..GroupQuery::default()
    };
    assert_eq!(names(owned).0, ["Administrators", "dev", "devops"]);
    let member = GroupQuery {
        member: Some(alice.id),
        ..GroupQuery::default()
    };
    assert_eq!(names(member).0, ["devops"]);
    let visible = GroupQuery {
        visible_to_all: Some(true),
        prefix: Some("d".into()),
        ..GroupQuery::default()
    };
    assert_eq!(names(visible).0, ["devops"]);
    let page = GroupQuery {
        limit: Some(2),
        skip: 3,
        ..GroupQuery::default()
    };
    assert_eq!(names(page), (vec!["dev".into(), "devops".into()], true));
}

#[test]
fn groups_are_deleted_unless_they_own_others() {
    let storage = memory();
    let alice = user(&storage, "alice");
    let owner = group(&storage, "owner");
    let owned = group(&storage, "owned");
    storage.set_group_owner(&owned.id, &owner.id).unwrap();
    storage.add_group_member(&owned.id, alice.id).unwrap();
    storage.add_subgroup(&owner.id, &owned.id).unwrap();
    let refused = storage.delete_group(&owner.id);
    assert!(
        matches!(refused, Err(StorageError::Conflict(_))),
        "{refused:?}"
    );
    storage.delete_group(&owned.id).unwrap();
    assert!(storage.group(&owned.id).unwrap().is_none());
    assert!(storage.subgroups(&owner.id).unwrap().is_empty());
    storage.delete_group(&owner.id).unwrap();
    let again = storage.delete_group(&owner.id);
    assert!(matches!(again, Err(StorageError::NotFound(_))));
    assert_eq!(storage.account_groups(alice.id).unwrap().len(), 2);
}
