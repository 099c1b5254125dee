-- Admins' single-use recovery codes: each stored only as its keyed hash (HMAC-SHA256 under a
-- pepper derived from the installation's secret key), spent by setting used_at.
CREATE TABLE recovery_codes (
    code_hash TEXT PRIMARY KEY NOT NULL,
    user_guid TEXT NOT NULL REFERENCES users (guid) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_guid);
