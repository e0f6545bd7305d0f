//! Two storages on one database, as two instances of the service have: on PostgreSQL when
//! `REVIEW_TEST_POSTGRES` names a server, else two SQLite storages on one site's file.
//! Concurrent writers on both must never take the same number or name.

use super::{Site, admin_seed, fresh_postgres_url};
use crate::storage::{
    ADMIN_ACCOUNT_ID, NewAccount, NewChange, NewProject, PgStorage, SqliteStorage, Storage,
    StorageError,
};

/// Two storages on one new database, and the site that holds it (SQLite) if any.
fn two_instances() -> ([Storage; 2], Option<Site>) {
    match fresh_postgres_url("instances") {
        Some(url) => {
            let open = || Storage::new(PgStorage::connect(&url, &admin_seed()).unwrap().0);
            ([open(), open()], None)
        }
        None => {
            let site = Site::new("instances");
            let open = || Storage::new(SqliteStorage::open(site.path(), &admin_seed()).unwrap().0);
            ([open(), open()], Some(site))
        }
    }
}

#[test]
fn concurrent_writers_on_two_instances_never_take_the_same_number_or_name() {
    let (storages, _site) = two_instances();
    storages[0]
        .create_project(&NewProject {
            name: "shared".into(),
            create_empty_commit: true,
            ..NewProject::default()
        })
        .unwrap();
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let storage = storages[t % 2].clone();
            std::thread::spawn(move || {
                let mut numbers = Vec::new();
                for i in 0..10 {
                    let change = storage
                        .create_change(&NewChange {
                            project: "shared".into(),
                            branch: "master".into(),
                            subject: format!("change {t}-{i}"),
                            owner: ADMIN_ACCOUNT_ID,
                            ..NewChange::default()
                        })
                        .unwrap();
                    numbers.push(change.number);
                }
                let contested = storage.create_account(&NewAccount {
                    username: "contested".into(),
                    ..NewAccount::default()
                });
                (numbers, contested)
            })
        })
        .collect();
    let mut numbers = Vec::new();
    let mut winners = 0;
    for thread in threads {
        let (mine, contested) = thread.join().unwrap();
        numbers.extend(mine);
        match contested {
            Ok(_) => winners += 1,
            Err(StorageError::Conflict(_)) => {}
            Err(other) => panic!("creating a taken username: {other:?}"),
        }
    }
    numbers.sort_unstable();
    assert_eq!(
        numbers,
        (1..=80).collect::<Vec<i64>>(),
        "every number once, none skipped"
    );
    assert_eq!(winners, 1, "exactly one instance creates `contested`");
    // Each instance reads what the other wrote.
    for storage in &storages {
        assert_eq!(storage.change(80).unwrap().unwrap().number, 80);
        assert!(storage.account_by_username("contested").unwrap().is_some());
    }
}
