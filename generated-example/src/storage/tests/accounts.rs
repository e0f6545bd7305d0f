//! Accounts and sessions.

use super::{Site, memory, user};
use crate::storage::{
    ADMIN_ACCOUNT_ID, AccountQuery, NewAccount, REGISTERED_USERS_ID, StorageError,
};

#[test]
fn account_ids_are_sequential_from_admin_on_and_survive_a_restart() {
    let site = Site::new("account-ids");
    let (storage, _) = site.open();
    assert_eq!(user(&storage, "alice").id, ADMIN_ACCOUNT_ID + 1);
    assert_eq!(user(&storage, "bob").id, ADMIN_ACCOUNT_ID + 2);
    drop(storage);
    let storage = site.reopen();
    assert_eq!(user(&storage, "carol").id, ADMIN_ACCOUNT_ID + 3);
}

#[test]
fn usernames_and_emails_are_unique() {
    let storage = memory();
    let alice = storage
        .create_account(&NewAccount {
            username: "alice".into(),
            email: Some("alice@example.com".into()),
            ..NewAccount::default()
        })
        .unwrap();
    assert_eq!(alice.emails, ["alice@example.com"]);
    let again = storage.create_account(&NewAccount {
        username: "alice".into(),
        ..NewAccount::default()
    });
    assert!(matches!(again, Err(StorageError::Conflict(_))), "{again:?}");
    let same_email = storage.create_account(&NewAccount {
        username: "alias".into(),
        email: Some("alice@example.com".into()),
        ..NewAccount::default()
    });
    assert!(matches!(same_email, Err(StorageError::Conflict(_))));
    let bob = user(&storage, "bob");
    let taken = storage.add_account_email(bob.id, "alice@example.com");
    assert!(matches!(taken, Err(StorageError::Conflict(_))));
    let empty = storage.create_account(&NewAccount::default());
    assert!(matches!(empty, Err(StorageError::Invalid(_))));
    // The failed creations used no ids.
    assert_eq!(bob.id, ADMIN_ACCOUNT_ID + 2);
}

#[test]
fn accounts_are_found_by_id_username_and_any_email() {
    let storage = memory();
    let alice = storage
        .create_account(&NewAccount {
            username: "alice".into(),
            name: Some("Alice Example".into()),
            email: Some("alice@example.com".into()),
            password_hash: Some("hash".into()),
            capabilities: vec!["createGroup".into(), "createGroup".into()],
            ..NewAccount::default()
        })
        .unwrap();
    assert_eq!(alice.capabilities, ["createGroup"]);
    storage
        .add_account_email(alice.id, "a@work.example")
        .unwrap();
    assert_eq!(
        storage.account(alice.id).unwrap().unwrap().username,
        "alice"
    );
    assert_eq!(
        storage.account_by_username("alice").unwrap().unwrap().id,
        alice.id
    );
    assert_eq!(
        storage
            .account_by_email("a@work.example")
            .unwrap()
            .unwrap()
            .id,
        alice.id
    );
    for id in [alice.id.to_string().as_str(), "alice", "alice@example.com"] {
        assert_eq!(
            storage.find_account(id).unwrap().unwrap().id,
            alice.id,
            "{id}"
        );
    }
    assert!(storage.find_account("nobody").unwrap().is_none());
    assert!(storage.find_account("999").unwrap().is_none());
    assert!(
        storage.account_by_username("Alice").unwrap().is_none(),
        "case-sensitive"
    );
}

#[test]
fn account_updates_persist_across_a_restart() {
    let site = Site::new("account-updates");
    let (storage, _) = site.open();
    let id = user(&storage, "alice").id;
    storage.set_account_name(id, Some("Alice")).unwrap();
    storage.set_account_display_name(id, Some("Al")).unwrap();
    storage.set_account_status(id, Some("on vacation")).unwrap();
    storage.set_account_active(id, false).unwrap();
    storage.set_account_password(id, Some("new-hash")).unwrap();
    storage
        .set_account_capabilities(id, &["viewCaches".into()])
        .unwrap();
    storage
        .set_preferred_email(id, Some("alice@example.com"))
        .unwrap();
    storage.add_account_email(id, "second@example.com").unwrap();
    drop(storage);

    let storage = site.reopen();
    let alice = storage.account(id).unwrap().unwrap();
    assert_eq!(alice.name.as_deref(), Some("Alice"));
    assert_eq!(alice.display_name.as_deref(), Some("Al"));
    assert_eq!(alice.status.as_deref(), Some("on vacation"));
    assert!(!alice.active);
    assert_eq!(alice.password_hash.as_deref(), Some("new-hash"));
    assert_eq!(alice.capabilities, ["viewCaches"]);
    assert_eq!(alice.email.as_deref(), Some("alice@example.com"));
    assert_eq!(alice.emails, ["alice@example.com", "second@example.com"]);

    assert!(
        storage
            .delete_account_email(id, "alice@example.com")
            .unwrap()
    );
    assert!(
        !storage
            .delete_account_email(id, "alice@example.com")
            .unwrap()
    );
    let alice = storage.account(id).unwrap().unwrap();
    assert_eq!(alice.email, None, "deleting the preferred email clears it");
    assert_eq!(alice.emails, ["second@example.com"]);
    storage.set_account_name(id, None).unwrap();
    assert_eq!(storage.account(id).unwrap().unwrap().name, None);

    let missing = storage.set_account_name(42, Some("x"));
    assert!(matches!(missing, Err(StorageError::NotFound(_))));
}

#[test]
fn account_queries_filter_and_page() {
    let storage = memory();
    for (username, name) in [("alice", "Alice A"), ("bob", "Bob B"), ("alina", "Alina C")] {
        storage
            .create_account(&NewAccount {
                username: username.into(),
                name: Some(name.into()),
                ..NewAccount::default()
            })
            .unwrap();
    }
    let bob = storage.account_by_username("bob").unwrap().unwrap();
    storage.set_account_active(bob.id, false).unwrap();
    let names = |query: &AccountQuery| -> (Vec<String>, bool) {
        let page = storage.query_accounts(query).unwrap();
        (
            page.items.into_iter().map(|a| a.username).collect(),
            page.more,
        )
    };
    let text = |t: &str| AccountQuery {
        text: Some(t.into()),
        ..AccountQuery::default()
    };
    assert_eq!(names(&text("ALI")).0, ["alice", "alina"]);
    assert_eq!(names(&text("b b")).0, ["bob"]);
    assert_eq!(
        names(&text("%")).0,
        Vec::<String>::new(),
        "LIKE wildcards are literal"
    );
    let active = AccountQuery {
        active: Some(false),
        ..AccountQuery::default()
    };
    assert_eq!(names(&active).0, ["bob"]);
    let first_two = AccountQuery {
        limit: Some(2),
        ..AccountQuery::default()
    };
    assert_eq!(
        names(&first_two),
        (vec!["admin".into(), "alice".into()], true)
    );
    let rest = AccountQuery {
        limit: Some(2),
        skip: 2,
        ..AccountQuery::default()
    };
    assert_eq!(names(&rest), (vec!["bob".into(), "alina".into()], false));
}

#[test]
fn sessions_persist_across_a_restart_until_deleted() {
    let site = Site::new("sessions");
    let (storage, _) = site.open();
    let session = storage
        .create_session("key-1", ADMIN_ACCOUNT_ID, "xsrf-1")
        .unwrap();
    storage
        .create_session("key-2", ADMIN_ACCOUNT_ID, "xsrf-2")
        .unwrap();
    let taken = storage.create_session("key-1", ADMIN_ACCOUNT_ID, "x");
    assert!(matches!(taken, Err(StorageError::Conflict(_))));
    let nobody = storage.create_session("key-3", 7, "x");
    assert!(matches!(nobody, Err(StorageError::Invalid(_))));
    let stored: Vec<String> = storage
        .sqlite()
        .raw()
        .prepare("SELECT session_key FROM sessions")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(stored.len(), 2);
    assert!(
        stored.iter().all(|k| k.len() == 64 && !k.contains("key")),
        "digests only"
    );
    drop(storage);

    let storage = site.reopen();
    assert_eq!(storage.session("key-1").unwrap(), Some(session));
    assert!(storage.delete_session("key-1").unwrap());
    assert!(!storage.delete_session("key-1").unwrap());
    assert_eq!(storage.session("key-1").unwrap(), None);
    assert_eq!(
        storage.delete_account_sessions(ADMIN_ACCOUNT_ID).unwrap(),
        1
    );
    drop(storage);
    assert_eq!(site.reopen().session("key-2").unwrap(), None);
}

#[test]
fn every_account_is_a_registered_and_anonymous_user() {
    let storage = memory();
    let alice = user(&storage, "alice");
    let groups = storage.account_groups(alice.id).unwrap();
    assert_eq!(groups.len(), 2);
    assert!(groups.contains(&REGISTERED_USERS_ID.to_owned()));
    let missing = storage.account_groups(5);
    assert!(matches!(missing, Err(StorageError::NotFound(_))));
}

#[test]
fn a_touched_session_outlives_an_idle_one_when_expired_ones_are_swept() {
    use restspec_runtime::Timestamp;
    let storage = memory();
    let idle = storage
        .create_session("idle", ADMIN_ACCOUNT_ID, "x1")
        .unwrap();
    storage
        .create_session("used", ADMIN_ACCOUNT_ID, "x2")
        .unwrap();
    let later = Timestamp::from_unix_nanos(idle.created_on.as_unix_nanos() + 10_000_000_000)
        .expect("in range");
    assert!(storage.touch_session("used", later).unwrap());
    assert!(!storage.touch_session("nobody", later).unwrap());
    assert_eq!(storage.session("used").unwrap().unwrap().last_used, later);
    let cutoff = Timestamp::from_unix_nanos(later.as_unix_nanos() - 1).expect("in range");
    let epoch = Timestamp::from_unix_nanos(0).expect("in range");
    assert_eq!(storage.delete_expired_sessions(cutoff, epoch).unwrap(), 1);
    assert_eq!(storage.session("idle").unwrap(), None);
    assert!(storage.session("used").unwrap().is_some());
    // Created before the absolute cut-off: gone however recently used.
    assert_eq!(storage.delete_expired_sessions(epoch, later).unwrap(), 1);
    assert_eq!(storage.session("used").unwrap(), None);
}
