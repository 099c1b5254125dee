-- A list's newest colorways first (its view, its mosaic) without sorting the whole list.
CREATE INDEX favorite_entries_list_added ON favorite_entries (list_guid, added_at);

-- Every CAD download, download-all and export, one row per colorway, for the statistics and the
-- audit log. No foreign keys: the record outlives a deleted user or design, so names are kept.
CREATE TABLE cad_downloads (
    id TEXT PRIMARY KEY NOT NULL,
    user_guid TEXT NOT NULL,
    user_email TEXT NOT NULL,
    customer_guid TEXT,
    design_guid TEXT NOT NULL,
    design_number TEXT NOT NULL,
    colorway_guid TEXT NOT NULL,
    colorway_name TEXT NOT NULL,
    format TEXT NOT NULL,
    kind TEXT NOT NULL,
    bytes BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX cad_downloads_created ON cad_downloads (created_at);
CREATE INDEX cad_downloads_user ON cad_downloads (user_guid, created_at);

-- A download-all zip built in the background: what goes in (JSON pairs of design and colorway),
-- how far it is, and where the finished zip is kept until it expires.
CREATE TABLE cad_bundles (
    guid TEXT PRIMARY KEY NOT NULL,
    user_guid TEXT NOT NULL REFERENCES users (guid) ON DELETE CASCADE,
    name TEXT NOT NULL,
    format TEXT NOT NULL,
    colorways TEXT NOT NULL,
    state TEXT NOT NULL,
    done INTEGER NOT NULL,
    total INTEGER NOT NULL,
    bytes BIGINT NOT NULL,
    error_code TEXT,
    file_key TEXT,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX cad_bundles_state ON cad_bundles (state, created_at);
