-- Migration 1 (PostgreSQL): the schema of SQLite's migrations 1 and 2. Never edit an
-- applied migration: add a new one.
--
-- The same tables and columns as the SQLite schema, so that one copy of the storage's SQL
-- runs on both: times are BIGINT nanoseconds since the Unix epoch (UTC), booleans are
-- SMALLINT 0 or 1, and text compares and sorts by code point (COLLATE "C"), as SQLite's
-- does, whatever the database's locale.

-- Counters that never go back, even when rows are deleted. Writers take turns (an
-- advisory lock), so values are handed out once, in order and without gaps.
CREATE TABLE sequences (
    name       TEXT COLLATE "C" PRIMARY KEY,
    next_value BIGINT NOT NULL
);

INSERT INTO sequences (name, next_value) VALUES
    ('account_id', 1000000),
    ('change_number', 1),
    ('group_number', 1);

CREATE TABLE accounts (
    id            BIGINT PRIMARY KEY,
    username      TEXT COLLATE "C" NOT NULL UNIQUE,
    full_name     TEXT COLLATE "C",
    display_name  TEXT COLLATE "C",
    status        TEXT COLLATE "C",
    email         TEXT COLLATE "C" UNIQUE,  -- the preferred email, also in account_emails
    password_hash TEXT COLLATE "C",         -- encoded by the accounts module, opaque here
    active        SMALLINT NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    registered_on BIGINT NOT NULL
);

CREATE TABLE account_capabilities (
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    capability TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (account_id, capability)
);

CREATE TABLE account_emails (
    email      TEXT COLLATE "C" PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE
);

CREATE INDEX account_emails_by_account ON account_emails (account_id);

CREATE TABLE sessions (
    session_key TEXT COLLATE "C" PRIMARY KEY,  -- SHA-256 of the key (hex), not the key
    account_id  BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    xsrf_token  TEXT COLLATE "C" NOT NULL,
    created_on  BIGINT NOT NULL,
    last_used   BIGINT NOT NULL DEFAULT 0
);

CREATE INDEX sessions_by_account ON sessions (account_id);
CREATE INDEX sessions_by_last_used ON sessions (last_used);
CREATE INDEX sessions_by_created_on ON sessions (created_on);

-- System groups (internal = 0) live here too, so that they can be owners and subgroups.
CREATE TABLE review_groups (
    uuid           TEXT COLLATE "C" PRIMARY KEY,
    group_number   BIGINT UNIQUE,
    name           TEXT COLLATE "C" NOT NULL UNIQUE,
    description    TEXT COLLATE "C",
    owner_uuid     TEXT COLLATE "C" REFERENCES review_groups (uuid),
    visible_to_all SMALLINT NOT NULL CHECK (visible_to_all IN (0, 1)),
    internal       SMALLINT NOT NULL CHECK (internal IN (0, 1)),
    created_on     BIGINT NOT NULL
);

CREATE TABLE group_members (
    group_uuid TEXT COLLATE "C" NOT NULL REFERENCES review_groups (uuid) ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    PRIMARY KEY (group_uuid, account_id)
);

CREATE INDEX group_members_by_account ON group_members (account_id);

CREATE TABLE group_subgroups (
    group_uuid    TEXT COLLATE "C" NOT NULL REFERENCES review_groups (uuid) ON DELETE CASCADE,
    subgroup_uuid TEXT COLLATE "C" NOT NULL REFERENCES review_groups (uuid) ON DELETE CASCADE,
    PRIMARY KEY (group_uuid, subgroup_uuid)
);

CREATE INDEX group_subgroups_by_subgroup ON group_subgroups (subgroup_uuid);

CREATE TABLE projects (
    name        TEXT COLLATE "C" PRIMARY KEY,
    parent      TEXT COLLATE "C" REFERENCES projects (name),
    description TEXT COLLATE "C",
    state       TEXT COLLATE "C" NOT NULL CHECK (state IN ('ACTIVE', 'READ_ONLY', 'HIDDEN')),
    head        TEXT COLLATE "C" NOT NULL,
    created_on  BIGINT NOT NULL
);

CREATE INDEX projects_by_parent ON projects (parent);

-- The made-up commits of a project (there are no repositories).
CREATE TABLE commits (
    project TEXT COLLATE "C" NOT NULL REFERENCES projects (name) ON DELETE CASCADE,
    sha     TEXT COLLATE "C" NOT NULL,
    parent  TEXT COLLATE "C",
    author  BIGINT REFERENCES accounts (id),
    subject TEXT COLLATE "C" NOT NULL,
    message TEXT COLLATE "C" NOT NULL,
    created BIGINT NOT NULL,
    PRIMARY KEY (project, sha)
);

-- Branches and other refs (refs/meta/config); names are full ref names.
CREATE TABLE branches (
    project  TEXT COLLATE "C" NOT NULL REFERENCES projects (name) ON DELETE CASCADE,
    name     TEXT COLLATE "C" NOT NULL,
    revision TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (project, name)
);

CREATE TABLE tags (
    project  TEXT COLLATE "C" NOT NULL REFERENCES projects (name) ON DELETE CASCADE,
    name     TEXT COLLATE "C" NOT NULL,   -- full ref name
    revision TEXT COLLATE "C" NOT NULL,   -- tag object (annotated) or commit (lightweight)
    object   TEXT COLLATE "C",            -- tagged commit (annotated)
    message  TEXT COLLATE "C",
    tagger   BIGINT REFERENCES accounts (id),
    created  BIGINT NOT NULL,
    PRIMARY KEY (project, name)
);

CREATE TABLE changes (
    number            BIGINT PRIMARY KEY,
    change_id         TEXT COLLATE "C" NOT NULL UNIQUE,
    project           TEXT COLLATE "C" NOT NULL REFERENCES projects (name),
    branch            TEXT COLLATE "C" NOT NULL,  -- short name: master
    subject           TEXT COLLATE "C" NOT NULL,
    topic             TEXT COLLATE "C",
    status            TEXT COLLATE "C" NOT NULL CHECK (status IN ('NEW', 'MERGED', 'ABANDONED')),
    owner             BIGINT NOT NULL REFERENCES accounts (id),
    created           BIGINT NOT NULL,
    updated           BIGINT NOT NULL,
    submitted         BIGINT,
    submitter         BIGINT REFERENCES accounts (id),
    is_private        SMALLINT NOT NULL CHECK (is_private IN (0, 1)),
    work_in_progress  SMALLINT NOT NULL CHECK (work_in_progress IN (0, 1)),
    current_patch_set BIGINT NOT NULL,
    current_revision  TEXT COLLATE "C" NOT NULL
);

CREATE INDEX changes_by_project ON changes (project, number);
CREATE INDEX changes_by_owner ON changes (owner);
CREATE INDEX changes_by_updated ON changes (updated);

CREATE TABLE change_reviewers (
    change_number BIGINT NOT NULL REFERENCES changes (number) ON DELETE CASCADE,
    account_id    BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    state         TEXT COLLATE "C" NOT NULL CHECK (state IN ('REVIEWER', 'CC')),
    added_on      BIGINT NOT NULL,
    PRIMARY KEY (change_number, account_id)
);

CREATE INDEX change_reviewers_by_account ON change_reviewers (account_id);

-- rowid: the order messages were added in, for messages with the same date (SQLite's
-- implicit rowid, made explicit).
CREATE TABLE change_messages (
    id            TEXT COLLATE "C" PRIMARY KEY,
    rowid         BIGSERIAL NOT NULL,
    change_number BIGINT NOT NULL REFERENCES changes (number) ON DELETE CASCADE,
    author        BIGINT REFERENCES accounts (id),
    message       TEXT COLLATE "C" NOT NULL,
    date          BIGINT NOT NULL,
    patch_set     BIGINT NOT NULL,
    tag           TEXT COLLATE "C"
);

CREATE INDEX change_messages_by_change ON change_messages (change_number, date);

CREATE TABLE change_hashtags (
    change_number BIGINT NOT NULL REFERENCES changes (number) ON DELETE CASCADE,
    hashtag       TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (change_number, hashtag)
);

CREATE INDEX change_hashtags_by_hashtag ON change_hashtags (hashtag);
