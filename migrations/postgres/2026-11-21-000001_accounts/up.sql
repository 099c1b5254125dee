CREATE TABLE customers (
    guid TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    name_sef TEXT NOT NULL,
    address TEXT NOT NULL DEFAULT '',
    code TEXT NOT NULL DEFAULT '',
    visible BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE users (
    guid TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    -- stored lower-cased; unique regardless of how it was typed
    email TEXT NOT NULL UNIQUE,
    customer_guid TEXT REFERENCES customers (guid),
    language TEXT NOT NULL,
    status TEXT NOT NULL,
    login_condition TEXT NOT NULL,
    login_day_limit INTEGER,
    login_condition_from TIMESTAMP,
    -- comma-separated addresses or CIDR ranges the user may sign in from; empty = anywhere
    allowed_ips TEXT NOT NULL DEFAULT '',
    shop_access BOOLEAN NOT NULL,
    archive_access BOOLEAN NOT NULL,
    is_admin BOOLEAN NOT NULL,
    is_in_house BOOLEAN NOT NULL,
    password_hash TEXT,
    totp_secret TEXT,
    totp_pending_secret TEXT,
    totp_last_step BIGINT,
    created_at TIMESTAMP NOT NULL,
    last_login_at TIMESTAMP,
    login_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX users_customer ON users (customer_guid);

-- Single-use links sent by mail or issued by admins: password reset, invitation, auto-login.
CREATE TABLE account_links (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_guid TEXT NOT NULL REFERENCES users (guid) ON DELETE CASCADE,
    purpose TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX account_links_user ON account_links (user_guid);

-- Every sign-in attempt, for the statistics.
CREATE TABLE sign_ins (
    id TEXT PRIMARY KEY NOT NULL,
    user_guid TEXT REFERENCES users (guid) ON DELETE SET NULL,
    email TEXT NOT NULL,
    customer_guid TEXT,
    ip TEXT NOT NULL,
    outcome TEXT NOT NULL,
    at TIMESTAMP NOT NULL
);
CREATE INDEX sign_ins_at ON sign_ins (at);
CREATE INDEX sign_ins_user ON sign_ins (user_guid, at);
