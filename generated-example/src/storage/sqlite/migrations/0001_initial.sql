-- Migration 1: the initial schema. Never edit an applied migration: add a new one.
--
-- Timestamps are INTEGER nanoseconds since the Unix epoch (UTC).
-- Booleans are INTEGER 0 or 1.

-- Counters that never go back, even when rows are deleted.
CREATE TABLE sequences (
    name       TEXT PRIMARY KEY,
    next_value INTEGER NOT NULL
) STRICT;

INSERT INTO sequences (name, next_value) VALUES
    ('account_id', 1000000),
    ('change_number', 1),
    ('group_number', 1);

CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY,
    username      TEXT NOT NULL UNIQUE,
    full_name     TEXT,
    display_name  TEXT,
    status        TEXT,
    email         TEXT UNIQUE,  -- the preferred email, also in account_emails
    password_hash TEXT,         -- encoded by the accounts module, opaque here
    active        INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    registered_on INTEGER NOT NULL
) STRICT;

CREATE TABLE account_capabilities (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    capability TEXT NOT NULL,
    PRIMARY KEY (account_id, capability)
) STRICT, WITHOUT ROWID;

CREATE TABLE account_emails (
    email      TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE
) STRICT;

CREATE INDEX account_emails_by_account ON account_emails (account_id);

CREATE TABLE sessions (
    session_key TEXT PRIMARY KEY,  -- SHA-256 of the key (hex), not the key
    account_id  INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    xsrf_token  TEXT NOT NULL,
    created_on  INTEGER NOT NULL
) STRICT;

CREATE INDEX sessions_by_account ON sessions (account_id);

-- System groups (internal = 0) live here too, so that they can be owners and subgroups.
CREATE TABLE review_groups (
    uuid           TEXT PRIMARY KEY,
    group_number   INTEGER UNIQUE,
    name           TEXT NOT NULL UNIQUE,
    description    TEXT,
    owner_uuid     TEXT REFERENCES review_groups (uuid),
    visible_to_all INTEGER NOT NULL CHECK (visible_to_all IN (0, 1)),
    internal       INTEGER NOT NULL CHECK (internal IN (0, 1)),
    created_on     INTEGER NOT NULL
) STRICT;

CREATE TABLE group_members (
    group_uuid TEXT NOT NULL REFERENCES review_groups (uuid) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    PRIMARY KEY (group_uuid, account_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX group_members_by_account ON group_members (account_id);

CREATE TABLE group_subgroups (
    group_uuid    TEXT NOT NULL REFERENCES review_groups (uuid) ON DELETE CASCADE,
    subgroup_uuid TEXT NOT NULL REFERENCES review_groups (uuid) ON DELETE CASCADE,
    PRIMARY KEY (group_uuid, subgroup_uuid)
) STRICT, WITHOUT ROWID;

CREATE INDEX group_subgroups_by_subgroup ON group_subgroups (subgroup_uuid);

CREATE TABLE projects (
    name        TEXT PRIMARY KEY,
    parent      TEXT REFERENCES projects (name),
    description TEXT,
    state       TEXT NOT NULL CHECK (state IN ('ACTIVE', 'READ_ONLY', 'HIDDEN')),
    head        TEXT NOT NULL,
    created_on  INTEGER NOT NULL
) STRICT;

CREATE INDEX projects_by_parent ON projects (parent);

-- The made-up commits of a project (there are no repositories).
CREATE TABLE commits (
    project TEXT NOT NULL REFERENCES projects (name) ON DELETE CASCADE,
    sha     TEXT NOT NULL,
    parent  TEXT,
    author  INTEGER REFERENCES accounts (id),
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    created INTEGER NOT NULL,
    PRIMARY KEY (project, sha)
) STRICT, WITHOUT ROWID;

-- Branches and other refs (refs/meta/config); names are full ref names.
CREATE TABLE branches (
    project  TEXT NOT NULL REFERENCES projects (name) ON DELETE CASCADE,
    name     TEXT NOT NULL,
    revision TEXT NOT NULL,
    PRIMARY KEY (project, name)
) STRICT, WITHOUT ROWID;

CREATE TABLE tags (
    project  TEXT NOT NULL REFERENCES projects (name) ON DELETE CASCADE,
    name     TEXT NOT NULL,   -- full ref name
    revision TEXT NOT NULL,   -- tag object (annotated) or commit (lightweight)
    object   TEXT,            -- tagged commit (annotated)
    message  TEXT,
    tagger   INTEGER REFERENCES accounts (id),
    created  INTEGER NOT NULL,
    PRIMARY KEY (project, name)
) STRICT, WITHOUT ROWID;

CREATE TABLE changes (
    number            INTEGER PRIMARY KEY,
    change_id         TEXT NOT NULL UNIQUE,
    project           TEXT NOT NULL REFERENCES projects (name),
    branch            TEXT NOT NULL,  -- short name: master
    subject           TEXT NOT NULL,
    topic             TEXT,
    status            TEXT NOT NULL CHECK (status IN ('NEW', 'MERGED', 'ABANDONED')),
    owner             INTEGER NOT NULL REFERENCES accounts (id),
    created           INTEGER NOT NULL,
    updated           INTEGER NOT NULL,
    submitted         INTEGER,
    submitter         INTEGER REFERENCES accounts (id),
    is_private        INTEGER NOT NULL CHECK (is_private IN (0, 1)),
    work_in_progress  INTEGER NOT NULL CHECK (work_in_progress IN (0, 1)),
    current_patch_set INTEGER NOT NULL,
    current_revision  TEXT NOT NULL
) STRICT;

CREATE INDEX changes_by_project ON changes (project, number);
CREATE INDEX changes_by_owner ON changes (owner);
CREATE INDEX changes_by_updated ON changes (updated);

CREATE TABLE change_reviewers (
    change_number INTEGER NOT NULL REFERENCES changes (number) ON DELETE CASCADE,
    account_id    INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    state         TEXT NOT NULL CHECK (state IN ('REVIEWER', 'CC')),
    added_on      INTEGER NOT NULL,
    PRIMARY KEY (change_number, account_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX change_reviewers_by_account ON change_reviewers (account_id);

CREATE TABLE change_messages (
    id            TEXT PRIMARY KEY,
    change_number INTEGER NOT NULL REFERENCES changes (number) ON DELETE CASCADE,
    author        INTEGER REFERENCES accounts (id),
    message       TEXT NOT NULL,
    date          INTEGER NOT NULL,
    patch_set     INTEGER NOT NULL,
    tag           TEXT
) STRICT;

CREATE INDEX change_messages_by_change ON change_messages (change_number, date);

CREATE TABLE change_hashtags (
    change_number INTEGER NOT NULL REFERENCES changes (number) ON DELETE CASCADE,
    hashtag       TEXT NOT NULL,
    PRIMARY KEY (change_number, hashtag)
) STRICT, WITHOUT ROWID;

CREATE INDEX change_hashtags_by_hashtag ON change_hashtags (hashtag);
