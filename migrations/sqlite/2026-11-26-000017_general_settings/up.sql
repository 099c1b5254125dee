-- The studio's general settings, edited in Admin > General settings and read by every instance
-- on each request that needs them (so a change applies at once, without a restart). One JSON
-- document of the keys an admin saved; a key never saved falls back to config/default.toml.
CREATE TABLE general_settings (
    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    document TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    updated_by TEXT REFERENCES users (guid) ON DELETE SET NULL
);
