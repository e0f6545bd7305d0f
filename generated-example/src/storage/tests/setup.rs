//! Opening, migrating and seeding.

use rusqlite::Connection;

use super::{Site, SqliteBacked, admin_seed, memory};
use crate::storage::sqlite::migrations::{MIGRATIONS, Migration, current_version, migrate_with};
use crate::storage::{
    ADMIN_ACCOUNT_ID, ADMINISTRATORS_NAME, ALL_PROJECTS, ALL_USERS, ANONYMOUS_USERS_ID,
    ANONYMOUS_USERS_NAME, AdminSeed, DATABASE_PATH, META_CONFIG_REF, REGISTERED_USERS_ID,
    SqliteStorage, Storage, StorageError,
};

#[test]
fn migrations_are_numbered_one_by_one() {
    for (index, migration) in MIGRATIONS.iter().enumerate() {
        assert_eq!(migration.version, i64::try_from(index).unwrap() + 1);
        assert!(!migration.description.is_empty());
    }
    assert_eq!(
        SqliteStorage::latest_schema_version(),
        MIGRATIONS.len() as i64
    );
}

#[test]
fn first_open_creates_the_database_and_seeds_it() {
    let site = Site::new("first-open");
    let (storage, created) = site.open();
    assert!(created);
    assert!(site.path().join(DATABASE_PATH).is_file());
    assert_eq!(
        storage.sqlite().path(),
        Some(site.path().join(DATABASE_PATH).as_path())
    );
    assert_eq!(
        storage.sqlite().schema_version().unwrap(),
        SqliteStorage::latest_schema_version()
    );

    let admin = storage.account(ADMIN_ACCOUNT_ID).unwrap().unwrap();
    assert_eq!(admin.username, "admin");
    assert_eq!(admin.password_hash.as_deref(), Some("sha256:admin-hash"));
    assert_eq!(admin.capabilities, ["administrateServer", "createAccount"]);
    assert!(admin.active);

    let administrators = storage.group_by_name(ADMINISTRATORS_NAME).unwrap().unwrap();
    assert!(administrators.internal);
    assert_eq!(administrators.number, Some(1));
    assert_eq!(
        administrators.owner_id.as_deref(),
        Some(administrators.id.as_str())
    );
    assert_eq!(
        storage.group_members(&administrators.id).unwrap(),
        [ADMIN_ACCOUNT_ID]
    );

    let all_projects = storage.project(ALL_PROJECTS).unwrap().unwrap();
    assert_eq!(all_projects.parent, None);
    let all_users = storage.project(ALL_USERS).unwrap().unwrap();
    assert_eq!(all_users.parent.as_deref(), Some(ALL_PROJECTS));
    let refs: Vec<String> = storage
        .branches(ALL_USERS)
        .unwrap()
        .into_iter()
        .map(|b| b.name)
        .collect();
    assert_eq!(refs, [META_CONFIG_REF]);
}

#[test]
fn system_groups_exist_and_are_not_internal() {
    let storage = memory();
    for (id, name) in [
        (ANONYMOUS_USERS_ID, ANONYMOUS_USERS_NAME),
        (REGISTERED_USERS_ID, "Registered Users"),
    ] {
        let group = storage.group(id).unwrap().unwrap();
        assert_eq!(group.name, name);
        assert!(!group.internal);
        assert_eq!(group.number, None);
        assert_eq!(group.owner_id, None);
        assert_eq!(storage.find_group(name).unwrap().unwrap().id, id);
        let refused = [
            storage.group_members(id).map(|_| ()),
            storage.add_group_member(id, ADMIN_ACCOUNT_ID).map(|_| ()),
            storage
                .remove_group_member(id, ADMIN_ACCOUNT_ID)
                .map(|_| ()),
            storage.subgroups(id).map(|_| ()),
            storage.rename_group(id, "Somebody").map(|_| ()),
            storage.set_group_owner(id, id).map(|_| ()),
            storage.set_group_description(id, Some("x")).map(|_| ()),
            storage.set_group_visible_to_all(id, false).map(|_| ()),
            storage.delete_group(id),
        ];
        for result in refused {
            assert!(
                matches!(result, Err(StorageError::NotAllowed(_))),
                "{result:?}"
            );
        }
    }
}

#[test]
fn reopening_keeps_version_and_data_and_seeds_nothing() {
    let site = Site::new("reopen");
    let (storage, _) = site.open();
    let version = storage.sqlite().schema_version().unwrap();
    super::user(&storage, "alice");
    drop(storage);

    // A different admin password on a later start changes nothing.
    let other = AdminSeed {
        password_hash: "other".into(),
        ..admin_seed()
    };
    let (sqlite, created) = SqliteStorage::open(site.path(), &other).unwrap();
    let storage = SqliteBacked::new(sqlite);
    assert!(!created);
    assert_eq!(storage.sqlite().schema_version().unwrap(), version);
    let rows: i64 = storage
        .sqlite()
        .raw()
        .query_row("SELECT COUNT(*) FROM schema_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, MIGRATIONS.len() as i64, "each migration applied once");
    let admin = storage.account(ADMIN_ACCOUNT_ID).unwrap().unwrap();
    assert_eq!(admin.password_hash.as_deref(), Some("sha256:admin-hash"));
    assert!(storage.account_by_username("alice").unwrap().is_some());
    let groups = storage.list_groups(&Default::default()).unwrap().items;
    assert_eq!(
        groups.len(),
        3,
        "no second set of seeded groups: {groups:?}"
    );
}

#[test]
fn the_database_is_durable() {
    let site = Site::new("pragmas");
    let (storage, _) = site.open();
    let conn = storage.sqlite().raw();
    let journal: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    let synchronous: i64 = conn
        .query_row("PRAGMA synchronous", [], |r| r.get(0))
        .unwrap();
    let foreign_keys: i64 = conn
        .query_row("PRAGMA foreign_keys", [], |r| r.get(0))
        .unwrap();
    assert_eq!(journal, "wal");
    assert_eq!(synchronous, 2, "FULL");
    assert_eq!(foreign_keys, 1);
}

#[test]
fn a_newer_database_is_refused() {
    let site = Site::new("newer");
    let (storage, _) = site.open();
    storage
        .sqlite()
        .raw()
        .execute(
            "INSERT INTO schema_version (version, description, applied_on) VALUES (999, 'x', 0)",
            [],
        )
        .unwrap();
    drop(storage);
    let err = SqliteStorage::open(site.path(), &admin_seed()).unwrap_err();
    assert!(
        matches!(err, StorageError::Database(ref m) if m.contains("999")),
        "{err}"
    );
}

#[test]
fn migrations_apply_in_order_once_and_a_failing_one_leaves_no_trace() {
    let mut conn = Connection::open_in_memory().unwrap();
    let first = [Migration {
        version: 1,
        description: "one",
        sql: "CREATE TABLE one (x INTEGER) STRICT; INSERT INTO one VALUES (1);",
    }];
    assert_eq!(migrate_with(&mut conn, &first, 0).unwrap(), 1);
    assert_eq!(migrate_with(&mut conn, &first, 0).unwrap(), 0);

    let broken = [
        first[0],
        Migration {
            version: 2,
            description: "two",
            sql: "CREATE TABLE two (x INTEGER) STRICT; INSERT INTO nowhere VALUES (1);",
        },
    ];
    let err = migrate_with(&mut conn, &broken, 0).unwrap_err();
    assert!(err.to_string().contains("migration 2"), "{err}");
    assert_eq!(current_version(&conn).unwrap(), 1);
    let two: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM sqlite_master WHERE name = 'two'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(two, 0, "the failed migration was rolled back");

    let fixed = [
        first[0],
        Migration {
            version: 2,
            description: "two",
            sql: "CREATE TABLE two (x INTEGER) STRICT;",
        },
    ];
    assert_eq!(migrate_with(&mut conn, &fixed, 0).unwrap(), 1);
    assert_eq!(current_version(&conn).unwrap(), 2);
    let ones: i64 = conn
        .query_row("SELECT COUNT(*) FROM one", [], |r| r.get(0))
        .unwrap();
    assert_eq!(ones, 1, "migration 1 ran once");
}

#[test]
fn calls_from_many_threads_are_serialized() {
    let storage = memory();
    let handles: Vec<_> = (0..8)
        .map(|t| {
            let storage = storage.clone();
            std::thread::spawn(move || {
                (0..5)
                    .map(|i| super::user(&storage, &format!("u{t}-{i}")).id)
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut ids: Vec<i64> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    ids.sort_unstable();
    let expected: Vec<i64> = (ADMIN_ACCOUNT_ID + 1..=ADMIN_ACCOUNT_ID + 40).collect();
    assert_eq!(ids, expected);
}

/// Set for the child process of [`a_committed_write_survives_kill_9`].
const CRASH_SITE: &str = "REVIEW_STORAGE_CRASH_SITE";

/// In the child process only: writes, reports, and waits to be killed.
#[test]
fn crash_child() {
    let Some(site) = std::env::var_os(CRASH_SITE) else {
        return;
    };
    let (sqlite, _) = SqliteStorage::open(std::path::Path::new(&site), &admin_seed()).unwrap();
    let storage = Storage::new(sqlite);
    let id = super::user(&storage, "survivor").id;
    storage.create_session("crash-key", id, "xsrf").unwrap();
    println!("WRITTEN {id}");
    std::thread::sleep(std::time::Duration::from_secs(60));
}

#[test]
fn a_committed_write_survives_kill_9() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    let site = Site::new("kill-9");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "storage::tests::setup::crash_child",
            "--nocapture",
        ])
        .env(CRASH_SITE, site.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let written = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .find(|line| line.starts_with("WRITTEN"));
    child.kill().unwrap(); // SIGKILL: no destructor, no checkpoint, no close
    child.wait().unwrap();
    assert!(written.is_some(), "the child did not write");

    let storage = site.reopen();
    let survivor = storage.account_by_username("survivor").unwrap().unwrap();
    assert_eq!(survivor.id, ADMIN_ACCOUNT_ID + 1);
    assert_eq!(
        storage.session("crash-key").unwrap().map(|s| s.account_id),
        Some(survivor.id)
    );
}
