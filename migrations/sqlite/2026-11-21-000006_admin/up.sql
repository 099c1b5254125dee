-- The admins' audit log: who did what to which user, customer or pool, and when. Names are kept as
-- they were, so the log stays readable after a rename or deletion.
CREATE TABLE audit_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TIMESTAMP NOT NULL,
    actor_guid TEXT NOT NULL,
    action TEXT NOT NULL,
    subject_kind TEXT NOT NULL,
    subject_guid TEXT NOT NULL,
    subject_name TEXT NOT NULL,
    details TEXT NOT NULL
);
CREATE INDEX audit_events_at ON audit_events (at, id);
CREATE INDEX audit_events_subject ON audit_events (subject_guid, at, id);
CREATE INDEX audit_events_actor ON audit_events (actor_guid, at, id);

-- The admin users table sorts and filters thousands of users.
CREATE INDEX users_name ON users (name, guid);
CREATE INDEX users_created ON users (created_at, guid);
CREATE INDEX users_last_login ON users (last_login_at, guid);
CREATE INDEX users_status ON users (status, name, guid);

-- A customer's name is unique, ignoring case and accents (its slug).
CREATE UNIQUE INDEX customers_name_sef ON customers (name_sef);
