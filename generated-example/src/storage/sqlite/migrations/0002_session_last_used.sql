-- Sessions expire when unused (idle) or old (absolute): record the last use, and index
-- both times so that expired sessions are swept without a full scan.
ALTER TABLE sessions ADD COLUMN last_used INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET last_used = created_on;
CREATE INDEX sessions_by_last_used ON sessions (last_used);
CREATE INDEX sessions_by_created_on ON sessions (created_on);
